#include "calltree.h"

#include <algorithm>

namespace xsprof {

CallTree::CallTree(const Profile& profile, SampleRange range)
{
    const StackTable& stacks = profile.stacks;
    const size_t n = stacks.size();
    m_self.assign(n, 0.0);
    m_selfSamples.assign(n, 0);
    range = range.clampedTo(profile.samples.size());
    for (size_t i = range.begin; i < range.end; ++i) {
        const uint32_t s = profile.samples.stack[i].value;
        m_self[s] += profile.samples.duration(i);
        ++m_selfSamples[s];
    }
    sumSubtrees(profile);
}

CallTree::CallTree(const Profile& profile, std::vector<double> self, std::vector<uint32_t> selfSamples)
    : m_self(std::move(self)), m_selfSamples(std::move(selfSamples))
{
    m_self.resize(profile.stacks.size(), 0.0);
    m_selfSamples.resize(profile.stacks.size(), 0);
    sumSubtrees(profile);
}

void CallTree::sumSubtrees(const Profile& profile)
{
    const StackTable& stacks = profile.stacks;
    const size_t n = stacks.size();
    m_total = m_self;
    m_totalSamples = m_selfSamples;
    // Parents precede children, so one backwards sweep sums every subtree.
    for (size_t i = n; i-- > 0;) {
        if (const StackId p = stacks.parent[i]; p.isValid()) {
            m_total[p.value] += m_total[i];
            m_totalSamples[p.value] += m_totalSamples[i];
        }
    }
    m_childBegin.assign(n + 1, 0);
    for (size_t i = 0; i < n; ++i) {
        if (m_totalSamples[i] == 0)
            continue;
        if (const StackId p = stacks.parent[i]; p.isValid())
            ++m_childBegin[p.value + 1];
        else
            m_roots.emplace_back(static_cast<uint32_t>(i));
    }
    for (size_t i = 0; i < n; ++i)
        m_childBegin[i + 1] += m_childBegin[i];
    m_children.resize(m_childBegin[n]);
    std::vector<uint32_t> fill(m_childBegin.begin(), m_childBegin.end() - 1);
    for (size_t i = 0; i < n; ++i) {
        const StackId p = stacks.parent[i];
        if (m_totalSamples[i] > 0 && p.isValid())
            m_children[fill[p.value]++] = StackId(static_cast<uint32_t>(i));
    }
    const auto byTotal = [this](StackId a, StackId b) {
        if (m_total[a.value] != m_total[b.value])
            return m_total[a.value] > m_total[b.value];
        return a < b;
    };
    for (size_t i = 0; i < n; ++i) {
        if (m_childBegin[i + 1] - m_childBegin[i] > 1)
            std::sort(m_children.begin() + m_childBegin[i], m_children.begin() + m_childBegin[i + 1], byTotal);
    }
    std::sort(m_roots.begin(), m_roots.end(), byTotal);
}

std::span<const StackId> CallTree::children(StackId s) const
{
    return std::span<const StackId>(m_children).subspan(m_childBegin[s.value],
                                                        m_childBegin[s.value + 1] - m_childBegin[s.value]);
}

} // namespace xsprof
