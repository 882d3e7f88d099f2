#include "functionanalysis.h"

#include "parallel.h"

#include <algorithm>

namespace xsprof {

FunctionAnalysis::SelfTimes FunctionAnalysis::selfTimesOf(const Profile& profile, SampleRange range)
{
    range = range.clampedTo(profile.samples.size());
    SelfTimes times;
    times.self.assign(profile.frames.size(), 0.0);
    times.samples.assign(profile.frames.size(), 0);
    for (size_t i = range.begin; i < range.end; ++i) {
        const FrameId leaf = profile.leafFrame(i);
        times.self[leaf.value] += profile.samples.duration(i);
        ++times.samples[leaf.value];
        times.duration += profile.samples.duration(i);
    }
    return times;
}

FunctionAnalysis::FunctionAnalysis(const Profile& profile, const CallTree& callTree, SampleRange range)
    : FunctionAnalysis(profile, callTree, range, selfTimesOf(profile, range))
{
}

FunctionAnalysis::FunctionAnalysis(const Profile& profile, const CallTree& callTree, SampleRange range,
                                   SelfTimes selfTimes)
{
    const size_t frameCount = profile.frames.size();
    range = range.clampedTo(profile.samples.size());
    m_sampleCount = range.end - range.begin;
    m_self = std::move(selfTimes.self);
    m_selfSamples = std::move(selfTimes.samples);
    m_duration = selfTimes.duration;
    m_present.assign(frameCount, 0);

    std::vector<std::pair<FrameId, FrameId>> edges;
    if (profile.hasStacks()) {
        const StackTable& stacks = profile.stacks;
        for (size_t s = 0; s < stacks.size(); ++s) {
            const StackId id(static_cast<uint32_t>(s));
            if (!callTree.isSampled(id))
                continue;
            m_present[stacks.frame[s].value] = 1;
            if (const StackId p = stacks.parent[s]; p.isValid())
                edges.emplace_back(stacks.frame[p.value], stacks.frame[s]);
        }
        m_hasInclusive = true;
    } else {
        std::fill(m_present.begin(), m_present.end(), uint8_t(1));
        edges.reserve(profile.links.size());
        for (const GraphLink& l : profile.links)
            edges.emplace_back(l.caller, l.callee);
    }

    m_functions.reserve(size_t(std::count(m_present.begin(), m_present.end(), uint8_t(1))));
    for (uint32_t f = 0; f < frameCount; ++f) {
        if (m_present[f])
            m_functions.emplace_back(f);
    }
    std::sort(m_functions.begin(), m_functions.end(),
              [&profile](FrameId a, FrameId b) { return profile.keyLess(a, b); });
    // The divided total and the inclusive time need nothing of each other. Both walk the
    // stacks and functions, not the samples: a live profile's hour of samples over a few
    // hundred paths is no reason for a second thread.
    runInParallelIf(
        profile.stacks.size() + frameCount >= parallelWorkMinimum && m_hasInclusive,
        [&] { m_graph = FunctionGraph(m_functions, std::move(edges), m_self); },
        [&] {
            m_inclusive.assign(frameCount, 0.0);
            m_summedPathTotal.assign(frameCount, 0.0);
            m_inclusiveSamples.assign(frameCount, 0);
            if (m_hasInclusive)
                computeInclusive(profile, callTree);
        });
}

void FunctionAnalysis::computeInclusive(const Profile& profile, const CallTree& callTree)
{
    // Walk the sampled paths; a function's outermost occurrence on a path adds that
    // path's total, so recursion is counted once. Every occurrence adds it to the summed
    // path total (VS Code's rule, recursion counted at each level).
    std::vector<uint32_t> onPath(profile.frames.size(), 0);
    struct Visit {
        StackId stack;
        size_t nextChild;
    };
    std::vector<Visit> path;
    auto enter = [&](StackId s) {
        const uint32_t f = profile.stacks.frame[s.value].value;
        m_summedPathTotal[f] += callTree.total(s);
        if (onPath[f]++ == 0) {
            m_inclusive[f] += callTree.total(s);
            m_inclusiveSamples[f] += callTree.totalSamples(s);
        }
        path.push_back({s, 0});
    };
    for (StackId root : callTree.roots()) {
        enter(root);
        while (!path.empty()) {
            Visit& top = path.back();
            const auto children = callTree.children(top.stack);
            if (top.nextChild < children.size()) {
                enter(children[top.nextChild++]);
                continue;
            }
            --onPath[profile.stacks.frame[top.stack.value].value];
            path.pop_back();
        }
    }
}

} // namespace xsprof
