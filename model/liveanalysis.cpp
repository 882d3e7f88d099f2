#include "liveanalysis.h"

#include <algorithm>

namespace xsprof {

bool LiveAnalysis::continues(const Profile& profile) const
{
    const SampleTable& s = profile.samples;
    return m_stackLineage != 0 && s.stack.lineage() == m_stackLineage && s.time.lineage() == m_timeLineage &&
           s.size() >= m_seen && s.rule == m_rule && s.origin == m_origin && profile.hasStacks() == m_hasStacks &&
           profile.stacks.size() >= m_stackCount && profile.frames.size() >= m_frameCount;
}

void LiveAnalysis::restart(const Profile& profile)
{
    m_stackLineage = profile.samples.stack.lineage();
    m_timeLineage = profile.samples.time.lineage();
    m_rule = profile.samples.rule;
    m_origin = profile.samples.origin;
    m_hasStacks = profile.hasStacks();
    m_folded = m_seen = 0;
    m_stackSelf.clear();
    m_stackSamples.clear();
    m_functions = {};
}

void LiveAnalysis::fold(const Profile& profile, size_t begin, size_t end, std::vector<double>& stackSelf,
                        std::vector<uint32_t>& stackSamples, FunctionAnalysis::SelfTimes& functions)
{
    // The loops of CallTree's constructor and FunctionAnalysis::selfTimesOf, in their order.
    const SampleTable& s = profile.samples;
    const bool perPath = profile.hasStacks();
    for (size_t i = begin; i < end; ++i) {
        const double d = s.duration(i);
        if (perPath) {
            const uint32_t stack = s.stack[i].value;
            stackSelf[stack] += d;
            ++stackSamples[stack];
        }
        const FrameId leaf = profile.leafFrame(i);
        functions.self[leaf.value] += d;
        ++functions.samples[leaf.value];
        functions.duration += d;
    }
}

ProfileAnalysis LiveAnalysis::update(const Profile& profile)
{
    const size_t n = profile.samples.size();
    // Durations that can still change are not summed: with the until-next rule, the last
    // sample's (it lasts until a sample that has not come yet). The given rule sorts samples
    // as they come: summed again every time.
    const bool untilNext = profile.samples.rule == DurationRule::UntilNext;
    const size_t settled = untilNext && n > 0 ? n - 1 : n;
    m_lastIncremental = profile.samples.rule != DurationRule::Given && continues(profile);
    if (!m_lastIncremental)
        restart(profile);
    const size_t stackCount = m_hasStacks ? profile.stacks.size() : 0;
    m_stackSelf.resize(stackCount, 0.0);
    m_stackSamples.resize(stackCount, 0);
    m_functions.self.resize(profile.frames.size(), 0.0);
    m_functions.samples.resize(profile.frames.size(), 0);
    const size_t from = std::min(m_folded, settled);
    fold(profile, from, settled, m_stackSelf, m_stackSamples, m_functions);
    m_lastFolded = n - from;
    m_folded = settled;
    m_seen = n;
    m_stackCount = profile.stacks.size();
    m_frameCount = profile.frames.size();

    // The result owns copies of the sums (O(stacks + frames)), the unsettled sample added last
    // as the full computation adds it.
    std::vector<double> stackSelf = m_stackSelf;
    std::vector<uint32_t> stackSamples = m_stackSamples;
    FunctionAnalysis::SelfTimes functions = m_functions;
    fold(profile, settled, n, stackSelf, stackSamples, functions);

    ProfileAnalysis analysis;
    analysis.range = SampleRange{0, n};
    if (m_hasStacks)
        analysis.callTree = CallTree(profile, std::move(stackSelf), std::move(stackSamples));
    analysis.functions = FunctionAnalysis(profile, analysis.callTree, analysis.range, std::move(functions));
    return analysis;
}

} // namespace xsprof
