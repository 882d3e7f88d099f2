// bench_transforms_gui: a transform and a comparison as the window does them, on a profile
// page showing a big profile (offscreen unless a display is set).
//
//   bench_transforms_gui [--runs N] [FILE]
//
// FILE defaults to <build>/bench-data/bench_1m.cpuprofile (1M samples, see benchinput.h).
// For each transform (merge, focus, drop, collapse recursion of the function bench_transforms
// picks) and for going back to the full profile: the time from the request to every view
// showing the new numbers (trees, timeline, flame graph data, breadcrumb: the page's
// viewDataChanged), and the longest gap of the GUI thread's event loop meanwhile (a 1 ms
// timer; the target is <= 50 ms); a tree that was hidden catches up when shown (timed too).
// Then a comparison of two 1M-sample profiles as
// ComparisonOpener does it (matching on a worker, the tab built on the GUI thread).
#include "model/profileanalysis.h"
#include "model/profileloader.h"
#include "model/transforms.h"
#include "views/comparisondata.h"
#include "views/comparisonpage.h"
#include "views/document/jobrunner.h"
#include "views/profilepage.h"

#include "benchinput.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QTabWidget>
#include <QTimer>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <vector>

namespace {

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2.0;
}

struct Timing {
    double totalMs = 0.0;
    double longestGapMs = 0.0;
};

// Runs `start`, then the event loop until `done` is called; times it and the longest gap
// between two ticks of a 1 ms timer (how long the GUI thread did not answer).
Timing timed(const std::function<void(std::function<void()> done)>& start)
{
    QEventLoop loop;
    QElapsedTimer sinceTick, clock;
    double longest = 0.0;
    QTimer ticker;
    ticker.setTimerType(Qt::PreciseTimer);
    ticker.setInterval(1);
    QObject::connect(&ticker, &QTimer::timeout, [&] {
        if (sinceTick.isValid())
            longest = std::max(longest, double(sinceTick.nsecsElapsed()) / 1e6);
        sinceTick.start();
    });
    bool finished = false;
    ticker.start();
    QEventLoop settle; // let the ticker start before the work
    QTimer::singleShot(5, &settle, &QEventLoop::quit);
    settle.exec();
    clock.start();
    sinceTick.start();
    start([&] {
        finished = true;
        loop.quit();
    });
    if (!finished)
        loop.exec();
    Timing t;
    t.totalMs = double(clock.nsecsElapsed()) / 1e6;
    // The gap still open when the work ended counts too.
    t.longestGapMs = std::max(longest, double(sinceTick.nsecsElapsed()) / 1e6);
    return t;
}

void report(const char* what, const std::vector<Timing>& runs)
{
    std::vector<double> total, gap;
    for (const Timing& t : runs) {
        total.push_back(t.totalMs);
        gap.push_back(t.longestGapMs);
    }
    std::printf("  %-44s views updated after median %8.1f ms; longest GUI-thread block median %6.1f ms (max %6.1f)\n",
                what, median(total), median(gap), *std::max_element(gap.begin(), gap.end()));
    std::fflush(stdout);
}

} // namespace

int main(int argc, char* argv[])
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    BenchInput input;
    if (!BenchInput::parse(argc, argv, 5, input))
        return 1;
    xsprof::LoadResult loaded = xsprof::loadProfileFile(input.path);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", loaded.error ? loaded.error->toString().c_str() : "load failed");
        return 1;
    }
    const ProfileDataPtr data = ProfileData::create(std::move(*loaded.profile), QString::fromStdString(input.path), -1);
    const xsprof::Profile& p = data->profile;
    const xsprof::ProfileAnalysis& before = data->analysis;
    std::vector<xsprof::FrameId> big; // as bench_transforms: the median of the functions on >= 1 %
    for (xsprof::FrameId f : before.functions.functions()) {
        if (before.functions.inclusive(f) > before.functions.duration() / 100)
            big.push_back(f);
    }
    std::sort(big.begin(), big.end(),
              [&](auto a, auto b) { return before.functions.inclusive(a) < before.functions.inclusive(b); });
    const xsprof::FrameId f = big.empty() ? before.functions.functions().front() : big[big.size() / 2];
    std::printf("%s: %zu samples, %zu stacks; transforms on %s (inclusive %.1f %%); %d runs\n", input.path.c_str(),
                p.samples.size(), p.stacks.size(), std::string(p.frameName(f)).c_str(),
                100.0 * before.functions.inclusive(f) / before.functions.duration(), input.runs);

    ProfilePage page(data);
    page.resize(1600, 1000);
    page.show();
    QApplication::processEvents();
    ProfileDocument* document = page.document();
    const auto untilViews = [&](const std::function<void()>& request) {
        return timed([&](std::function<void()> done) {
            auto connection = std::make_shared<QMetaObject::Connection>();
            *connection = QObject::connect(&page, &ProfilePage::viewDataChanged, [connection, done] {
                QObject::disconnect(*connection);
                done();
            });
            request();
        });
    };

    const std::pair<const char*, xsprof::TransformKind> kinds[] = {
        {"merge f", xsprof::TransformKind::Merge},
        {"focus on f", xsprof::TransformKind::Focus},
        {"drop samples with f", xsprof::TransformKind::Drop},
        {"collapse recursion of f", xsprof::TransformKind::CollapseRecursion},
    };
    std::vector<Timing> back;
    for (const auto& [label, kind] : kinds) {
        std::vector<Timing> runs;
        const xsprof::Transform t = xsprof::Transform::byFrame(kind, p, f);
        for (int r = 0; r < input.runs; ++r) {
            runs.push_back(untilViews([&] { document->pushTransform(t); }));
            back.push_back(untilViews([&] { document->goBack(0); }));
        }
        report(label, runs);
    }
    report("back to the full profile (breadcrumb)", back);

    // Views that were hidden catch up when shown: the Bottom-Up Tree tab after a merge.
    std::vector<Timing> shown;
    const xsprof::Transform merge = xsprof::Transform::byFrame(xsprof::TransformKind::Merge, p, f);
    for (int r = 0; r < input.runs; ++r) {
        page.tabs()->setCurrentIndex(ProfilePage::FunctionsTab);
        untilViews([&] { document->pushTransform(merge); });
        shown.push_back(timed([&](std::function<void()> done) {
            page.tabs()->setCurrentIndex(ProfilePage::BottomUpTreeTab);
            done();
        }));
        untilViews([&] { document->goBack(0); });
    }
    report("then showing the Bottom-Up Tree tab", shown);

    // A comparison of two 1M-sample profiles: both tabs' analyses exist (as when both are
    // open); the matching runs on a worker, the tab is built on the GUI thread.
    const ProfileDataPtr other =
        ProfileData::create(*xsprof::applyTransform(p, xsprof::Transform::byFrame(xsprof::TransformKind::Merge, p, f)),
                            QStringLiteral("other"), -1);
    std::vector<Timing> comparisons;
    JobRunner runner;
    for (int r = 0; r < input.runs; ++r) {
        std::unique_ptr<ComparisonPage> tab;
        comparisons.push_back(timed([&](std::function<void()> done) {
            runner.run<ComparisonDataPtr>(
                [&](const xsprof::TaskControl&) {
                    return ComparisonData::create(
                        data->sharedProfile, std::shared_ptr<const xsprof::ProfileAnalysis>(data, &data->analysis),
                        QStringLiteral("base"), other->sharedProfile,
                        std::shared_ptr<const xsprof::ProfileAnalysis>(other, &other->analysis), QStringLiteral("new"));
                },
                [&, done](JobResult<ComparisonDataPtr> result) {
                    tab = std::make_unique<ComparisonPage>(*result.value);
                    tab->resize(1600, 1000);
                    tab->show();
                    done();
                });
        }));
    }
    report("comparison of two 1M-sample profiles", comparisons);
    return 0;
}
