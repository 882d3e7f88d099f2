#include "callerscallees.h"

#include <algorithm>
#include <unordered_map>

namespace xsprof {

namespace {

// Inclusive time of every pair (u -> f) and (f -> v) over the call tree: a pair's first
// occurrence on a path adds that path's total, so a sample counts once per pair.
void pairInclusive(const Profile& p, const CallTree& tree, FrameId f, std::unordered_map<uint32_t, double>& callers,
                   std::unordered_map<uint32_t, double>& callees)
{
    std::unordered_map<uint64_t, uint32_t> onPath;
    struct Visit {
        StackId stack;
        size_t next;
        uint64_t pair; // the pair this node opened, or UINT64_MAX
    };
    std::vector<Visit> path;
    const auto enter = [&](StackId s) {
        const StackId parent = p.stacks.parent[s.value];
        uint64_t pair = UINT64_MAX;
        if (parent.isValid()) {
            const FrameId u = p.stacks.frame[parent.value], v = p.stacks.frame[s.value];
            if ((u == f || v == f) && u != v) {
                pair = uint64_t(u.value) << 32 | v.value;
                if (onPath[pair]++ == 0)
                    (v == f ? callers[u.value] : callees[v.value]) += tree.total(s);
            }
        }
        path.push_back({s, 0, pair});
    };
    for (StackId root : tree.roots()) {
        enter(root);
        while (!path.empty()) {
            Visit& top = path.back();
            const auto children = tree.children(top.stack);
            if (top.next < children.size()) {
                enter(children[top.next++]);
                continue;
            }
            if (top.pair != UINT64_MAX)
                --onPath[top.pair];
            path.pop_back();
        }
    }
}

} // namespace

CallersCallees callersAndCallees(const Profile& profile, const ProfileAnalysis& analysis, FrameId function)
{
    CallersCallees out;
    const FunctionGraph& g = analysis.functions.graph();
    if (!function.isValid() || function.value >= profile.frames.size())
        return out;
    std::unordered_map<uint32_t, double> callerIncl, calleeIncl;
    const bool inclusive = analysis.functions.hasInclusive();
    if (inclusive)
        pairInclusive(profile, analysis.callTree, function, callerIncl, calleeIncl);
    const auto inclusiveOf = [&](const std::unordered_map<uint32_t, double>& m, FrameId f) -> std::optional<double> {
        if (!inclusive)
            return std::nullopt;
        const auto it = m.find(f.value);
        return it == m.end() ? 0.0 : it->second;
    };
    for (uint32_t e : g.callerEdges(function)) {
        const FunctionGraph::Edge& edge = g.edge(e);
        out.callers.push_back({edge.caller, g.share(edge), inclusiveOf(callerIncl, edge.caller)});
    }
    for (uint32_t e : g.calleeEdges(function)) {
        const FunctionGraph::Edge& edge = g.edge(e);
        out.callees.push_back({edge.callee, g.share(edge), inclusiveOf(calleeIncl, edge.callee)});
    }
    // Largest share first; equal shares (callers of one callee) by the pair's inclusive time.
    const auto byShare = [](const EdgeCost& a, const EdgeCost& b) {
        if (a.share != b.share)
            return a.share > b.share;
        return a.inclusive.value_or(0.0) > b.inclusive.value_or(0.0);
    };
    std::stable_sort(out.callers.begin(), out.callers.end(), byShare);
    std::stable_sort(out.callees.begin(), out.callees.end(), byShare);
    return out;
}

} // namespace xsprof
