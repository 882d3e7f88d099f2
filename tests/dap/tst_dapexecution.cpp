// DapExecution against the fake machine (tests/protocol/fakedebuggee): the commands the
// execution requests give, the stopped events breaks make, and the second stop XS makes on a
// function's header line when stepping into it, stepped over unseen.
#include "fakethreads.h"

class TestDapExecution : public QObject {
    Q_OBJECT

    static xsbug::Frames frames(std::initializer_list<std::pair<const char*, int>> list) { return FakeThreads::frames(list); }
    static xsbug::Break at(int line, const char* words) { return FakeThreads::at(line, words); }

private slots:
    void resumingGivesTheMachineItsCommand()
    {
        FakeThreads threads;
        DapExecution& execution = threads.execution;
        FakeDebuggee& machine = threads.machine();
        const QList<std::pair<DapExecution::Resume, QString>> cases = {
            {DapExecution::Resume::Continue, QStringLiteral("go")},
            {DapExecution::Resume::Next, QStringLiteral("step")},
            {DapExecution::Resume::StepIn, QStringLiteral("step-inside")},
            {DapExecution::Resume::StepOut, QStringLiteral("step-outside")}};
        for (const auto& [how, command] : cases) {
            machine.breakAt(at(3, "breakpoint"), frames({{"main", 3}}), {});
            execution.resume(&machine, 1, how);
            QCOMPARE(machine.commands().last(), command);
            QCOMPARE(machine.state(), Debuggee::State::Running);
        }
        // pause: a running machine is told <step/>; its next stop is the pause, not a step.
        QVERIFY(execution.pause(&machine));
        QCOMPARE(machine.commands().last(), QStringLiteral("step"));
        machine.breakAt(at(4, "step"), frames({{"main", 4}}), {});
        std::optional<nlohmann::json> body = execution.stopped(&machine, 1);
        QVERIFY(body);
        QCOMPARE((*body).value("reason", ""), std::string("pause"));
        QVERIFY(!execution.pause(&machine)); // stopped already
    }

    void stoppedEventsSayWhy()
    {
        FakeThreads threads;
        DapExecution& execution = threads.execution;
        threads.breakpoints.setSource(QStringLiteral("/w/main.js"), {DapArgs::SourceBreakpoint{7, {}, {}, {}}});
        FakeDebuggee& machine = threads.machine();
        execution.setEntryPending(true);
        machine.breakAt(at(1, "step"), frames({{"main", 1}}), {});
        QCOMPARE(execution.stopped(&machine, 2)->value("reason", ""), std::string("entry"));
        QVERIFY(!execution.entryPending());
        machine.breakAt(at(7, "breakpoint"), frames({{"main", 7}}), {});
        nlohmann::json body = *execution.stopped(&machine, 2);
        QCOMPARE(body.value("reason", ""), std::string("breakpoint"));
        QCOMPARE(body.value("threadId", 0), 2);
        QCOMPARE(body["hitBreakpointIds"].size(), size_t(1));
        machine.breakAt(at(9, "TypeError: boom"), frames({{"main", 9}}), {});
        body = *execution.stopped(&machine, 2);
        QCOMPARE(body.value("reason", ""), std::string("exception"));
        QCOMPARE(body.value("text", ""), std::string("TypeError: boom"));
    }

    void enteringAFunctionStopsOnceOnItsHeader()
    {
        FakeThreads threads;
        DapExecution& execution = threads.execution;
        FakeDebuggee& machine = threads.machine();
        machine.breakAt(at(6, "breakpoint"), frames({{"main", 6}}), {});
        QVERIFY(execution.stopped(&machine, 1));
        for (const auto how : {DapExecution::Resume::StepIn, DapExecution::Resume::Next}) {
            execution.resume(&machine, 1, DapExecution::Resume::StepIn);
            machine.breakAt(at(1, "step"), frames({{"f", 1}, {"main", 6}}), {}); // the header
            QVERIFY(execution.stopped(&machine, 1));
            execution.resume(&machine, 1, how);
            const qsizetype given = machine.commands().size();
            machine.breakAt(at(1, "step"), frames({{"f", 1}, {"main", 6}}), {}); // again: unseen
            QVERIFY(!execution.stopped(&machine, 1));
            QCOMPARE(machine.commands().size(), given + 1);
            QCOMPARE(machine.commands().last(), how == DapExecution::Resume::StepIn ? QStringLiteral("step-inside")
                                                                                     : QStringLiteral("step"));
            machine.breakAt(at(2, "step"), frames({{"f", 2}, {"main", 6}}), {});
            QCOMPARE(execution.stopped(&machine, 1)->value("reason", ""), std::string("step"));
            // A step that stays on one line (a loop on one line) stops each time.
            execution.resume(&machine, 1, how);
            machine.breakAt(at(2, "step"), frames({{"f", 2}, {"main", 6}}), {});
            QVERIFY(execution.stopped(&machine, 1));
            execution.resume(&machine, 1, DapExecution::Resume::Continue);
            machine.breakAt(at(6, "breakpoint"), frames({{"main", 6}}), {});
            QVERIFY(execution.stopped(&machine, 1));
        }
    }
};

QTEST_GUILESS_MAIN(TestDapExecution)
#include "tst_dapexecution.moc"
