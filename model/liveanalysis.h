#pragma once
// The analysis of a live profile, kept up to date as the profile grows: every refresh sums
// only the samples added since the previous one. Self time per path and per function, their
// sample counts and the duration are sums over the samples; the rest of ProfileAnalysis
// (subtree totals, inclusive and divided totals, the function graph) is computed from those
// sums, in O(stacks + frames) whatever the session's length. The numbers are exactly those
// of ProfileAnalysis::compute on the same profile: the sums are taken in the same order.
#include "profile.h"
#include "profileanalysis.h"

#include <cstdint>
#include <vector>

namespace xsprof {

class LiveAnalysis {
public:
    // ProfileAnalysis::compute(profile) over every sample. When `profile` is the profile of
    // the previous call grown by appending (its samples share that one's lineage, see
    // SampleColumn, and its tables are no smaller), only the new samples are summed;
    // otherwise (a new session, a rewritten profile) everything is summed again.
    ProfileAnalysis update(const Profile& profile);

    // How the last update went (tests and benchmarks).
    bool lastWasIncremental() const { return m_lastIncremental; }
    size_t lastFolded() const { return m_lastFolded; } // samples summed by the last update

private:
    bool continues(const Profile& profile) const;
    void restart(const Profile& profile);
    // Adds samples [begin, end) to the sums given, in sample order.
    static void fold(const Profile& profile, size_t begin, size_t end, std::vector<double>& stackSelf,
                     std::vector<uint32_t>& stackSamples, FunctionAnalysis::SelfTimes& functions);

    // What the sums cover: the samples [0, m_folded) of the profile whose columns have these
    // lineages; m_seen samples were there (the last one's duration was not final yet when
    // m_seen > m_folded).
    uint64_t m_stackLineage = 0, m_timeLineage = 0;
    size_t m_folded = 0, m_seen = 0;
    size_t m_stackCount = 0, m_frameCount = 0;
    DurationRule m_rule = DurationRule::UntilNext;
    double m_origin = 0.0;
    bool m_hasStacks = false;
    std::vector<double> m_stackSelf;
    std::vector<uint32_t> m_stackSamples;
    FunctionAnalysis::SelfTimes m_functions;

    bool m_lastIncremental = false;
    size_t m_lastFolded = 0;
};

} // namespace xsprof
