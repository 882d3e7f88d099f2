#pragma once
// Per-function self, inclusive and divided total for a range of samples.
#include "calltree.h"
#include "functiongraph.h"
#include "profile.h"
#include "samplerange.h"

#include <vector>

namespace xsprof {

class FunctionAnalysis {
public:
    // Self time per function: the one pass over the samples, which does not need the call
    // tree (ProfileAnalysis runs it beside the call tree's).
    struct SelfTimes {
        double duration = 0.0;
        std::vector<double> self;
        std::vector<uint32_t> samples;
    };
    static SelfTimes selfTimesOf(const Profile& profile, SampleRange range);

    FunctionAnalysis() = default;
    // `callTree` must be built over the same range; it is ignored for graph-encoded profiles.
    FunctionAnalysis(const Profile& profile, const CallTree& callTree, SampleRange range = {});
    // The same with the self times of selfTimesOf(profile, range).
    FunctionAnalysis(const Profile& profile, const CallTree& callTree, SampleRange range, SelfTimes selfTimes);

    double duration() const { return m_duration; }
    size_t sampleCount() const { return m_sampleCount; }
    // The profile's functions in ascending key order: for per-path profiles those on a
    // sampled stack, for graph-encoded ones every node.
    const std::vector<FrameId>& functions() const { return m_functions; }
    bool contains(FrameId f) const { return m_present[f.value] != 0; }

    double self(FrameId f) const { return m_self[f.value]; }
    uint32_t selfSamples(FrameId f) const { return m_selfSamples[f.value]; }
    double total(FrameId f) const { return m_graph.total(f); } // divided
    // Inclusive (recursion counted once); only when the profile has stacks.
    bool hasInclusive() const { return m_hasInclusive; }
    double inclusive(FrameId f) const { return m_inclusive[f.value]; }
    uint32_t inclusiveSamples(FrameId f) const { return m_inclusiveSamples[f.value]; }
    // VS Code's "total": the sum of the totals of every call-tree path ending in the
    // function, recursion counted at each level, so it can exceed the run (DESIGN.md's
    // inclusive is Chrome DevTools' total, the divided total xsbug's). Only with stacks.
    double summedPathTotal(FrameId f) const { return m_summedPathTotal[f.value]; }

    const FunctionGraph& graph() const { return m_graph; }

private:
    void computeInclusive(const Profile& profile, const CallTree& callTree);

    double m_duration = 0.0;
    size_t m_sampleCount = 0;
    bool m_hasInclusive = false;
    std::vector<FrameId> m_functions;
    std::vector<uint8_t> m_present;
    std::vector<double> m_self, m_inclusive, m_summedPathTotal;
    std::vector<uint32_t> m_selfSamples, m_inclusiveSamples;
    FunctionGraph m_graph;
};

} // namespace xsprof
