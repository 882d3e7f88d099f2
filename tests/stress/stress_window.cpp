// The window's debug server under attack (prints figures; not a ctest): the peers of
// stresspeers.h (50 replayed machines, 1 GB of garbage in one endless message, 1 GB that never
// frames, a slow peer, 1 000 reconnects) against a MainWindow, offscreen, each machine's tab
// showing its live profile. Reports the event loop's gaps (a 5 ms timer), memory, whether every
// honest machine's profile is exact, and that the hostile connections are counted in the
// status bar and never became tabs.
//   stress_window [MACHINES [REPEAT]]   (default 50, 20)
#include "eventloopgaps.h"
#include "stresspeers.h"

#include "app/debugger/debuggeepage.h"
#include "app/machines/machinetabs.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "app/machines/servercontroller.h"
#include "app/machines/serverstatuswidget.h"
#include "app/settingskeys.h"
#include "protocol/debugserver.h"
#include "protocol/machinesession.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>

#include "procstatus.h"

#include <algorithm>
#include <cstdio>
#include <vector>

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int machineCount = argc > 1 ? std::atoi(argv[1]) : 50;
    const int repeat = argc > 2 ? std::atoi(argv[2]) : 20;

    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    settings.setValue(SettingsKeys::port, 0);
    MainWindow window(&settings);
    window.resize(1400, 900);
    window.show();
    window.preferences()->setProfileOnStart(true);
    window.machines()->setRecoveryDirectory(dir.filePath(QStringLiteral("recovery"))); // journals on, as in the app
    if (!window.machines()->startDebugServer()) {
        std::fprintf(stderr, "the window's server did not start\n");
        return 1;
    }
    // Replayed machines that stop at a break are let go, as a user would.
    QObject::connect(window.machines()->serverController()->intake(), &MachineIntake::machineReady, &window,
                     [](MachineSession* s) { QObject::connect(s, &MachineSession::broke, s, &MachineSession::go); });

    EventLoopGaps gaps;
    gaps.start();

    StressPeers peers(window.machines()->serverController()->server()->port(), machineCount, repeat, &app);
    QElapsedTimer wall;
    wall.start();
    long rssDuring = 0;
    peers.waitForAll(900000, [&] { rssDuring = qMax(rssDuring, procStatusKb("VmRSS:")); });
    gaps.stop();
    peers.printOutcome();

    int replayed = 0, exact = 0, otherTabs = 0;
    for (int i = 0; i < window.documentCount(); ++i) {
        DebuggeePage* page = window.machines()->debuggee(i);
        if (!page || !page->session()) {
            ++otherTabs;
            continue;
        }
        if (page->session()->name() != StressPeers::replayedMachineName()) {
            ++otherTabs;
            continue;
        }
        ++replayed;
        exact += peers.isExactReplay(*page->session());
    }
    std::printf("machine tabs: %d of %d replayed machines, profiles exact: %d; other tabs: %d (the slow peer logs in)\n",
                replayed, machineCount, exact, otherTabs);
    std::printf("refused before a login (status bar): %d — \"%s\"\n", window.machines()->serverController()->refused().count(),
                qPrintable(window.machines()->serverStatus()->text()));
    std::printf("wall time: %.1f s; event-loop gaps: median %.1f ms, p99 %.1f ms, longest %.1f ms, %ld over 50 ms\n",
                wall.elapsed() / 1000.0, gaps.percentile(0.5), gaps.percentile(0.99), gaps.longest(),
                gaps.countOver(50.0));
    std::printf("RSS: peak %.1f MB, highest sampled %.1f MB\n", procStatusKb("VmHWM:") / 1024.0, rssDuring / 1024.0);
    return exact == machineCount && otherTabs <= 1 ? 0 : 1;
}
