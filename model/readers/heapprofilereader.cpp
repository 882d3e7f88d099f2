#include "heapprofilereader.h"

#include "cpuprofilefields.h"
#include "readersupport.h"

#include "model/filename.h"
#include "model/json/jsonhead.h"
#include "model/json/jsontree.h"
#include "model/profilebuilder.h"
#include "model/readers/jsondocumentreading.h"

#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace xsprof::readers {

namespace {

constexpr std::string_view heapFormatName = "V8 sampling heap profile";

// One node of the tree in preorder; its parent is an earlier one.
struct HeapNode {
    RawNode frame;             // the call frame's fields (name, url, 0-based line and column)
    uint32_t parent = UINT32_MAX; // index into the preorder list; none for the head
    int64_t selfSize = 0;
};

struct HeapSample {
    int64_t size = 0;
    int64_t nodeId = 0;
};

struct HeapProfileTables {
    StringTable strings;
    std::vector<HeapNode> nodes;
    std::vector<HeapSample> samples;
    bool sawHead = false;
};

// The nested tree in preorder, without recursion: a node's path and pointer those of its
// place in the tree ("head.children[2].children[0]"), its place its number in preorder
// ("node 7"), as ids are optional (Node 10 wrote none).
template <class V>
void readHeapTree(const V& head, const JsonPath& headAt, HeapProfileTables& t)
{
    JsonTreeTrail trail;
    std::unordered_map<int64_t, uint32_t> seenIds; // id -> its node, for a repeated id's message
    forEachTreeNode(head, headAt, "node", trail, [&](const V& value, const JsonPath& at, uint32_t parent) {
        HeapNode node;
        node.parent = parent;
        bool hasId = false, hasSize = false;
        std::optional<V> children;
        value.forEachField([&](std::string_view key, const V& v) {
            if (isKey(key, "id")) {
                hasId = true;
                node.frame.id = asBoundedInteger(v, at.key("id"));
            } else if (isKey(key, "selfSize")) {
                hasSize = true;
                node.selfSize = asBoundedInteger(v, at.key("selfSize"));
            } else if (isKey(key, "callFrame")) {
                const JsonPath frame = at.key("callFrame");
                readCpuProfileCallFrame(asObject(v, frame), node.frame, t.strings, frame);
            } else if (isKey(key, "children")) {
                children = v;
            }
        });
        node.frame.hasId = hasId; // Node 10 wrote no ids (nor samples)
        if (!hasSize)
            throwMissingField(at, "selfSize");
        if (node.selfSize < 0)
            throwAt(at.key("selfSize"), "a negative size (" + std::to_string(node.selfSize) + " bytes)");
        const auto index = static_cast<uint32_t>(t.nodes.size());
        // A tree written out cannot loop, but a node id seen twice makes the samples' nodeIds
        // ambiguous: the file's tree was made from a graph, or two profiles were pasted together.
        if (hasId) {
            const auto [seen, fresh] = seenIds.try_emplace(node.frame.id, index);
            if (!fresh)
                throwAt(at.key("id"), "node id " + std::to_string(node.frame.id) + " appears twice (also at "
                                          + headAt.treeNode(trail, seen->second, "node").text()
                                          + "): the tree repeats a node");
        }
        t.nodes.push_back(node);
        return children;
    });
}

template <class V>
void readSamples(const V& samples, HeapProfileTables& t)
{
    const JsonPath root;
    const JsonPath list = root.key("samples", "samples");
    size_t i = 0;
    asArray(samples, list).forEachElement([&](const V& s) {
        const JsonPath at = list.index(i++, "sample");
        HeapSample& sample = t.samples.emplace_back();
        bool hasNode = false;
        asObject(s, at).forEachField([&](std::string_view key, const V& v) {
            if (key == "size") {
                sample.size = asBoundedInteger(v, at.key("size"));
            } else if (key == "nodeId") {
                hasNode = true;
                sample.nodeId = asBoundedInteger(v, at.key("nodeId"));
            }
        });
        if (!hasNode)
            throwMissingField(at, "nodeId");
        if (sample.size < 0)
            throwAt(at.key("size"), "a negative size (" + std::to_string(sample.size) + " bytes)");
    });
}

template <class V>
void readHeapDocument(const V& top, HeapProfileTables& t)
{
    asRootObject(top);
    std::optional<V> head, samples;
    top.forEachField([&](std::string_view key, const V& v) {
        if (key == "head")
            head = v;
        else if (key == "samples")
            samples = v;
    });
    t.sawHead = head.has_value();
    if (head)
        readHeapTree(*head, JsonPath().key("head"), t);
    if (samples)
        readSamples(*samples, t);
}

int32_t heapOneBased(int32_t zeroBased)
{
    return zeroBased < 0 || zeroBased == INT32_MAX ? 0 : zeroBased + 1;
}

// The tree as stacks, one sample per node that allocated, weighing its selfSize in bytes.
// The samples' times are only their order (cumulative bytes): the profile has no timeline.
Profile heapProfileOf(HeapProfileTables& t, ProfileInfo info)
{
    ProfileBuilder builder(std::move(info), std::move(t.strings));
    std::vector<StackId> stackOf(t.nodes.size());
    std::vector<StackId> stacks;
    std::vector<double> times, sizes;
    double position = 0.0;
    for (size_t i = 0; i < t.nodes.size(); ++i) {
        const HeapNode& node = t.nodes[i];
        const RawNode& f = node.frame;
        const FrameId frame = builder.frameForKey(f.name, f.url, heapOneBased(f.line), heapOneBased(f.column));
        if (f.url.value == 0 && f.scriptId > 0)
            builder.noteScriptId(frame, f.scriptId);
        const StackId parent = node.parent == UINT32_MAX ? StackId() : stackOf[node.parent];
        stackOf[i] = builder.stack(parent, frame);
        if (node.selfSize > 0) {
            stacks.push_back(stackOf[i]);
            times.push_back(position);
            sizes.push_back(double(node.selfSize));
            position += double(node.selfSize);
        }
    }
    builder.setSamples(std::move(stacks), std::move(times));
    builder.setGivenDurations(std::move(sizes));
    return builder.finish();
}

} // namespace

bool looksLikeHeapProfile(std::string_view head)
{
    return hasRootKey(head, "head") && hasKey(head, "selfSize");
}

LoadResult readHeapProfile(std::string_view bytes, const std::string& name, const LoadOptions& options,
                           const TaskControl* control)
{
    HeapProfileTables t;
    auto read = [&](const auto& root) {
        t = HeapProfileTables();
        readHeapDocument(root, t);
    };
    if (auto failed = readJsonDocument(bytes, name, options, control, read))
        return withFormatName(std::move(*failed), heapFormatName);
    if (options.releaseInput)
        options.releaseInput();
    if (!t.sawHead)
        return loadFailure(name, std::string(heapFormatName) + ": a .heapprofile needs \"head\", its tree of call frames");
    // The samples should name nodes of the tree; node --heap-prof writes a few that name nodes
    // it left out. The bytes come from the tree's selfSize, so they only get a note.
    std::unordered_set<int64_t> nodeIds;
    for (const HeapNode& node : t.nodes) {
        if (node.frame.hasId)
            nodeIds.insert(node.frame.id);
    }
    size_t dangling = 0, firstDangling = 0;
    for (size_t i = 0; i < t.samples.size(); ++i) {
        if (!nodeIds.contains(t.samples[i].nodeId) && dangling++ == 0)
            firstDangling = i;
    }
    ProfileInfo info;
    info.name = fileNameOf(name);
    info.format = SourceFormat::HeapProfile;
    info.encoding = Encoding::Tree;
    info.durationRule = DurationRule::Given;
    info.measure = Measure::Bytes;
    info.measureName = "selfSize";
    info.hasTimeline = false;
    info.description = "V8 sampling heap profile" +
                       (t.samples.empty() ? std::string() : " (" + std::to_string(t.samples.size()) + " allocation samples)");
    LoadResult result;
    if (dangling > 0)
        result.warnings.push_back(std::to_string(dangling) + " of the " + std::to_string(t.samples.size()) +
                                  " samples name nodes the tree does not have (the first: samples[" +
                                  std::to_string(firstDangling) + "], node " +
                                  std::to_string(t.samples[firstDangling].nodeId) +
                                  "); the bytes shown are the tree's selfSize, which they do not change");
    result.profile = heapProfileOf(t, std::move(info));
    if (options.profileIndex < 0)
        result.available.push_back({fileNameOf(name), result.profile->samples.size(), result.profile->stacks.size()});
    return finishedRead(std::move(result), name, control);
}

constexpr std::string_view heapProfileFormatGlobs[] = {"*.heapprofile"};
const FormatReader heapProfileFormat{
    .id = SourceFormat::HeapProfile,
    .name = "heapprofile",
    .displayName = "V8 sampling heap profiles (.heapprofile)",
    .detect = looksLikeHeapProfile,
    .read = readHeapProfile,
    .globs = heapProfileFormatGlobs,
};

} // namespace xsprof::readers
