// The window with a big profile (prints figures; not a ctest test): from File › Open to a
// painted top-down view, side by side with `xsprof report` on the same file (the target is at
// most 1.2× its time), then how long the event loop is blocked by what users do next —
// expanding the hot path, sorting, switching views and order, selecting a range and clearing
// it (target: never more than 50 ms). Offscreen; a 5 ms timer measures the gaps; each action's
// figure is the longest gap from its start until the window is idle again.
//   bench_window_open [--runs N] [--xsprof PATH] FILE      (default 3 runs, build/app/xsprof)
#include "eventloopgaps.h"

#include "app/mainwindow.h"
#include "app/settingskeys.h"
#include "model/heappolicy.h"
#include "views/costtreeview.h"
#include "views/profilepage.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QSettings>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace {

double median(std::vector<double> v)
{
    if (v.empty())
        return 0;
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

// Runs `action` (its own time counts as a gap), then the event loop until `done` holds and
// 300 ms have passed; returns the longest gap.
double longestGapDuring(EventLoopGaps& gaps, const std::function<void()>& action, const std::function<bool()>& done)
{
    gaps.start();
    action();
    QElapsedTimer settle;
    settle.start();
    while (settle.elapsed() < 300 || !done()) {
        QApplication::processEvents(QEventLoop::WaitForMoreEvents); // blocks: the gap timer wakes it
        if (settle.elapsed() > 60000)
            break;
    }
    gaps.stop();
    return gaps.longest();
}

double reportSeconds(const QString& xsprof, const QString& file)
{
    QProcess report;
    QElapsedTimer t;
    t.start();
    report.start(xsprof, {QStringLiteral("report"), file});
    report.waitForFinished(-1);
    return double(t.nsecsElapsed()) / 1e9;
}

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    xsprof::HeapPolicy::reuseFreedTables(); // as the window's main()
    QApplication app(argc, argv);
    int runs = 3;
    QString xsprof = QStringLiteral("build/app/xsprof");
    QString file;
    const QStringList args = app.arguments();
    for (int i = 1; i < args.size(); ++i) {
        if (args[i] == QLatin1String("--runs") && i + 1 < args.size())
            runs = std::max(1, args[++i].toInt());
        else if (args[i] == QLatin1String("--xsprof") && i + 1 < args.size())
            xsprof = args[++i];
        else
            file = args[i];
    }
    if (file.isEmpty()) {
        std::fprintf(stderr, "usage: bench_window_open [--runs N] [--xsprof PATH] FILE\n");
        return 2;
    }

    std::vector<double> reportTimes, openTimes, openGaps;
    std::map<std::string, std::vector<double>> actionGaps;
    for (int run = 0; run < runs; ++run) {
        reportTimes.push_back(reportSeconds(xsprof, file));

        QTemporaryDir dir;
        QSettings settings(dir.filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
        settings.setValue(SettingsKeys::port, 0);
        MainWindow window(&settings);
        window.resize(1600, 1000);
        window.show();
        QApplication::processEvents();
        EventLoopGaps gaps;
        gaps.start();
        QElapsedTimer open;
        open.start();
        window.openFiles({file});
        ProfilePage* page = nullptr;
        while (!page || !page->functionView(false) || page->functionView(false)->model()->rowCount() == 0) {
            QApplication::processEvents(QEventLoop::WaitForMoreEvents); // blocks: the gap timer wakes it
            page = window.currentPage();
            if (open.elapsed() > 300000) {
                std::fprintf(stderr, "bench_window_open: %s did not open\n", qPrintable(file));
                return 1;
            }
        }
        page->functionView(false)->grab(); // painted
        openTimes.push_back(double(open.nsecsElapsed()) / 1e9);
        gaps.stop();
        openGaps.push_back(gaps.longest());

        const auto idle = [page] { return !page->isRangeBusy(); };
        CostTreeView* topDown = page->functionView(false);
        actionGaps["expand hot path"].push_back(longestGapDuring(gaps, [page] { page->expandHotPath(); }, idle));
        actionGaps["sort by self"].push_back(
            longestGapDuring(gaps, [topDown] { topDown->sortByColumn(1, Qt::DescendingOrder); }, idle));
        actionGaps["sort by name"].push_back(
            longestGapDuring(gaps, [topDown] { topDown->sortByColumn(0, Qt::AscendingOrder); }, idle));
        for (int tab : {ProfilePage::CallTreeTab, ProfilePage::BottomUpTreeTab, ProfilePage::FlameGraphTab,
                        ProfilePage::FunctionsTab}) {
            const std::string name = "view " + page->tabs()->tabText(tab).remove(QLatin1Char('&')).toStdString();
            actionGaps[name].push_back(longestGapDuring(gaps, [page, tab] { page->tabs()->setCurrentIndex(tab); }, idle));
        }
        actionGaps["order bottom-up"].push_back(longestGapDuring(gaps, [page] { page->setBottomUp(true); }, idle));
        actionGaps["order top-down"].push_back(longestGapDuring(gaps, [page] { page->setBottomUp(false); }, idle));
        const auto& times = page->data()->profile.samples.time;
        const double t0 = times.front(), t1 = times.back();
        actionGaps["select a range"].push_back(
            longestGapDuring(gaps, [page, t0, t1] { page->setTimeRange(t0 + 0.35 * (t1 - t0), t0 + 0.65 * (t1 - t0)); }, idle));
        actionGaps["clear the range"].push_back(longestGapDuring(gaps, [page] { page->clearTimeRange(); }, idle));
        std::printf("run %d: report %.2f s, window open to painted top-down %.2f s (longest gap while opening %.0f ms)\n",
                    run + 1, reportTimes.back(), openTimes.back(), openGaps.back());
        std::fflush(stdout);
    }
    std::printf("%s, %d runs, medians:\n", qPrintable(file), runs);
    std::printf("  xsprof report %.2f s, window to painted top-down %.2f s: ratio %.2f (target <= 1.2)\n",
                median(reportTimes), median(openTimes), median(openTimes) / median(reportTimes));
    std::printf("  longest event-loop gap while opening: %.0f ms\n", median(openGaps));
    for (const auto& [name, values] : actionGaps)
        std::printf("  %-22s longest gap %6.1f ms (max of runs %6.1f)%s\n", name.c_str(), median(values),
                    *std::max_element(values.begin(), values.end()), median(values) > 50 ? "  > 50 ms" : "");
    return 0;
}
