// The window's side of a collection: a CollectionPage opening DB (the Traces table and the
// merged profile in every view), then applying a filter, then Compare Cohorts' computation;
// prints the time to each result and the event loop's longest gaps meanwhile (not a test).
//
//   bench_collection_open DB [--where EXPR] [--base EXPR --new EXPR] [--runs N]
//
// Targets (issue 33): the merged trees shown in ≤ 2 s, the event loop never blocked over 50 ms.
#include "eventloopgaps.h"

#include "views/collectionpage.h"
#include "views/comparisondata.h"
#include "views/profilepage.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QElapsedTimer>
#include <QSignalSpy>

#include <algorithm>
#include <cstdio>
#include <vector>

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

// Waits for `spy` while the event loop runs; false after two minutes.
bool waitFor(QSignalSpy& spy)
{
    return spy.count() > 0 || spy.wait(120000);
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.addPositionalArgument(QStringLiteral("DB"), QStringLiteral("A collection (xsprof collect)."));
    parser.addOption({QStringLiteral("where"), QStringLiteral("A filter to apply after opening."), QStringLiteral("EXPR"),
                      QStringLiteral("release = \"2.5\"")});
    parser.addOption({QStringLiteral("base"), QStringLiteral("Base cohort."), QStringLiteral("EXPR"),
                      QStringLiteral("release = \"2.4\"")});
    parser.addOption({QStringLiteral("new"), QStringLiteral("New cohort."), QStringLiteral("EXPR"),
                      QStringLiteral("release = \"2.5\"")});
    parser.addOption({QStringLiteral("runs"), QStringLiteral("Runs (medians printed)."), QStringLiteral("N"),
                      QStringLiteral("3")});
    parser.process(app);
    if (parser.positionalArguments().size() != 1) {
        std::fprintf(stderr, "usage: bench_collection_open DB [--where EXPR] [--base EXPR --new EXPR] [--runs N]\n");
        return 2;
    }
    const QString db = parser.positionalArguments()[0];
    std::vector<double> open, openGap, filter, filterGap, cohorts;
    for (int run = 0; run < parser.value(QStringLiteral("runs")).toInt(); ++run) {
        EventLoopGaps gaps;
        QElapsedTimer clock;
        gaps.start();
        clock.start();
        CollectionPage page(db);
        page.resize(1400, 900);
        page.show();
        QSignalSpy loaded(&page, &CollectionPage::loaded);
        if (!waitFor(loaded) || !page.profilePage()) {
            std::fprintf(stderr, "bench_collection_open: %s did not open: %s\n", qPrintable(db), qPrintable(page.statusText()));
            return 1;
        }
        QApplication::processEvents(); // the first paint of the merged trees
        open.push_back(double(clock.nsecsElapsed()) / 1e6);
        openGap.push_back(gaps.longest());

        gaps.start();
        clock.restart();
        loaded.clear();
        page.applyFilter(parser.value(QStringLiteral("where")));
        if (!waitFor(loaded))
            return 1;
        QApplication::processEvents();
        filter.push_back(double(clock.nsecsElapsed()) / 1e6);
        filterGap.push_back(gaps.longest());
        gaps.stop();

        clock.restart(); // off the GUI thread in the window: timed alone here
        const ComparisonDataPtr compared =
            ComparisonData::createForCohorts(db, parser.value(QStringLiteral("base")), parser.value(QStringLiteral("new")));
        cohorts.push_back(double(clock.nsecsElapsed()) / 1e6);
        std::printf("run %d: open %.0f ms (longest gap %.1f ms), filter %.0f ms (gap %.1f ms), cohorts %.0f ms (%zu + %zu traces)\n",
                    run + 1, open.back(), openGap.back(), filter.back(), filterGap.back(), cohorts.back(),
                    compared->cohorts->baseTraceCount, compared->cohorts->newTraceCount);
    }
    std::printf("median: open %.0f ms, longest gap %.1f ms; filter %.0f ms, longest gap %.1f ms; compare cohorts %.0f ms\n",
                median(open), median(openGap), median(filter), median(filterGap), median(cohorts));
    return 0;
}
