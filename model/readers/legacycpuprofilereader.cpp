#include "legacycpuprofilereader.h"

#include "cpuprofileconverter.h"
#include "cpuprofilefields.h"
#include "readersupport.h"

#include "model/filename.h"
#include "model/json/jsonhead.h"
#include "model/json/jsontree.h"
#include "model/readers/jsondocumentreading.h"

#include <vector>

namespace xsprof::readers {

namespace {

struct LegacyProfile {
    RawCpuProfile raw;
    StringTable strings;
    std::vector<double> timestamps;
    std::optional<double> startSeconds, endSeconds;
    bool sawHead = false, sawSamples = false, sawTimestamps = false;
};

// The nested tree in preorder, each node linked to its parent: a node's place is its number
// in that order ("node 7"), its path and pointer those of its place in the tree.
template <class V>
void readHead(const V& head, const JsonPath& at, LegacyProfile& p)
{
    JsonTreeTrail trail;
    std::vector<int64_t> ids; // by number in preorder
    forEachTreeNode(head, at, "node", trail, [&](const V& value, const JsonPath& nodeAt, uint32_t parent) {
        RawNode& node = p.raw.nodes.emplace_back();
        node.hasCallFrame = true; // the call frame's fields sit on the node itself
        node.childBegin = node.childEnd = static_cast<uint32_t>(p.raw.children.size());
        if (parent != JsonTreeTrail::noParent) {
            node.hasParent = true;
            node.parent = ids[parent];
        }
        std::optional<V> children;
        readCpuProfileCallFrame(value, node, p.strings, nodeAt);
        value.forEachField([&](std::string_view key, const V& v) {
            if (isKey(key, "id")) {
                node.hasId = true;
                node.id = asBoundedInteger(v, nodeAt.key("id"));
            } else if (isKey(key, "children")) {
                children = v;
            }
        });
        if (!node.hasId)
            throwMissingField(nodeAt, "id");
        ids.push_back(node.id);
        return children;
    });
}

template <class V>
void readLegacy(const V& top, LegacyProfile& p)
{
    const JsonPath root;
    asRootObject(top);
    std::optional<V> head, samples, timestamps;
    top.forEachField([&](std::string_view key, const V& v) {
        if (key == "head")
            head = v;
        else if (key == "samples")
            samples = v;
        else if (key == "timestamps")
            timestamps = v;
        else if (key == "startTime")
            readCpuProfileTime(v, p.startSeconds, root.key("startTime", "profile"));
        else if (key == "endTime")
            readCpuProfileTime(v, p.endSeconds, root.key("endTime", "profile"));
    });
    p.sawHead = head.has_value();
    p.sawSamples = samples.has_value();
    p.sawTimestamps = timestamps.has_value();
    if (head)
        readHead(*head, root.key("head"), p);
    if (samples)
        readCpuProfileSamples(*samples, p.raw, root);
    if (timestamps) {
        const JsonPath list = root.key("timestamps", "profile");
        size_t index = 0;
        asArray(*timestamps, list).forEachElement([&](const V& t) {
            p.timestamps.push_back(asBoundedNumber(t, list.index(index++, "timestamp")));
        });
    }
}

} // namespace

bool looksLikeLegacyCpuProfile(std::string_view head)
{
    return hasRootKey(head, "head");
}

LoadResult readLegacyCpuProfile(std::string_view bytes, const std::string& name, const LoadOptions& options,
                                const TaskControl* control)
{
    LegacyProfile p;
    auto read = [&](const auto& root) {
        p = LegacyProfile();
        readLegacy(root, p);
    };
    if (auto failed = readJsonDocument(bytes, name, options, control, read))
        return std::move(*failed);
    if (options.releaseInput)
        options.releaseInput(); // everything needed is in the raw tables now
    if (!p.sawHead || !p.sawSamples || !p.sawTimestamps)
        return loadFailure(name, "a legacy .cpuprofile needs \"head\", \"samples\" and \"timestamps\"");
    // DESIGN.md, "More inputs": times from the timestamps, the end from the extra one or endTime.
    const std::vector<double>& ts = p.timestamps;
    const size_t n = p.raw.samples.size();
    if (ts.size() != n && ts.size() != n + 1)
        return loadFailure(name, "timestamps (" + std::to_string(ts.size()) + ") must number the samples (" +
                                         std::to_string(n) + ") or one more");
    double start = p.startSeconds ? *p.startSeconds * 1e6 : (ts.empty() ? 0.0 : ts[0]);
    if (!ts.empty() && start > ts[0])
        start = ts[0];
    std::optional<double> end;
    if (ts.size() == n + 1)
        end = ts.back();
    else if (p.endSeconds && n > 0 && *p.endSeconds * 1e6 >= ts[n - 1])
        end = *p.endSeconds * 1e6;
    double previous = start;
    p.raw.timeDeltas.reserve(n);
    for (size_t i = 0; i < n; ++i) {
        p.raw.timeDeltas.push_back(ts[i] - previous);
        previous = ts[i];
    }
    p.raw.startTime = start;
    p.raw.endTime = end;
    p.raw.sawNodes = true;
    ProfileInfo info;
    info.name = fileNameOf(name);
    info.format = SourceFormat::LegacyCpuProfile;
    return convertedProfile(convertCpuProfile(p.raw, std::move(p.strings), info, CpuProfileDialects::V8AndXs), name,
                            options);
}

constexpr std::string_view legacyCpuProfileFormatGlobs[] = {"*.cpuprofile"};
const FormatReader legacyCpuProfileFormat{
    .id = SourceFormat::LegacyCpuProfile,
    .name = "cpuprofile-legacy",
    .displayName = "legacy .cpuprofile files",
    .detect = looksLikeLegacyCpuProfile,
    .read = readLegacyCpuProfile,
    .globs = legacyCpuProfileFormatGlobs,
};

} // namespace xsprof::readers
