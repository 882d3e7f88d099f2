// A storm of short-lived Worker machines into the window and into `xsprof listen`, side by side
// in one run (prints figures; not a ctest test). ../shared/tools/machine_storm.py plays
// sim_worker.xsbug (recorded from the Moddable simulator) COUNT times: each machine logs in,
// waits for the answer, runs and leaves, the next one connecting once the previous was answered.
// Printed: the login answer time (median, p99) and the storm's rate under the window and under
// `listen`, their ratio (issue 30: p99 <= 5 ms, the window at least half as fast), the tabs the
// storm left, the window's resident memory before and after, and the journals left.
//   bench_machine_storm [--count N] [--parallel K] [--transcript PATH] [--screenshot PNG]
//   (defaults: 1000, 4, corpus/xsbug/sim_worker.xsbug)
#include "app/machines/machinetabs.h"
#include "app/machines/servercontroller.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "app/settingskeys.h"
#include "app/tabs/windowtabs.h"
#include "protocol/debugserver.h"

#include <QApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <unistd.h>

#include <cstdio>
#include <string>

namespace {

struct Options {
    int count = 1000;
    int parallel = 4;
    QString transcript = QStringLiteral(XSPROF_BENCH_SHARED_DIR "/corpus/xsbug/sim_worker.xsbug");
    QString storm = QStringLiteral(XSPROF_BENCH_SHARED_DIR "/tools/machine_storm.py");
    QString screenshot;
};

struct Storm {
    bool ok = false;
    int machines = 0;
    int answered = 0;
    double rate = 0;        // machines per second
    double medianMs = 0, p99Ms = 0, maxMs = 0;
    QString error;
};

double residentMB()
{
    QFile statm(QStringLiteral("/proc/self/statm"));
    if (!statm.open(QIODevice::ReadOnly))
        return 0;
    const QList<QByteArray> fields = statm.readAll().split(' ');
    return fields.size() > 1 ? double(fields[1].toLongLong()) * double(::sysconf(_SC_PAGESIZE)) / (1024.0 * 1024.0) : 0;
}

// Keeps the event loop turning (the window serves the storm) until `done` or `ms` passed.
template <typename Done>
void spin(int ms, Done done)
{
    QElapsedTimer clock;
    clock.start();
    QTimer wake; // sleeps between events, never spins: the storm needs the other core
    wake.start(10);
    while (!done() && clock.elapsed() < ms)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents);
}

Storm runStorm(const Options& options, quint16 port)
{
    Storm result;
    QProcess storm;
    storm.setProcessChannelMode(QProcess::SeparateChannels);
    storm.start(QStringLiteral("python3"), {options.storm, options.transcript, QStringLiteral("--connect"),
                                            QStringLiteral("127.0.0.1:%1").arg(port), QStringLiteral("--count"),
                                            QString::number(options.count), QStringLiteral("--parallel"),
                                            QString::number(options.parallel), QStringLiteral("--timeout"),
                                            QStringLiteral("600")});
    if (!storm.waitForStarted()) {
        result.error = QStringLiteral("cannot run python3 %1").arg(options.storm);
        return result;
    }
    spin(660000, [&] { return storm.state() == QProcess::NotRunning; });
    const QJsonObject summary = QJsonDocument::fromJson(storm.readAllStandardOutput()).object();
    if (summary.isEmpty()) {
        result.error = QStringLiteral("machine_storm.py printed no summary: %1")
                           .arg(QString::fromLocal8Bit(storm.readAllStandardError()).left(400));
        return result;
    }
    const QJsonObject logins = summary.value(QStringLiteral("login_answer_s")).toObject();
    result.machines = summary.value(QStringLiteral("machines")).toInt();
    result.answered = logins.value(QStringLiteral("answered")).toInt();
    result.rate = summary.value(QStringLiteral("machines_per_s")).toDouble();
    result.medianMs = logins.value(QStringLiteral("median")).toDouble() * 1000.0;
    result.p99Ms = logins.value(QStringLiteral("p99")).toDouble() * 1000.0;
    result.maxMs = logins.value(QStringLiteral("max")).toDouble() * 1000.0;
    result.ok = result.answered == result.machines && result.machines == options.count;
    if (!result.ok)
        result.error = QStringLiteral("%1 of %2 machines answered").arg(result.answered).arg(options.count);
    return result;
}

// `xsprof listen` on a free port, as a process of its own.
Storm stormIntoListen(const Options& options)
{
    QProcess listen;
    listen.start(QStringLiteral(XSPROF_EXECUTABLE), {QStringLiteral("listen"), QStringLiteral("--port"), QStringLiteral("0")});
    QByteArray err;
    static const QRegularExpression listening(QStringLiteral("listening on [^:]+:(\\d+)"));
    QRegularExpressionMatch match;
    spin(10000, [&] {
        listen.waitForReadyRead(10);
        err += listen.readAllStandardError();
        match = listening.match(QString::fromLocal8Bit(err));
        return match.hasMatch() || listen.state() == QProcess::NotRunning;
    });
    if (!match.hasMatch()) {
        Storm failed;
        failed.error = QStringLiteral("xsprof listen did not start: %1").arg(QString::fromLocal8Bit(err));
        return failed;
    }
    QObject::connect(&listen, &QProcess::readyReadStandardError, [&listen] { listen.readAllStandardError(); });
    const Storm result = runStorm(options, quint16(match.captured(1).toUInt()));
    listen.terminate();
    listen.waitForFinished(10000);
    return result;
}

int journalsIn(const QString& directory)
{
    return int(QDir(directory).entryList({QStringLiteral("*.xsj")}, QDir::Files).size());
}

void printStorm(const char* where, const Storm& s)
{
    std::printf("%-7s %d machines, %.1f machines/s; login answered in %.2f ms median, %.2f ms p99, %.2f ms max\n", where,
                s.machines, s.rate, s.medianMs, s.p99Ms, s.maxMs);
}

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    Options options;
    for (int i = 1; i + 1 < argc; i += 2) {
        const std::string arg = argv[i];
        if (arg == "--count")
            options.count = std::max(1, std::atoi(argv[i + 1]));
        else if (arg == "--parallel")
            options.parallel = std::max(1, std::atoi(argv[i + 1]));
        else if (arg == "--transcript")
            options.transcript = QString::fromLocal8Bit(argv[i + 1]);
        else if (arg == "--screenshot")
            options.screenshot = QString::fromLocal8Bit(argv[i + 1]);
    }
    QApplication app(argc, argv);
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    settings.setValue(SettingsKeys::port, 0);
    const QString recovery = dir.filePath(QStringLiteral("recovery"));
    int tabsBefore = 0;
    double before = 0, after = 0;
    Storm window;
    bool frontKept = false;
    {
        MainWindow mainWindow(&settings);
        mainWindow.resize(1400, 900);
        mainWindow.show();
        mainWindow.machines()->setRecoveryDirectory(recovery);
        if (!mainWindow.machines()->startDebugServer()) {
            std::fprintf(stderr, "bench_machine_storm: the window cannot listen\n");
            return 1;
        }
        // The user reads a profile while the app's Workers come and go.
        mainWindow.openExample();
        WindowTabs* tabs = mainWindow.tabs();
        spin(3000, [&] { return tabs->count() > 0; });
        QWidget* front = tabs->currentWidget();
        spin(500, [] { return false; });
        tabsBefore = tabs->count();
        before = residentMB();

        window = runStorm(options, mainWindow.machines()->serverController()->server()->port());
        spin(1000, [] { return false; }); // the last machines leave
        after = residentMB();
        frontKept = front && tabs->currentWidget() == front;
        if (!options.screenshot.isEmpty())
            mainWindow.grab().save(options.screenshot);
        std::printf("window: %d tabs before the storm, %d after; front tab %s; %d journals left; resident "
                    "memory %.0f MB before, %.0f MB after (%+.0f MB)\n",
                    tabsBefore, tabs->count(), frontKept ? "kept" : "taken", journalsIn(recovery), before, after,
                    after - before);
    }
    if (!window.ok) {
        std::fprintf(stderr, "bench_machine_storm: window: %s\n", qPrintable(window.error));
        return 1;
    }
    const Storm listen = stormIntoListen(options);
    if (!listen.ok) {
        std::fprintf(stderr, "bench_machine_storm: listen: %s\n", qPrintable(listen.error));
        return 1;
    }
    printStorm("window", window);
    printStorm("listen", listen);
    std::printf("rate window/listen: %.2f (target >= 0.5); login p99 under the window %.2f ms (target <= 5 ms)\n",
                listen.rate > 0 ? window.rate / listen.rate : 0.0, window.p99Ms);
    return 0;
}
