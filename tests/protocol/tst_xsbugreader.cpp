// The message reader and the command writer, without sockets: every split of real
// transcripts gives the same messages; commands are framed as the machine needs them.
#include "protocol/xsbugcommandwriter.h"
#include "protocol/xsbugmessagereader.h"

#include <QFile>
#include <QRandomGenerator>
#include <QTest>

namespace {

QByteArray corpus(const char* name)
{
    QFile f(QStringLiteral(XSPROF_CORPUS_DIR "/") + QLatin1String(name));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Message kinds as text, to compare two readings.
QStringList summarize(const std::vector<xsbug::Message>& messages)
{
    QStringList out;
    for (const xsbug::Message& m : messages) {
        std::visit(
            [&out](const auto& v) {
                using T = std::decay_t<decltype(v)>;
                if constexpr (std::is_same_v<T, xsbug::Log>)
                    out << QStringLiteral("log:") + v.text;
                else if constexpr (std::is_same_v<T, xsbug::ProfileSamples>)
                    out << QStringLiteral("ps:") + QString::fromStdString(v.text);
                else if constexpr (std::is_same_v<T, xsbug::ProfileRecord>)
                    out << QStringLiteral("pr:%1:%2").arg(v.id).arg(QString::fromStdString(v.name));
                else if constexpr (std::is_same_v<T, xsbug::Break>)
                    out << QStringLiteral("break:") + v.path + QLatin1Char(':') + QString::number(v.line) + v.message;
                else if constexpr (std::is_same_v<T, xsbug::Local>)
                    out << QStringLiteral("local:%1:%2").arg(v.name).arg(v.properties.size());
                else
                    out << QString::fromLatin1(typeid(T).name());
            },
            m);
    }
    return out;
}

QStringList readInChunks(const QByteArray& bytes, const std::vector<qsizetype>& sizes)
{
    XsbugMessageReader reader;
    std::vector<xsbug::Message> all;
    qsizetype pos = 0;
    size_t k = 0;
    while (pos < bytes.size()) {
        const qsizetype n = qMin(sizes[k++ % sizes.size()], bytes.size() - pos);
        if (!reader.feed(QByteArrayView(bytes).sliced(pos, n)))
            break;
        for (auto& m : reader.takeMessages())
            all.push_back(std::move(m));
        pos += n;
    }
    return summarize(all);
}

} // namespace

class TestXsbugReader : public QObject {
    Q_OBJECT

private slots:
    void everySplitGivesTheSameMessages_data();
    void everySplitGivesTheSameMessages();
    void decodesBreakAndLocals();
    void rawUnescapedNamesAndUnknownElements();
    void textReferencesAndInvalidUtf8();
    void newOpenAbandonsAPartialMessage();
    void processingInstructionsAreIgnored();
    void oversizedMessageIsAnError();
    void garbageIsAnError();
    void commandsAreFramedAndEscaped();
};

void TestXsbugReader::everySplitGivesTheSameMessages_data()
{
    QTest::addColumn<QByteArray>("file");
    for (const char* name : {"xsbug/gc_alloc.profile-on-start.xsbug", "xsbug/break_while_profiling.suspend-resume.xsbug",
                             "xsbug/log_and_break.break.xsbug", "tiny/xs_transcript.xsbug"})
        QTest::newRow(name) << QByteArray(name);
}

void TestXsbugReader::everySplitGivesTheSameMessages()
{
    QFETCH(QByteArray, file);
    const QByteArray bytes = corpus(file.constData());
    QVERIFY(!bytes.isEmpty());
    const QStringList whole = readInChunks(bytes, {bytes.size()});
    QVERIFY(whole.size() > 10);
    QCOMPARE(readInChunks(bytes, {1}), whole);
    QCOMPARE(readInChunks(bytes, {256}), whole);
    QCOMPARE(readInChunks(bytes, {7, 1, 3, 1000, 2}), whole);
    QRandomGenerator rng(5);
    std::vector<qsizetype> random;
    for (int i = 0; i < 100; ++i)
        random.push_back(1 + rng.bounded(600));
    QCOMPARE(readInChunks(bytes, random), whole);
}

void TestXsbugReader::decodesBreakAndLocals()
{
    const QByteArray bytes = corpus("xsbug/log_and_break.break.xsbug");
    XsbugMessageReader reader;
    QVERIFY(reader.feed(bytes));
    int breaks = 0, locals = 0;
    QString firstBreak;
    QStringList logText;
    for (const auto& m : reader.takeMessages()) {
        if (const auto* b = std::get_if<xsbug::Break>(&m)) {
            if (++breaks == 1)
                firstBreak = b->path + QLatin1Char(':') + QString::number(b->line) + QLatin1Char(' ') + b->message;
        } else if (const auto* l = std::get_if<xsbug::Local>(&m)) {
            ++locals;
            QVERIFY(!l->name.isEmpty());
            QVERIFY(l->address.startsWith(QLatin1Char('@')));
        } else if (const auto* log = std::get_if<xsbug::Log>(&m)) {
            logText << log->text;
        }
    }
    QCOMPARE(breaks, 2);
    QVERIFY(locals >= 2);
    QVERIFY2(firstBreak.contains(QLatin1String("# Break: debugger!")), qPrintable(firstBreak));
    QVERIFY(!logText.join(QString()).isEmpty());
}

void TestXsbugReader::rawUnescapedNamesAndUnknownElements()
{
    XsbugMessageReader reader;
    QVERIFY(reader.feed("\r\n<xsbug><pr name=\"a&b\"<c>\" value=\"643\" path=\"/x&#38;y.js\" line=\"10\"/></xsbug>\r\n"
                        "<xsbug><mystery a=\"1\"/><log>caf\xc3\xa9 &#60;info&#62; ok&#10;</log></xsbug>\r\n"));
    const auto messages = reader.takeMessages();
    QCOMPARE(messages.size(), size_t(3));
    const auto* pr = std::get_if<xsbug::ProfileRecord>(&messages[0]);
    QVERIFY(pr);
    QCOMPARE(pr->name, std::string("a&b\"<c>"));
    QCOMPARE(pr->path, std::string("/x&y.js"));
    QCOMPARE(pr->id, 643);
    QVERIFY(std::holds_alternative<xsbug::Unknown>(messages[1]));
    QCOMPARE(reader.unknownElements(), size_t(1));
    QCOMPARE(std::get<xsbug::Log>(messages[2]).text, QStringLiteral("caf\u00e9 <info> ok\n"));
}

void TestXsbugReader::textReferencesAndInvalidUtf8()
{
    // References: known ones decoded, surrogates and unknown names not; a ';' more than 12
    // bytes after the '&' ends no reference. Bytes that are not UTF-8 become U+FFFD one by one.
    XsbugMessageReader reader;
    QVERIFY(reader.feed("<xsbug><log>a&amp;b &#x1F600;&#128512; &#xD800; &bogus; "
                        "&#12 x; &&&; &abcdefghijkl;</log></xsbug>"
                        "<xsbug><log>0123456789abcdef\xff\xc3\xa9 ok\xe2\x82</log></xsbug>"));
    const auto messages = reader.takeMessages();
    QCOMPARE(messages.size(), size_t(2));
    const QString smile = QString::fromUtf8("\xF0\x9F\x98\x80");
    QCOMPARE(std::get<xsbug::Log>(messages[0]).text,
             QStringLiteral("a&b ") + smile + smile + QStringLiteral(" \uFFFD &bogus; &#12 x; &&&; &abcdefghijkl;"));
    QCOMPARE(std::get<xsbug::Log>(messages[1]).text, QStringLiteral("0123456789abcdef\uFFFD\u00e9 ok\uFFFD\uFFFD"));
}

void TestXsbugReader::newOpenAbandonsAPartialMessage()
{
    // A machine that restarts mid-message: the unfinished one is dropped, wherever the
    // bytes are cut (also inside the tags themselves).
    const QByteArray bytes = "<xsbug><log>lost <b></log><xsbug><log>kept &lt;/xsbug></log></xsbug>\r\n";
    for (qsizetype cut = 0; cut <= bytes.size(); ++cut) {
        XsbugMessageReader reader;
        QVERIFY(reader.feed(QByteArrayView(bytes).first(cut)));
        QVERIFY(reader.feed(QByteArrayView(bytes).sliced(cut)));
        const auto messages = reader.takeMessages();
        QCOMPARE(messages.size(), size_t(1));
        QCOMPARE(std::get<xsbug::Log>(messages[0]).text, QStringLiteral("kept </xsbug>"));
        QCOMPARE(reader.framingStats().partialMessagesDropped, size_t(1));
    }
}

void TestXsbugReader::processingInstructionsAreIgnored()
{
    XsbugMessageReader reader;
    QVERIFY(reader.feed("\r\n<?xs.0FA1B2C3?>\r\n<xsbug><log>a</log></xsbug>\r\n<?xs-0FA1B2C3?>"));
    QCOMPARE(reader.takeMessages().size(), size_t(1));
    QCOMPARE(reader.framingStats().processingInstructions, size_t(2));
}

void TestXsbugReader::oversizedMessageIsAnError()
{
    XsbugMessageReader reader(1000);
    QVERIFY(reader.feed("<xsbug><log>first</log></xsbug>"));
    QByteArray big = "<xsbug><log>" + QByteArray(2000, 'x');
    QVERIFY(!reader.feed(big));
    QVERIFY2(reader.error().contains(QLatin1String("larger than 1000 bytes")), qPrintable(reader.error()));
    QCOMPARE(reader.takeMessages().size(), size_t(1)); // what came before is kept
    QVERIFY(!reader.feed("<xsbug><log>after</log></xsbug>")); // the stream stays closed
}

void TestXsbugReader::garbageIsAnError()
{
    XsbugMessageReader reader;
    QByteArray garbage(64 * 1024, '\0');
    QRandomGenerator rng(3);
    for (char& c : garbage)
        c = char(rng.bounded(256));
    garbage.replace("<xsbug>", "<xsbog>");
    bool ok = true;
    for (int i = 0; i < 20 && ok; ++i)
        ok = reader.feed(garbage);
    QVERIFY(!ok);
    QVERIFY2(reader.error().contains(QLatin1String("not the xsbug protocol")), qPrintable(reader.error()));
}

void TestXsbugReader::commandsAreFramedAndEscaped()
{
    using namespace XsbugCommandWriter;
    QCOMPARE(go(), QByteArray("\r\n<go/>\r\n"));
    QCOMPARE(startProfiling(), QByteArray("\r\n<start-profiling/>\r\n"));
    QCOMPARE(select(QStringLiteral("@00007f3a10c0a710")), QByteArray("\r\n<select id=\"@00007F3A10C0A710\"/>\r\n"));
    QCOMPARE(setAllBreakpoints({}, false, true),
             QByteArray("\r\n<set-all-breakpoints><breakpoint path=\"exceptions\" line=\"0\" id=\"@0\"/></set-all-breakpoints>\r\n"));
    const BreakpointList list = {{QStringLiteral("/a/main.js"), 12, true}, {QStringLiteral("/a/off.js"), 3, false},
                                 {QStringLiteral("/a/\"quoted\".js"), 4, true}};
    QCOMPARE(setAllBreakpoints(list, true, false),
             QByteArray("\r\n<set-all-breakpoints><breakpoint path=\"start\" line=\"0\" id=\"@0\"/>"
                        "<breakpoint path=\"/a/main.js\" line=\"12\" id=\"@0\"/></set-all-breakpoints>\r\n"));
    QCOMPARE(setBreakpoint({QStringLiteral("/b & c/<x>.js"), 7}),
             QByteArray("\r\n<set-breakpoint path=\"/b & c/<x>.js\" line=\"7\" id=\"@0\"/>\r\n")); // the machine decodes nothing
    QVERIFY(setBreakpoint({QStringLiteral("/a\"b.js"), 7}).isEmpty());
    QVERIFY(setBreakpoint({QStringLiteral("/a/main.js"), 0}).isEmpty()); // a line breakpoint needs a line

    // Function breakpoints (id 2) and hit counts (bit 0, a child element), as xsbug sends them.
    const Breakpoint fib{QStringLiteral("fib"), 0, true, true};
    QCOMPARE(setBreakpoint(fib), QByteArray("\r\n<set-breakpoint path=\"fib\" line=\"0\" id=\"@2\"/>\r\n"));
    QCOMPARE(clearBreakpoint(fib), QByteArray("\r\n<clear-breakpoint path=\"fib\" line=\"0\" id=\"@2\"/>\r\n"));
    const Breakpoint fifth{QStringLiteral("/a/main.js"), 12, true, false, QStringLiteral(">=5")};
    QCOMPARE(setBreakpoint(fifth), QByteArray("\r\n<set-breakpoint path=\"/a/main.js\" line=\"12\" id=\"@1\">"
                                              "<breakpoint-hit-count path=\">=5\"/></set-breakpoint>\r\n"));
    QCOMPARE(clearBreakpoint(fifth), QByteArray("\r\n<clear-breakpoint path=\"/a/main.js\" line=\"12\" id=\"@0\"/>\r\n"));
    const Breakpoint everyThird{QStringLiteral("exceptions"), 0, true, true, QStringLiteral("%3")};
    QCOMPARE(setAllBreakpoints({everyThird, {QStringLiteral("bad"), 0, true, true, QStringLiteral("x")}}, false, false),
             QByteArray("\r\n<set-all-breakpoints><breakpoint path=\"exceptions\" line=\"0\" id=\"@3\">"
                        "<breakpoint-hit-count path=\"%3\"/></breakpoint>"
                        "<breakpoint path=\"bad\" line=\"0\" id=\"@2\"/></set-all-breakpoints>\r\n"));
    QCOMPARE(setSpecialBreakpoint(QStringLiteral("exceptions")),
             QByteArray("\r\n<set-breakpoint path=\"exceptions\" line=\"0\" id=\"@0\"/>\r\n"));

    for (const char* ok : {"1", "5", ">=5", ">5", "<3", "<=3", "=7", "%2", "123456789"})
        QVERIFY2(Breakpoint::isValidHitCount(QString::fromLatin1(ok)), ok);
    for (const char* bad : {"", "0", ">=0", "=>5", "5%", "%", "x", "-1", " 5", "1234567890", "\"5"})
        QVERIFY2(!Breakpoint::isValidHitCount(QString::fromLatin1(bad)), bad);
}

QTEST_GUILESS_MAIN(TestXsbugReader)
#include "tst_xsbugreader.moc"
