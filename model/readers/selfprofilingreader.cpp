#include "selfprofilingreader.h"

#include "rawprofile.h"
#include "readersupport.h"
#include "selfprofilingconverter.h"

#include "model/filename.h"
#include "model/json/jsonfields.h"
#include "model/json/jsonhead.h"
#include "model/readers/jsondocumentreading.h"

namespace xsprof::readers {

namespace {

template <class V>
void readSelfProfilingTrace(const V& top, RawSelfProfiling& raw, StringTable& strings)
{
    const JsonPath root;
    asRootObject(top).forEachField([&](std::string_view key, const V& v) {
        if (key == "frames") {
            raw.sawFrames = true;
            const JsonPath list = root.key("frames", "trace");
            asArray(v, list).forEachElement([&](const V& e) {
                const JsonPath at = list.index(raw.frames.size(), "frame");
                RawSelfProfilingFrame& f = raw.frames.emplace_back();
                asObject(e, at).forEachField([&](std::string_view k, const V& x) {
                    if (x.kind() == JsonKind::Null)
                        return;
                    if (k == "name")
                        f.name = asInternedString(x, at.key("name"), strings);
                    else if (k == "resourceId")
                        f.resourceId = asBoundedInteger(x, at.key("resourceId"));
                    else if (k == "line")
                        f.line = asBoundedInteger(x, at.key("line"));
                    else if (k == "column")
                        f.column = asBoundedInteger(x, at.key("column"));
                });
            });
        } else if (key == "resources") {
            const JsonPath list = root.key("resources", "trace");
            asArray(v, list).forEachElement([&](const V& e) {
                raw.resources.push_back(asInternedString(e, list.index(raw.resources.size(), "resource"), strings));
            });
        } else if (key == "stacks") {
            raw.sawStacks = true;
            const JsonPath list = root.key("stacks", "trace");
            asArray(v, list).forEachElement([&](const V& e) {
                const JsonPath at = list.index(raw.stacks.size(), "stack");
                RawSelfProfilingStack& st = raw.stacks.emplace_back();
                asObject(e, at).forEachField([&](std::string_view k, const V& x) {
                    if (x.kind() == JsonKind::Null)
                        return;
                    if (k == "frameId")
                        st.frameId = asBoundedInteger(x, at.key("frameId"));
                    else if (k == "parentId")
                        st.parentId = asBoundedInteger(x, at.key("parentId"));
                });
            });
        } else if (key == "samples") {
            const JsonPath list = root.key("samples", "trace");
            asArray(v, list).forEachElement([&](const V& e) {
                const JsonPath at = list.index(raw.sampleTimes.size(), "sample");
                if (e.kind() == JsonKind::Integer) // a .cpuprofile's "samples" (node ids)
                    throwWrongType(e.kind(), at, "a sample object ({\"timestamp\", \"stackId\"})");
                asObject(e, at);
                double& time = raw.sampleTimes.emplace_back(0.0);
                int64_t& stack = raw.sampleStacks.emplace_back(-1);
                e.forEachField([&](std::string_view k, const V& x) {
                    if (k == "timestamp") {
                        time = asBoundedNumber(x, at.key("timestamp"));
                    } else if (k == "stackId" && x.kind() != JsonKind::Null) {
                        stack = asBoundedInteger(x, at.key("stackId"));
                        if (stack < 0)
                            throwAt(at.key("stackId"), "a negative stack id (" + std::to_string(stack) + ")");
                    }
                });
            });
        }
    });
}

} // namespace

bool looksLikeSelfProfiling(std::string_view head)
{
    return hasRootKey(head, "frames") || hasRootKey(head, "stacks");
}

LoadResult readSelfProfiling(std::string_view bytes, const std::string& name, const LoadOptions& options,
                             const TaskControl* control)
{
    RawSelfProfiling raw;
    StringTable strings;
    auto read = [&](const auto& root) {
        raw = RawSelfProfiling();
        strings = StringTable();
        readSelfProfilingTrace(root, raw, strings);
    };
    if (auto failed = readJsonDocument(bytes, name, options, control, read))
        return std::move(*failed);
    if (options.releaseInput)
        options.releaseInput(); // everything needed is in the raw tables now
    if (!raw.sawFrames || !raw.sawStacks)
        return loadFailure(name, std::string("not a JS Self-Profiling trace: it has no \"") +
                                         (raw.sawFrames ? "stacks" : "frames") + "\"");
    ProfileInfo info;
    info.name = fileNameOf(name);
    return convertedProfile(convertSelfProfiling(raw, strings, info), name, options);
}

constexpr std::string_view selfProfilingFormatGlobs[] = {"*.json"};
const FormatReader selfProfilingFormat{
    .id = SourceFormat::SelfProfiling,
    .name = "js-self-profiling",
    .displayName = "JS Self-Profiling traces",
    .detect = looksLikeSelfProfiling,
    .read = readSelfProfiling,
    .globs = selfProfilingFormatGlobs,
};

} // namespace xsprof::readers
