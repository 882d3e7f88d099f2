#include "graphtransforms.h"

#include "transformsupport.h"

#include <algorithm>

namespace xsprof::graphtransforms {

namespace {

struct LeafSample {
    uint32_t frame;
    double duration;
};

struct Graph {
    std::vector<std::pair<uint32_t, uint32_t>> links; // caller, callee; no self links
    std::vector<LeafSample> samples;
    std::vector<uint8_t> removed; // by frame
};

void mergeOne(Graph& g, uint32_t f, const Profile& p)
{
    std::vector<uint32_t> callers, callees;
    std::vector<std::pair<uint32_t, uint32_t>> kept;
    for (const auto& [u, v] : g.links) {
        if (v == f && u != f)
            callers.push_back(u);
        else if (u == f && v != f)
            callees.push_back(v);
        if (u != f && v != f)
            kept.emplace_back(u, v);
    }
    const auto byKey = [&p](uint32_t a, uint32_t b) { return p.keyLess(FrameId(a), FrameId(b)); };
    std::sort(callers.begin(), callers.end(), byKey);
    callers.erase(std::unique(callers.begin(), callers.end()), callers.end());
    for (uint32_t u : callers) {
        for (uint32_t v : callees) {
            if (u != v)
                kept.emplace_back(u, v);
        }
    }
    std::sort(kept.begin(), kept.end());
    kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
    g.links = std::move(kept);

    std::vector<LeafSample> samples;
    samples.reserve(g.samples.size());
    for (const LeafSample& s : g.samples) {
        if (s.frame != f) {
            samples.push_back(s);
            continue;
        }
        for (uint32_t u : callers)
            samples.push_back({u, s.duration / double(callers.size())});
    }
    g.samples = std::move(samples);
    g.removed[f] = 1;
}

std::vector<uint8_t> reachable(const Graph& g, size_t frameCount, const std::vector<uint32_t>& roots)
{
    std::vector<std::vector<uint32_t>> callees(frameCount);
    for (const auto& [u, v] : g.links)
        callees[u].push_back(v);
    std::vector<uint8_t> seen(frameCount, 0);
    std::vector<uint32_t> todo;
    for (uint32_t r : roots) {
        if (!g.removed[r] && !seen[r]) {
            seen[r] = 1;
            todo.push_back(r);
        }
    }
    while (!todo.empty()) {
        const uint32_t u = todo.back();
        todo.pop_back();
        for (uint32_t v : callees[u]) {
            if (!g.removed[v] && !seen[v]) {
                seen[v] = 1;
                todo.push_back(v);
            }
        }
    }
    return seen;
}

void drop(Graph& g, const std::vector<FrameId>& frames, size_t frameCount)
{
    std::vector<uint8_t> hasCaller(frameCount, 0);
    for (const auto& [u, v] : g.links)
        hasCaller[v] = 1;
    std::vector<uint32_t> roots;
    for (uint32_t f = 0; f < frameCount; ++f) {
        if (!hasCaller[f])
            roots.push_back(f);
    }
    const std::vector<uint8_t> before = reachable(g, frameCount, roots);
    for (FrameId f : frames)
        g.removed[f.value] = 1;
    std::erase_if(g.links, [&g](const auto& l) { return g.removed[l.first] || g.removed[l.second]; });
    const std::vector<uint8_t> after = reachable(g, frameCount, roots);
    for (uint32_t f = 0; f < frameCount; ++f) {
        if (before[f] && !after[f])
            g.removed[f] = 1;
    }
    std::erase_if(g.links, [&g](const auto& l) { return g.removed[l.first] || g.removed[l.second]; });
    std::erase_if(g.samples, [&g](const LeafSample& s) { return g.removed[s.frame] != 0; });
}

Profile build(const Profile& p, const Graph& g)
{
    Profile out = transformsupport::withFramesOf(p);
    FrameTable& ft = out.frames;
    ft = FrameTable();
    std::vector<FrameId> newFrame(p.frames.size());
    for (uint32_t f = 0; f < p.frames.size(); ++f) {
        if (g.removed[f])
            continue;
        newFrame[f] = FrameId(static_cast<uint32_t>(ft.size()));
        ft.name.push_back(p.frames.name[f]);
        ft.url.push_back(p.frames.url[f]);
        ft.line.push_back(p.frames.line[f]);
        ft.column.push_back(p.frames.column[f]);
        ft.kind.push_back(p.frames.kind[f]);
        ft.xsId.push_back(p.frames.xsId[f]);
        // One root stack per function, as the loader makes them.
        out.stacks.parent.emplace_back();
        out.stacks.frame.push_back(newFrame[f]);
    }
    for (const auto& [u, v] : g.links)
        out.links.push_back({newFrame[u], newFrame[v]});
    std::vector<StackId> stacks;
    std::vector<double> durations;
    stacks.reserve(g.samples.size());
    durations.reserve(g.samples.size());
    for (const LeafSample& s : g.samples) {
        stacks.emplace_back(newFrame[s.frame].value); // stack i holds frame i
        durations.push_back(s.duration);
    }
    transformsupport::setSamplesWithDurations(out, p, std::move(stacks), durations);
    out.computeKeyRanks();
    return out;
}

Graph graphOf(const Profile& p)
{
    Graph g;
    g.removed.assign(p.frames.size(), 0);
    for (const GraphLink& l : p.links) {
        if (l.caller != l.callee)
            g.links.emplace_back(l.caller.value, l.callee.value);
    }
    g.samples.reserve(p.samples.size());
    for (size_t i = 0; i < p.samples.size(); ++i)
        g.samples.push_back({p.leafFrame(i).value, p.samples.duration(i)});
    return g;
}
} // namespace

Profile mergeFunctions(const Profile& p, const std::vector<FrameId>& frames)
{
    Graph g = graphOf(p);
    for (FrameId f : frames)
        mergeOne(g, f.value, p);
    return build(p, g);
}

Profile dropFunctions(const Profile& p, const std::vector<FrameId>& frames)
{
    Graph g = graphOf(p);
    drop(g, frames, p.frames.size());
    return build(p, g);
}

} // namespace xsprof::graphtransforms
