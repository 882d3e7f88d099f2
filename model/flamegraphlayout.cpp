#include "model/flamegraphlayout.h"

#include "model/sampletimes.h"

#include <algorithm>

using xsprof::FrameId;
using xsprof::StackId;

namespace {
// Guards against pathological function graphs: their expansion is bounded by the pixel
// cut-off, but a deep chain of tiny shares could still go far.
constexpr uint32_t maxGraphDepth = 512;
} // namespace

void FlameGraphLayout::finish()
{
    std::stable_sort(m_boxes.begin(), m_boxes.end(), [](const Box& a, const Box& b) {
        return a.depth != b.depth ? a.depth < b.depth : a.x < b.x;
    });
    const uint32_t depths = m_boxes.empty() ? 0 : m_boxes.back().depth + 1;
    m_rowBegin.assign(depths + 1, 0);
    for (const Box& box : m_boxes)
        ++m_rowBegin[box.depth + 1];
    for (uint32_t d = 0; d < depths; ++d)
        m_rowBegin[d + 1] += m_rowBegin[d];
}

std::span<const FlameGraphLayout::Box> FlameGraphLayout::row(int depth) const
{
    if (depth < 0 || depth >= depthCount())
        return {};
    return std::span<const Box>(m_boxes).subspan(m_rowBegin[depth], m_rowBegin[depth + 1] - m_rowBegin[depth]);
}

const FlameGraphLayout::Box* FlameGraphLayout::boxAt(double x, int depth) const
{
    const std::span<const Box> boxes = row(depth);
    auto it = std::upper_bound(boxes.begin(), boxes.end(), x, [](double v, const Box& b) { return v < b.x; });
    if (it == boxes.begin())
        return nullptr;
    --it;
    return x < it->x + it->width ? &*it : nullptr;
}

FlameGraphLayout FlameGraphLayout::fromCallTree(const xsprof::Profile& profile, const xsprof::CallTree& tree,
                                                StackId zoom, double pixels)
{
    FlameGraphLayout layout;
    layout.m_source = Source::CallTree;
    layout.m_pixels = pixels;
    if (tree.size() == 0)
        return layout.finish(), layout;
    std::vector<StackId> top;
    if (zoom.isValid() && zoom.value < tree.size() && tree.isSampled(zoom))
        top.push_back(zoom);
    else
        top.assign(tree.roots().begin(), tree.roots().end());
    for (StackId s : top)
        layout.m_span += tree.total(s);
    const double threshold = pixels > 0.0 ? layout.m_span / pixels : 0.0;

    struct Item {
        std::span<const StackId> siblings;
        double x;
        uint32_t depth;
    };
    std::vector<Item> work{{top, 0.0, 0}};
    while (!work.empty()) {
        const Item item = work.back();
        work.pop_back();
        double x = item.x;
        for (size_t k = 0; k < item.siblings.size(); ++k) {
            const StackId s = item.siblings[k];
            const double width = tree.total(s);
            if (width < threshold) {
                // Widest first, so everything from here on is thinner than a pixel too.
                double rest = 0.0;
                for (size_t j = k; j < item.siblings.size(); ++j)
                    rest += tree.total(item.siblings[j]);
                if (rest >= threshold)
                    layout.m_boxes.push_back({x, rest, item.depth, FrameId(), noNode,
                                              uint32_t(item.siblings.size() - k)});
                break;
            }
            layout.m_boxes.push_back({x, width, item.depth, profile.stacks.frame[s.value], s.value, 0});
            if (const auto children = tree.children(s); !children.empty())
                work.push_back({children, x, item.depth + 1});
            x += width;
        }
    }
    layout.finish();
    return layout;
}

FlameGraphLayout FlameGraphLayout::fromFunctionGraph(const xsprof::FunctionAnalysis& functions, FrameId zoom,
                                                     double pixels)
{
    FlameGraphLayout layout;
    layout.m_source = Source::FunctionGraph;
    layout.m_pixels = pixels;
    const xsprof::FunctionGraph& graph = functions.graph();

    // A function drawn `width` wide, its callees scaled by width / total(f).
    struct Item {
        FrameId frame;
        double x, width;
        uint32_t depth;
    };
    std::vector<Item> top;
    if (zoom.isValid() && functions.contains(zoom) && graph.total(zoom) > 0.0) {
        top.push_back({zoom, 0.0, graph.total(zoom), 0});
    } else {
        for (FrameId f : graph.roots()) {
            if (functions.contains(f) && graph.total(f) > 0.0)
                top.push_back({f, 0.0, graph.total(f), 0});
        }
        std::stable_sort(top.begin(), top.end(), [](const Item& a, const Item& b) { return a.width > b.width; });
    }
    for (Item& item : top) {
        item.x = layout.m_span;
        layout.m_span += item.width;
    }
    const double threshold = pixels > 0.0 ? layout.m_span / pixels : 0.0;

    std::vector<Item> work;
    // Lays out a run of siblings (already widest first) from x; the thin tail merges.
    const auto place = [&](std::vector<Item>& siblings) {
        for (size_t k = 0; k < siblings.size(); ++k) {
            const Item& item = siblings[k];
            if (item.width < threshold) {
                double rest = 0.0;
                for (size_t j = k; j < siblings.size(); ++j)
                    rest += siblings[j].width;
                if (rest >= threshold)
                    layout.m_boxes.push_back({item.x, rest, item.depth, FrameId(), noNode, uint32_t(siblings.size() - k)});
                return;
            }
            layout.m_boxes.push_back({item.x, item.width, item.depth, item.frame, item.frame.value, 0});
            if (item.depth + 1 < maxGraphDepth)
                work.push_back(item);
        }
    };
    place(top);
    std::vector<Item> callees;
    while (!work.empty()) {
        const Item parent = work.back();
        work.pop_back();
        const double scale = parent.width / graph.total(parent.frame);
        callees.clear();
        for (uint32_t e : graph.calleeEdges(parent.frame)) {
            const auto& edge = graph.edge(e);
            const double share = graph.share(edge);
            if (!edge.removed && share > 0.0)
                callees.push_back({edge.callee, 0.0, share * scale, parent.depth + 1});
        }
        std::stable_sort(callees.begin(), callees.end(), [](const Item& a, const Item& b) { return a.width > b.width; });
        double x = parent.x;
        for (Item& c : callees) {
            c.x = x;
            x += c.width;
        }
        place(callees);
    }
    layout.finish();
    return layout;
}

FlameGraphLayout FlameGraphLayout::fromSamples(const xsprof::Profile& profile, double t0, double t1, double pixels)
{
    FlameGraphLayout layout;
    layout.m_source = Source::TimeOrder;
    layout.m_pixels = pixels;
    layout.m_origin = t0;
    layout.m_span = std::max(0.0, t1 - t0);
    const double threshold = pixels > 0.0 ? layout.m_span / pixels : 0.0;
    const auto& stacks = profile.stacks;
    if (!profile.hasStacks() || layout.m_span <= 0.0)
        return layout.finish(), layout;

    struct Open {
        StackId stack;
        double begin;
    };
    struct Pending { // a run of thin boxes on one row, not yet emitted
        double begin = 0.0, end = 0.0;
        uint32_t count = 0;
    };
    std::vector<Open> open;
    std::vector<Pending> pending;
    const auto flush = [&](uint32_t depth) {
        Pending& p = pending[depth];
        if (p.count && p.end - p.begin >= threshold)
            layout.m_boxes.push_back({p.begin - t0, p.end - p.begin, depth, FrameId(), noNode, p.count});
        p.count = 0;
    };
    const auto close = [&](uint32_t depth, double end) {
        const Open& o = open[depth];
        if (pending.size() <= depth)
            pending.resize(depth + 1);
        Pending& p = pending[depth];
        if (end - o.begin >= threshold) {
            flush(depth);
            layout.m_boxes.push_back({o.begin - t0, end - o.begin, depth, stacks.frame[o.stack.value], o.stack.value, 0});
        } else if (p.count && o.begin - p.end < threshold) { // gaps under a pixel do not split a run
            p.end = end;
            ++p.count;
        } else {
            flush(depth);
            p = {o.begin, end, 1};
        }
    };

    // Sample intervals tile time, so each sample starts where the previous one ended;
    // carrying that end keeps consecutive boxes exactly adjacent.
    const SampleTimes times(profile);
    const xsprof::SampleRange samples = times.overlapping(t0, t1);
    // Depth of every stack (parents precede children): a new sample's path is walked up only
    // to where it meets the open boxes, not to the root.
    std::vector<uint32_t> depthOf(stacks.size(), 0);
    for (size_t k = 0; k < stacks.size(); ++k) {
        const StackId parent = stacks.parent[k];
        depthOf[k] = parent.isValid() ? depthOf[parent.value] + 1 : 0;
    }
    std::vector<StackId> path; // the new part, leaf first
    StackId last;
    double cursor = t0;
    for (size_t i = samples.begin; i < samples.end; ++i) {
        const SampleTimes::Interval in = times.interval(i);
        const double begin = i == samples.begin ? std::max(in.begin, t0) : cursor;
        const double end = std::max(begin, std::min(in.end, t1));
        const StackId s = profile.samples.stack[i];
        if (s == last) {
            cursor = end;
            continue;
        }
        path.clear();
        StackId p = s;
        for (; p.isValid(); p = stacks.parent[p.value]) {
            const size_t d = depthOf[p.value];
            if (d < open.size() && open[d].stack == p)
                break; // p and its ancestors stay open
            path.push_back(p);
        }
        const size_t common = p.isValid() ? depthOf[p.value] + 1 : 0;
        for (size_t d = open.size(); d-- > common;)
            close(uint32_t(d), cursor);
        open.resize(common);
        for (size_t k = path.size(); k-- > 0;)
            open.push_back({path[k], begin});
        last = s;
        cursor = end;
    }
    for (size_t d = open.size(); d-- > 0;)
        close(uint32_t(d), cursor);
    for (uint32_t d = 0; d < pending.size(); ++d)
        flush(d);
    layout.finish();
    return layout;
}
