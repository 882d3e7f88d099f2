#pragma once
// Per-path costs over the stack trie: Chrome's "Tree (Top Down)".
#include "profile.h"
#include "samplerange.h"

#include <span>
#include <vector>

namespace xsprof {

class CallTree {
public:
    CallTree() = default;
    CallTree(const Profile& profile, SampleRange range = {});
    // The tree of per-path self times summed already (one per stack, in sample order as the
    // constructor above sums them: a live analysis folds samples in as they come).
    CallTree(const Profile& profile, std::vector<double> self, std::vector<uint32_t> selfSamples);

    // Costs of one path (a trie node), indexed by StackId.
    double self(StackId s) const { return m_self[s.value]; }
    double total(StackId s) const { return m_total[s.value]; }
    uint32_t selfSamples(StackId s) const { return m_selfSamples[s.value]; }
    uint32_t totalSamples(StackId s) const { return m_totalSamples[s.value]; }
    // A path lies on at least one sample of the range.
    bool isSampled(StackId s) const { return m_totalSamples[s.value] > 0; }

    // Sampled roots and children, largest total first.
    std::span<const StackId> roots() const { return m_roots; }
    std::span<const StackId> children(StackId s) const;
    size_t size() const { return m_self.size(); }

private:
    void sumSubtrees(const Profile& profile);

    std::vector<double> m_self, m_total;
    std::vector<uint32_t> m_selfSamples, m_totalSamples;
    std::vector<uint32_t> m_childBegin; // CSR over m_children, size() + 1 entries
    std::vector<StackId> m_children;
    std::vector<StackId> m_roots;
};

} // namespace xsprof
