#include "cpuprofileconverter.h"

#include "model/counted.h"
#include "model/parallel.h"
#include "model/profilebuilder.h"
#include "model/releasestorage.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <optional>
#include <tuple>
#include <unordered_map>

namespace xsprof::readers {

namespace {

constexpr double absurdTime = 9007199254740992.0; // 2^53 µs

std::string nodeWhere(const RawNode& n, size_t index)
{
    return "node id " + std::to_string(n.id) + ", index " + std::to_string(index);
}

int32_t oneBasedFromZero(int64_t zeroBased)
{
    if (zeroBased < 0 || zeroBased >= INT32_MAX)
        return 0;
    return static_cast<int32_t>(zeroBased + 1);
}

// Maps node ids to node indices: a vector when ids are dense, a hash map otherwise.
class NodeIndex {
public:
    static constexpr uint32_t none = UINT32_MAX;

    explicit NodeIndex(const std::vector<RawNode>& nodes)
    {
        int64_t maxId = -1;
        bool dense = true;
        for (const RawNode& n : nodes) {
            if (n.id < 0)
                dense = false;
            maxId = std::max(maxId, n.id);
        }
        m_dense = dense && maxId < int64_t(nodes.size()) * 4 + 1024;
        if (m_dense)
            m_vector.assign(size_t(maxId + 1), none);
    }
    // false when the id is already there
    bool add(int64_t id, uint32_t index)
    {
        if (m_dense) {
            if (m_vector[size_t(id)] != none)
                return false;
            m_vector[size_t(id)] = index;
            return true;
        }
        return m_map.emplace(id, index).second;
    }
    // For dense ids: the table from id to `value[node]`, `none` where no node has the id
    // (one lookup per sample instead of two).
    std::optional<std::vector<uint32_t>> denseMap(const std::vector<StackId>& value) const
    {
        if (!m_dense)
            return std::nullopt;
        std::vector<uint32_t> table(m_vector.size());
        for (size_t id = 0; id < m_vector.size(); ++id)
            table[id] = m_vector[id] == none ? none : value[m_vector[id]].value;
        return table;
    }
    uint32_t find(int64_t id) const
    {
        if (m_dense)
            return id >= 0 && size_t(id) < m_vector.size() ? m_vector[size_t(id)] : none;
        auto it = m_map.find(id);
        return it == m_map.end() ? none : it->second;
    }

private:
    bool m_dense = false;
    std::vector<uint32_t> m_vector;
    std::unordered_map<int64_t, uint32_t> m_map;
};

// positionTicks per stack; nodes that became the same stack add up. The nodes of a tree
// written depth first (as V8 writes them) come in the order of their stacks, but for those
// merged into an earlier node's stack (a function's code replaced while it ran): the rows in
// stack order are taken as they come, the few others sorted aside and merged in.
LineTickTable lineTicksOf(const RawCpuProfile& raw, const std::vector<StackId>& stackOf)
{
    struct Row { // 12 bytes: ticks clamped to 32 bits here, their sums saturate below
        uint32_t stack;
        int32_t line;
        uint32_t ticks;
        bool operator<(const Row& o) const { return stack != o.stack ? stack < o.stack : line < o.line; }
    };
    std::vector<Row> inOrder, late;
    inOrder.reserve(raw.positionTicks.size());
    uint32_t highest = 0;
    for (size_t i = 0; i < raw.nodes.size(); ++i) {
        const RawNode& node = raw.nodes[i];
        if (node.tickBegin == node.tickEnd || !stackOf[i].isValid())
            continue;
        const uint32_t stack = stackOf[i].value;
        std::vector<Row>& rows = stack >= highest ? inOrder : late;
        highest = std::max(highest, stack);
        const size_t first = rows.size();
        for (uint32_t k = node.tickBegin; k < node.tickEnd; ++k) {
            const RawPositionTick& t = raw.positionTicks[k];
            if (t.line > 0 && t.line < INT32_MAX && t.ticks > 0)
                rows.push_back({stack, int32_t(t.line), uint32_t(std::min<int64_t>(UINT32_MAX, t.ticks))});
        }
        if (!std::is_sorted(rows.begin() + ptrdiff_t(first), rows.end()))
            std::sort(rows.begin() + ptrdiff_t(first), rows.end());
    }
    // A stack's rows in order of line: each node's are, and only a run of nodes of the same
    // stack (siblings merged) needs more.
    for (size_t begin = 0; begin < inOrder.size();) {
        size_t end = begin + 1;
        while (end < inOrder.size() && inOrder[end].stack == inOrder[begin].stack)
            ++end;
        if (!std::is_sorted(inOrder.begin() + ptrdiff_t(begin), inOrder.begin() + ptrdiff_t(end)))
            std::sort(inOrder.begin() + ptrdiff_t(begin), inOrder.begin() + ptrdiff_t(end));
        begin = end;
    }
    if (!late.empty()) {
        std::sort(late.begin(), late.end());
        std::vector<Row> all(inOrder.size() + late.size());
        std::merge(inOrder.begin(), inOrder.end(), late.begin(), late.end(), all.begin());
        inOrder = std::move(all);
    }
    LineTickTable table;
    table.stack.reserve(inOrder.size());
    table.line.reserve(inOrder.size());
    table.ticks.reserve(inOrder.size());
    for (const Row& r : inOrder) {
        const uint32_t ticks = r.ticks;
        if (table.size() && table.stack.back().value == r.stack && table.line.back() == r.line) {
            table.ticks.back() = uint32_t(std::min<uint64_t>(UINT32_MAX, uint64_t(table.ticks.back()) + ticks));
            continue;
        }
        table.stack.push_back(StackId(r.stack));
        table.line.push_back(r.line);
        table.ticks.push_back(ticks);
    }
    return table;
}

// The deltas become the sample times in place, up to the first time out of range.
struct SummedTimes {
    size_t negative = 0;          // deltas below zero
    size_t outOfRange = SIZE_MAX; // the first sample whose time is out of range
};

SummedTimes sumTimeDeltas(std::vector<double>& times, double start)
{
    SummedTimes summed;
    double t = start;
    for (size_t i = 0; i < times.size(); ++i) {
        summed.negative += times[i] < 0;
        t += times[i];
        if (!(std::fabs(t) <= absurdTime)) {
            summed.outOfRange = i;
            break;
        }
        times[i] = t;
    }
    return summed;
}

} // namespace

LoadResult convertCpuProfile(RawCpuProfile& raw, StringTable strings, ProfileInfo info,
                                   CpuProfileDialects dialects)
{
    const std::vector<RawNode>& nodes = raw.nodes;
    const size_t n = nodes.size();
    if (!raw.sawNodes)
        return conversionFailure("no \"nodes\": this is not a .cpuprofile");
    if (n == 0 && !raw.samples.empty()) // no nodes and no samples: an empty profile (older xsprof wrote them)
        return conversionFailure("the profile has no nodes");
    if (n >= UINT32_MAX / 2)
        return conversionFailure("too many nodes");

    NodeIndex index(nodes);
    for (size_t i = 0; i < n; ++i) {
        if (!nodes[i].hasId)
            return conversionFailure("a node has no \"id\"", "node index " + std::to_string(i));
        if (!nodes[i].hasCallFrame)
            return conversionFailure("a node has no \"callFrame\"", nodeWhere(nodes[i], i));
        if (!index.add(nodes[i].id, uint32_t(i)))
            return conversionFailure("duplicate node id " + std::to_string(nodes[i].id),
                                             nodeWhere(nodes[i], i));
    }

    // Links from "parent" and "children"; a node with two distinct parents makes the file graph-encoded.
    constexpr uint32_t none = NodeIndex::none;
    std::vector<uint32_t> parent(n, none);
    std::vector<std::pair<uint32_t, uint32_t>> links;
    links.reserve(n);
    bool multiParent = false;
    size_t selfLinks = 0;
    std::vector<uint32_t> selfLinked;
    auto link = [&](uint32_t p, uint32_t c) {
        if (p == c) {
            ++selfLinks;
            selfLinked.push_back(p);
            return;
        }
        links.emplace_back(p, c);
        if (parent[c] != none && parent[c] != p)
            multiParent = true;
        parent[c] = p;
    };
    // A link to a node the file does not hold (a trace cut short, a writer's bug) is dropped,
    // as speedscope and the Firefox Profiler do; the notes say how many and the first one.
    std::vector<std::string> notes;
    size_t lostParents = 0, lostChildren = 0;
    std::string firstLostParent, firstLostChild;
    for (size_t i = 0; i < n; ++i) {
        const RawNode& node = nodes[i];
        if (node.hasParent) {
            const uint32_t p = index.find(node.parent);
            if (p == none) {
                if (lostParents++ == 0)
                    firstLostParent = "parent " + std::to_string(node.parent) + " at " + nodeWhere(node, i);
            } else {
                link(p, uint32_t(i));
            }
        }
        for (uint32_t k = node.childBegin; k < node.childEnd; ++k) {
            const uint32_t c = index.find(raw.children[k]);
            if (c == none) {
                if (lostChildren++ == 0)
                    firstLostChild = "child " + std::to_string(raw.children[k]) + " at " + nodeWhere(node, i);
                continue;
            }
            link(uint32_t(i), c);
        }
    }
    if (lostParents)
        notes.push_back(counted(lostParents, "node names", "nodes name") + " a parent that is not in the file (the first: " +
                        firstLostParent + (lostParents == 1 ? "): it was read as a root of its calls"
                                                             : "): each was read as a root of its calls"));
    if (lostChildren)
        notes.push_back(counted(lostChildren, "child link names", "child links name") +
                        " a node that is not in the file (the first: " + firstLostChild +
                        (lostChildren == 1 ? "): it was dropped" : "): they were dropped"));

    // Which dialect (DESIGN.md, "XS files").
    bool hostRoot = false;
    size_t withXsId = 0;
    for (size_t i = 0; i < n; ++i) {
        if (parent[i] == none && strings.view(nodes[i].name) == "(host)")
            hostRoot = true;
        withXsId += nodes[i].hasXsId;
    }
    Encoding encoding = Encoding::Tree;
    if (dialects == CpuProfileDialects::V8Only && multiParent)
        return conversionFailure("a node is the child of two nodes: not a call tree");
    if (dialects == CpuProfileDialects::V8AndXs) {
        if (multiParent)
            encoding = Encoding::Graph;
        else if (hostRoot && withXsId == n)
            encoding = Encoding::Stacks;
        else if (hostRoot && withXsId > 0)
            return conversionFailure("xsId on some nodes only (" + std::to_string(withXsId) + " of " +
                                             std::to_string(n) + ")");
        else if (hostRoot)
            encoding = Encoding::Graph;
    }
    if (encoding == Encoding::Tree && selfLinks > 0) {
        for (size_t i = 0; i < n; ++i) {
            for (uint32_t k = nodes[i].childBegin; k < nodes[i].childEnd; ++k) {
                if (raw.children[k] == nodes[i].id)
                    return conversionFailure("a node is its own child: the parent links form a cycle",
                                                     nodeWhere(nodes[i], i));
            }
            if (nodes[i].hasParent && nodes[i].parent == nodes[i].id)
                return conversionFailure("a node is its own parent: the parent links form a cycle",
                                                 nodeWhere(nodes[i], i));
        }
    }

    info.encoding = encoding;
    info.durationRule = encoding == Encoding::Tree ? DurationRule::UntilNext : DurationRule::OwnDelta;
    info.startTime = raw.startTime;
    info.endTime = raw.endTime;
    if (info.durationRule == DurationRule::OwnDelta && !info.startTime)
        info.startTime = 0.0;
    info.selfLinks = selfLinks;
    // Decide the dialect from the names before the table moves into the builder.
    ProfileBuilder builder(std::move(info), std::move(strings));
    const StringTable& names = builder.profile().strings;

    // Node -> stack (or, for graph-encoded files, node -> single-frame stack).
    std::vector<StackId> stackOf(n);
    std::vector<FrameId> frameOf(n);
    // A node's frame key: name, URL, line, column; VS Code's JavaScript debugger stored the
    // source-mapped location, the original one, which then stands instead.
    struct FrameKey {
        StringId name, url;
        int32_t line, column;
        bool original; // the source-mapped location
        auto operator<=>(const FrameKey& o) const
        {
            return std::tie(name, url, line, column) <=> std::tie(o.name, o.url, o.line, o.column);
        }
        bool operator==(const FrameKey& o) const { return (*this <=> o) == 0; }
    };
    auto frameKeyOf = [&](const RawNode& node) {
        if (node.locationId >= 0 && size_t(node.locationId) < raw.vscodeLocations.size()) {
            const RawSourceLocation& original = raw.vscodeLocations[size_t(node.locationId)];
            if (original.url.value != 0 && original.line > 0 && original.line <= INT32_MAX && original.column >= 0 &&
                original.column <= INT32_MAX)
                return FrameKey{node.name, original.url, int32_t(original.line), int32_t(original.column), true};
        }
        return FrameKey{node.name, node.url, oneBasedFromZero(node.line), oneBasedFromZero(node.column), false};
    };
    auto keyOfNode = [&](const RawNode& node) {
        const FrameKey key = frameKeyOf(node);
        const FrameId frame = builder.frameForKey(key.name, key.url, key.line, key.column);
        if (!key.original && node.url.value == 0 && node.scriptId > 0) // eval code: its script names where it is
            builder.noteScriptId(frame, node.scriptId);
        return frame;
    };
    // Marks in `repeated` the nodes listed in [first, last) whose frame key another of them has.
    std::vector<std::pair<FrameKey, uint32_t>> siblingKeys;
    auto markRepeatedKeys = [&](const uint32_t* first, const uint32_t* last, std::vector<uint8_t>& repeated) {
        if (last - first < 2)
            return;
        if (last - first == 2) {
            if (frameKeyOf(nodes[first[0]]) == frameKeyOf(nodes[first[1]]))
                repeated[first[0]] = repeated[first[1]] = 1;
            return;
        }
        siblingKeys.clear();
        for (const uint32_t* c = first; c != last; ++c)
            siblingKeys.emplace_back(frameKeyOf(nodes[*c]), *c);
        std::sort(siblingKeys.begin(), siblingKeys.end(),
                  [](const auto& a, const auto& b) { return a.first < b.first; });
        for (size_t k = 1; k < siblingKeys.size(); ++k) {
            if (siblingKeys[k].first == siblingKeys[k - 1].first)
                repeated[siblingKeys[k].second] = repeated[siblingKeys[k - 1].second] = 1;
        }
    };
    auto buildStacks = [&]() -> std::optional<LoadResult> {
        if (encoding == Encoding::Graph) {
            builder.reserveStacks(n);
            for (size_t i = 0; i < n; ++i) {
                frameOf[i] = builder.frameForXsId(nodes[i].id);
                builder.defineXsFrame(frameOf[i], names.view(nodes[i].name), names.view(nodes[i].url),
                                      oneBasedFromZero(nodes[i].line));
                stackOf[i] = builder.stack(StackId(), frameOf[i]);
            }
            for (const auto& [p, c] : links)
                builder.addLink(frameOf[p], frameOf[c]);
            for (uint32_t i : selfLinked) // kept so the function shows as recursive; the graph drops them
                builder.addLink(frameOf[i], frameOf[i]);
        } else {
            std::vector<uint32_t> childBegin(n + 1, 0), children;
            for (size_t i = 0; i < n; ++i) {
                if (parent[i] != none)
                    ++childBegin[parent[i] + 1];
            }
            for (size_t i = 0; i < n; ++i)
                childBegin[i + 1] += childBegin[i];
            children.resize(childBegin[n]);
            {
                std::vector<uint32_t> fill(childBegin.begin(), childBegin.end() - 1);
                for (size_t i = 0; i < n; ++i) {
                    if (parent[i] != none)
                        children[fill[parent[i]]++] = uint32_t(i);
                }
            }
            std::unordered_map<int64_t, uint32_t> xsIdNode; // xsId -> first node, to check one key per id
            std::vector<uint32_t> todo;
            size_t reached = 0;
            for (size_t i = 0; i < n; ++i) {
                if (parent[i] == none)
                    todo.push_back(uint32_t(i));
            }
            // Two nodes share a stack only when their parents do (or both are roots) and their
            // frames are the same: a node whose parent's stack is its parent's alone, and whose
            // frame no sibling has, has a stack no other node has, and needs no lookup (V8 repeats
            // a function among siblings when its code was replaced while it ran). `mayShare`:
            // the node or an ancestor has such a sibling; those stacks are looked up.
            std::vector<uint8_t> mayShare(n, 0);
            size_t sharing = 0;
            if (encoding == Encoding::Tree) {
                markRepeatedKeys(todo.data(), todo.data() + todo.size(), mayShare);
                for (size_t i = 0; i < n; ++i)
                    markRepeatedKeys(children.data() + childBegin[i], children.data() + childBegin[i + 1], mayShare);
                sharing = size_t(std::count(mayShare.begin(), mayShare.end(), uint8_t(1)));
            } else {
                std::fill(mayShare.begin(), mayShare.end(), uint8_t(1));
                sharing = n;
            }
            builder.reserveStacks(sharing);
            while (!todo.empty()) {
                const uint32_t i = todo.back();
                todo.pop_back();
                ++reached;
                const RawNode& node = nodes[i];
                FrameId frame;
                if (encoding == Encoding::Stacks) {
                    auto [it, first] = xsIdNode.try_emplace(node.xsId, i);
                    const RawNode& other = nodes[it->second];
                    if (!first && (other.name != node.name || other.url != node.url || other.line != node.line ||
                                   other.column != node.column))
                        return conversionFailure(
                            "xsId " + std::to_string(node.xsId) + " names two different functions", nodeWhere(node, i));
                    frame = builder.frameForXsId(node.xsId);
                    if (first)
                        builder.defineXsFrame(frame, names.view(node.name), names.view(node.url), oneBasedFromZero(node.line));
                } else {
                    frame = keyOfNode(node);
                }
                frameOf[i] = frame;
                const StackId parentStack = parent[i] == none ? StackId() : stackOf[parent[i]];
                if (parent[i] != none && mayShare[parent[i]])
                    mayShare[i] = 1; // parents come first in the walk
                stackOf[i] = mayShare[i] ? builder.stack(parentStack, frame) : builder.newStack(parentStack, frame);
                for (uint32_t k = childBegin[i + 1]; k-- > childBegin[i];)
                    todo.push_back(children[k]);
            }
            if (reached != n) {
                for (size_t i = 0; i < n; ++i) {
                    if (!stackOf[i].isValid() && parent[i] != none)
                        return conversionFailure("the parent links form a cycle", nodeWhere(nodes[i], i));
                }
            }
        }
        return std::nullopt;
    };
    // The sample times need nothing of the stacks: the deltas are summed meanwhile.
    const bool sameLength = raw.samples.size() == raw.timeDeltas.size();
    std::optional<LoadResult> stacksFailed;
    SummedTimes summed;
    runInParallelIf(sameLength && raw.samples.size() >= parallelWorkMinimum, [&] { stacksFailed = buildStacks(); },
                    [&] {
                        if (sameLength)
                            summed = sumTimeDeltas(raw.timeDeltas, raw.startTime.value_or(0.0));
                    });
    if (stacksFailed)
        return std::move(*stacksFailed);
    if (!sameLength)
        return conversionFailure("samples (" + std::to_string(raw.samples.size()) + ") and timeDeltas (" +
                                         std::to_string(raw.timeDeltas.size()) + ") differ in length");
    // Peak memory: what only the nodes needed goes before the line ticks are gathered.
    builder.releaseIndexes();
    releaseStorage(parent);
    releaseStorage(links);
    releaseStorage(frameOf);
    releaseStorage(selfLinked);
    // The node ids become stacks in place; the line ticks are gathered meanwhile on a second
    // thread: both only read the nodes' stacks.
    size_t unknownAt = SIZE_MAX; // the first sample whose node id is not a node's
    const std::optional<std::vector<uint32_t>> stackOfId = index.denseMap(stackOf);
    auto stackOfSample = [&](uint32_t id) {
        if (stackOfId)
            return id < stackOfId->size() ? (*stackOfId)[id] : none;
        const uint32_t node = index.find(id);
        return node == none ? none : stackOf[node].value;
    };
    // In a file that lost nodes (links to nodes it does not hold), a sample of a lost node is
    // dropped, its time going to the sample before; in any other file it is an error.
    const bool lostNodes = lostParents > 0 || lostChildren > 0;
    size_t droppedSamples = 0;
    std::string firstDropped;
    auto mapSamples = [&] {
        for (size_t i = 0; i < raw.samples.size(); ++i) {
            const uint32_t stack = stackOfSample(raw.samples[i].value);
            if (stack == none && lostNodes) {
                if (droppedSamples++ == 0)
                    firstDropped =
                        "node id " + std::to_string(raw.samples[i].value) + " at sample " + std::to_string(i);
                raw.samples[i] = StackId();
                continue;
            }
            if (stack == none) {
                unknownAt = i;
                return;
            }
            raw.samples[i] = StackId(stack);
        }
    };
    LineTickTable lineTicks;
    runInParallelIf(raw.samples.size() >= parallelWorkMinimum, mapSamples,
                    [&] { lineTicks = lineTicksOf(raw, stackOf); });
    // The first sample that is wrong, its node id before its time (as read in order).
    if (unknownAt != SIZE_MAX && unknownAt <= summed.outOfRange)
        return conversionFailure("unknown node id " + std::to_string(raw.samples[unknownAt].value),
                                         "sample " + std::to_string(unknownAt));
    if (summed.outOfRange != SIZE_MAX)
        return conversionFailure("the sample time is out of range",
                                         "sample " + std::to_string(summed.outOfRange));
    if (droppedSamples) {
        size_t kept = 0;
        for (size_t i = 0; i < raw.samples.size(); ++i) {
            if (!raw.samples[i].isValid())
                continue;
            raw.samples[kept] = raw.samples[i];
            raw.timeDeltas[kept++] = raw.timeDeltas[i]; // times by now, not deltas
        }
        raw.samples.resize(kept);
        raw.timeDeltas.resize(kept);
        notes.push_back(counted(droppedSamples, "sample names", "samples name") +
                        " a node that is not in the file (the first: " + firstDropped +
                        (droppedSamples == 1 ? "): it was dropped, its time going to the sample before"
                                             : "): they were dropped, their time going to the sample before"));
    }
    builder.profile().lineTicks = std::move(lineTicks);
    releaseStorage(raw.nodes);
    releaseStorage(raw.children);
    releaseStorage(raw.positionTicks);
    releaseStorage(stackOf);
    builder.setSamples(std::move(raw.samples), std::move(raw.timeDeltas));
    builder.profile().info.negativeTimeDeltas = summed.negative;
    LoadResult result;
    result.profile = builder.finish();
    result.warnings = std::move(notes);
    return result;
}

} // namespace xsprof::readers
