// The window's Console evaluation and Variables tree on the Debuggee interface, against
// FakeDebuggee: no engine, no socket. The console evaluates through the shared inspector (in the
// inspected frame, in order); the Variables view opens a row by asking the machine to toggle it;
// the Call Stack selects frames, the Debug menu's actions follow the machine's state and the
// console follows its logs, all through the same interface. The breakpoints list sends each
// change to the machines attached to it, relative paths once a machine reports what they match.
#include "app/debugger/breakpointsmodel.h"
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

    // Every change reaches each attached machine that has logged in and is there, as the
    // commands xsbug sends (§5.6): set on add, enable and edit; clear on disable and remove.
    void breakpointsReachEveryLoggedInMachine()
    {
        BreakpointsModel breakpoints;
        QAbstractItemModelTester tester(&breakpoints);
        FakeDebuggee first(QStringLiteral("first")), second(QStringLiteral("second")), late(QStringLiteral("late"));
        first.logIn();
        second.logIn();
        breakpoints.attach(&first);
        breakpoints.attach(&second);
        breakpoints.attach(&first); // once only
        breakpoints.attach(&late); // not logged in: its login answer carries the list
        const QString main = QStringLiteral("/app/main.js");
        breakpoints.add(main, 3);
        breakpoints.addFunction(QStringLiteral("tick"));
        QVERIFY(!breakpoints.addFunction(QStringLiteral("say \"hi\""))); // a quote: not sendable
        QCOMPARE(breakpoints.rowCount(), 2);
        breakpoints.setData(breakpoints.index(0), Qt::Unchecked, Qt::CheckStateRole);
        QCOMPARE(breakpoints.index(0).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
        breakpoints.setEnabled(0, true);
        QVERIFY(breakpoints.setHitCount(0, QStringLiteral(">=2")));
        QVERIFY(!breakpoints.setHitCount(0, QStringLiteral("often")));
        QCOMPARE(breakpoints.index(0).data(BreakpointsModel::HitCountRole).toString(), QStringLiteral(">=2"));
        breakpoints.setBreakOnExceptions(false);
        const QStringList sent{QStringLiteral("set-breakpoint /app/main.js:3"), QStringLiteral("set-breakpoint tick:0"),
                               QStringLiteral("clear-breakpoint /app/main.js:3"),
                               QStringLiteral("set-breakpoint /app/main.js:3"),
                               QStringLiteral("set-breakpoint /app/main.js:3"), // the hit count replaces the record
                               QStringLiteral("clear-special exceptions")};
        QCOMPARE(first.commands(), sent);
        QCOMPARE(second.commands(), sent);
        QVERIFY(late.commands().isEmpty());
        // Running machines read commands at their next pause: each tab says what waits.
        QVERIFY2(PendingCommand::of(&first)->text().startsWith(QStringLiteral("Breakpoint main.js:3 set")),
                 qPrintable(PendingCommand::of(&first)->text()));

        second.leave(); // a machine gone gets nothing more
        breakpoints.removeRow(1);
        breakpoints.remove(main, 3);
        QCOMPARE(breakpoints.rowCount(), 0);
        QCOMPARE(first.commands().mid(sent.size()),
                 (QStringList{QStringLiteral("clear-breakpoint tick:0"), QStringLiteral("clear-breakpoint /app/main.js:3")}));
        QCOMPARE(second.commands(), sent);
        QVERIFY(breakpoints.toggle(main, 5)); // added
        QVERIFY(!breakpoints.toggle(main, 5)); // and removed
        QCOMPARE(first.commands().mid(sent.size() + 2),
                 (QStringList{QStringLiteral("set-breakpoint /app/main.js:5"), QStringLiteral("clear-breakpoint /app/main.js:5")}));
        {
            FakeDebuggee brief;
            brief.logIn();
            breakpoints.attach(&brief);
        } // a machine deleted while attached is forgotten
        breakpoints.add(main, 7);
        QCOMPARE(first.commands().last(), QStringLiteral("set-breakpoint /app/main.js:7"));
        breakpoints.removeAll(); // one clear each: the session offers no clear-all
        QCOMPARE(breakpoints.rowCount(), 0);
        QCOMPARE(first.commands().last(), QStringLiteral("clear-breakpoint /app/main.js:7"));
    }

    // ticks.js:4 stops in whatever ticks.js the machine runs: sent under each path it reports
    // that ends with it (and beside the files it reports), cleared under all of them.
    void relativeBreakpointsWaitForTheMachinesPaths()
    {
        BreakpointsModel breakpoints;
        QAbstractItemModelTester tester(&breakpoints);
        breakpoints.add(QStringLiteral("lib/ticks.js"), 4);
        breakpoints.add(QStringLiteral("/elsewhere/other.js"), 2);
        FakeDebuggee machine;
        machine.logIn();
        breakpoints.attach(&machine);
        QVERIFY(machine.commands().isEmpty()); // no path known yet; absolute ones went with the login
        xsbug::Frames frames;
        frames.frames = {{QStringLiteral("tick"), QStringLiteral("@F1"), QStringLiteral("/build/app/lib/ticks.js"), 9},
                         {QStringLiteral("main"), QStringLiteral("@F2"), QStringLiteral("/build/app/main.js"), 3}};
        xsbug::Local local;
        local.address = QStringLiteral("@F1");
        machine.breakAt({QStringLiteral("/build/app/lib/ticks.js"), 9, QStringLiteral("# Break: step!")}, frames, local);
        QStringList sent = machine.commands();
        sent.sort();
        QCOMPARE(sent, (QStringList{QStringLiteral("set-breakpoint /build/app/lib/lib/ticks.js:4"),
                                    QStringLiteral("set-breakpoint /build/app/lib/ticks.js:4")}));
        const int before = int(machine.commands().size());
        breakpoints.remove(QStringLiteral("lib/ticks.js"), 4);
        QStringList cleared = machine.commands().mid(before);
        cleared.sort();
        QCOMPARE(cleared, (QStringList{QStringLiteral("clear-breakpoint /build/app/lib/lib/ticks.js:4"),
                                       QStringLiteral("clear-breakpoint /build/app/lib/ticks.js:4")}));
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
