#pragma once
// The function-level call graph and xsbug's divided total (DESIGN.md, "What is computed").
#include "ids.h"

#include <span>
#include <utility>
#include <vector>

namespace xsprof {

class FunctionGraph {
public:
    struct Edge {
        FrameId caller;
        FrameId callee;
        bool removed = false; // a back edge dropped to break a cycle
    };

    FunctionGraph() = default;
    // `functions` in ascending key order; `edges` may repeat and may contain self-edges
    // (both are dropped); `self` is indexed by FrameId and sized for every frame.
    FunctionGraph(std::span<const FrameId> functions, std::vector<std::pair<FrameId, FrameId>> edges,
                  std::span<const double> self);

    double total(FrameId f) const { return m_total[f.value]; }
    // Callers left after cycle breaking: the divisor of total(f) when passed up.
    uint32_t dagCallerCount(FrameId f) const { return m_dagCallers[f.value]; }
    // What an edge carries up to its caller: total(callee) / dagCallerCount(callee); 0 if removed.
    double share(const Edge& e) const;

    const Edge& edge(uint32_t index) const { return m_edges[index]; }
    size_t edgeCount() const { return m_edges.size(); }
    size_t selfEdgeCount() const { return m_selfEdges; }
    // Edge indices, callees / callers in ascending key order.
    std::span<const uint32_t> calleeEdges(FrameId f) const;
    std::span<const uint32_t> callerEdges(FrameId f) const;
    bool isSelfRecursive(FrameId f) const;

    // Functions without callers before cycle breaking (V8 "(root)", XS "(host)").
    std::span<const FrameId> roots() const { return m_roots; }
    std::vector<std::pair<FrameId, FrameId>> removedEdges() const;

private:
    std::vector<Edge> m_edges;                 // sorted by (caller key, callee key)
    std::vector<uint32_t> m_calleeBegin;       // CSR by FrameId into m_calleeIndex
    std::vector<uint32_t> m_calleeIndex;
    std::vector<uint32_t> m_callerBegin;       // CSR by FrameId into m_callerIndex
    std::vector<uint32_t> m_callerIndex;
    std::vector<double> m_total;
    std::vector<uint32_t> m_dagCallers;
    std::vector<uint8_t> m_selfRecursive;
    std::vector<FrameId> m_roots;
    size_t m_selfEdges = 0;
};

} // namespace xsprof
