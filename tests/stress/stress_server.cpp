// Stress of the debug server with scripted peers on loopback (prints figures; not a ctest):
// many machines streaming samples, a peer flooding one endless message, a peer sending
// bytes that never frame, a slow peer (one byte a second), and a peer connecting and
// disconnecting in a loop.
// Meanwhile a 10 ms timer measures how late the event loop runs (responsiveness).
#include "expectedprofile.h"

#include "protocol/debugserver.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTimer>

#include "procstatus.h"

#include <cstdio>
#include <fstream>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
    const QString shared = QStringLiteral(XSPROF_SHARED_DIR);
    const int machineCount = argc > 1 ? std::atoi(argv[1]) : 50;
    const int repeat = argc > 2 ? std::atoi(argv[2]) : 20;

    DebugServer server;
    SessionSettings settings;
    settings.profileOnStart = true;
    settings.loginTimeoutMs = 5000;
    server.setSessionSettings(settings);
    if (!server.listen(0)) {
        std::fprintf(stderr, "%s\n", qPrintable(server.errorString()));
        return 1;
    }
    const QString port = QString::number(server.port());
    QList<MachineSession*> machines;
    int rejected = 0, errors = 0;
    QObject::connect(&server, &DebugServer::machineConnected, [&](MachineSession* s) {
        machines << s;
        QObject::connect(s, &MachineSession::broke, s, &MachineSession::go);
        QObject::connect(s, &MachineSession::errorOccurred, [&](const QString&) { ++errors; });
    });
    QObject::connect(&server, &DebugServer::connectionRejected, [&](const QString&) { ++rejected; });

    // Responsiveness: how late a 10 ms timer fires while all of this goes on.
    QElapsedTimer clock;
    clock.start();
    qint64 last = 0, worstLateness = 0;
    QTimer tick;
    tick.setTimerType(Qt::PreciseTimer);
    QObject::connect(&tick, &QTimer::timeout, [&] {
        const qint64 now = clock.elapsed();
        if (last)
            worstLateness = qMax(worstLateness, now - last - 10);
        last = now;
    });
    tick.start(10);

    auto peer = [&](const QStringList& arguments) {
        auto* p = new QProcess(&app);
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        p->start(QStringLiteral("python3"), arguments);
        return p;
    };
    const QString transcript = shared + QStringLiteral("/corpus/xsbug/gc_alloc.profile-on-start.xsbug");
    QList<QProcess*> peers = {
        peer({shared + QStringLiteral("/tools/xs_replay.py"), transcript, QStringLiteral("--connect"),
              QStringLiteral("127.0.0.1:") + port, QStringLiteral("--machines"), QString::number(machineCount),
              QStringLiteral("--repeat"), QString::number(repeat), QStringLiteral("--quiet"), QStringLiteral("--timeout"),
              QStringLiteral("300"), QStringLiteral("--summary"), QStringLiteral("/dev/null")}),
        peer({QStringLiteral(XSPROF_STRESS_DIR "/hostile_peers.py"), QStringLiteral("garbage"), port, QStringLiteral("1024")}),
        peer({QStringLiteral(XSPROF_STRESS_DIR "/hostile_peers.py"), QStringLiteral("noise"), port, QStringLiteral("1024")}),
        peer({QStringLiteral(XSPROF_STRESS_DIR "/hostile_peers.py"), QStringLiteral("slow"), port, QStringLiteral("90")}),
        peer({QStringLiteral(XSPROF_STRESS_DIR "/hostile_peers.py"), QStringLiteral("churn"), port, QStringLiteral("1000")}),
    };
    const char* names[] = {"replay", "garbage", "noise", "slow", "churn"};
    // XSPROF_STRESS_ONLY=garbage (for instance) keeps one kind of peer, to see its own cost.
    if (const QByteArray only = qgetenv("XSPROF_STRESS_ONLY"); !only.isEmpty()) {
        for (int i = 0; i < peers.size(); ++i) {
            if (only != names[i])
                peers[i]->kill();
        }
    }
    QElapsedTimer wall;
    wall.start();
    long rssDuring = 0;
    while (std::any_of(peers.begin(), peers.end(), [](QProcess* p) { return p->state() != QProcess::NotRunning; })) {
        QCoreApplication::processEvents(QEventLoop::AllEvents, 50);
        rssDuring = qMax(rssDuring, procStatusKb("VmRSS:"));
        if (wall.elapsed() > 600000)
            break;
    }
    for (int i = 0; i < 200; ++i)
        QCoreApplication::processEvents(QEventLoop::AllEvents, 10);

    for (int i = 0; i < peers.size(); ++i)
        std::printf("peer %-8s exit %d  %s", names[i], peers[i]->exitCode(), peers[i]->readAllStandardOutput().constData());

    // Every replayed machine: exact numbers (the ps batches repeated `repeat` times).
    const nlohmann::json expected = ExpectedProfile::profilesOf(
        ExpectedProfile::readFile(QString(shared + QStringLiteral("/corpus/xsbug/gc_alloc.profile-on-start.expected.json"))
                                      .toStdString()))[0];
    int exact = 0, replayed = 0;
    for (MachineSession* m : std::as_const(machines)) {
        if (m->name() != QLatin1String("xst"))
            continue;
        ++replayed;
        const std::shared_ptr<const xsprof::Profile> p = m->profileSnapshot();
        if (!p)
            continue;
        const auto a = xsprof::ProfileAnalysis::compute(*p);
        bool ok = p->samples.size() == size_t(repeat) * expected.at("sample_count").get<size_t>() &&
                  ExpectedProfile::close(a.functions.duration(), repeat * expected.at("duration").get<double>());
        for (const auto& f : expected.at("functions")) {
            for (xsprof::FrameId id : a.functions.functions()) {
                if (p->frames.xsId[id.value] == f.at("id").get<int64_t>())
                    ok = ok && ExpectedProfile::close(a.functions.self(id), repeat * f.at("self").get<double>());
            }
        }
        exact += ok;
    }
    std::printf("machines replayed: %d of %d, profiles exact: %d\n", replayed, machineCount, exact);
    std::printf("other connections: %lld logged in (slow peer), %d rejected before login, %d closed with an error\n",
                qlonglong(machines.size() - replayed), rejected, errors);
    std::printf("sessions still alive under the server: %lld\n",
                qlonglong(server.findChildren<MachineSession*>(QString(), Qt::FindDirectChildrenOnly).size()));
    std::printf("wall time: %.1f s, worst event-loop lateness: %lld ms\n", wall.elapsed() / 1000.0, worstLateness);
    std::printf("RSS: peak %.1f MB, highest sampled %.1f MB\n", procStatusKb("VmHWM:") / 1024.0, rssDuring / 1024.0);
    return exact == machineCount ? 0 : 1;
}
