#include "safarirecordingreader.h"

#include "model/json/jsonfields.h"
#include "readersupport.h"

#include "model/filename.h"
#include "model/json/jsonhead.h"
#include "model/profilebuilder.h"
#include "model/readers/jsondocumentreading.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

namespace xsprof::readers {

namespace {

constexpr std::string_view safariFormatName = "Safari recording";

struct SafariFrame {
    std::string name, url;
    int32_t line = 0, column = 0;
};

} // namespace

bool looksLikeSafariRecording(std::string_view head)
{
    // {"version": 1, "recording": {"displayName": …, …}}: the key comes first in every export.
    return startsObject(head) && keyOpensObject(head, "recording") && !hasKey(head, "traceEvents");
}

namespace {

// The samples of a recording, read from its document; the profile is built once the file's
// bytes are released.
struct SafariSamples {
    std::string displayName;
    double start = -1, end = -1;
    // Per sample, its frames outermost first.
    std::vector<std::vector<SafariFrame>> stacks;
    std::vector<double> times, given;
};

template <class V>
void readRecording(const V& root, SafariSamples& out, const TaskControl* control)
{
    out = SafariSamples();
    const V& top = asRootObject(root);
    checkCancel(control, 0.4);
    const JsonPath file, at = file.key("recording");
    const V recording = asObject(field(top, "recording", file), at);
    if (!hasField(recording, "sampleStackTraces"))
        throwAt(at, "no \"sampleStackTraces\": the recording holds no JavaScript samples "
                    "(record with the JavaScript & Events timeline)");
    const JsonPath tracesAt = at.key("sampleStackTraces"), durationsAt = at.key("sampleDurations");
    const V traces = asArray(field(recording, "sampleStackTraces", at), tracesAt);
    const V durations = asArray(field(recording, "sampleDurations", at), durationsAt);
    const size_t traceCount = elementCount(traces), durationCount = elementCount(durations);
    if (traceCount != durationCount)
        throwAt(at, "sampleStackTraces (" + std::to_string(traceCount) + ") and sampleDurations ("
                        + std::to_string(durationCount) + ") differ in length");
    out.displayName = std::string(stringOr(recording, "displayName", ""));
    out.start = numberOr(recording, "startTime", -1);
    out.end = numberOr(recording, "endTime", -1);
    out.stacks.reserve(traceCount);
    out.times.reserve(traceCount);
    out.given.reserve(traceCount);
    size_t index = 0;
    traces.forEachElement([&](const V& traceElement) {
        const JsonPath traceAt = tracesAt.index(index, "sample");
        const V& trace = asObject(traceElement, traceAt);
        out.times.push_back(asNumber(field(trace, "timestamp", traceAt), traceAt.key("timestamp")) * 1e6);
        std::vector<SafariFrame>& frames = out.stacks.emplace_back();
        if (const std::optional<V> stackFrames = fieldIfAny(trace, "stackFrames")) {
            const JsonPath framesAt = traceAt.key("stackFrames");
            size_t k = 0;
            asArray(*stackFrames, framesAt).forEachElement([&](const V& element) {
                const V& f = asObject(element, framesAt.index(k++, "frame"));
                frames.push_back({std::string(stringOr(f, "name", "")), std::string(stringOr(f, "url", "")),
                                  oneBased(numberOr(f, "line", 0)), oneBased(numberOr(f, "column", 0))});
            });
        }
        std::reverse(frames.begin(), frames.end()); // innermost frame first in the file
        if ((++index & 0xffff) == 0)
            checkCancel(control, 0.4 + 0.5 * double(index) / double(traceCount));
    });
    index = 0;
    durations.forEachElement(
        [&](const V& d) { out.given.push_back(asNumber(d, durationsAt.index(index++, "sample duration")) * 1e6); });
}

} // namespace

LoadResult readSafariRecording(std::string_view bytes, const std::string& name, const LoadOptions& options,
                               const TaskControl* control)
{
    SafariSamples samples;
    auto read = [&](const auto& root) { readRecording(root, samples, control); };
    if (std::optional<LoadResult> failed = readJsonDocument(bytes, name, options, control, read))
        return withFormatName(std::move(*failed), safariFormatName);
    if (options.releaseInput)
        options.releaseInput(); // everything needed is in `samples` now
    if (options.profileIndex > 0)
        return loadFailure(name,
                           std::string(safariFormatName) + ": there is no profile " + std::to_string(options.profileIndex)
                               + ": the file holds 1");
    ProfileInfo info;
    info.name = fileNameOf(name);
    info.description =
        "Safari recording" + (samples.displayName.empty() ? std::string() : " '" + samples.displayName + "'");
    info.format = SourceFormat::SafariRecording;
    info.encoding = Encoding::Tree;
    info.durationRule = DurationRule::Given;
    if (samples.start >= 0)
        info.startTime = samples.start * 1e6;
    if (samples.end >= 0)
        info.endTime = samples.end * 1e6;
    ProfileBuilder builder(std::move(info));
    const StackId root = builder.stack(StackId(), builder.frameForKey("(root)", "", 0, 0));
    std::vector<StackId> stacks;
    stacks.reserve(samples.stacks.size());
    for (const std::vector<SafariFrame>& frames : samples.stacks) {
        StackId stack = root;
        for (const SafariFrame& f : frames)
            stack = builder.stack(stack, builder.frameForKey(f.name, f.url, f.line, f.column));
        stacks.push_back(stack);
    }
    samples.stacks = {};
    builder.profile().info.negativeTimeDeltas = 0;
    for (size_t i = 1; i < samples.times.size(); ++i)
        builder.profile().info.negativeTimeDeltas += samples.times[i] < samples.times[i - 1];
    builder.setSamples(std::move(stacks), std::move(samples.times));
    builder.setGivenDurations(std::move(samples.given));
    LoadResult result;
    result.profile = builder.finish();
    result.available.push_back(
        {result.profile->info.description, result.profile->samples.size(), result.profile->stacks.size()});
    return finishedRead(std::move(result), name, control);
}

constexpr std::string_view safariRecordingFormatGlobs[] = {"*.json"};
const FormatReader safariRecordingFormat{
    .id = SourceFormat::SafariRecording,
    .name = "safari-recording",
    .displayName = "Safari timeline recordings",
    .detect = looksLikeSafariRecording,
    .read = readSafariRecording,
    .globs = safariRecordingFormatGlobs,
};

} // namespace xsprof::readers
