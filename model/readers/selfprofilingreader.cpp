#include "selfprofilingreader.h"

#include "rawprofile.h"
#include "selfprofilingconverter.h"

#include "model/filename.h"
#include "model/json/jsonhead.h"
#include "model/json/jsonreading.h"

namespace xsprof {

namespace {


JsonPlace place(const char* what, size_t index)
{
    const std::string list = std::string(what) == "frame" ? "frames" : std::string(what) == "stack" ? "stacks"
                           : std::string(what) == "sample"  ? "samples" : "resources";
    return JsonPlace{}.child(what, index, list.c_str());
}

template <class V>
void expectEntryObject(const V& v, const char* what, size_t index)
{
    if (v.kind() != JsonKind::Object)
        throw JsonMeaningError(std::string("a ") + what + " is " + typeName(v.kind()) + ", expected an object",
                               place(what, index));
}

template <class V>
void readTrace(const V& root, RawSelfProfiling& raw, StringTable& strings)
{
    expectJsonKind(root, JsonKind::Object, "the file", [] { return std::string("byte 0"); });
    root.forEachField([&](std::string_view key, const V& v) {
        if (key == "frames") {
            raw.sawFrames = true;
            expectJsonKind(v, JsonKind::Array, "frames", [] { return std::string("trace"); });
            v.forEachElement([&](const V& e) {
                const size_t i = raw.frames.size();
                expectEntryObject(e, "frame", i);
                RawSelfProfilingFrame& f = raw.frames.emplace_back();
                auto at = [&] { return place("frame", i); };
                e.forEachField([&](std::string_view k, const V& x) {
                    if (x.kind() == JsonKind::Null)
                        return;
                    if (k == "name")
                        f.name = expectJsonString(x, "name", at, strings);
                    else if (k == "resourceId")
                        f.resourceId = expectJsonInteger(x, "resourceId", at);
                    else if (k == "line")
                        f.line = expectJsonInteger(x, "line", at);
                    else if (k == "column")
                        f.column = expectJsonInteger(x, "column", at);
                });
            });
        } else if (key == "resources") {
            expectJsonKind(v, JsonKind::Array, "resources", [] { return std::string("trace"); });
            v.forEachElement([&](const V& e) {
                const size_t i = raw.resources.size();
                raw.resources.push_back(expectJsonString(e, "resources", [&] { return place("resource", i); }, strings));
            });
        } else if (key == "stacks") {
            raw.sawStacks = true;
            expectJsonKind(v, JsonKind::Array, "stacks", [] { return std::string("trace"); });
            v.forEachElement([&](const V& e) {
                const size_t i = raw.stacks.size();
                expectEntryObject(e, "stack", i);
                RawSelfProfilingStack& st = raw.stacks.emplace_back();
                auto at = [&] { return place("stack", i); };
                e.forEachField([&](std::string_view k, const V& x) {
                    if (x.kind() == JsonKind::Null)
                        return;
                    if (k == "frameId")
                        st.frameId = expectJsonInteger(x, "frameId", at);
                    else if (k == "parentId")
                        st.parentId = expectJsonInteger(x, "parentId", at);
                });
            });
        } else if (key == "samples") {
            expectJsonKind(v, JsonKind::Array, "samples", [] { return std::string("trace"); });
            v.forEachElement([&](const V& e) {
                const size_t i = raw.sampleTimes.size();
                if (e.kind() == JsonKind::Integer)
                    throw JsonMeaningError{"\"samples\" holds node ids, expected sample objects", place("sample", i)};
                expectEntryObject(e, "sample", i);
                double& time = raw.sampleTimes.emplace_back(0.0);
                int64_t& stack = raw.sampleStacks.emplace_back(-1);
                auto at = [&] { return place("sample", i); };
                e.forEachField([&](std::string_view k, const V& x) {
                    if (k == "timestamp") {
                        time = expectJsonNumber(x, "timestamp", at);
                    } else if (k == "stackId" && x.kind() != JsonKind::Null) {
                        stack = expectJsonInteger(x, "stackId", at);
                        if (stack < 0)
                            throw JsonMeaningError{"\"stackId\" is negative", at()};
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
        readTrace(root, raw, strings);
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
    LoadResult converted = convertSelfProfiling(raw, strings, info);
    if (!converted.ok())
        return namedConversion(std::move(converted), name);
    LoadResult result;
    if (options.profileIndex < 0)
        result.available.push_back({info.name, converted.profile->samples.size(), converted.profile->stacks.size()});
    result.profile = std::move(converted.profile);
    result.warnings = std::move(converted.warnings);
    return result;
}

namespace readers {

constexpr std::string_view selfProfilingFormatGlobs[] = {"*.json"};
const FormatReader selfProfilingFormat{
    .id = SourceFormat::SelfProfiling,
    .name = "js-self-profiling",
    .displayName = "JS Self-Profiling traces",
    .detect = looksLikeSelfProfiling,
    .read = readSelfProfiling,
    .globs = selfProfilingFormatGlobs,
};

} // namespace readers

} // namespace xsprof
