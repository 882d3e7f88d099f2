// A real Worker app's pace, into `xsprof listen` and into the window, side by side in one run
// (prints figures; not a ctest test). ../shared/tools/machine_storm.py plays COUNT Workers
// recorded from the Moddable simulator (sim_worker.xsbug), PARALLEL at once, while one machine
// (the app's main machine) prints LINES console lines as fast as it can. Printed for each: the
// time until every Worker was answered and every line was taken in, peak and final resident
// memory, peak open files; for the window, the tabs left and the longest the event loop went
// without answering. Issue 38's targets: the window within 2x listen's time, RSS at most 150 MB
// above where it started and back within 30 MB after, at most 256 open files.
//   bench_worker_flood [--count N] [--parallel K] [--lines L] [--twice 1]   (defaults: 10000, 32, 60000)
// --twice 1: the lines come from the second machine of the name (held by the intake until its
// first line earns it a tab), the first one printing a single line and leaving before.
#include "app/debugger/consolemodel.h"
#include "app/debugger/debuggeepage.h"
#include "app/debugger/debuggerpanes.h"
#include "app/machines/machinetabs.h"
#include "app/machines/servercontroller.h"
#include "app/mainwindow.h"
#include "app/settingskeys.h"
#include "app/tabs/windowtabs.h"
#include "eventloopgaps.h"
#include "fakemachine.h"
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

#include <atomic>
#include <cstdio>
#include <string>
#include <thread>

namespace {

struct Options {
    int count = 10000;
    int parallel = 32;
    int lines = 60000;
    bool twice = false; // a first machine of the name prints one line and leaves; the second prints them all
    QString transcript = QStringLiteral(XSPROF_BENCH_SHARED_DIR "/corpus/xsbug/sim_worker.xsbug");
    QString storm = QStringLiteral(XSPROF_BENCH_SHARED_DIR "/tools/machine_storm.py");
};

struct Figures {
    QString error;
    double seconds = 0;       // until every machine was answered and every line taken in
    int machines = 0;
    double startMB = 0, peakMB = 0, finalMB = 0;
    int peakFiles = 0;
    int tabsLeft = -1;
    double longestGapMs = 0;
};

QString lastLine(int lines)
{
    return QStringLiteral("flood line %1").arg(lines - 1);
}

// Resident memory (MB) and open files of process `pid`.
double residentMB(qint64 pid)
{
    QFile status(QStringLiteral("/proc/%1/status").arg(pid));
    if (!status.open(QIODevice::ReadOnly))
        return 0;
    for (const QByteArray& line : status.readAll().split('\n')) {
        if (line.startsWith("VmRSS:"))
            return line.mid(6).trimmed().split(' ').value(0).toDouble() / 1024.0;
    }
    return 0;
}

int openFiles(qint64 pid)
{
    return int(QDir(QStringLiteral("/proc/%1/fd").arg(pid)).entryList(QDir::NoDotAndDotDot | QDir::AllEntries).size());
}

// The app's main machine: logs in, waits for its answer, prints `lines` lines in large writes.
void printLines(int port, int lines);

// That machine, after a first of its name that printed one line and left when `twice`.
void printMachines(int port, int lines, bool twice)
{
    if (twice)
        printLines(port, 1);
    printLines(port, lines);
}

void printLines(int port, int lines)
{
    const int fd = FakeMachine::connectTo(port);
    if (fd < 0)
        return;
    FakeMachine::sendAll(fd, "\r\n<xsbug><login name=\"flood\" value=\"XS 17.7.0 64-bit LE 16-bit ID\" flags=\"e\"/></xsbug>\r\n");
    char answer[4096];
    if (::recv(fd, answer, sizeof answer, 0) <= 0) {
        ::close(fd);
        return;
    }
    std::string batch;
    for (int i = 0; i < lines; ++i) {
        batch += "\r\n<xsbug><log>flood line " + std::to_string(i) + "&#10;</log></xsbug>\r\n";
        if (batch.size() > (64 << 10) || i == lines - 1) {
            if (!FakeMachine::sendAll(fd, batch))
                break;
            batch.clear();
        }
    }
    ::shutdown(fd, SHUT_WR);
    FakeMachine::drain(fd);
    ::close(fd);
}

// Turns the event loop until `done`, sampling memory and files of `pid` every 50 ms.
template <typename Done>
void watch(qint64 pid, int ms, Figures& figures, Done done)
{
    QElapsedTimer clock;
    clock.start();
    QTimer sample;
    QObject::connect(&sample, &QTimer::timeout, [&] {
        figures.peakMB = std::max(figures.peakMB, residentMB(pid));
        figures.peakFiles = std::max(figures.peakFiles, openFiles(pid));
    });
    sample.start(50);
    while (!done() && clock.elapsed() < ms)
        QApplication::processEvents(QEventLoop::WaitForMoreEvents, 50);
    figures.peakMB = std::max(figures.peakMB, residentMB(pid));
}

QProcess* startStorm(const Options& options, quint16 port, QObject* parent)
{
    auto* storm = new QProcess(parent);
    storm->start(QStringLiteral("python3"),
                 {options.storm, options.transcript, QStringLiteral("--connect"), QStringLiteral("127.0.0.1:%1").arg(port),
                  QStringLiteral("--count"), QString::number(options.count), QStringLiteral("--parallel"),
                  QString::number(options.parallel), QStringLiteral("--timeout"), QStringLiteral("600")});
    return storm;
}

// Machines answered, from the storm's summary; -1 and `error` when it printed none.
int stormMachines(QProcess* storm, QString* error)
{
    const QJsonObject summary = QJsonDocument::fromJson(storm->readAllStandardOutput()).object();
    if (summary.isEmpty()) {
        *error = QStringLiteral("machine_storm.py printed no summary: %1")
                     .arg(QString::fromLocal8Bit(storm->readAllStandardError()).left(400));
        return -1;
    }
    return summary.value(QStringLiteral("login_answer_s")).toObject().value(QStringLiteral("answered")).toInt();
}

Figures floodListen(const Options& options)
{
    Figures figures;
    QProcess listen;
    listen.start(QStringLiteral(XSPROF_EXECUTABLE), {QStringLiteral("listen"), QStringLiteral("--log"), QStringLiteral("--port"), QStringLiteral("0")});
    if (!listen.waitForStarted()) {
        figures.error = QStringLiteral("cannot start xsprof listen");
        return figures;
    }
    static const QRegularExpression listening(QStringLiteral("listening on [^:]+:(\\d+)"));
    QByteArray err;
    QRegularExpressionMatch match;
    watch(listen.processId(), 10000, figures, [&] {
        err += listen.readAllStandardError();
        match = listening.match(QString::fromLocal8Bit(err));
        return match.hasMatch() || listen.state() == QProcess::NotRunning;
    });
    if (!match.hasMatch()) {
        figures.error = QStringLiteral("xsprof listen did not start: %1").arg(QString::fromLocal8Bit(err));
        return figures;
    }
    const quint16 port = quint16(match.captured(1).toUInt());
    figures.startMB = figures.peakMB = residentMB(listen.processId());
    bool sawLast = false;
    const QByteArray last = lastLine(options.lines).toUtf8();
    QByteArray tail;
    QObject::connect(&listen, &QProcess::readyReadStandardOutput, [&] {
        tail += listen.readAllStandardOutput();
        sawLast = sawLast || tail.contains(last);
        tail = tail.right(200);
    });
    QObject::connect(&listen, &QProcess::readyReadStandardError, [&] { listen.readAllStandardError(); });
    QElapsedTimer clock;
    clock.start();
    std::thread app(printMachines, port, options.lines, options.twice);
    QProcess* storm = startStorm(options, port, &listen);
    watch(listen.processId(), 600000, figures,
          [&] { return sawLast && storm->state() == QProcess::NotRunning; });
    figures.seconds = double(clock.elapsed()) / 1000.0;
    app.join();
    figures.machines = stormMachines(storm, &figures.error);
    watch(listen.processId(), 3000, figures, [] { return false; });
    figures.finalMB = residentMB(listen.processId());
    listen.terminate();
    listen.waitForFinished(10000);
    if (!sawLast)
        figures.error = QStringLiteral("listen never printed the last line");
    return figures;
}

// The flood machine's tab has taken in its last line.
bool windowHasLastLine(MainWindow& window, const QString& last)
{
    WindowTabs* tabs = window.tabs();
    for (int i = 0; i < tabs->count(); ++i) {
        if (DebuggeePage* machine = window.machines()->debuggee(i)) {
            const ConsoleModel* console = machine->debuggerPanes()->consoleModel();
            if (console->rowCount() > 0 && console->lineText(console->rowCount() - 1) == last)
                return true;
        }
    }
    return false;
}

Figures floodWindow(const Options& options)
{
    Figures figures;
    QTemporaryDir dir;
    QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    settings.setValue(SettingsKeys::port, 0);
    MainWindow window(&settings);
    window.resize(1400, 900);
    window.show();
    window.machines()->setRecoveryDirectory(dir.filePath(QStringLiteral("recovery")));
    if (!window.machines()->startDebugServer()) {
        figures.error = QStringLiteral("the window cannot listen");
        return figures;
    }
    window.openExample(); // the user reads a profile meanwhile
    const qint64 self = QCoreApplication::applicationPid();
    watch(self, 3000, figures, [&] { return window.tabs()->count() > 0; });
    watch(self, 500, figures, [] { return false; });
    figures.startMB = figures.peakMB = residentMB(self);
    const quint16 port = window.machines()->serverController()->server()->port();
    EventLoopGaps gaps;
    gaps.start();
    QElapsedTimer clock;
    clock.start();
    std::thread app(printMachines, port, options.lines, options.twice);
    QObject owner;
    QProcess* storm = startStorm(options, port, &owner);
    const QString last = lastLine(options.lines);
    watch(self, 600000, figures,
          [&] { return storm->state() == QProcess::NotRunning && windowHasLastLine(window, last); });
    figures.seconds = double(clock.elapsed()) / 1000.0;
    gaps.stop();
    figures.longestGapMs = gaps.longest();
    app.join();
    figures.machines = stormMachines(storm, &figures.error);
    if (!windowHasLastLine(window, last))
        figures.error = QStringLiteral("the window never showed the last line");
    watch(self, 3000, figures, [] { return false; });
    figures.finalMB = residentMB(self);
    figures.tabsLeft = window.tabs()->count();
    return figures;
}

void print(const char* where, const Figures& f)
{
    std::printf("%-7s %.1f s for %d machines and every line; RSS %.0f MB at the start, %.0f MB at peak (%+.0f), %.0f MB "
                "after (%+.0f); %d open files at peak",
                where, f.seconds, f.machines, f.startMB, f.peakMB, f.peakMB - f.startMB, f.finalMB, f.finalMB - f.startMB,
                f.peakFiles);
    if (f.tabsLeft >= 0)
        std::printf("; %d tabs left; event loop's longest gap %.0f ms", f.tabsLeft, f.longestGapMs);
    std::printf("\n");
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
        else if (arg == "--lines")
            options.lines = std::max(2, std::atoi(argv[i + 1]));
        else if (arg == "--twice")
            options.twice = std::atoi(argv[i + 1]) != 0;
    }
    QApplication app(argc, argv);
    std::printf("flood: %d Workers (%d at once) and one machine printing %d lines\n", options.count, options.parallel,
                options.lines);
    std::fflush(stdout);
    const Figures listen = floodListen(options);
    print("listen", listen);
    std::fflush(stdout);
    const Figures window = floodWindow(options);
    print("window", window);
    if (!listen.error.isEmpty() || !window.error.isEmpty()) {
        std::fprintf(stderr, "bench_worker_flood: %s %s\n", qPrintable(listen.error), qPrintable(window.error));
        return 1;
    }
    std::printf("window/listen time: %.2f (target <= 2); window RSS peak %+.0f MB (target <= +150), after %+.0f MB "
                "(target <= +30); open files at peak %d (target <= 256)\n",
                listen.seconds > 0 ? window.seconds / listen.seconds : 0.0, window.peakMB - window.startMB,
                window.finalMB - window.startMB, window.peakFiles);
    return 0;
}
