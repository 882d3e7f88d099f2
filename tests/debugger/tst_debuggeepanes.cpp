// The window's Console evaluation and Variables tree on the Debuggee interface, against
// FakeDebuggee: no engine, no socket. The console evaluates through the shared inspector (in the
// inspected frame, in order); the Variables view opens a row by asking the machine to toggle it.
#include "app/debugger/consoleevaluator.h"
#include "app/debugger/consolemodel.h"
#include "app/debugger/variablesmodel.h"
#include "app/debugger/variablesview.h"
#include "fakedebuggee.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>

namespace {

xsbug::Property row(const QString& name, const QString& value, QChar state = QLatin1Char(' '))
{
    return FakeDebuggee::property(name, value, state);
}

void stop(FakeDebuggee& machine)
{
    machine.logIn();
    xsbug::Frames frames;
    frames.frames = {{QStringLiteral("tick"), QStringLiteral("@F1"), QStringLiteral("/app/main.js"), 4}};
    xsbug::Local local;
    local.name = QStringLiteral("tick");
    local.address = QStringLiteral("@F1");
    local.properties = {row(QStringLiteral("n"), QStringLiteral("6")), row(QStringLiteral("o"), QStringLiteral("@O1"), QLatin1Char('+'))};
    machine.setChildren(QStringLiteral("@O1"), {row(QStringLiteral("k"), QStringLiteral("'v'"))});
    machine.breakAt({QStringLiteral("/app/main.js"), 4, QStringLiteral("# Break: debugger!")}, frames, local);
}

QStringList consoleLines(const ConsoleModel& console)
{
    QStringList lines;
    for (int i = 0; i < console.rowCount(); ++i)
        lines << console.lineText(i);
    return lines;
}

} // namespace

class TestDebuggeePanes : public QObject {
    Q_OBJECT

private slots:
    void consoleEvaluatesAtABreak()
    {
        FakeDebuggee machine;
        machine.logIn();
        QLineEdit field;
        ConsoleModel console;
        VariablesModel result;
        QAbstractItemModelTester tester(&result);
        ConsoleEvaluator evaluator(&machine, &field, &console, &result);
        QVERIFY(field.isReadOnly()); // running: nothing to evaluate in (read-only keeps the keyboard)
        QVERIFY(field.placeholderText().contains(QStringLiteral("break")));
        stop(machine);
        QVERIFY(!field.isReadOnly());
        xsbug::EvalResult seven;
        seven.properties = {row(QStringLiteral("(return)"), QStringLiteral("7"))};
        machine.setEvalResult(QStringLiteral("n + 1"), seven);
        xsbug::EvalResult object;
        object.properties = {row(QStringLiteral("(return)"), QStringLiteral("@O1"), QLatin1Char('-')),
                             row(QStringLiteral("k"), QStringLiteral("'v'"))};
        object.properties[1].depth = 1;
        machine.setEvalResult(QStringLiteral("o"), object);
        QSignalSpy shown(&evaluator, &ConsoleEvaluator::objectShown);
        field.setText(QStringLiteral("n + 1"));
        QTest::keyClick(&field, Qt::Key_Return);
        field.setText(QStringLiteral("o"));
        QTest::keyClick(&field, Qt::Key_Return);
        QTRY_COMPARE(shown.count(), 1);
        const QStringList lines = consoleLines(console);
        // Echoed as typed; answered in the order asked, one evaluation at a time.
        QCOMPARE(lines.value(0), QStringLiteral("> n + 1"));
        QCOMPARE(lines.value(1), QStringLiteral("> o"));
        QCOMPARE(lines.value(2), QStringLiteral("< 7"));
        QVERIFY2(lines.value(3).startsWith(QStringLiteral("< ")), qPrintable(lines.join(QLatin1Char('\n'))));
        QCOMPARE(machine.commands(), (QStringList{QStringLiteral("eval n + 1"), QStringLiteral("eval o")}));
        QCOMPARE(result.rowCount(), 1); // the object's row, named after the expression
        QCOMPARE(evaluator.history(), (QStringList{QStringLiteral("n + 1"), QStringLiteral("o")}));
    }

    void consoleWithoutACompilerSaysSo()
    {
        FakeDebuggee machine;
        machine.setCompilerPath({});
        stop(machine);
        QLineEdit field;
        ConsoleModel console;
        VariablesModel result;
        ConsoleEvaluator evaluator(&machine, &field, &console, &result);
        QVERIFY(field.isReadOnly());
        QVERIFY2(field.placeholderText().contains(QStringLiteral("xsc")), qPrintable(field.placeholderText()));
    }

    void variablesOpenARowThroughTheMachine()
    {
        FakeDebuggee machine;
        stop(machine);
        VariablesView view(&machine, VariablesView::Scope::Locals);
        QAbstractItemModelTester tester(view.model());
        QCOMPARE(view.model()->rowCount(), 2);
        QModelIndex o;
        for (int i = 0; i < view.model()->rowCount(); ++i)
            if (view.model()->index(i, 0).data().toString() == QStringLiteral("o"))
                o = view.model()->index(i, 0);
        QVERIFY(o.isValid());
        view.expand(o);
        QTRY_COMPARE(view.model()->rowCount(o), 1);
        QVERIFY(machine.commands().contains(QStringLiteral("toggle @O1")));
        QCOMPARE(view.model()->index(0, 0, o).data().toString(), QStringLiteral("k"));
        // Running again: the rows go stale and are cleared.
        machine.go();
        QTRY_COMPARE(view.model()->rowCount(), 0);
    }
};

QTEST_MAIN(TestDebuggeePanes)
#include "tst_debuggeepanes.moc"
