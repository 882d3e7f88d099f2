// Issue 38: a machine's login answer carries every breakpoint, conditions and log points
// compiled (xst reads nothing more until it pauses). Compiled by a fake xsc that returns .xsb
// files recorded from a real one and logs each run (FAKE_XSC_LOG), so that the cache per XS
// version, the compile shared by logins arriving together, the time bound and the serial
// path can be counted. The machines log in from threads of their own while this thread waits:
// the window's thread is not needed for an answer.
#include "fakexsmachine.h"

#include "model/xs/xsbinary.h"
#include "protocol/debugserver.h"
#include "protocol/loginanswers.h"
#include "protocol/machinesession.h"
#include "protocol/sessionexpressions.h"

#include <QElapsedTimer>
#include <QFile>
#include <QSignalSpy>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTest>

#include <thread>

namespace {
const QString fixtures = QStringLiteral(XSPROF_FIXTURES_DIR);
const QString fakeXsc = fixtures + QStringLiteral("/xsc/fake-xsc");
const QByteArray xst = "XS 17.9.1 64-bit LE 32-bit ID"; // what the recorded .xsb files match
const QString script = QStringLiteral("/home/dev/app/prog.js");

QByteArray recordedHex(const char* name)
{
    QFile file(fixtures + QStringLiteral("/xsc/xsc32/%1.xsb").arg(QLatin1String(name)));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray data = file.readAll();
    return QByteArray::fromStdString(xsprof::hexEncode({data.begin(), data.end()}));
}

struct Login {
    QByteArray received;
    qint64 ms = -1; // from the login to the end of its answer
};

// Logs in as a machine of `version` and reads until the answer ends (profiling is asked for
// in these settings, so the answer ends with start-profiling).
Login logIn(quint16 port, const QByteArray& version)
{
    Login login;
    QTcpSocket engine;
    engine.connectToHost(QHostAddress::LocalHost, port);
    if (!engine.waitForConnected(5000))
        return login;
    QElapsedTimer clock;
    clock.start();
    engine.write("\r\n<xsbug><login name=\"xst\" value=\"" + version + "\" flags=\"e\"/></xsbug>\r\n");
    engine.waitForBytesWritten(5000);
    while (!login.received.endsWith("<start-profiling/>\r\n") && engine.waitForReadyRead(10000))
        login.received += engine.readAll();
    if (login.received.endsWith("<start-profiling/>\r\n"))
        login.ms = clock.elapsed();
    return login;
}

// Several machines at once, each from a thread of its own, while this thread waits for them.
QList<Login> logInTogether(quint16 port, const QList<QByteArray>& versions)
{
    QList<Login> logins(versions.size());
    std::vector<std::thread> threads;
    for (qsizetype i = 0; i < versions.size(); ++i)
        threads.emplace_back([&logins, i, port, version = versions[i]] { logins[i] = logIn(port, version); });
    for (std::thread& t : threads)
        t.join();
    return logins;
}
} // namespace

class TestLoginAnswers : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void theFirstLoginIsAnsweredWithEveryBreakpointCompiled();
    void loginsOfOneVersionShareOneCompile();
    void aSlowCompileHoldsTheLoginNoLongerThanTheTimeout();
    void anotherVersionIsJudgedOnItsOwn();
    void changedBreakpointsOrCompilerAreCompiledAgain();
    void aSerialMachineUsesTheSameAnswers();
    void aBreakpointCompiledAtABreakGoesBeforeGo();

private:
    SessionSettings settings() const;
    QStringList xscRuns() const;
    QByteArray expectedAnswer() const;

    std::unique_ptr<QTemporaryDir> m_dir;
};

void TestLoginAnswers::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    qputenv("FAKE_XSC_LOG", m_dir->filePath(QStringLiteral("xsc-runs.txt")).toLocal8Bit());
}

void TestLoginAnswers::cleanup()
{
    qunsetenv("FAKE_XSC_LOG");
    m_dir.reset();
}

SessionSettings TestLoginAnswers::settings() const
{
    SessionSettings s;
    s.xscPath = fakeXsc;
    s.profileOnStart = true;
    Breakpoint conditional(script, 3);
    conditional.condition = QStringLiteral("n === 1");
    Breakpoint logPoint(script, 5);
    logPoint.logMessage = QStringLiteral("\"n is \" + n");
    s.breakpoints = {Breakpoint(script, 9), conditional, logPoint};
    return s;
}

QStringList TestLoginAnswers::xscRuns() const
{
    QFile log(m_dir->filePath(QStringLiteral("xsc-runs.txt")));
    if (!log.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(log.readAll()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

// settings()'s handshake, written out here: the plain breakpoint, then the compiled ones, in
// one frame (xst reads 255 bytes at a time and must not stop between them), then profiling.
QByteArray TestLoginAnswers::expectedAnswer() const
{
    return "\r\n<set-all-breakpoints><breakpoint path=\"exceptions\" line=\"0\" id=\"@0\"/>"
           "<breakpoint path=\"/home/dev/app/prog.js\" line=\"9\" id=\"@0\"/></set-all-breakpoints>"
           "<set-breakpoint path=\"/home/dev/app/prog.js\" line=\"3\" id=\"@1\"><breakpoint-condition path=\"" +
           recordedHex("cond") +
           "\"/></set-breakpoint><set-breakpoint path=\"/home/dev/app/prog.js\" line=\"5\" id=\"@1\">"
           "<breakpoint-trace path=\"" +
           recordedHex("trace") + "\"/></set-breakpoint>\r\n\r\n<start-profiling/>\r\n";
}

void TestLoginAnswers::theFirstLoginIsAnsweredWithEveryBreakpointCompiled()
{
    DebugServer server;
    server.setSessionSettings(settings());
    QVERIFY(server.listen(0));
    QSignalSpy connected(&server, &DebugServer::machineConnected);
    const QList<Login> logins = logInTogether(server.port(), {xst}); // this thread serves nothing meanwhile
    QVERIFY(logins[0].ms >= 0);
    QCOMPARE(logins[0].received, expectedAnswer());
    QStringList runs = xscRuns(); // the two run side by side
    runs.sort();
    QCOMPARE(runs, (QStringList{QStringLiteral("\"n is \" + n"), QStringLiteral("n === 1")}));
    // The session the machine is handed to does not answer again, and has nothing to report.
    QVERIFY(connected.wait(5000));
    auto* session = connected.at(0).at(0).value<MachineSession*>();
    QTest::qWait(100);
    QVERIFY(session->expressions()->notSentAtLogin().isEmpty());
}

void TestLoginAnswers::loginsOfOneVersionShareOneCompile()
{
    DebugServer server;
    server.setSessionSettings(settings());
    QVERIFY(server.listen(0));
    QSignalSpy connected(&server, &DebugServer::machineConnected);
    // Three at once: all wait for the same compile.
    const QList<Login> together = logInTogether(server.port(), {xst, xst, xst});
    for (const Login& login : together)
        QCOMPARE(login.received, expectedAnswer());
    QCOMPARE(xscRuns().size(), 2); // one run per expression
    // Later: from the cache.
    const QList<Login> later = logInTogether(server.port(), {xst, xst});
    for (const Login& login : later)
        QCOMPARE(login.received, expectedAnswer());
    QCOMPARE(xscRuns().size(), 2);
    QTRY_COMPARE(connected.size(), 5); // every machine handed over before the server goes
}

void TestLoginAnswers::aSlowCompileHoldsTheLoginNoLongerThanTheTimeout()
{
    SessionSettings s = settings();
    s.breakpoints[1].condition = QStringLiteral("while (true) {}"); // the fake xsc never answers it
    s.loginCompileTimeoutMs = 300;
    DebugServer server;
    server.setSessionSettings(s);
    QVERIFY(server.listen(0));
    QSignalSpy connected(&server, &DebugServer::machineConnected);
    const Login first = logInTogether(server.port(), {xst})[0];
    QVERIFY2(first.ms >= 250 && first.ms < 5000, qPrintable(QString::number(first.ms)));
    // Answered without the two breakpoints that wait for xsc (the log point's expression shares the compile).
    const QByteArray without = "\r\n<set-all-breakpoints><breakpoint path=\"exceptions\" line=\"0\" id=\"@0\"/>"
                               "<breakpoint path=\"/home/dev/app/prog.js\" line=\"9\" id=\"@0\"/></set-all-breakpoints>"
                               "\r\n\r\n<start-profiling/>\r\n";
    QCOMPARE(first.received, without);
    // ...and says so, for each, once the machine is announced.
    QVERIFY(connected.wait(5000));
    auto* session = connected.at(0).at(0).value<MachineSession*>();
    QTRY_COMPARE(session->expressions()->notSentAtLogin().size(), 2);
    const QString reason = session->expressions()->notSentAtLogin().at(0).reason;
    QVERIFY2(reason.contains(QLatin1String("had not compiled its condition or log message 0.3 s after the machine logged in")) &&
                 reason.contains(QLatin1String("answered without it")) && reason.contains(fakeXsc),
             qPrintable(reason));
    QCOMPARE(session->expressions()->notSentAtLogin().at(0).breakpoint.line, 3);
    // A machine of the same version arriving while xsc still runs is not held again.
    const Login second = logInTogether(server.port(), {xst})[0];
    QCOMPARE(second.received, without);
    QCOMPARE(xscRuns().count(QStringLiteral("while (true) {}")), 1);
    QTRY_COMPARE(connected.size(), 2);
}

void TestLoginAnswers::anotherVersionIsJudgedOnItsOwn()
{
    DebugServer server;
    server.setSessionSettings(settings());
    QVERIFY(server.listen(0));
    QSignalSpy connected(&server, &DebugServer::machineConnected);
    QCOMPARE(logInTogether(server.port(), {xst})[0].received, expectedAnswer());
    QVERIFY(connected.wait(5000));
    // An older engine with 16-bit IDs: the 17.9 bytecode would crash it, so it gets only the
    // plain breakpoints, and each left out is reported with the reason.
    const Login older = logInTogether(server.port(), {"XS 17.7.0 64-bit LE 16-bit ID"})[0];
    QCOMPARE(older.received, QByteArray("\r\n<set-all-breakpoints><breakpoint path=\"exceptions\" line=\"0\" id=\"@0\"/>"
                                        "<breakpoint path=\"/home/dev/app/prog.js\" line=\"9\" id=\"@0\"/></set-all-breakpoints>"
                                        "\r\n\r\n<start-profiling/>\r\n"));
    QTRY_COMPARE(connected.size(), 2);
    auto* session = connected.at(1).at(0).value<MachineSession*>();
    QTRY_COMPARE(session->expressions()->notSentAtLogin().size(), 2);
    QCOMPARE(session->expressions()->notSentAtLogin().at(0).reason,
             QStringLiteral("condition: xsc 17.9 with 32-bit IDs does not match this machine's XS 17.7 with 16-bit IDs"));
    QCOMPARE(session->expressions()->notSentAtLogin().at(1).reason,
             QStringLiteral("log message: xsc 17.9 with 32-bit IDs does not match this machine's XS 17.7 with 16-bit IDs"));
    // Each version keeps its own answer; xsc's bytecode itself does not depend on the machine.
    QCOMPARE(logInTogether(server.port(), {xst})[0].received, expectedAnswer());
    QCOMPARE(xscRuns().size(), 2);
    QTRY_COMPARE(connected.size(), 3);
}

void TestLoginAnswers::changedBreakpointsOrCompilerAreCompiledAgain()
{
    DebugServer server;
    SessionSettings s = settings();
    server.setSessionSettings(s);
    QVERIFY(server.listen(0));
    QSignalSpy connected(&server, &DebugServer::machineConnected);
    QCOMPARE(logInTogether(server.port(), {xst})[0].received, expectedAnswer());
    QCOMPARE(xscRuns().size(), 2);

    // A plain breakpoint more, or profiling no longer asked for: nothing to compile again.
    s.breakpoints << Breakpoint(script, 11);
    server.setSessionSettings(s);
    Login login = logInTogether(server.port(), {xst})[0];
    QVERIFY2(login.received.contains("<breakpoint path=\"/home/dev/app/prog.js\" line=\"11\" id=\"@0\"/>"), login.received);
    QVERIFY(login.received.contains(recordedHex("cond")));
    QCOMPARE(xscRuns().size(), 2);

    // Another condition: compiled at the next login.
    s.breakpoints[1].condition = QStringLiteral("total + 1");
    server.setSessionSettings(s);
    login = logInTogether(server.port(), {xst})[0];
    QVERIFY(login.received.contains(QByteArray("<breakpoint-condition path=\"" + recordedHex("total") + "\"/>")));
    QVERIFY(!login.received.contains(recordedHex("cond")));
    QCOMPARE(xscRuns().size(), 3);
    QCOMPARE(xscRuns().last(), QStringLiteral("total + 1"));

    // Another xsc: everything compiled again by it.
    const QString other = m_dir->filePath(QStringLiteral("other-xsc"));
    QFile wrapper(other);
    QVERIFY(wrapper.open(QIODevice::WriteOnly));
    wrapper.write("#!/bin/sh\nexec '" + fakeXsc.toUtf8() + "' \"$@\"\n");
    wrapper.close();
    QVERIFY(wrapper.setPermissions(wrapper.permissions() | QFileDevice::ExeOwner));
    s.xscPath = other;
    server.setSessionSettings(s);
    login = logInTogether(server.port(), {xst})[0];
    QVERIFY(login.received.contains(recordedHex("total")) && login.received.contains(recordedHex("trace")));
    QCOMPARE(xscRuns().size(), 5);
    QTRY_COMPARE(connected.size(), 4);
}

// Serial machines are not answered by the server's desk: their session answers, with the
// server's answers (they come with its settings).
void TestLoginAnswers::aSerialMachineUsesTheSameAnswers()
{
    DebugServer server;
    server.setSessionSettings(settings());
    QVERIFY(server.listen(0));
    QSignalSpy connected(&server, &DebugServer::machineConnected);
    QCOMPARE(logInTogether(server.port(), {xst})[0].received, expectedAnswer());
    QVERIFY(connected.wait(5000));

    // A byte stream that is not the server's: one end is the machine, the other its session.
    QTcpServer link;
    QVERIFY(link.listen(QHostAddress::LocalHost));
    QTcpSocket device;
    device.connectToHost(QHostAddress::LocalHost, link.serverPort());
    QVERIFY(link.waitForNewConnection(5000));
    QVERIFY(device.waitForConnected(5000));
    QIODevice* stream = link.nextPendingConnection();
    MachineSession session(stream, QStringLiteral("/dev/ttyUSB0 3FFB0001"), server.sessionSettings());
    QSignalSpy loggedIn(&session, &MachineSession::loggedIn);
    QByteArray received;
    connect(&device, &QTcpSocket::readyRead, this, [&] { received += device.readAll(); });
    device.write("\r\n<xsbug><login name=\"device\" value=\"" + xst + "\" flags=\"e\"/></xsbug>\r\n");
    QVERIFY(loggedIn.wait(5000));
    QTRY_COMPARE(received, expectedAnswer());
    QCOMPARE(xscRuns().size(), 2); // compiled once, for the TCP machine
}

// At a break, a breakpoint whose condition is not compiled yet is sent before the <go/> that
// follows it (listen's stop at start sends breakpoints under the paths learned there, then goes).
void TestLoginAnswers::aBreakpointCompiledAtABreakGoesBeforeGo()
{
    DebugServer server;
    FakeXsMachine machine;
    SessionSettings s;
    s.xscPath = fakeXsc;
    MachineSession* session = machine.logInto(server, s, "xst");
    QVERIFY(session);
    QSignalSpy broke(session, &MachineSession::broke);
    machine.send(fakeBreakIn(script, 4));
    QVERIFY(broke.wait(5000));
    machine.received.clear();
    Breakpoint conditional(script, 3);
    conditional.condition = QStringLiteral("total + 1");
    session->setBreakpoint(conditional);
    session->go();
    QVERIFY(machine.waitFor("<go/>"));
    QCOMPARE(machine.received, "\r\n<set-breakpoint path=\"/home/dev/app/prog.js\" line=\"3\" id=\"@1\"><breakpoint-condition path=\"" +
                                   recordedHex("total") + "\"/></set-breakpoint>\r\n\r\n<go/>\r\n");
    // The same condition elsewhere: compiled already, xsc does not run again.
    machine.received.clear();
    machine.send(fakeBreakIn(script, 4));
    QVERIFY(broke.wait(5000));
    conditional.line = 7;
    session->setBreakpoint(conditional);
    session->go();
    QVERIFY(machine.waitFor("<go/>"));
    QVERIFY(machine.received.startsWith("\r\n<set-breakpoint path=\"/home/dev/app/prog.js\" line=\"7\" id=\"@1\">"));
    QCOMPARE(xscRuns(), QStringList{QStringLiteral("total + 1")});
}

QTEST_GUILESS_MAIN(TestLoginAnswers)
#include "tst_loginanswers.moc"
