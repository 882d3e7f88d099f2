// Stress of the debug server with scripted peers on loopback (prints figures; not a ctest):
// many machines streaming samples, a peer flooding one endless message, a peer sending
// bytes that never frame, a slow peer (one byte a second), and a peer connecting and
// disconnecting in a loop (tests/stress/stresspeers.h). stress_window does the same to the
// window. Meanwhile a 10 ms timer measures how late the event loop runs (responsiveness).
//   stress_server [MACHINES [REPEAT]]   (default 50, 20)
#include "stresspeers.h"

#include "protocol/debugserver.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTimer>

#include "procstatus.h"

#include <cstdio>

int main(int argc, char** argv)
{
    QCoreApplication app(argc, argv);
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

    StressPeers peers(server.port(), machineCount, repeat, &app);
    QElapsedTimer wall;
    wall.start();
    long rssDuring = 0;
    peers.waitForAll(600000, [&] { rssDuring = qMax(rssDuring, procStatusKb("VmRSS:")); });
    peers.printOutcome();

    int exact = 0, replayed = 0;
    for (MachineSession* m : std::as_const(machines)) {
        if (m->name() != StressPeers::replayedMachineName())
            continue;
        ++replayed;
        exact += peers.isExactReplay(*m);
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
