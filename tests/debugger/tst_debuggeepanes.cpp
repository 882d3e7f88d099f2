// The window's Console evaluation and Variables tree on the Debuggee interface, against
// FakeDebuggee: no engine, no socket. The console evaluates through the shared inspector (in the
// inspected frame, in order); the Variables view opens a row by asking the machine to toggle it;
// the Call Stack selects frames, the Debug menu's actions follow the machine's state and the
// console follows its logs, all through the same interface.
#include "app/debugger/callstackview.h"
#include "app/debugger/consoleevaluator.h"
#include "app/debugger/debugcontrols.h"
#include "app/debugger/pendingcommand.h"
#include "app/debugger/consolemodel.h"
#include "app/debugger/variablesmodel.h"
#include "app/debugger/variablesview.h"
#include "fakedebuggee.h"

#include <QAbstractItemModelTester>
#include <QAction>
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

    void callStackSelectsAFrameThroughTheMachine()
    {
        FakeDebuggee machine;
        machine.logIn();
        CallStackView view(&machine);
        QAbstractItemModelTester tester(view.model());
        xsbug::Frames frames;
        frames.frames = {{QStringLiteral("tick"), QStringLiteral("@F1"), QStringLiteral("/app/main.js"), 4},
                         {QStringLiteral("loop"), QStringLiteral("@F2"), QStringLiteral("/app/loop.js"), 12}};
        xsbug::Local top;
        top.name = QStringLiteral("tick");
        top.address = QStringLiteral("@F1");
        xsbug::Local caller;
        caller.name = QStringLiteral("loop");
        caller.address = QStringLiteral("@F2");
        machine.setFrameLocal(QStringLiteral("@F2"), caller);
        machine.breakAt({QStringLiteral("/app/main.js"), 4, QStringLiteral("# Break: debugger!")}, frames, top);
        QTRY_COMPARE(view.model()->rowCount(), 2);
        QCOMPARE(view.currentIndex().row(), 0); // the inspected frame, chosen by the machine: nothing sent
        QVERIFY(!machine.commands().contains(QStringLiteral("select @F1")));
        QSignalSpy activated(&view, &CallStackView::frameActivated);
        view.setCurrentIndex(view.model()->index(1, 0));
        QCOMPARE(machine.commands().value(machine.commands().size() - 1), QStringLiteral("select @F2"));
        QTRY_COMPARE(machine.local().address, QStringLiteral("@F2"));
        QCOMPARE(view.currentIndex().row(), 1); // the stack stays; the second frame is marked inspected
        QCOMPARE(view.model()->rowCount(), 2);
        QVERIFY(activated.count() >= 1);
        QCOMPARE(activated.last().value(0).toString(), QStringLiteral("/app/loop.js"));
        QCOMPARE(activated.last().value(1).toInt(), 12);
    }

    void debugControlsFollowTheMachinesState()
    {
        FakeDebuggee machine;
        DebugControls controls;
        QVERIFY(!controls.killAction()->isEnabled()); // no machine: nothing to drive
        controls.setSession(&machine);
        machine.logIn();
        QVERIFY(controls.killAction()->isEnabled());
        QVERIFY(controls.breakAction()->isEnabled());
        QVERIFY(!controls.runAction()->isEnabled());
        QVERIFY(!controls.stepInAction()->isEnabled());
        // Running: Break is a step the machine reads at its next pause, which the tracker says.
        controls.breakAction()->trigger();
        QCOMPARE(machine.commands().value(machine.commands().size() - 1), QStringLiteral("step"));
        QVERIFY2(PendingCommand::of(&machine)->text().startsWith(QStringLiteral("Break requested")),
                 qPrintable(PendingCommand::of(&machine)->text()));
        stop(machine);
        QVERIFY(PendingCommand::of(&machine)->text().isEmpty()); // answered by the break
        QVERIFY(!controls.breakAction()->isEnabled());
        QVERIFY(controls.runAction()->isEnabled());
        controls.stepInAction()->trigger();
        QCOMPARE(machine.commands().value(machine.commands().size() - 1), QStringLiteral("step-inside"));
        QVERIFY(!controls.stepInAction()->isEnabled()); // running again
        machine.leave();
        QTRY_VERIFY(!controls.killAction()->isEnabled());
    }

    void consoleFollowsTheMachinesLogs()
    {
        FakeDebuggee machine;
        ConsoleModel console;
        QAbstractItemModelTester tester(&console);
        console.attach(&machine, QStringLiteral("fake"));
        machine.logIn();
        machine.log(QStringLiteral("hello "));
        machine.log(QStringLiteral("world\nsecond"));
        QTRY_COMPARE(console.rowCount(), 2);
        QCOMPARE(console.lineText(0), QStringLiteral("hello world"));
        QCOMPARE(console.lineText(1), QStringLiteral("second"));
        machine.leave(); // its open line is finished: the next machine of that name starts a new one
        FakeDebuggee again;
        console.attach(&again, QStringLiteral("fake"));
        again.logIn();
        again.log(QStringLiteral("third\n"));
        QTRY_COMPARE(console.rowCount(), 3);
        QCOMPARE(console.lineText(2), QStringLiteral("third"));
    }
};

QTEST_MAIN(TestDebuggeePanes)
#include "tst_debuggeepanes.moc"
