// Whether the window stays responsive while a machine streams samples (prints figures; not a
// ctest test). The fake machine of fakemachine.h, on its own thread, logs into the window's
// debug server and sends samples paced at RATE per second for SECONDS; the machine's tab shows
// its Profile section, refreshed live, with the hot path expanded and selected. A 5 ms timer on the GUI thread measures how long the
// event loop goes without answering: the target is a longest gap under 50 ms at 100 000
// samples per second.
// With --view graph or chart, the Profile section shows the flame graph or chart instead.
// The crash-safety journal is on, as in the app; --journal off leaves it out (its cost).
//   bench_live_gui [--rate N] [--seconds S] [--runs R] [--view trees|graph|chart] [--journal on|off]
//                  [--screenshot PNG]
//   (defaults: 100 000, 10, 3, trees)
#include "eventloopgaps.h"
#include "fakemachine.h"

#include "app/debugger/debuggeepage.h"
#include "app/machines/machinetabs.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "app/machines/servercontroller.h"
#include "app/settingskeys.h"
#include "protocol/debugserver.h"
#include "views/flamegraphpanel.h"
#include "views/flamegraphview.h"
#include "views/profilepage.h"
#include "views/document/profilerefresher.h"

#include <sys/resource.h>

#include <QApplication>
#include <QElapsedTimer>
#include <QSettings>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

namespace {

struct Options {
    long rate = 100000;
    double seconds = 10.0;
    int runs = 3;
    std::string view = "trees";
    bool journal = true;
    QString screenshot; // the window at the end of the last run, when given
};

struct Result {
    long samples = 0;
    double wallSeconds = 0;
    int refreshes = 0;
    double maxComputeMs = 0;
    double medianGapMs = 0, p99GapMs = 0, maxGapMs = 0;
    int gapsOver50 = 0;
    bool ok = false;
};

// The machine: paced so that `rate` samples per second leave, in sends every ~2 ms.
void streamMachine(int port, const Options& options, std::atomic<long>& sent)
{
    const int fd = FakeMachine::connectTo(port);
    if (fd < 0)
        return;
    FakeMachine machine;
    FakeMachine::sendAll(fd, machine.opening());
    const auto start = std::chrono::steady_clock::now();
    const long total = long(double(options.rate) * options.seconds);
    long count = 0;
    std::string out;
    while (count < total) {
        const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        const long due = std::min(total, long(elapsed * double(options.rate)));
        while (count < due) {
            machine.appendSamples(out);
            count += FakeMachine::samplesPerMessage;
        }
        if (!out.empty() && !FakeMachine::sendAll(fd, out))
            break;
        out.clear();
        sent = count;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    FakeMachine::sendAll(fd, FakeMachine::closing());
    ::shutdown(fd, SHUT_WR);
    FakeMachine::drain(fd);
    ::close(fd);
}

double percentile(std::vector<double> values, double p)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    return values[std::min(values.size() - 1, size_t(p * double(values.size())))];
}

Result runOnce(const Options& options)
{
    Result result;
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    settings.setValue(SettingsKeys::port, 0);
    MainWindow window(&settings);
    window.resize(1400, 900);
    window.show();
    window.preferences()->setProfileOnStart(true);
    if (options.journal)
        window.machines()->setRecoveryDirectory(dir.filePath(QStringLiteral("recovery")));
    if (!window.machines()->startDebugServer())
        return result;
    const int port = window.machines()->serverController()->server()->port();

    DebuggeePage* machine = nullptr;
    QObject::connect(window.machines()->serverController()->intake(), &MachineIntake::machineReady, &window, [&] {
        machine = window.machines()->currentDebuggee();
        // As a user watching it: the hot path expanded and selected, its activity drawn on the
        // timeline; every refresh then restores the expansion and the selection.
        const auto watch = [&options](ProfilePage* page) {
            page->expandHotPath();
            if (options.view == "trees")
                return;
            // After the window has restored the page's saved view state.
            QTimer::singleShot(0, page, [page, chart = options.view == "chart"] {
                page->tabs()->setCurrentIndex(ProfilePage::FlameGraphTab);
                page->flameGraph()->view()->setMode(chart ? FlameGraphView::Mode::Chart : FlameGraphView::Mode::Graph);
            });
        };
        // The first samples may have come with the login: then the page already exists.
        if (machine->profilePage())
            watch(machine->profilePage());
        QObject::connect(machine, &DebuggeePage::profilePageCreated, &window, watch);
        QObject::connect(machine->refresher(), &ProfileRefresher::refreshed, &window, [&] {
            ++result.refreshes;
            result.maxComputeMs = std::max(result.maxComputeMs, machine->refresher()->lastComputeMs());
        });
    });

    EventLoopGaps gaps;

    std::atomic<long> sent{0};
    QElapsedTimer clock;
    clock.start();
    gaps.start();
    std::thread thread(streamMachine, port, std::cref(options), std::ref(sent));
    // Until the machine is gone and its tab shows every sample (or a generous deadline).
    const qint64 deadline = qint64(options.seconds * 1000) + 120000;
    while (clock.elapsed() < deadline) {
        QApplication::processEvents(QEventLoop::WaitForMoreEvents); // blocks: the gap timer wakes it
        if (machine && !machine->isConnected() && machine->profilePage() &&
            machine->profilePage()->data()->profile.samples.size() == size_t(sent.load()) && sent.load() > 0)
            break;
    }
    gaps.stop();
    thread.join();
    if (!options.screenshot.isEmpty())
        window.grab().save(options.screenshot);
    result.wallSeconds = double(clock.elapsed()) / 1000.0;
    result.samples = sent.load();
    result.ok = machine && machine->profilePage() &&
                machine->profilePage()->data()->profile.samples.size() == size_t(result.samples);
    result.medianGapMs = gaps.percentile(0.5);
    result.p99GapMs = gaps.percentile(0.99);
    result.maxGapMs = gaps.longest();
    result.gapsOver50 = int(gaps.countOver(50.0));
    return result;
}

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    Options options;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string arg = argv[i];
        if (arg == "--rate")
            options.rate = std::max(1L, std::atol(argv[i + 1]));
        else if (arg == "--seconds")
            options.seconds = std::max(0.1, std::atof(argv[i + 1]));
        else if (arg == "--runs")
            options.runs = std::max(1, std::atoi(argv[i + 1]));
        else if (arg == "--view")
            options.view = argv[i + 1];
        else if (arg == "--journal")
            options.journal = std::string(argv[i + 1]) != "off";
        else if (arg == "--screenshot")
            options.screenshot = QString::fromLocal8Bit(argv[i + 1]);
    }
    QApplication app(argc, argv);
    std::vector<double> worst;
    for (int run = 1; run <= options.runs; ++run) {
        const Result r = runOnce(options);
        if (!r.ok) {
            std::fprintf(stderr, "bench_live_gui: run %d did not show all %ld samples\n", run, r.samples);
            return 1;
        }
        std::printf("run %d (%s, journal %s): %ld samples at %ld/s, %.1f s; %d refreshes, analysis up to %.0f ms; event-loop gaps: "
                    "median %.1f ms, p99 %.1f ms, longest %.1f ms, %d over 50 ms\n",
                    run, options.view.c_str(), options.journal ? "on" : "off", r.samples, options.rate, r.wallSeconds, r.refreshes, r.maxComputeMs, r.medianGapMs,
                    r.p99GapMs, r.maxGapMs, r.gapsOver50);
        std::fflush(stdout);
        worst.push_back(r.maxGapMs);
    }
    std::printf("longest event-loop gap, median of %d runs: %.1f ms (target < 50 ms at 100 000 samples/s)\n",
                options.runs, percentile(worst, 0.5));
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    std::printf("peak RSS of the process (window, machine thread, %d runs): %.0f MB\n", options.runs,
                double(usage.ru_maxrss) / 1024.0);
    return 0;
}
