#include "functiongraph.h"
#include "radixsort.h"

#include <algorithm>

namespace xsprof {

namespace {
// Where each frame's edges begin, the edges grouped by their `owner` end (caller or callee).
std::vector<uint32_t> csrBegin(size_t frameCount, const std::vector<FunctionGraph::Edge>& edges,
                               FrameId FunctionGraph::Edge::*owner)
{
    std::vector<uint32_t> begin(frameCount + 1, 0);
    for (const FunctionGraph::Edge& e : edges)
        ++begin[(e.*owner).value + 1];
    for (size_t i = 0; i < frameCount; ++i)
        begin[i + 1] += begin[i];
    return begin;
}
} // namespace

FunctionGraph::FunctionGraph(std::span<const FrameId> functions, std::vector<std::pair<FrameId, FrameId>> edges,
                             std::span<const double> self)
{
    const size_t frameCount = self.size();
    constexpr uint32_t absent = UINT32_MAX;
    std::vector<uint32_t> rank(frameCount, absent);
    for (uint32_t r = 0; r < functions.size(); ++r)
        rank[functions[r].value] = r;

    // Dedupe by (caller rank, callee rank), packed as caller * n + callee so that the keys are
    // as small as they can be for the radix sort: callees of one caller end up in key order.
    m_selfRecursive.assign(frameCount, 0);
    const uint64_t n = functions.size();
    std::vector<uint64_t> packed;
    packed.reserve(edges.size());
    for (const auto& [u, v] : edges) {
        if (u == v) {
            m_selfRecursive[u.value] = 1;
            continue;
        }
        if (rank[u.value] != absent && rank[v.value] != absent)
            packed.push_back(rank[u.value] * n + rank[v.value]);
    }
    m_selfEdges = static_cast<size_t>(std::count(m_selfRecursive.begin(), m_selfRecursive.end(), uint8_t(1)));
    radixSort(packed);
    packed.erase(std::unique(packed.begin(), packed.end()), packed.end());
    m_edges.reserve(packed.size());
    for (uint64_t p : packed)
        m_edges.push_back({functions[p / n], functions[p % n], false});

    m_calleeBegin = csrBegin(frameCount, m_edges, &Edge::caller);
    m_calleeIndex.resize(m_edges.size());
    m_callerBegin = csrBegin(frameCount, m_edges, &Edge::callee);
    m_callerIndex.resize(m_edges.size());
    {
        std::vector<uint32_t> fillCallee(m_calleeBegin.begin(), m_calleeBegin.end() - 1);
        std::vector<uint32_t> fillCaller(m_callerBegin.begin(), m_callerBegin.end() - 1);
        // Edges are sorted by caller rank first, so each callee's callers also come in key order.
        for (uint32_t i = 0; i < m_edges.size(); ++i) {
            m_calleeIndex[fillCallee[m_edges[i].caller.value]++] = i;
            m_callerIndex[fillCaller[m_edges[i].callee.value]++] = i;
        }
    }

    // Depth-first search: roots (no callers) in key order, then everything else in key
    // order; an edge to a function on the current path is a back edge and is removed.
    for (FrameId f : functions) {
        if (m_callerBegin[f.value] == m_callerBegin[f.value + 1])
            m_roots.push_back(f);
    }
    enum : uint8_t { White, Grey, Black };
    std::vector<uint8_t> colour(frameCount, White);
    std::vector<FrameId> finishOrder;
    finishOrder.reserve(functions.size());
    struct Visit {
        FrameId f;
        uint32_t next; // position in m_calleeIndex
    };
    std::vector<Visit> path;
    auto searchFrom = [&](FrameId start) {
        if (colour[start.value] != White)
            return;
        colour[start.value] = Grey;
        path.push_back({start, m_calleeBegin[start.value]});
        while (!path.empty()) {
            Visit& top = path.back();
            bool descended = false;
            while (top.next < m_calleeBegin[top.f.value + 1]) {
                Edge& e = m_edges[m_calleeIndex[top.next++]];
                if (colour[e.callee.value] == Grey) {
                    e.removed = true;
                    continue;
                }
                if (colour[e.callee.value] == White) {
                    colour[e.callee.value] = Grey;
                    path.push_back({e.callee, m_calleeBegin[e.callee.value]});
                    descended = true;
                    break;
                }
            }
            if (!descended) {
                colour[path.back().f.value] = Black;
                finishOrder.push_back(path.back().f);
                path.pop_back();
            }
        }
    };
    for (FrameId f : m_roots)
        searchFrom(f);
    for (FrameId f : functions)
        searchFrom(f);

    m_dagCallers.assign(frameCount, 0);
    for (const Edge& e : m_edges) {
        if (!e.removed)
            ++m_dagCallers[e.callee.value];
    }
    // Finishing order is a reverse topological order of the remaining DAG.
    m_total.assign(frameCount, 0.0);
    for (FrameId f : finishOrder) {
        double t = self[f.value];
        for (uint32_t ei : calleeEdges(f)) {
            const Edge& e = m_edges[ei];
            if (!e.removed)
                t += m_total[e.callee.value] / m_dagCallers[e.callee.value];
        }
        m_total[f.value] = t;
    }
}

double FunctionGraph::share(const Edge& e) const
{
    if (e.removed || m_dagCallers[e.callee.value] == 0)
        return 0.0;
    return m_total[e.callee.value] / m_dagCallers[e.callee.value];
}

std::span<const uint32_t> FunctionGraph::calleeEdges(FrameId f) const
{
    return std::span<const uint32_t>(m_calleeIndex)
        .subspan(m_calleeBegin[f.value], m_calleeBegin[f.value + 1] - m_calleeBegin[f.value]);
}

std::span<const uint32_t> FunctionGraph::callerEdges(FrameId f) const
{
    return std::span<const uint32_t>(m_callerIndex)
        .subspan(m_callerBegin[f.value], m_callerBegin[f.value + 1] - m_callerBegin[f.value]);
}

bool FunctionGraph::isSelfRecursive(FrameId f) const
{
    return f.value < m_selfRecursive.size() && m_selfRecursive[f.value];
}

std::vector<std::pair<FrameId, FrameId>> FunctionGraph::removedEdges() const
{
    std::vector<std::pair<FrameId, FrameId>> removed;
    for (const Edge& e : m_edges) {
        if (e.removed)
            removed.emplace_back(e.caller, e.callee);
    }
    return removed;
}

} // namespace xsprof
