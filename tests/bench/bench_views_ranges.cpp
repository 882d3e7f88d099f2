// bench_views_ranges: what a range selection costs on a big profile, and what painting the
// flame graph costs.
//
//   bench_views_ranges [--runs N] [FILE]
//
// FILE defaults to <build>/bench-data/bench_1m.cpuprofile (1M samples, 100k nodes),
// generated with ../shared/tools/gen_cpuprofile.py when missing. For several ranges it
// measures, N times each (default 9), recomputing every view the way the page does it:
// ProfileAnalysis::compute over the range, the bottom-up tree's roots and the flame graph
// layout at 1600 px ("views"), and the same with the profile copy the range analysis makes
// ("page"). Then the timeline bucketing, the flame chart layout, and painting the flame
// graph of the whole tree into a 1600x900 QImage offscreen. Prints medians and minima.
#include "model/flamegraphlayout.h"
#include "views/flamegraphview.h"
#include "views/document/profiledata.h"
#include "views/document/profiledocument.h"
#include "model/sampletimes.h"
#include "model/timelinebuckets.h"
#include "views/timelinewidget.h"
#include "views/qcustomplotinclude.h"

#include "model/profileloader.h"

#include "benchinput.h"

#include <QApplication>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

// Runs `work` `runs` times; prints and returns the median in ms.
double measure(const char* what, int runs, const std::function<void()>& work)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const auto t0 = Clock::now();
        work();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    const double m = median(ms);
    std::printf("  %-58s median %8.2f ms   min %8.2f ms\n", what, m, *std::min_element(ms.begin(), ms.end()));
    std::fflush(stdout);
    return m;
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);

    BenchInput input;
    if (!BenchInput::parse(argc, argv, 9, input))
        return 1;
    const int runs = input.runs;
    const std::string& path = input.path;

    const auto loadStart = Clock::now();
    xsprof::LoadResult result = xsprof::loadProfileFile(path);
    if (!result.ok()) {
        std::fprintf(stderr, "%s\n", result.error ? result.error->toString().c_str() : "load failed");
        return 1;
    }
    const auto full = ProfileData::create(std::move(*result.profile), QString::fromStdString(path), -1);
    const xsprof::Profile& profile = full->profile;
    std::printf("%s: %zu samples, %zu stacks, %zu frames, loaded and analysed in %.0f ms\n", path.c_str(),
                profile.samples.size(), profile.stacks.size(), profile.frames.size(),
                std::chrono::duration<double, std::milli>(Clock::now() - loadStart).count());

    const SampleTimes times(profile);
    const double start = times.start(), span = times.end() - times.start();
    struct Case {
        const char* name;
        double from, to;
    };
    const Case cases[] = {{"middle 50 %", 0.25, 0.75}, {"first 10 %", 0.0, 0.1}, {"last 90 %", 0.1, 1.0},
                          {"1 % (a zoomed-in selection)", 0.5, 0.51}};
    constexpr double width = 1600.0;
    for (const Case& c : cases) {
        const double t0 = start + span * c.from, t1 = start + span * c.to;
        const xsprof::SampleRange range = times.range(t0, t1);
        std::printf("range %s: samples [%zu, %zu)\n", c.name, range.begin, range.end);
        measure("binary search for the sample range", runs, [&] { (void)times.range(t0, t1); });
        measure("views: compute + bottom-up roots + flame layout", runs, [&] {
            const auto analysis = xsprof::ProfileAnalysis::compute(profile, range);
            const xsprof::BottomUpTree bottomUp(profile, analysis.callTree);
            const auto layout = FlameGraphLayout::fromCallTree(profile, analysis.callTree, {}, width);
            if (layout.boxes().empty() || bottomUp.roots().empty())
                std::abort();
        });
        measure("page: the above, profile shared (ProfileData::analyse)", runs, [&] {
            const auto data = ProfileData::analyse(*full, range);
            const auto layout = FlameGraphLayout::fromCallTree(data->profile, data->analysis.callTree, {}, width);
            if (layout.boxes().empty())
                std::abort();
        });
        measure("flame chart layout of the range", runs, [&] {
            const auto layout = FlameGraphLayout::fromSamples(profile, t0, t1, width);
            if (layout.boxes().empty())
                std::abort();
        });
    }

    std::printf("whole profile:\n");
    measure("timeline bucketing, 800 buckets", runs, [&] { TimelineBuckets(profile, start, start + span, 800); });
    measure("timeline activity of one function", runs, [&] {
        TimelineBuckets buckets(profile, start, start + span, 800);
        (void)buckets.functionActivity(profile, full->analysis.functions.functions()[full->analysis.functions.functions().size() / 2]);
    });
    ProfileDocument document(full);
    TimelineWidget timeline(&document);
    timeline.resize(int(width), 140);
    timeline.show(); // offscreen: laid out and painted like a visible widget
    while (timeline.buckets().count() == 0 || timeline.isBucketing())
        QApplication::processEvents(); // the areas of a large profile are bucketed on a worker
    measure("timeline replot 1600x140 (the stacked areas)", runs,
            [&] { timeline.plot()->replot(QCustomPlot::rpImmediateRefresh); });
    // The function with the most self time: a busy, jagged activity line.
    const auto& functions = full->analysis.functions;
    document.setSelectedFunction(*std::max_element(functions.functions().begin(), functions.functions().end(),
                                                      [&](auto a, auto b) { return functions.self(a) < functions.self(b); }));
    while (timeline.highlightActivity().empty() || timeline.isBucketing())
        QApplication::processEvents();
    measure("timeline replot with a function's activity line", runs,
            [&] { timeline.plot()->replot(QCustomPlot::rpImmediateRefresh); });
    measure("flame graph layout of the whole tree", runs, [&] {
        (void)FlameGraphLayout::fromCallTree(profile, full->analysis.callTree, {}, width);
    });

    FlameGraphView view;
    view.resize(int(width), 900);
    view.setData(full, start, start + span);
    QImage image(view.size(), QImage::Format_ARGB32_Premultiplied);
    view.render(&image); // the first paint lays out, names and colours the frames
    std::printf("flame graph: %zu boxes in %d rows\n", view.layout().boxes().size(), view.layout().depthCount());
    const int paints = std::max(runs, 30);
    measure("paint flame graph 1600x900 into a QImage", paints, [&] { view.render(&image); });
    view.setMode(FlameGraphView::Mode::Chart);
    view.render(&image);
    std::printf("flame chart: %zu boxes in %d rows\n", view.layout().boxes().size(), view.layout().depthCount());
    measure("paint flame chart 1600x900 into a QImage", paints, [&] { view.render(&image); });
    image.save(QStringLiteral(XSPROF_BENCH_DATA_DIR "/bench_flamechart.png"));
    view.setMode(FlameGraphView::Mode::Graph);
    view.render(&image);
    image.save(QStringLiteral(XSPROF_BENCH_DATA_DIR "/bench_flamegraph.png"));
    return 0;
}
