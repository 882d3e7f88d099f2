// The debug server against real XS traffic: ../shared/tools/xs_replay.py plays recorded
// machines into it over loopback, as the engine writes (256-byte writes) and byte by byte.
#include "expectedprofile.h"

#include "protocol/bubbletext.h"
#include "protocol/debugserver.h"
#include "protocol/machinesession.h"
#include "protocol/relativebreakpoints.h"
#include "protocol/threadhandoff.h"

#include "model/cpuprofilewriter.h"
#include "model/profileloader.h"

#include <QDeadlineTimer>
#include <QPointer>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QThread>
#include <QTest>

#include <atomic>
#include <sstream>
#include <thread>

using namespace xsprof;

namespace {
// The samples of a machine's profile so far (0 before there is a machine or a profile).
size_t samplesOf(const MachineSession* machine)
{
    const auto profile = machine ? machine->profileSnapshot() : nullptr;
    return profile ? profile->samples.size() : size_t(0);
}
} // namespace

class TestDebugServer : public QObject {
    Q_OBJECT

private slots:
    void replayedMachineMatchesOracle_data();
    void replayedMachineMatchesOracle();
    void severalMachinesAtOnce();
    void connectionWithoutLoginIsClosed();
    void machinesLoggingInTogetherLoseNothing();
    void portInUseIsReported();
    void oversizedMessageEndsOnlyThatConnection();
    void lyingMachine();
    void floodIsParsedWithoutLoss();
    void sessionDeletedWhileParsing();
    void catchUpParsesWhatWasReceived();
    void relativePathsMatchOnWholeComponents_data();
    void relativePathsMatchOnWholeComponents();
    void relativeBreakpointsFollowTheSimulatorsPaths();
    void bubblesBecomeTextAndLogLines();
    void simulatorInstrumentsReachTheLiveProfile();
    void loginIsAnsweredWhileTheServersThreadIsBusy();
    void listeningStateIsReadOnAnyThread();

private:
    struct Replay {
        bool ok = false;
        QByteArray received;
        QString output;
    };
    // Runs xs_replay.py against `server` while this thread's event loop serves it.
    Replay replay(DebugServer& server, const QString& transcript, const QStringList& extra);
    QTemporaryDir m_dir;
};

TestDebugServer::Replay TestDebugServer::replay(DebugServer& server, const QString& transcript, const QStringList& extra)
{
    Replay r;
    const QString received = m_dir.filePath(QStringLiteral("received.bin"));
    QFile::remove(received);
    QProcess python;
    python.setProcessChannelMode(QProcess::MergedChannels);
    python.start(QStringLiteral("python3"),
                 QStringList{QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"), transcript, QStringLiteral("--connect"),
                             QStringLiteral("127.0.0.1:%1").arg(server.port()), QStringLiteral("--save-received"),
                             received, QStringLiteral("--quiet"), QStringLiteral("--timeout"), QStringLiteral("120")}
                     << extra);
    QDeadlineTimer deadline(130000);
    while (python.state() != QProcess::NotRunning && !deadline.hasExpired())
        QTest::qWait(20); // serve the server's sockets while the replay runs
    r.output = QString::fromUtf8(python.readAll());
    r.ok = python.exitStatus() == QProcess::NormalExit && python.exitCode() == 0;
    QFile f(received);
    if (f.open(QIODevice::ReadOnly))
        r.received = f.readAll();
    return r;
}

void TestDebugServer::replayedMachineMatchesOracle_data()
{
    QTest::addColumn<QString>("stem");
    QTest::addColumn<bool>("profileOnStart");
    QTest::addColumn<int>("chunk");
    // The Moddable simulator's app that starts Workers (its own machine; the Workers are not in it).
    QTest::addRow("sim_worker_main, 256-byte writes") << QStringLiteral("sim_worker_main") << true << 256;
    for (int chunk : {256, 1}) {
        QTest::addRow("gc_alloc, %d-byte writes", chunk) << QStringLiteral("gc_alloc.profile-on-start") << true << chunk;
        QTest::addRow("break_while_profiling, %d-byte writes", chunk)
            << QStringLiteral("break_while_profiling.suspend-resume") << true << chunk;
        QTest::addRow("log_and_break, %d-byte writes", chunk) << QStringLiteral("log_and_break.break") << false << chunk;
    }
}

void TestDebugServer::replayedMachineMatchesOracle()
{
    QFETCH(QString, stem);
    QFETCH(bool, profileOnStart);
    QFETCH(int, chunk);
    const QString base = QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/") + stem;

    DebugServer server;
    SessionSettings settings;
    settings.profileOnStart = profileOnStart;
    server.setSessionSettings(settings);
    QVERIFY2(server.listen(0), qPrintable(server.errorString()));
    MachineSession* machine = nullptr;
    QStringList logs, breaks;
    connect(&server, &DebugServer::machineConnected, this, [&](MachineSession* s) {
        machine = s;
        connect(s, &MachineSession::logged, this, [&](const xsbug::Log& l) { logs << l.text; });
        connect(s, &MachineSession::broke, this, [&, s](const xsbug::Break& b) {
            breaks << b.message;
            QCOMPARE(s->state(), MachineSession::State::Broken);
            s->go();
        });
    });
    const Replay r = replay(server, base + QStringLiteral(".xsbug"), {QStringLiteral("--chunk-size"), QString::number(chunk)});
    QVERIFY2(r.ok, qPrintable(r.output));
    QTRY_VERIFY(machine); // handed to this thread after its login, maybe after the replay ended
    QTRY_COMPARE(machine->state(), MachineSession::State::Disconnected);
    QCOMPARE(machine->name(), stem.startsWith(QLatin1String("sim_")) ? QStringLiteral("simple") : QStringLiteral("xst"));

    // What we sent is what xsbug sent: the handshake in one write, then <go/> at each break.
    QFile sent(base + QStringLiteral(".sent"));
    QVERIFY(sent.open(QIODevice::ReadOnly));
    QCOMPARE(r.received, sent.readAll());

    const QString expectedPath = base + QStringLiteral(".expected.json");
    if (!QFile::exists(expectedPath)) {
        QVERIFY(!machine->hasProfile());
        QCOMPARE(breaks.size(), 2);
        QVERIFY(!logs.isEmpty());
        return;
    }
    const std::shared_ptr<const Profile> profile = machine->profileSnapshot();
    QVERIFY(profile);
    const nlohmann::json expected = ExpectedProfile::readFile(expectedPath.toStdString());
    const ProfileAnalysis analysis = ProfileAnalysis::compute(*profile);
    const auto errors = ExpectedProfile::compare(*profile, analysis, ExpectedProfile::profilesOf(expected).at(0), 1);
    for (size_t i = 0; i < errors.size() && i < 10; ++i)
        qWarning("%s", errors[i].c_str());
    QCOMPARE(errors.size(), size_t(0));

    // Saved and reopened: identical numbers.
    std::ostringstream written;
    writeCpuProfile(*profile, written);
    const LoadResult reloaded = loadProfileData(written.str(), "saved");
    QVERIFY(reloaded.ok());
    QCOMPARE(ExpectedProfile::compareProfiles(*profile, analysis, *reloaded.profile,
                                              ProfileAnalysis::compute(*reloaded.profile))
                 .size(),
             size_t(0));
}

void TestDebugServer::severalMachinesAtOnce()
{
    DebugServer server;
    SessionSettings settings;
    settings.profileOnStart = true;
    server.setSessionSettings(settings);
    QVERIFY(server.listen(0));
    QList<MachineSession*> machines;
    connect(&server, &DebugServer::machineConnected, this, [&](MachineSession* s) {
        machines << s;
        connect(s, &MachineSession::broke, s, &MachineSession::go);
    });
    const QString base = QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/gc_alloc.profile-on-start");
    const Replay r = replay(server, base + QStringLiteral(".xsbug"),
                            {QStringLiteral("--machines"), QStringLiteral("5"), QStringLiteral("--random-split"),
                             QStringLiteral("--seed"), QStringLiteral("4")});
    QVERIFY2(r.ok, qPrintable(r.output));
    // A login is answered on the server's thread; the machine reaches this thread a moment
    // later, possibly after the replay has ended (it failed once under ASan when counted at once).
    QTRY_COMPARE_WITH_TIMEOUT(machines.size(), 5, 10000);
    const nlohmann::json expected = ExpectedProfile::readFile(QString(base + QStringLiteral(".expected.json")).toStdString());
    for (MachineSession* m : std::as_const(machines)) {
        QTRY_VERIFY(!m->isConnected());
        const auto profile = m->profileSnapshot();
        QVERIFY(profile);
        const auto errors = ExpectedProfile::compare(*profile, ProfileAnalysis::compute(*profile),
                                                     ExpectedProfile::profilesOf(expected).at(0), 1);
        QCOMPARE(errors.size(), size_t(0));
    }
}

void TestDebugServer::connectionWithoutLoginIsClosed()
{
    DebugServer server;
    SessionSettings settings;
    settings.loginTimeoutMs = 300;
    server.setSessionSettings(settings);
    QVERIFY(server.listen(0));
    QSignalSpy machines(&server, &DebugServer::machineConnected);
    QSignalSpy rejected(&server, &DebugServer::connectionRejected);
    QTcpSocket silent;
    silent.connectToHost(QHostAddress::LocalHost, server.port());
    QVERIFY(silent.waitForConnected(5000));
    silent.write("\r\n<xsbug><log>no login first</log></xsbug>\r\n");
    QTRY_COMPARE_WITH_TIMEOUT(rejected.size(), 1, 5000);
    QVERIFY(rejected.at(0).at(0).toString().contains(QLatin1String("did not log in")));
    QTRY_COMPARE(silent.state(), QAbstractSocket::UnconnectedState);
    QCOMPARE(machines.size(), 0);
}

// Machines whose logins are parsed in the same turn of the event loop are announced one per
// turn; what each sent with its login (a log line, a break) reaches whoever took it at its
// announcement, in order, and every one is announced once.
void TestDebugServer::machinesLoggingInTogetherLoseNothing()
{
    DebugServer server;
    QVERIFY(server.listen(0));
    constexpr int count = 8;
    QHash<QString, QStringList> seen; // machine -> what it was seen sending, in order
    int mostWaiting = 0;
    connect(&server, &DebugServer::machineConnected, this, [&](MachineSession* s) {
        QVERIFY(!seen.contains(s->name()));
        QCOMPARE(s->state(), MachineSession::State::Running);
        mostWaiting = std::max(mostWaiting, server.machinesWaiting());
        seen[s->name()];
        connect(s, &MachineSession::logged, this, [&seen, s](const xsbug::Log& log) { seen[s->name()] << log.text; });
        connect(s, &MachineSession::broke, this, [&seen, s] { seen[s->name()] << QStringLiteral("break"); });
    });
    std::vector<std::unique_ptr<QTcpSocket>> engines;
    for (int i = 0; i < count; ++i) {
        auto engine = std::make_unique<QTcpSocket>();
        engine->connectToHost(QHostAddress::LocalHost, server.port());
        QVERIFY(engine->waitForConnected(5000));
        const QByteArray name = "m" + QByteArray::number(i);
        engine->write("\r\n<xsbug><login name=\"" + name + "\" value=\"XS test\" flags=\"e\"/></xsbug>\r\n"
                      "\r\n<xsbug><log>first of " + name + "</log></xsbug>\r\n"
                      "\r\n<xsbug><log>second of " + name + "</log></xsbug>\r\n"
                      "\r\n<xsbug><break path=\"/a.js\" line=\"1\">stop</break></xsbug>\r\n");
        QVERIFY(engine->waitForBytesWritten(5000));
        engines.push_back(std::move(engine));
    }
    QThread::msleep(200); // everything is in the server's kernel buffers: parsed in few turns
    QTRY_COMPARE_WITH_TIMEOUT(seen.size(), count, 10000);
    for (int i = 0; i < count; ++i) {
        const QString name = QStringLiteral("m%1").arg(i);
        QTRY_COMPARE(seen.value(name),
                     QStringList({QStringLiteral("first of ") + name, QStringLiteral("second of ") + name, QStringLiteral("break")}));
    }
    qInfo("at most %d machines waited to be announced", mostWaiting);
}

void TestDebugServer::portInUseIsReported()
{
    DebugServer first, second;
    QVERIFY(first.listen(0));
    QVERIFY(!second.listen(first.port()));
    QVERIFY2(second.errorString().contains(QString::number(first.port())), qPrintable(second.errorString()));
    QVERIFY2(second.errorString().contains(QLatin1String("another port")), qPrintable(second.errorString()));
}

void TestDebugServer::oversizedMessageEndsOnlyThatConnection()
{
    DebugServer server;
    SessionSettings settings;
    settings.maxMessageBytes = 4096;
    server.setSessionSettings(settings);
    QVERIFY(server.listen(0));
    MachineSession* machine = nullptr;
    connect(&server, &DebugServer::machineConnected, this, [&](MachineSession* s) { machine = s; });
    QTcpSocket peer;
    peer.connectToHost(QHostAddress::LocalHost, server.port());
    QVERIFY(peer.waitForConnected(5000));
    peer.write("\r\n<xsbug><login name=\"big\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/></xsbug>\r\n"
               "\r\n<xsbug><pt name=\"start\" value=\"@0000000000000100\"/></xsbug>\r\n"
               "\r\n<xsbug><pr name=\"(host)\" value=\"0\"/></xsbug>\r\n"
               "\r\n<xsbug><pr name=\"f\" value=\"7\"/></xsbug>\r\n"
               "\r\n<xsbug><ps>A,7,0.A,7,0</ps></xsbug>\r\n");
    QTRY_COMPARE(samplesOf(machine), size_t(2));
    QSignalSpy errors(machine, &MachineSession::errorOccurred);
    peer.write("\r\n<xsbug><log>" + QByteArray(10000, 'x'));
    QTRY_COMPARE(errors.size(), 1);
    QVERIFY2(errors.at(0).at(0).toString().contains(QLatin1String("larger than 4096 bytes")),
             qPrintable(errors.at(0).at(0).toString()));
    QTRY_COMPARE(machine->state(), MachineSession::State::Disconnected); // once the worker has finished
    QCOMPARE(samplesOf(machine), size_t(2)); // nothing received is lost
    QTRY_COMPARE(peer.state(), QAbstractSocket::UnconnectedState);
}

void TestDebugServer::lyingMachine()
{
    // Stop without start, an id without a record, start twice, then a disconnect in the
    // middle of a message: nothing crashes, the sessions are kept, the partial message is dropped.
    DebugServer server;
    QVERIFY(server.listen(0));
    MachineSession* machine = nullptr;
    connect(&server, &DebugServer::machineConnected, this, [&](MachineSession* s) { machine = s; });
    QTcpSocket peer;
    peer.connectToHost(QHostAddress::LocalHost, server.port());
    QVERIFY(peer.waitForConnected(5000));
    peer.write("\r\n<xsbug><login name=\"liar\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/></xsbug>\r\n"
               "\r\n<xsbug><pt name=\"stop\" value=\"@0000000000000050\"/></xsbug>\r\n"
               "\r\n<xsbug><pt name=\"start\" value=\"@0000000000000100\"/></xsbug>\r\n"
               "\r\n<xsbug><pr name=\"(host)\" value=\"0\"/></xsbug>\r\n"
               "\r\n<xsbug><ps>A,7,0.A,7,0</ps></xsbug>\r\n"
               "\r\n<xsbug><pt name=\"start\" value=\"@0000000000000200\"/></xsbug>\r\n"
               "\r\n<xsbug><pr name=\"(host)\" value=\"0\"/></xsbug>\r\n"
               "\r\n<xsbug><ps>5,0.5,0.5,0</ps></xsbug>\r\n"
               "\r\n<xsbug><ps>5,0.5,0.5,0.");
    QTRY_COMPARE(samplesOf(machine), size_t(3));
    QVERIFY(machine->isProfiling());
    peer.disconnectFromHost();
    QTRY_COMPARE(machine->state(), MachineSession::State::Disconnected);
    QVERIFY(!machine->isProfiling());
    QCOMPARE(machine->profileSessionCount(), 2); // the first start..start, the second cut by the disconnect
    const std::shared_ptr<const Profile> last = machine->profileSnapshot();
    QCOMPARE(last->samples.size(), size_t(3)); // the partial <ps> is not there
    QVERIFY(ExpectedProfile::close(ProfileAnalysis::compute(*last).functions.duration(), 15.0));
}

namespace {
// A machine that logs in, profiles and sends `messages` <ps> of 8 samples each, 10 µs apart,
// stacks 62 deep (so the bytes outrun the parser), then stops profiling and leaves.
QByteArray floodingMachine(int messages)
{
    QByteArray out = "\r\n<xsbug><login name=\"flood\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/></xsbug>\r\n"
                     "\r\n<xsbug><pt name=\"start\" value=\"@0000000000000100\"/></xsbug>\r\n"
                     "\r\n<xsbug><pr name=\"(host)\" value=\"0\"/></xsbug>\r\n"
                     "\r\n<xsbug><pr name=\"f\" value=\"7\" path=\"/app/f.js\" line=\"3\"/></xsbug>\r\n";
    // Two stacks that differ next to the host, so that no sample shares its text with the
    // previous one: each is decoded whole (the recorder skips what repeats).
    QByteArray samples[2] = {"A", "A"};
    for (int d = 0; d < 60; ++d) {
        samples[0] += ",7";
        samples[1] += ",7";
    }
    samples[0] += ",8,0";
    samples[1] += ",9,0";
    QByteArray batch = "\r\n<xsbug><ps>" + samples[0];
    for (int k = 1; k < 8; ++k)
        batch += '.' + samples[k % 2];
    batch += "</ps></xsbug>\r\n";
    out.reserve(out.size() + qsizetype(messages) * batch.size() + 100);
    for (int m = 0; m < messages; ++m)
        out += batch;
    return out + "\r\n<xsbug><pt name=\"stop\" value=\"@00000000FFFFFFFF\"/></xsbug>\r\n";
}

// Writes `bytes` from its own thread with blocking calls, as fast as the server takes them.
void sendFrom(quint16 port, QByteArray bytes)
{
    QTcpSocket socket;
    socket.connectToHost(QHostAddress::LocalHost, port);
    if (!socket.waitForConnected(5000))
        return;
    socket.write(bytes);
    while (socket.bytesToWrite() > 0 && socket.waitForBytesWritten(30000)) {
    }
    socket.disconnectFromHost();
    if (socket.state() != QAbstractSocket::UnconnectedState)
        socket.waitForDisconnected(30000);
}
} // namespace

// Bytes arriving faster than the worker parses them: reading pauses (TCP holds the rest)
// and resumes; every sample is recorded, in order, and the session ends after the last one.
void TestDebugServer::floodIsParsedWithoutLoss()
{
    DebugServer server;
    QVERIFY(server.listen(0));
    MachineSession* machine = nullptr;
    connect(&server, &DebugServer::machineConnected, this, [&](MachineSession* s) { machine = s; });
    const int messages = 25000; // about 12 MB: more than the 8 MB the worker may have queued
    const QByteArray bytes = floodingMachine(messages);
    QVERIFY(bytes.size() > (12 << 20) - (1 << 20));
    std::thread peer(sendFrom, server.port(), bytes);
    QTRY_VERIFY_WITH_TIMEOUT(machine && machine->state() == MachineSession::State::Disconnected, 120000);
    peer.join();
    QVERIFY2(machine->readPauses() > 0, "the flood never got ahead of the parser");
    QCOMPARE(machine->bytesWaitingForParser(), qsizetype(0));
    const auto profile = machine->profileSnapshot();
    QVERIFY(profile);
    QCOMPARE(profile->samples.size(), size_t(messages) * 8);
    QVERIFY(ExpectedProfile::close(ProfileAnalysis::compute(*profile).functions.duration(), messages * 8 * 10.0));
    QVERIFY(!machine->isProfiling());
}

// The tab of a streaming machine closed: the session goes while its worker still has bytes
// to parse. Nothing crashes (the ASan build runs this too) and nothing is delivered to it.
void TestDebugServer::sessionDeletedWhileParsing()
{
    DebugServer server;
    QVERIFY(server.listen(0));
    MachineSession* machine = nullptr;
    connect(&server, &DebugServer::machineConnected, this, [&](MachineSession* s) { machine = s; });
    std::thread peer(sendFrom, server.port(), floodingMachine(25000));
    QTRY_VERIFY_WITH_TIMEOUT(machine && machine->profileRevision() > 0, 30000);
    delete machine;
    QTest::qWait(300); // results queued to the deleted session are dropped
    peer.join();
}

// `listen` at SIGINT: catchUp() returns once everything received is parsed, so the last
// snapshot holds it all.
void TestDebugServer::catchUpParsesWhatWasReceived()
{
    DebugServer server;
    QVERIFY(server.listen(0));
    MachineSession* machine = nullptr;
    connect(&server, &DebugServer::machineConnected, this, [&](MachineSession* s) { machine = s; });
    std::thread peer(sendFrom, server.port(), floodingMachine(25000));
    QTRY_VERIFY_WITH_TIMEOUT(machine && machine->readPauses() > 0, 60000); // the parser is behind
    QVERIFY(machine->bytesWaitingForParser() > 0);
    QVERIFY(machine->catchUp(60000));
    QCOMPARE(machine->bytesWaitingForParser(), qsizetype(0));
    const auto profile = machine->profileSnapshot();
    QVERIFY(profile && profile->samples.size() > 0);
    QCOMPARE(profile->samples.size() % 8, size_t(0)); // whole <ps> messages only
    QTRY_VERIFY_WITH_TIMEOUT(machine->state() == MachineSession::State::Disconnected, 120000);
    peer.join();
    QCOMPARE(machine->profileSnapshot()->samples.size(), size_t(25000) * 8);
}

void TestDebugServer::relativePathsMatchOnWholeComponents_data()
{
    QTest::addColumn<QString>("spec");
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("matches");
    QTest::addRow("file name") << "ticks.js" << "/a/b/ticks.js" << true;
    QTest::addRow("part of a name") << "ticks.js" << "/a/sticks.js" << false;
    QTest::addRow("folder and file") << "b/ticks.js" << "/a/b/ticks.js" << true;
    QTest::addRow("part of a folder") << "b/ticks.js" << "/a/bb/ticks.js" << false;
    QTest::addRow("dot slash") << "./b/ticks.js" << "/a/b/ticks.js" << true;
    QTest::addRow("windows path") << "b/ticks.js" << "C:\\a\\b\\ticks.js" << true;
    QTest::addRow("the whole path, relative") << "a/b/ticks.js" << "a/b/ticks.js" << true;
    QTest::addRow("longer than the path") << "x/a/b/ticks.js" << "/a/b/ticks.js" << false;
    QTest::addRow("absolute: itself only") << "/a/b/ticks.js" << "/a/b/ticks.js" << true;
    QTest::addRow("absolute elsewhere") << "/c/b/ticks.js" << "/a/b/ticks.js" << false;
    QTest::addRow("other file") << "tick.js" << "/a/b/ticks.js" << false;
}

void TestDebugServer::relativePathsMatchOnWholeComponents()
{
    QFETCH(QString, spec);
    QFETCH(QString, path);
    QFETCH(bool, matches);
    QCOMPARE(RelativeBreakpoints::matches(spec, path), matches);
}

// The simulator reports its build machine's paths: relative breakpoints are sent under them
// as soon as a frame shows one (here the break on start in fib.js), main.js beside it included.
void TestDebugServer::relativeBreakpointsFollowTheSimulatorsPaths()
{
    DebugServer server;
    SessionSettings settings;
    settings.breakOnStart = true;
    server.setSessionSettings(settings);
    QVERIFY(server.listen(0));
    const Breakpoint inMain(QStringLiteral("main.js"), 15), inFib(QStringLiteral("fibapp/fib.js"), 3),
        elsewhere(QStringLiteral("sticks.js"), 2);
    QPointer<MachineSession> session;
    QStringList sentForFibAtFirstBreak, sentElsewhere;
    connect(&server, &DebugServer::machineConnected, this, [&](MachineSession* s) {
        session = s;
        RelativeBreakpoints::of(s)->add(BreakpointList{inMain, inFib, elsewhere, Breakpoint(QStringLiteral("/abs.js"), 1)});
        connect(s, &MachineSession::broke, this, [&, s] {
            if (sentForFibAtFirstBreak.isEmpty())
                sentForFibAtFirstBreak = RelativeBreakpoints::of(s)->sentPaths(inFib);
            sentElsewhere = RelativeBreakpoints::of(s)->sentPaths(elsewhere);
            s->go();
        });
    });
    const Replay r = replay(server, QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_fibapp.break-on-start.xsbug"), {});
    QVERIFY2(r.ok, qPrintable(r.output));
    const QString fib = QStringLiteral("/home/dev/moddable-apps/fibapp/fib.js");
    // The reported path, and the guess under its folder (".../fibapp/fibapp/fib.js").
    QVERIFY2(sentForFibAtFirstBreak.contains(fib), qPrintable(sentForFibAtFirstBreak.join(QLatin1Char(' '))));
    // No reported path ends with sticks.js: only the guess beside the app's files.
    QCOMPARE(sentElsewhere, QStringList{QStringLiteral("/home/dev/moddable-apps/fibapp/sticks.js")});
    const QByteArray sent = r.received;
    const qsizetype firstGo = sent.indexOf("<go/>");
    const qsizetype mainSet = sent.indexOf("<set-breakpoint path=\"/home/dev/moddable-apps/fibapp/main.js\" line=\"15\"");
    const qsizetype fibSet = sent.indexOf(QByteArray("<set-breakpoint path=\"" + fib.toUtf8() + "\" line=\"3\""));
    QVERIFY2(mainSet >= 0 && fibSet >= 0, sent.constData());
    QVERIFY2(mainSet < firstGo && fibSet < firstGo, "sent before the machine goes on from its start");
    QVERIFY(!sent.contains("\"/abs.js\"")); // absolute ones are not this helper's
    QCOMPARE(sent.count("line=\"15\""), 1);   // once per path
}

void TestDebugServer::bubblesBecomeTextAndLogLines()
{
    using BubbleText::Side;
    const xsbug::Bubble json{QStringLiteral("net"), 2, QStringLiteral("{\"state\":\"open\",\"n\":[1,2]}"),
                             QStringLiteral("/home/dev/app/main.js"), 12};
    QCOMPARE(BubbleText::side(json.flags), Side::Right);
    const QString pretty = BubbleText::displayText(json);
    QVERIFY2(pretty.contains(QLatin1Char('\n')) && pretty.contains(QStringLiteral("\"state\": \"open\"")), qPrintable(pretty));
    QCOMPARE(BubbleText::logLine(json), QStringLiteral("[net] right: {\"n\":[1,2],\"state\":\"open\"} (main.js:12)"));
    const xsbug::Bubble binary{QStringLiteral("binary"), 5, QStringLiteral("010203AB"), {}, 0};
    QCOMPARE(BubbleText::side(binary.flags), Side::Left);
    QVERIFY(BubbleText::isBinary(binary.flags));
    QCOMPARE(BubbleText::displayText(binary), QStringLiteral("4 bytes\n01 02 03 AB"));
    QCOMPARE(BubbleText::logLine(binary), QStringLiteral("[binary] left: (4 bytes) 01 02 03 AB"));
    xsbug::Bubble long16{QString(), 0, QString(QStringLiteral("00")).repeated(17), {}, 0};
    long16.flags = 4;
    QCOMPARE(BubbleText::displayText(long16).count(QLatin1Char('\n')), 2); // 16 bytes a line
    const xsbug::Bubble plain{QString(), 0, QStringLiteral("{not json"), {}, 0};
    QCOMPARE(BubbleText::side(plain.flags), Side::Center);
    QCOMPARE(BubbleText::displayText(plain), QStringLiteral("{not json"));
    QCOMPARE(BubbleText::logLine(plain), QStringLiteral("[(no conversation)] center: {not json"));
}

// The Moddable simulator's <instruments> and <samples> are kept on the live profile, each
// <samples> at the profile's clock when it arrived: the same series as the transcript loader
// finds (tst_roundtrip checks that against the bytes), and they still reach the panel.
void TestDebugServer::simulatorInstrumentsReachTheLiveProfile()
{
    const QString transcript = QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_fibapp.profile-on-start.xsbug");
    DebugServer server;
    SessionSettings settings;
    settings.profileOnStart = true;
    server.setSessionSettings(settings);
    QVERIFY2(server.listen(0), qPrintable(server.errorString()));
    MachineSession* machine = nullptr;
    int samplesSignalled = 0;
    connect(&server, &DebugServer::machineConnected, this, [&](MachineSession* s) {
        machine = s;
        connect(s, &MachineSession::instrumentSamples, this, [&] { ++samplesSignalled; });
        connect(s, &MachineSession::broke, this, [s] { s->go(); });
    });
    const Replay r = replay(server, transcript, {QStringLiteral("--chunk-size"), QStringLiteral("256")});
    QVERIFY2(r.ok, qPrintable(r.output));
    QTRY_VERIFY(machine); // handed to this thread after its login, maybe after the replay ended
    QTRY_COMPARE(machine->state(), MachineSession::State::Disconnected);
    QCOMPARE(samplesSignalled, 3);
    const std::shared_ptr<const Profile> live = machine->profileSnapshot();
    QVERIFY(live);
    const LoadResult file = loadProfileFile(transcript.toStdString());
    QVERIFY(file.ok());
    const InstrumentSeries& expected = file.profile->instruments;
    QCOMPARE(expected.sampleCount(), size_t(3));
    QVERIFY(live->instruments.names == expected.names);
    QVERIFY(live->instruments.units == expected.units);
    QVERIFY(live->instruments.values == expected.values);
    QVERIFY(live->instruments.times == expected.times);
    QCOMPARE(live->instruments.times.front(), *live->info.startTime);
}

// The login is answered by the server's own thread: a machine (a Worker's `new Worker()` waits
// for the answer) is answered while the thread that announces machines is blocked.
void TestDebugServer::loginIsAnsweredWhileTheServersThreadIsBusy()
{
    DebugServer server;
    SessionSettings settings;
    settings.profileOnStart = true;
    server.setSessionSettings(settings);
    QVERIFY(server.listen(0));
    QSignalSpy machines(&server, &DebugServer::machineConnected);
    QByteArray received;
    qint64 answeredMs = -1;
    std::thread machine([&, port = server.port()] {
        QTcpSocket engine;
        engine.connectToHost(QHostAddress::LocalHost, port);
        if (!engine.waitForConnected(5000))
            return;
        QElapsedTimer clock;
        clock.start();
        engine.write("\r\n<xsbug><login name=\"worker\" value=\"XS 17.7.0 64-bit LE 16-bit ID\" flags=\"e\"/></xsbug>\r\n");
        engine.waitForBytesWritten(5000);
        while (!received.contains("<start-profiling/>\r\n") && engine.waitForReadyRead(5000))
            received += engine.readAll();
        answeredMs = clock.elapsed();
    });
    machine.join(); // this thread serves nothing meanwhile
    QVERIFY2(answeredMs >= 0 && answeredMs < 2000, qPrintable(QString::number(answeredMs)));
    QCOMPARE(received, MachineSession::immediateLoginAnswer(settings));
    QCOMPARE(machines.size(), 0); // announced by this thread, once it turns again
    QTRY_COMPARE(machines.size(), 1);
    QCOMPARE(machines.at(0).at(0).value<MachineSession*>()->name(), QStringLiteral("worker"));
}

// The window binds from its own thread while the server lives on the intake's, and a status is
// read wherever it is shown: listen(), close() and the listening state from any thread (under
// ThreadSanitizer in scripts/test.sh: the state is written and read under the server's lock).
void TestDebugServer::listeningStateIsReadOnAnyThread()
{
    QThread serverThread;
    serverThread.start();
    auto* home = new QObject;
    home->moveToThread(&serverThread);
    DebugServer* server = nullptr;
    threadhandoff::call(home, [&] { server = new DebugServer(home); });
    DebugServer busy;
    QVERIFY(busy.listen(0));

    std::atomic<bool> stop{false};
    std::atomic<int> reads{0}, seenListening{0};
    std::thread reader([&] {
        while (!stop) {
            const quint16 port = server->port();
            const bool listening = server->isListening();
            const QString error = server->errorString();
            const QHostAddress address = server->address();
            if (listening && port != 0 && !address.isNull())
                ++seenListening;
            (void)error;
            ++reads;
        }
    });
    for (int round = 0; round < 20; ++round) {
        QVERIFY2(server->listen(0), qPrintable(server->errorString()));
        QVERIFY(server->isListening());
        QCOMPARE(server->address(), QHostAddress(QHostAddress::LocalHost));
        QVERIFY(server->errorString().isEmpty());
        server->close();
        QVERIFY(!server->isListening());
        QVERIFY(!server->listen(busy.port()));
        QVERIFY(!server->isListening());
        QVERIFY2(server->errorString().contains(QString::number(busy.port())), qPrintable(server->errorString()));
    }
    QVERIFY(server->listen(0));
    QTRY_VERIFY(seenListening > 0);
    stop = true;
    reader.join();
    QVERIFY(reads > 0);
    // The server's own thread sees what was bound from here.
    quint16 seenThere = 0;
    threadhandoff::call(home, [&] { seenThere = server->port(); });
    QCOMPARE(seenThere, server->port());
    threadhandoff::call(home, [&] { delete home; }); // the server with it
    serverThread.quit();
    serverThread.wait();
}

QTEST_GUILESS_MAIN(TestDebugServer)
#include "tst_debugserver.moc"
