// DebuggeeInspector against FakeDebuggee: requests wait for the machine's answers one at a time,
// paths open level by level, evaluations run in the frame asked for, and a machine that resumes,
// leaves or stays silent fails the request instead of answering with stale values.
#include "fakedebuggee.h"
#include "protocol/debuggeeinspector.h"

#include <QSignalSpy>
#include <QTest>

namespace {

xsbug::Property row(const QString& name, const QString& value, QChar state = QLatin1Char(' '))
{
    return FakeDebuggee::property(name, value, state);
}

// Stopped in "inner" (@F1) called from "outer" (@F2); local `o` is an object holding `inner`.
void stopInInner(FakeDebuggee& machine)
{
    machine.logIn();
    xsbug::Frames frames;
    frames.frames = {{QStringLiteral("inner"), QStringLiteral("@F1"), QStringLiteral("/app/main.js"), 3},
                     {QStringLiteral("outer"), QStringLiteral("@F2"), QStringLiteral("/app/main.js"), 9}};
    xsbug::Local local;
    local.name = QStringLiteral("inner");
    local.address = QStringLiteral("@F1");
    local.properties = {row(QStringLiteral("n"), QStringLiteral("1")), row(QStringLiteral("o"), QStringLiteral("@O1"), QLatin1Char('+'))};
    machine.setChildren(QStringLiteral("@O1"), {row(QStringLiteral("inner"), QStringLiteral("@O2"), QLatin1Char('+')),
                                                row(QStringLiteral("k"), QStringLiteral("'v'"))});
    machine.setChildren(QStringLiteral("@O2"), {row(QStringLiteral("deep"), QStringLiteral("42"))});
    machine.breakAt({QStringLiteral("/app/main.js"), 3, QStringLiteral("# Break: debugger!")}, frames, local);
}

// What selecting "outer" (@F2) makes the inspected scope.
void scriptOuterFrame(FakeDebuggee& machine)
{
    xsbug::Local outer;
    outer.name = QStringLiteral("outer");
    machine.setFrameLocal(QStringLiteral("@F2"), outer);
}

} // namespace

class TestDebuggeeInspector : public QObject {
    Q_OBJECT

private slots:
    void expandsAPathLevelByLevel()
    {
        FakeDebuggee machine;
        stopInInner(machine);
        DebuggeeInspector inspector(&machine);
        bool finished = false, result = false;
        inspector.enqueue([&](std::function<void()> done) {
            inspector.expand(DebuggeeInspector::Scope::Locals, {QStringLiteral("o"), QStringLiteral("inner")}, [&, done](bool ok) {
                result = ok;
                finished = true;
                done();
            });
        });
        QTRY_VERIFY(finished);
        QVERIFY(result);
        QCOMPARE(machine.commands(), (QStringList{QStringLiteral("toggle @O1"), QStringLiteral("toggle @O2")}));
        const QList<xsbug::Property>& list = machine.local().properties;
        const int deep = DebuggeeInspector::find(list, {QStringLiteral("o"), QStringLiteral("inner"), QStringLiteral("deep")});
        QVERIFY(deep >= 0);
        QCOMPARE(list[deep].value, QStringLiteral("42"));
        QCOMPARE(list[deep].depth, 2);
        // Open already: nothing more is sent.
        finished = false;
        inspector.enqueue([&](std::function<void()> done) {
            inspector.expand(DebuggeeInspector::Scope::Locals, {QStringLiteral("o")}, [&, done](bool ok) {
                result = ok;
                finished = true;
                done();
            });
        });
        QTRY_VERIFY(finished);
        QVERIFY(result);
        QCOMPARE(machine.commands().size(), 2);
    }

    void runsTasksOneAtATime()
    {
        FakeDebuggee machine;
        stopInInner(machine);
        DebuggeeInspector inspector(&machine);
        QStringList order;
        std::function<void()> firstDone;
        inspector.enqueue([&](std::function<void()> done) {
            order << QStringLiteral("first starts");
            firstDone = done;
        });
        inspector.enqueue([&](std::function<void()> done) {
            order << QStringLiteral("second starts");
            done();
        });
        QTest::qWait(20);
        QCOMPARE(order, QStringList{QStringLiteral("first starts")});
        firstDone();
        firstDone(); // twice: counted once
        QTRY_COMPARE(order.size(), 2);
        QCOMPARE(order.last(), QStringLiteral("second starts"));
    }

    void evaluatesInTheFrameAskedFor()
    {
        FakeDebuggee machine;
        stopInInner(machine);
        scriptOuterFrame(machine);
        xsbug::EvalResult answer;
        answer.properties = {row(QStringLiteral("(return)"), QStringLiteral("7"))};
        machine.setEvalResult(QStringLiteral("n + 6"), answer);
        DebuggeeInspector inspector(&machine);
        QString value, error = QStringLiteral("not answered");
        inspector.enqueue([&](std::function<void()> done) {
            inspector.evaluate(QStringLiteral("@F2"), QStringLiteral("n + 6"), [&, done](const xsbug::EvalResult* result, const QString& e) {
                value = result ? result->properties.value(0).value : QString();
                error = e;
                done();
            });
        });
        QTRY_COMPARE(value, QStringLiteral("7"));
        QVERIFY(error.isEmpty());
        QCOMPARE(machine.commands(), (QStringList{QStringLiteral("select @F2"), QStringLiteral("eval n + 6")}));
        QCOMPARE(machine.local().address, QStringLiteral("@F2"));
    }

    // At a break on a throw a name is evaluated guarded; one the frame cannot see is answered
    // by the machine as "not defined", then the frame's scopes come again, as after any result.
    // The same name asked next in the script's frame (DAP's retry of a top-level const) waits
    // for those before selecting that frame, else it would take them for the selection and
    // evaluate in the function's frame once more.
    void waitsForTheScopesAfterAnAnsweredFailure()
    {
        FakeDebuggee machine;
        stopInInner(machine);
        scriptOuterFrame(machine);
        machine.setEvalFailure(QStringLiteral("LIMIT"), QStringLiteral("ReferenceError: LIMIT is not defined"),
                               QStringLiteral("@F1"));
        xsbug::EvalResult five;
        five.properties = {row(QStringLiteral("(return)"), QStringLiteral("5"))};
        machine.setEvalResult(QStringLiteral("LIMIT"), five, QStringLiteral("@F2"));
        DebuggeeInspector inspector(&machine);
        QStringList answers;
        for (const QString& frame : {QStringLiteral("@F1"), QStringLiteral("@F2")})
            inspector.enqueue([&, frame](std::function<void()> done) {
                inspector.evaluate(frame, QStringLiteral("LIMIT"), [&, done](const xsbug::EvalResult* result, const QString& e) {
                    answers << (result ? result->properties.value(0).value : e);
                    done();
                });
            });
        QTRY_COMPARE(answers.size(), 2);
        QCOMPARE(answers, (QStringList{QStringLiteral("ReferenceError: LIMIT is not defined"), QStringLiteral("5")}));
        QCOMPARE(machine.commands(),
                 (QStringList{QStringLiteral("eval LIMIT"), QStringLiteral("select @F2"), QStringLiteral("eval LIMIT")}));
    }

    void failsWhenTheMachineResumesOrIsSilent()
    {
        FakeDebuggee machine;
        stopInInner(machine);
        DebuggeeInspector inspector(&machine);
        inspector.setAnswerTimeoutMs(100);
        machine.setSilent(true);
        int answers = 0;
        bool lastOk = true;
        inspector.enqueue([&](std::function<void()> done) {
            inspector.expand(DebuggeeInspector::Scope::Locals, {QStringLiteral("o")}, [&, done](bool ok) {
                lastOk = ok;
                ++answers;
                done();
            });
        });
        QTRY_COMPARE(answers, 1); // the timeout
        QVERIFY(!lastOk);
        // Resumed while waiting: false at once, and nothing asked of a running machine after.
        inspector.setAnswerTimeoutMs(5000);
        inspector.enqueue([&](std::function<void()> done) {
            inspector.expand(DebuggeeInspector::Scope::Locals, {QStringLiteral("o")}, [&, done](bool ok) {
                lastOk = ok;
                ++answers;
                done();
            });
            machine.go();
        });
        QTRY_COMPARE(answers, 2);
        QVERIFY(!lastOk);
        const int sent = int(machine.commands().size());
        inspector.enqueue([&](std::function<void()> done) {
            inspector.selectFrame(QStringLiteral("@F2"), [&, done](bool ok) {
                lastOk = ok;
                ++answers;
                done();
            });
        });
        QTRY_COMPARE(answers, 3);
        QVERIFY(!lastOk);
        QCOMPARE(machine.commands().size(), sent);
    }

    void evaluationFailsWhenTheMachineLeaves()
    {
        FakeDebuggee machine;
        stopInInner(machine);
        DebuggeeInspector inspector(&machine);
        QString error;
        inspector.enqueue([&](std::function<void()> done) {
            inspector.evaluate({}, QStringLiteral("unanswered"), [&, done](const xsbug::EvalResult* result, const QString& e) {
                QVERIFY(!result);
                error = e;
                done();
            });
            machine.leave();
        });
        QTRY_VERIFY(!error.isEmpty());
        QVERIFY2(error.contains(QStringLiteral("left")), qPrintable(error));
    }
};

QTEST_GUILESS_MAIN(TestDebuggeeInspector)
#include "tst_debuggeeinspector.moc"
