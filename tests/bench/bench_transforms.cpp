// bench_transforms: what a transform and a comparison cost on a big profile.
//
//   bench_transforms [--runs N] [FILE]
//
// FILE defaults to <build>/bench-data/bench_1m.cpuprofile (1M samples, 100k nodes),
// generated with ../shared/tools/gen_cpuprofile.py when missing. Each figure is the
// median of N runs (default 7) of a transform and then everything the views show
// recomputed on the result: ProfileAnalysis::compute (call tree, self, inclusive,
// divided totals), the bottom-up tree's roots and the flame graph layout at 1600 px.
// The first line is that recomputation alone on the untransformed profile, for scale.
// Then a comparison of the profile with a second 1M-sample profile (the first with
// every sample's stack merged one level: a different but related run).
#include "model/bottomuptree.h"
#include "model/comparison.h"
#include "model/flamegraphlayout.h"
#include "model/profileanalysis.h"
#include "model/profileloader.h"
#include "model/transforms.h"

#include "benchinput.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double measure(const char* what, int runs, const std::function<void()>& work)
{
    std::vector<double> ms;
    for (int i = 0; i < runs; ++i) {
        const auto t0 = Clock::now();
        work();
        ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    }
    std::sort(ms.begin(), ms.end());
    const double median = ms.size() % 2 ? ms[ms.size() / 2] : (ms[ms.size() / 2 - 1] + ms[ms.size() / 2]) / 2.0;
    std::printf("  %-52s median %8.2f ms   min %8.2f ms\n", what, median, ms.front());
    std::fflush(stdout);
    return median;
}

// Everything the views show for a profile.
size_t recomputeViews(const xsprof::Profile& p)
{
    const xsprof::ProfileAnalysis a = xsprof::ProfileAnalysis::compute(p);
    const xsprof::BottomUpTree bottomUp(p, a.callTree);
    const FlameGraphLayout flame = FlameGraphLayout::fromCallTree(p, a.callTree, xsprof::StackId(), 1600);
    return bottomUp.roots().size() + flame.boxes().size();
}

} // namespace

int main(int argc, char** argv)
{
    BenchInput input;
    if (!BenchInput::parse(argc, argv, 7, input))
        return 1;
    xsprof::LoadResult loaded = xsprof::loadProfileFile(input.path);
    if (!loaded.ok()) {
        std::fprintf(stderr, "%s\n", loaded.error ? loaded.error->toString().c_str() : "load failed");
        return 1;
    }
    const xsprof::Profile& p = *loaded.profile;
    const xsprof::ProfileAnalysis before = xsprof::ProfileAnalysis::compute(p);
    // The function of the median inclusive time among those on at least 1 % of the samples:
    // a transform that changes a good part of the profile.
    std::vector<xsprof::FrameId> big;
    for (xsprof::FrameId f : before.functions.functions()) {
        if (before.functions.inclusive(f) > before.functions.duration() / 100 && p.stacks.parent.size())
            big.push_back(f);
    }
    std::sort(big.begin(), big.end(), [&](auto a, auto b) { return before.functions.inclusive(a) < before.functions.inclusive(b); });
    const xsprof::FrameId f = big.empty() ? before.functions.functions().front() : big[big.size() / 2];
    std::printf("%s: %zu samples, %zu stacks, %zu functions; transforms on %s (inclusive %.1f %%)\n",
                input.path.c_str(), p.samples.size(), p.stacks.size(), p.frames.size(),
                std::string(p.frameName(f)).c_str(), 100.0 * before.functions.inclusive(f) / before.functions.duration());
    std::printf("median and minimum of %d runs\n", input.runs);

    measure("views only, no transform", input.runs, [&] { recomputeViews(p); });
    const std::pair<const char*, xsprof::TransformKind> kinds[] = {
        {"merge f + views", xsprof::TransformKind::Merge},
        {"focus f + views", xsprof::TransformKind::Focus},
        {"drop f + views", xsprof::TransformKind::Drop},
        {"collapse recursion f + views", xsprof::TransformKind::CollapseRecursion},
    };
    for (const auto& [label, kind] : kinds) {
        const xsprof::Transform t = xsprof::Transform::byFrame(kind, p, f);
        measure(label, input.runs, [&] { recomputeViews(*xsprof::applyTransform(p, t)); });
        measure("  the transform alone", input.runs, [&] { (void)xsprof::applyTransform(p, t); });
    }
    const xsprof::Transform mergeFile = xsprof::Transform::mergeUrl(std::string(p.frameUrl(f)));
    measure("merge f's file + views", input.runs, [&] { recomputeViews(*xsprof::applyTransform(p, mergeFile)); });

    const xsprof::Profile other = *xsprof::applyTransform(p, xsprof::Transform::byFrame(xsprof::TransformKind::Merge, p, f));
    const xsprof::ProfileAnalysis otherAnalysis = xsprof::ProfileAnalysis::compute(other);
    measure("comparison: functions matched", input.runs, [&] { const xsprof::Comparison c(p, before, other, otherAnalysis); });
    const xsprof::Comparison matched(p, before, other, otherAnalysis);
    measure("comparison: flame graph paths matched", input.runs,
            [&] { (void)xsprof::matchedPathTotals(matched, p, before.callTree, other); });
    measure("comparison with both analyses recomputed", input.runs, [&] {
        const xsprof::ProfileAnalysis a = xsprof::ProfileAnalysis::compute(p);
        const xsprof::ProfileAnalysis b = xsprof::ProfileAnalysis::compute(other);
        const xsprof::Comparison c(p, a, other, b);
        const std::vector<double> paths = xsprof::matchedPathTotals(c, p, a.callTree, other);
        (void)paths;
    });
    return 0;
}
