// The session's life, one handler at a time, with no engine: launch and attach (their typed
// arguments, JSON-path errors, error ids), restart (a launched program again; over a TCP attach
// the machines end and the next is debugged), disconnect (terminateDebuggee: false leaves a
// launched program running) and xsprof/profile (a start before any machine is armed for the
// next; profileOnStart starts every one). Machines are scripted on a socket, as the engine
// speaks, or played from the corpus by xs_replay.py.
#include "dapclient.h"

#include "app/dap/dapargs.h"
#include "model/profileloader.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>
#include <sys/types.h>

using nlohmann::json;

namespace {

// A machine on a socket, scripted by the test: it logs in, and reads what the adapter sends.
class ScriptedMachine {
public:
    bool connectTo(quint16 port)
    {
        m_socket.connectToHost(QHostAddress::LocalHost, port);
        return m_socket.waitForConnected(5000);
    }
    void send(const QByteArray& content)
    {
        m_socket.write("\r\n<xsbug>" + content + "</xsbug>\r\n");
        m_socket.flush();
    }
    void logIn(const char* name) { send(QByteArray("<login name=\"") + name + "\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>"); }
    // Everything received so far contains `text` (waiting up to `ms`).
    bool received(const QByteArray& text, int ms = 5000)
    {
        QDeadlineTimer deadline(ms);
        for (;;) {
            m_received += m_socket.readAll();
            if (m_received.contains(text) || deadline.hasExpired())
                return m_received.contains(text);
            QTest::qWait(5);
        }
    }
    QByteArray all() const { return m_received; }
    void leave() { m_socket.disconnectFromHost(); }

private:
    QTcpSocket m_socket;
    QByteArray m_received;
};

// A process that runs and has not ended (a zombie has ended).
bool processRuns(qint64 pid)
{
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return false;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    return close > 0 && text.mid(close + 2, 1) != "Z";
}

// The process id a launched `sh -c 'echo pid $$; exec sleep 30'` printed.
qint64 printedPid(DapClient& c)
{
    if (!c.waitForOutput("pid "))
        return 0;
    const auto m = QRegularExpression(QStringLiteral("pid (\\d+)")).match(QString::fromStdString(c.output()));
    return m.hasMatch() ? m.captured(1).toLongLong() : 0;
}

json launchSleeper(DapClient& c)
{
    if (c.count("initialized") == 0)
        c.request("initialize", {{"adapterID", "xs"}});
    const json r = c.request("launch", {{"program", "/bin/sh"}, {"args", {"-c", "echo pid $$; exec sleep 30"}}, {"programOutput", "all"}});
    c.request("configurationDone");
    return r;
}

} // namespace

class TestDapLifecycle : public QObject {
    Q_OBJECT

private slots:
    void init()
    {
        QVERIFY(m_dir.isValid());
        QDir::setCurrent(m_dir.path()); // an attach session's launch folder: written profiles land here
    }

    // --- launch and attach: their arguments -----------------------------------------------

    void launchAndAttachArgumentsAreTyped()
    {
        std::string error;
        const auto launch = DapArgs::launch(json::parse(R"({"program": "xst", "args": ["a.js", "-x"], "cwd": "/w",
            "env": {"A": "1", "B": null}, "programOutput": false, "stopOnEntry": true, "profileOnStart": true,
            "xsc": "/sdk/xsc", "localRoot": "/w", "remoteRoot": "/build", "sourceMap": {"/lib": "/w/lib"}})"),
                                            error);
        QVERIFY2(launch, error.c_str());
        QCOMPARE(launch->program, QStringLiteral("xst"));
        QCOMPARE(launch->args, QStringList({QStringLiteral("a.js"), QStringLiteral("-x")}));
        QCOMPARE(launch->env.size(), size_t(2));
        QVERIFY(launch->env[0].second);
        QCOMPARE(*launch->env[0].second, QStringLiteral("1"));
        QVERIFY(!launch->env[1].second);
        QCOMPARE(launch->programOutput, QStringLiteral("none"));
        QVERIFY(launch->stopOnEntry && launch->profileOnStart);
        QCOMPARE(launch->sourceMap.size(), size_t(1));
        QCOMPARE(launch->sourceMap[0].first, QStringLiteral("/lib"));
        const auto attach = DapArgs::attach(json::parse(R"({"port": 6000, "host": "0.0.0.0", "serial": "/dev/ttyUSB0"})"), error);
        QVERIFY2(attach, error.c_str());
        QCOMPARE(*attach->port, 6000);
        QVERIFY(!attach->profileOnStart);
        // A restart's new configuration is named where it is.
        QVERIFY(!DapArgs::attach(json::parse(R"({"port": "6000"})"), error, "arguments.arguments"));
        QCOMPARE(error, std::string("arguments.arguments.port must be an integer, not a string"));
    }

    void wrongTypesAreShownToTheUserByTheirPath_data()
    {
        QTest::addColumn<QString>("request");
        QTest::addColumn<QString>("arguments");
        QTest::addColumn<QString>("error");
        QTest::newRow("args[1]") << "launch" << R"({"program": "/bin/true", "args": ["a", 3]})"
                                 << "arguments.args[1] must be a string, not an integer";
        QTest::newRow("env.A") << "launch" << R"({"program": "/bin/true", "env": {"A": 1}})"
                               << "arguments.env.A must be a string or null, not an integer";
        QTest::newRow("programOutput") << "launch" << R"({"program": "/bin/true", "programOutput": 17})"
                                       << "arguments.programOutput must be a string or a boolean, not an integer";
        QTest::newRow("cwd") << "launch" << R"({"program": "/bin/true", "cwd": ["/"]})" << "arguments.cwd must be a string, not an array";
        QTest::newRow("port") << "attach" << R"({"port": "5002"})" << "arguments.port must be an integer, not a string";
        QTest::newRow("profileOnStart") << "attach" << R"({"profileOnStart": "yes"})"
                                        << "arguments.profileOnStart must be a boolean, not a string";
        QTest::newRow("sourceMap entry") << "attach" << R"({"sourceMap": {"/b": 3}})"
                                         << "arguments.sourceMap./b must be a string (a workspace folder), not an integer";
        // What no type catches, named by its attribute.
        QTest::newRow("port range") << "attach" << R"({"port": 70000})" << "\"port\" must be a number from 0 to 65535, not 70000";
        QTest::newRow("program") << "launch" << R"({"program": "/nonexistent/xst"})"
                                 << "\"program\" /nonexistent/xst is not an executable file";
        QTest::newRow("programOutput value") << "launch" << R"({"program": "/bin/true", "programOutput": "everything"})"
                                             << "\"programOutput\" is \"all\", \"stderr\" or \"none\", not \"everything\"";
    }
    void wrongTypesAreShownToTheUserByTheirPath()
    {
        QFETCH(QString, request);
        QFETCH(QString, arguments);
        QFETCH(QString, error);
        const json r = DapClient::firstAnswer(request, arguments);
        QCOMPARE(r.value("success", true), false);
        QCOMPARE(QString::fromStdString(r.value("message", "")), error);
        QCOMPARE(r["body"]["error"].value("id", 0), int(DapError::Configuration));
        QCOMPARE(r["body"]["error"].value("showUser", false), true);
    }

    // --- disconnect -----------------------------------------------------------------------

    void disconnectEndsALaunchedProgramUnlessToldNotTo()
    {
        qint64 kept = 0;
        {
            DapClient c;
            QVERIFY(launchSleeper(c).value("success", false));
            kept = printedPid(c);
            QVERIFY(kept > 0);
            const json r = c.request("disconnect", {{"terminateDebuggee", false}});
            QVERIFY(r.value("success", false));
            QTRY_VERIFY(c.finished);
            QVERIFY(c.output().find("goes on running") != std::string::npos);
        }
        QTest::qWait(300);
        QVERIFY2(processRuns(kept), "the program outlives the adapter that let it go");
        ::kill(pid_t(kept), SIGKILL);

        DapClient c;
        QVERIFY(launchSleeper(c).value("success", false));
        const qint64 ended = printedPid(c);
        QVERIFY(ended > 0);
        QVERIFY(c.request("disconnect").value("success", false)); // launch: terminateDebuggee by default
        QTRY_VERIFY_WITH_TIMEOUT(!processRuns(ended), 5000);
    }

    // --- restart --------------------------------------------------------------------------

    void restartOverATcpAttachWaitsForTheNextMachine()
    {
        DapClient c;
        const quint16 port = c.attachOnFreePort({{"stopOnEntry", true}});
        QVERIFY(port != 0);
        QVERIFY(c.request("setBreakpoints", {{"source", {{"path", "/x/a.js"}}}, {"breakpoints", {{{"line", 3}}}}})
                    .value("success", false));
        ScriptedMachine first;
        QVERIFY(first.connectTo(port));
        first.logIn("app");
        QVERIFY(first.received("</set-all-breakpoints>"));
        QVERIFY(first.all().contains("path=\"/x/a.js\" line=\"3\""));
        QVERIFY(first.all().contains("path=\"start\""));
        QVERIFY(!c.event("thread").is_null());

        const json r = c.request("restart");
        QVERIFY2(r.value("success", false), r.dump().c_str());
        QVERIFY(first.received("<abort/>"));
        first.leave();
        QVERIFY(c.waitForOutput("waiting for the next on"));
        QTRY_COMPARE(c.count("thread", "exited"), 1);
        QVERIFY(c.event("terminated", 700).is_null());

        // The next run: the breakpoints again, and the break on start (the restart's first machine).
        ScriptedMachine next;
        QVERIFY(next.connectTo(port));
        next.logIn("app");
        QVERIFY(next.received("</set-all-breakpoints>"));
        QVERIFY(next.all().contains("path=\"/x/a.js\" line=\"3\""));
        QVERIFY(next.all().contains("path=\"start\""));
        QTRY_COMPARE(c.count("thread", "started"), 2);
        // A Worker of that run does not break on start.
        ScriptedMachine worker;
        QVERIFY(worker.connectTo(port));
        worker.logIn("app");
        QVERIFY(worker.received("</set-all-breakpoints>"));
        QVERIFY(!worker.all().contains("path=\"start\""));

        // Another port is not a restart: refused, naming it; the session goes on.
        const json moved = c.request("restart", {{"arguments", {{"port", 1}}}});
        QCOMPARE(moved.value("success", true), false);
        QCOMPARE(moved["body"]["error"].value("id", 0), int(DapError::Configuration));
        QVERIFY(QString::fromStdString(moved.value("message", "")).contains(QStringLiteral("\"port\"")));
        const json wrong = c.request("restart", {{"arguments", 3}});
        QCOMPARE(QString::fromStdString(wrong.value("message", "")), QStringLiteral("arguments.arguments must be an object, not an integer"));
        QCOMPARE(wrong["body"]["error"].value("id", 0), int(DapError::Arguments));
        QVERIFY(!next.all().contains("<abort/>"));
    }

    void restartRelaunchesALaunchedProgram()
    {
        DapClient c;
        c.request("initialize", {{"adapterID", "xs"}});
        const json before = c.request("restart");
        QCOMPARE(before["body"]["error"].value("id", 0), int(DapError::NotNow));
        QVERIFY(launchSleeper(c).value("success", false));
        const qint64 first = printedPid(c);
        QVERIFY(first > 0);
        const json r = c.request("restart");
        QVERIFY2(r.value("success", false), r.dump().c_str());
        QTRY_VERIFY_WITH_TIMEOUT(!processRuns(first), 5000);
        QTRY_VERIFY_WITH_TIMEOUT(c.output().find("pid ", c.output().find("pid ") + 4) != std::string::npos, 5000);
        QCOMPARE(c.count("terminated"), 0);
        QCOMPARE(c.count("exited"), 0);
        QVERIFY(c.request("disconnect").value("success", false));
    }

    // --- xsprof/profile -------------------------------------------------------------------

    void aStartBeforeAnyMachineIsArmedForTheNext()
    {
        DapClient c;
        const quint16 port = c.attachOnFreePort();
        QVERIFY(port != 0);
        json r = c.request("xsprof/profile", {{"action", "stop"}});
        QCOMPARE(r.value("success", true), false);
        r = c.request("xsprof/profile", {{"action", "start"}});
        QVERIFY2(r.value("success", false), r.dump().c_str());
        QCOMPARE(r["body"].value("armed", false), true);
        QVERIFY(QString::fromStdString(r["body"].value("message", "")).startsWith(QStringLiteral("armed")));
        // Disarmed, armed again.
        r = c.request("xsprof/profile", {{"action", "stop"}});
        QCOMPARE(r["body"].value("armed", true), false);
        QVERIFY(c.request("xsprof/profile", {{"action", "start"}})["body"].value("armed", false));

        ScriptedMachine first;
        QVERIFY(first.connectTo(port));
        first.logIn("xst");
        QVERIFY(first.received("<start-profiling/>"));
        // In the login answer, before the machine runs: the set-all-breakpoints frame, then the start.
        QVERIFY(first.all().indexOf("</set-all-breakpoints>") < first.all().indexOf("<start-profiling/>"));
        // For the next machine only.
        ScriptedMachine second;
        QVERIFY(second.connectTo(port));
        second.logIn("other");
        QVERIFY(second.received("</set-all-breakpoints>"));
        QTest::qWait(200);
        second.received("<start-profiling/>", 0);
        QVERIFY(!second.all().contains("<start-profiling/>"));

        // xst sends no samples (its file profiler): a stop says where its profile goes instead.
        const json threads = c.request("threads");
        const int xst = threads["body"]["threads"][0].value("id", 0);
        r = c.request("xsprof/profile", {{"action", "stop"}, {"threadId", xst}});
        QCOMPARE(r.value("success", true), false);
        QVERIFY(QString::fromStdString(r.value("message", "")).contains(QStringLiteral("XS-yy-mm-dd")));
        QVERIFY(first.received("<stop-profiling/>"));
        // A start to a running xst says when it acts.
        r = c.request("xsprof/profile", {{"action", "start"}, {"threadId", xst}});
        QVERIFY(r.value("success", false));
        QVERIFY(QString::fromStdString(r["body"].value("message", "")).contains(QStringLiteral("xst reads it at its next pause")));
    }

    void profileOnStartStartsEveryMachine()
    {
        DapClient c;
        const quint16 port = c.attachOnFreePort({{"profileOnStart", true}});
        QVERIFY(port != 0);
        for (const char* name : {"app", "worker"}) {
            ScriptedMachine machine;
            QVERIFY(machine.connectTo(port));
            machine.logIn(name);
            QVERIFY2(machine.received("<start-profiling/>"), name);
            machine.leave();
        }
    }

    // The recording of an instrument-profiler xst profiled from its login (it starts at once, as
    // the armed start asks), played into an armed session: the profile is written when it leaves.
    void anArmedMachineHasItsProfileWrittenWhenItLeaves()
    {
        DapClient c;
        const quint16 port = c.attachOnFreePort();
        QVERIFY(port != 0);
        QVERIFY(c.request("xsprof/profile", {{"action", "start"}})["body"].value("armed", false));
        const QString received = m_dir.filePath(QStringLiteral("received.txt"));
        QProcess replay;
        replay.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        replay.start(QStringLiteral("python3"),
                     {QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"), QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/gc_alloc.profile-on-start.xsbug"),
                      QStringLiteral("--connect"), QStringLiteral("127.0.0.1:%1").arg(port), QStringLiteral("--save-received"), received,
                      QStringLiteral("--quiet")});
        QVERIFY(replay.waitForStarted(5000));
        const json written = c.event("xsprof/profileWritten", 30000);
        QVERIFY(!written.is_null());
        const QString path = QString::fromStdString(written["body"].value("path", ""));
        QVERIFY(path.startsWith(m_dir.path()));
        const size_t samples = written["body"].value("samples", size_t(0));
        QVERIFY(samples > 1000); // two seconds of churn
        const xsprof::LoadResult loaded = xsprof::loadProfileFile(path.toStdString());
        QVERIFY(loaded.ok());
        QCOMPARE(loaded.profile->samples.size(), samples);
        QVERIFY(c.waitForOutput("profile of xst written: "));
        // Waited for with the event loop running: the adapter in this thread closes the machine's end.
        QTRY_VERIFY_WITH_TIMEOUT(replay.state() == QProcess::NotRunning, 20000);
        QFile sent(received);
        QVERIFY(sent.open(QIODevice::ReadOnly));
        const QByteArray answer = sent.readAll();
        QVERIFY(answer.contains("</set-all-breakpoints>\r\n\r\n<start-profiling/>")); // the login answer
    }

private:
    QTemporaryDir m_dir;
};

QTEST_GUILESS_MAIN(TestDapLifecycle)
#include "tst_daplifecycle.moc"
