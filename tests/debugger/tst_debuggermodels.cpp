// The debugger's console and variables models on their own (no machine): console lines split,
// coloured, found, bounded and merged across machines; variables merged in place and sorted
// as xsbug sorts them.
#include "app/debugger/consolemodel.h"
#include "app/debugger/conversationdelegate.h"
#include "app/debugger/conversationfilter.h"
#include "app/debugger/conversationmodel.h"
#include "app/debugger/variablesmodel.h"
#include "protocol/propertysummary.h"
#include "protocol/xsbugmessagereader.h"
#include "views/plaintext.h"

#include <QAbstractItemModelTester>
#include <QColor>
#include <QFile>
#include <QSignalSpy>
#include <QTest>

namespace {
// The messages of a recorded stream: a corpus .xsbug file as the machine sent it, or the
// machine's lines ("M: ") of a recorded session such as tests/fixtures/eval-session-xst.txt.
std::vector<xsbug::Message> recordedMessages(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QByteArray bytes = file.readAll();
    if (bytes.startsWith("M: ") || bytes.startsWith("F: ")) {
        QByteArray machine;
        bool fromMachine = false;
        for (const QByteArray& line : bytes.split('\n')) {
            if (line.startsWith("M: ") || line.startsWith("F: ")) {
                if (fromMachine)
                    machine += "\r\n";
                fromMachine = line.startsWith("M: ");
                if (fromMachine)
                    machine += "\r\n" + line.mid(3);
            } else if (fromMachine) {
                machine += '\n' + line; // a message's own line break (the break's text)
            }
        }
        bytes = machine + "\r\n";
    }
    XsbugMessageReader reader;
    reader.feed(bytes);
    return reader.takeMessages();
}

template <typename T>
QList<T> messagesOf(const std::vector<xsbug::Message>& messages)
{
    QList<T> out;
    for (const xsbug::Message& m : messages) {
        if (const T* typed = std::get_if<T>(&m))
            out << *typed;
    }
    return out;
}

// Name → Value column of the rows under `parent`.
QMap<QString, QString> valuesUnder(const QAbstractItemModel& model, const QModelIndex& parent = {})
{
    QMap<QString, QString> values;
    for (int row = 0; row < model.rowCount(parent); ++row)
        values.insert(model.index(row, VariablesModel::NameColumn, parent).data().toString(),
                      model.index(row, VariablesModel::ValueColumn, parent).data().toString());
    return values;
}
} // namespace

class TestDebuggerModels : public QObject
{
    Q_OBJECT

private slots:
    void consoleModelSplitsAndColours();
    void consoleModelIsBoundedAndMerges();
    void variablesModelMergesInPlace();
    void variablesAreSortedAsXsbugDoes();
    void objectsAndUninitialisedBindingsHaveAPreview();
    void conversationModelKeepsEachMessageFormatted();
    void conversationHistoryIsBoundedAndSaysSo();
    void hiddenConversationsLeaveTheFilter();
    void eachConversationHasItsOwnStableTint();
};

void TestDebuggerModels::conversationModelKeepsEachMessageFormatted()
{
    ConversationModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy added(&model, &ConversationModel::conversationAdded);
    model.append({QStringLiteral("net"), 1, QStringLiteral("{\"state\":\"open\"}"), QStringLiteral("/app/main.js"), 12});
    model.append({QStringLiteral("binary"), 5, QStringLiteral("010203AB"), QStringLiteral("/app/main.js"), 13});
    model.append({QString(), 0, QStringLiteral("note"), {}, 0}, QStringLiteral("chat #2"));
    model.append({QStringLiteral("net"), 2, QStringLiteral("reply"), QStringLiteral("/app/main.js"), 14});
    QCOMPARE(model.rowCount(), 4);
    QCOMPARE(added.count(), 3);
    QCOMPARE(model.conversations(), (QStringList{QStringLiteral("net"), QStringLiteral("binary"), QString()}));
    QCOMPARE(model.messageText(0), QStringLiteral("{\n    \"state\": \"open\"\n}"));
    QCOMPARE(model.index(0).data(ConversationModel::SideRole).toInt(), int(BubbleText::Side::Left));
    QCOMPARE(model.index(1).data().toString(), QStringLiteral("4 bytes\n01 02 03 AB"));
    QVERIFY(model.index(1).data(ConversationModel::BinaryRole).toBool());
    QCOMPARE(model.index(1).data(ConversationModel::RawTextRole).toString(), QStringLiteral("010203AB"));
    QCOMPARE(model.index(2).data(ConversationModel::SideRole).toInt(), int(BubbleText::Side::Center));
    QCOMPARE(model.index(2).data(ConversationModel::SourceRole).toString(), QStringLiteral("chat #2"));
    QCOMPARE(model.index(3).data(ConversationModel::SideRole).toInt(), int(BubbleText::Side::Right));
    QCOMPARE(model.index(3).data(ConversationModel::PathRole).toString(), QStringLiteral("/app/main.js"));
    QCOMPARE(model.index(3).data(ConversationModel::LineRole).toInt(), 14);
    QVERIFY(model.index(3).data(Qt::ToolTipRole).toString().contains(QStringLiteral("/app/main.js:14")));
    QCOMPARE(model.copyLine(0), QStringLiteral("[net] left: {\"state\":\"open\"} (main.js:12)"));
    model.setShowsSource(true);
    QCOMPARE(model.copyLine(2), QStringLiteral("chat #2: [(no conversation)] center: note"));
    QVERIFY(model.matches(3, QStringLiteral("REPLY")));
    QVERIFY(model.matches(1, QStringLiteral("bin"))); // by its conversation's name
    QVERIFY(!model.matches(0, QStringLiteral("reply")));
}

void TestDebuggerModels::conversationHistoryIsBoundedAndSaysSo()
{
    ConversationModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy dropped(&model, &ConversationModel::droppedCountChanged);
    model.setMaxMessages(3);
    for (int i = 1; i <= 5; ++i)
        model.append({QStringLiteral("chat"), 1, QStringLiteral("tick %1").arg(i), {}, 0});
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.messageText(0), QStringLiteral("tick 3"));
    QCOMPARE(model.droppedCount(), 2);
    QCOMPARE(dropped.last().at(0).toLongLong(), 2);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
    QCOMPARE(model.droppedCount(), 0);
}

void TestDebuggerModels::hiddenConversationsLeaveTheFilter()
{
    ConversationModel model;
    ConversationFilter filter(&model);
    QAbstractItemModelTester tester(&filter, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.append({QStringLiteral("chat"), 1, QStringLiteral("hello"), {}, 0});
    model.append({QStringLiteral("net"), 2, QStringLiteral("open"), {}, 0});
    model.append({QStringLiteral("chat"), 2, QStringLiteral("hello again"), {}, 0});
    QCOMPARE(filter.rowCount(), 3);
    filter.setHidden(QStringLiteral("chat"), true);
    QCOMPARE(filter.rowCount(), 1);
    QCOMPARE(filter.index(0, 0).data().toString(), QStringLiteral("open"));
    model.append({QStringLiteral("chat"), 1, QStringLiteral("unseen"), {}, 0});
    QCOMPARE(filter.rowCount(), 1); // new messages of a hidden conversation stay hidden
    QCOMPARE(filter.find(QStringLiteral("hello"), -1, false), -1);
    filter.setHidden(QStringLiteral("chat"), false);
    QCOMPARE(filter.rowCount(), 4);
    int ordinal = -1, count = -1;
    QCOMPARE(filter.find(QStringLiteral("hello"), 0, false, &ordinal, &count), 2);
    QCOMPARE(ordinal, 1);
    QCOMPARE(count, 2);
    QCOMPARE(filter.find(QStringLiteral("hello"), 2, false), 0); // wraps
}

void TestDebuggerModels::eachConversationHasItsOwnStableTint()
{
    for (const bool dark : {false, true}) {
        const QColor chat = ConversationDelegate::tint(QStringLiteral("chat"), dark);
        QCOMPARE(ConversationDelegate::tint(QStringLiteral("chat"), dark), chat);
        QVERIFY(ConversationDelegate::tint(QStringLiteral("binary"), dark) != chat);
        QVERIFY(ConversationDelegate::tint(QString(), dark) != chat);
        // The palette's text stays legible: pale under dark text, deep under light text.
        for (const QString& name : {QStringLiteral("chat"), QStringLiteral("binary"), QStringLiteral("net"), QString()}) {
            const double lightness = ConversationDelegate::tint(name, dark).lightnessF();
            QVERIFY2(dark ? lightness < 0.35 : lightness > 0.8, qPrintable(name));
        }
    }
}

void TestDebuggerModels::consoleModelSplitsAndColours()
{
    ConsoleModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.appendText(QStringLiteral("partial line, "));
    QCOMPARE(model.rowCount(), 1);
    model.appendText(QStringLiteral("continued\n<info>informed\n<warn>careful\n<error>bad\nplain\n"));
    QCOMPARE(model.rowCount(), 5);
    QCOMPARE(model.lineText(0), QStringLiteral("partial line, continued"));
    QCOMPARE(model.lineKind(1), ConsoleModel::Kind::Info);
    QCOMPARE(model.lineText(1), QStringLiteral("informed"));
    QCOMPARE(model.lineKind(2), ConsoleModel::Kind::Warn);
    QCOMPARE(model.lineKind(3), ConsoleModel::Kind::Error);
    QCOMPARE(model.index(3).data(Qt::ForegroundRole).value<QColor>(), ConsoleModel::colour(ConsoleModel::Kind::Error));
    QCOMPARE(model.lineKind(4), ConsoleModel::Kind::Plain);
    QVERIFY(!model.index(4).data(Qt::ForegroundRole).isValid());
    model.appendLog({QStringLiteral("# Exception: throw!\n"), QStringLiteral("/a/b.js"), 12});
    QCOMPARE(model.lineText(5), QStringLiteral("/a/b.js (12) # Exception: throw!"));
    QCOMPARE(model.lineKind(5), ConsoleModel::Kind::Exception);
    QCOMPARE(model.find(QStringLiteral("CAREFUL"), -1), 2);
    QCOMPARE(model.find(QStringLiteral("partial"), 2), 0); // wraps
    QCOMPARE(model.find(QStringLiteral("nothing"), 0), -1);
    model.clear();
    QCOMPARE(model.rowCount(), 0);
}

void TestDebuggerModels::consoleModelIsBoundedAndMerges()
{
    ConsoleModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model.maxLines(), 10000);
    model.setMaxLines(3);
    model.setShowsSource(true);
    model.appendText(QStringLiteral("a1\na2\n"), QStringLiteral("a"));
    model.appendText(QStringLiteral("b-start "), QStringLiteral("b"));
    model.appendText(QStringLiteral("a3\n"), QStringLiteral("a"));
    model.appendText(QStringLiteral("b-end\n"), QStringLiteral("b"));
    QCOMPARE(model.rowCount(), 3);
    QCOMPARE(model.index(0).data().toString(), QStringLiteral("a: a2"));
    QCOMPARE(model.index(1).data().toString(), QStringLiteral("b: b-start b-end"));
    QCOMPARE(model.index(2).data().toString(), QStringLiteral("a: a3"));
    model.appendText(QStringLiteral("a4\n"), QStringLiteral("a"));
    QCOMPARE(model.index(0).data(ConsoleModel::TextRole).toString(), QStringLiteral("b-start b-end"));
}

void TestDebuggerModels::variablesModelMergesInPlace()
{
    VariablesModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto prop = [](const char* flags, const char* name, const char* value, int depth) {
        return xsbug::Property{QString::fromLatin1(name), QString::fromLatin1(value), QString::fromLatin1(flags), {}, 0,
                               depth};
    };
    model.setProperties({prop(" cew_", "a", "1", 0), prop("+cew_", "o", "@01", 0), prop(" cew_", "z", "'z'", 0)});
    QCOMPARE(model.rowCount(), 3);
    const QModelIndex o = model.index(1, 0);
    QVERIFY(model.hasChildren(o));
    QCOMPARE(model.rowCount(o), 0);
    QPersistentModelIndex z(model.index(2, 0));
    QSignalSpy resets(&model, &QAbstractItemModel::modelReset);
    model.setProperties({prop(" cew_", "a", "2", 0), prop("-cew_", "o", "@01", 0), prop(" cew_", "x", "3", 1),
                         prop("+cew_", "y", "@02", 1), prop(" cew_", "z", "'z'", 0)});
    QCOMPARE(resets.size(), 0);
    QVERIFY(z.isValid());
    QCOMPARE(z.data().toString(), QStringLiteral("z"));
    QCOMPARE(model.rowCount(o), 2);
    QCOMPARE(model.index(1, 0, o).data().toString(), QStringLiteral("y"));
    QCOMPARE(model.index(0, 1).data().toString(), QStringLiteral("2"));
    QCOMPARE(model.index(1, 1).data().toString(), QStringLiteral("{x: 3, y: {…}}")); // its contents, not its address
    model.setProperties({prop(" cew_", "a", "2", 0), prop("+cew_", "o", "@01", 0)});
    QCOMPARE(model.rowCount(), 2);
    QCOMPARE(model.rowCount(model.index(1, 0)), 0);
    QVERIFY(!z.isValid());
    QCOMPARE(VariablesModel::displayValue(prop(" cew_", "b", "-0x7Bn", 0)), QStringLiteral("-123n"));
}

void TestDebuggerModels::variablesAreSortedAsXsbugDoes()
{
    QVERIFY(VariablesModel::naturalLess(u"[2]", u"[10]"));
    QVERIFY(!VariablesModel::naturalLess(u"[10]", u"[2]"));
    QVERIFY(VariablesModel::naturalLess(u"arg(9)", u"arg(10)"));
    QVERIFY(VariablesModel::naturalLess(u"a", u"ab"));
    QVERIFY(VariablesModel::naturalLess(u"x007", u"x8"));
    QVERIFY(!VariablesModel::naturalLess(u"same", u"same"));

    VariablesModel model;
    model.setOrder(VariablesModel::Order::LocalsFirst);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto prop = [](const char* flags, const char* name, int depth) {
        return xsbug::Property{QString::fromLatin1(name), QStringLiteral("1"), QString::fromLatin1(flags), {}, 0, depth};
    };
    // As a machine sends them: its own order, an array's items under it.
    model.setProperties({prop(" cew_", "zeta", 0), prop("-cew_", "list", 0), prop(" cew_", "[10]", 1),
                         prop(" cew_", "[2]", 1), prop(" cew_", "(..)", 1), prop(" cew_", "this", 0),
                         prop(" cew_", "(function)", 0), prop(" cew_", "alpha", 0), prop(" cew_", "new.target", 0),
                         prop(" cew_", "(return)", 0)});
    QStringList top;
    for (int row = 0; row < model.rowCount(); ++row)
        top << model.index(row, 0).data().toString();
    QCOMPARE(top, (QStringList{QStringLiteral("(return)"), QStringLiteral("new.target"), QStringLiteral("(function)"),
                               QStringLiteral("this"), QStringLiteral("alpha"), QStringLiteral("list"),
                               QStringLiteral("zeta")}));
    const QModelIndex list = model.index(5, 0);
    QStringList items;
    for (int row = 0; row < model.rowCount(list); ++row)
        items << model.index(row, 0, list).data().toString();
    QCOMPARE(items, (QStringList{QStringLiteral("(..)"), QStringLiteral("[2]"), QStringLiteral("[10]")}));

    // Globals and modules: no leading slots, the same order by name.
    VariablesModel globals;
    globals.setProperties({prop(" cew_", "this", 0), prop(" cew_", "Array", 0)});
    QCOMPARE(globals.index(0, 0).data().toString(), QStringLiteral("Array"));
}

// XS sends an object as its address (@00007F…) and a let/const binding not initialised yet
// without a value (xsDebug.c fxEchoProperty): the Value column shows {…}, the contents of an
// open object, and <uninitialized>, never the address.
void TestDebuggerModels::objectsAndUninitialisedBindingsHaveAPreview()
{
    // The simulator's chat app at its break: Timer (an object) and `n`, declared further down.
    const QList<xsbug::Local> chat =
        messagesOf<xsbug::Local>(recordedMessages(QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_chat.bubbles.xsbug")));
    QVERIFY(!chat.isEmpty());
    VariablesModel model;
    model.setOrder(VariablesModel::Order::LocalsFirst);
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setProperties(chat.first().properties);
    QMap<QString, QString> values = valuesUnder(model);
    QCOMPARE(values.value(QStringLiteral("n")), QStringLiteral("<uninitialized>"));
    QCOMPARE(values.value(QStringLiteral("Timer")), QStringLiteral("{…}"));
    QCOMPARE(values.value(QStringLiteral("(function)")), QStringLiteral("function"));
    QCOMPARE(values.value(QStringLiteral("this")), QStringLiteral("undefined"));
    const QModelIndexList n = model.match(model.index(0, 0), Qt::DisplayRole, QStringLiteral("n"), 1, Qt::MatchExactly);
    QCOMPARE(n.size(), 1);
    QCOMPARE(n.first().siblingAtColumn(VariablesModel::ValueColumn).data(Qt::ToolTipRole).toString(),
             PlainText::toolTip(QStringLiteral("<uninitialized>")));

    // xst at a conditional breakpoint: `total` not initialised yet, then initialised to 0.
    const std::vector<xsbug::Message> xst = recordedMessages(QStringLiteral(XSPROF_FIXTURES_DIR "/eval-session-xst.txt"));
    const QList<xsbug::Local> locals = messagesOf<xsbug::Local>(xst);
    QVERIFY(locals.size() >= 2);
    QStringList totals;
    for (const xsbug::Local& local : locals) {
        model.setProperties(local.properties);
        values = valuesUnder(model);
        totals << values.value(QStringLiteral("total"));
        for (auto it = values.cbegin(); it != values.cend(); ++it)
            QVERIFY2(!it.value().contains(QLatin1Char('@')), qPrintable(it.key() + QStringLiteral(" = ") + it.value()));
    }
    QVERIFY2(totals.contains(QStringLiteral("<uninitialized>")), qPrintable(totals.join(QLatin1Char(','))));
    QVERIFY2(totals.contains(QStringLiteral("0")), qPrintable(totals.join(QLatin1Char(','))));

    // Objects xst sent open (eval results): their own keys, an array's items.
    const QList<xsbug::EvalResult> results = messagesOf<xsbug::EvalResult>(xst);
    QStringList previews;
    for (const xsbug::EvalResult& result : results) {
        if (result.properties.isEmpty())
            continue;
        model.setProperties(result.properties);
        previews << model.index(0, VariablesModel::ValueColumn).data().toString();
        QCOMPARE(previews.last(), PropertySummary::oneLine(result.properties)); // the console says the same
    }
    QVERIFY2(previews.contains(QStringLiteral("{a: 1, s: 'hi\\n', inner: {…}}")), qPrintable(previews.join(QLatin1Char('|'))));
    QVERIFY2(previews.contains(QStringLiteral("[1, 2]")), qPrintable(previews.join(QLatin1Char('|'))));

    // Opening an object in place updates its row's preview (dataChanged, no reset).
    const auto prop = [](const char* flags, const char* name, const char* value, int depth, int line = 0) {
        return xsbug::Property{QString::fromUtf8(name), QString::fromUtf8(value), QString::fromLatin1(flags), {}, line, depth};
    };
    model.setProperties({prop("+cew_", "m", "@00007F0000000010", 0)});
    QCOMPARE(model.index(0, VariablesModel::ValueColumn).data().toString(), QStringLiteral("{…}"));
    QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
    // The rows fxEchoInstance writes for a Map, a function and a Date.
    model.setProperties({prop("-cew_", "m", "@00007F0000000010", 0), prop("+cew_", "(..)", "@00007F0000000020", 1),
                         prop(" cew_", "(0.0)", "'a'", 1), prop(" cew_", "(0.1)", "1", 1),
                         prop("+cew_", "(1.0)", "@00007F0000000030", 1), prop(" cew_", "(1.1)", "2", 1),
                         prop("-cew_", "f", "@00007F0000000040", 0), prop(" cEw_", "(function)", "/app/main.js", 1, 12),
                         prop("-cew_", "d", "@00007F0000000050", 0), prop(" cEw_", "(date)", "0", 1)});
    QVERIFY(!changed.isEmpty());
    values = valuesUnder(model);
    QCOMPARE(values.value(QStringLiteral("m")), QStringLiteral("Map(2) {'a' => 1, {…} => 2}"));
    QCOMPARE(values.value(QStringLiteral("f")), QStringLiteral("function main.js:12"));
    QCOMPARE(values.value(QStringLiteral("d")), QStringLiteral("Date 1970-01-01T00:00:00.000Z"));
}

QTEST_MAIN(TestDebuggerModels)
#include "tst_debuggermodels.moc"
