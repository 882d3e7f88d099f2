#include "safarirecordingreader.h"

#include "readersupport.h"

#include "model/json/jsonhead.h"
#include "model/profilebuilder.h"

namespace xsprof::readers {

namespace {

constexpr std::string_view formatName = "Safari recording";


} // namespace

bool looksLikeSafariRecording(std::string_view head)
{
    // {"version": 1, "recording": {"displayName": …, …}}: the key comes first in every export.
    return startsObject(head) && keyOpensObject(head, "recording") && !hasKey(head, "traceEvents");
}

LoadResult readSafariRecording(std::string_view bytes, const std::string& name, const LoadOptions& options,
                               const TaskControl* control)
{
    return guardedRead(name, formatName, [&] {
        JsonDocument document;
        const JsonObject top = asObject(document.parse(bytes), "the top level");
        if (options.releaseInput)
            options.releaseInput(); // the DOM holds all that is read from here on
        checkCancel(control, 0.4);
        const JsonObject recording = asObject(field(top, "recording", {}), "recording");
        if (!hasField(recording, "sampleStackTraces"))
            throw JsonMeaningError("the recording has no \"sampleStackTraces\": it holds no JavaScript samples "
                                   "(record with the JavaScript & Events timeline)",
                                   "recording");
        const JsonArray traces = asArray(field(recording, "sampleStackTraces", {}), "recording.sampleStackTraces");
        const JsonArray durations = asArray(field(recording, "sampleDurations", "recording"), "recording.sampleDurations");
        if (traces.size() != durations.size())
            throw JsonMeaningError("sampleStackTraces (" + std::to_string(traces.size()) + ") and sampleDurations ("
                                       + std::to_string(durations.size()) + ") differ in length",
                                   "recording");

        ProfileInfo info;
        info.name = fileNameOf(name);
        const std::string_view displayName = stringOr(recording, "displayName", "");
        info.description = "Safari recording" + (displayName.empty() ? std::string() : " '" + std::string(displayName) + "'");
        info.format = SourceFormat::SafariRecording;
        info.encoding = Encoding::Tree;
        info.durationRule = DurationRule::Given;
        double start = numberOr(recording, "startTime", -1);
        double end = numberOr(recording, "endTime", -1);
        if (start >= 0)
            info.startTime = start * 1e6;
        if (end >= 0)
            info.endTime = end * 1e6;
        ProfileBuilder builder(std::move(info));
        const StackId root = builder.stack(StackId(), builder.frameForKey("(root)", "", 0, 0));

        std::vector<StackId> stacks;
        std::vector<double> times, given;
        stacks.reserve(traces.size());
        times.reserve(traces.size());
        given.reserve(traces.size());
        std::vector<JsonObject> frames;
        size_t index = 0;
        for (JsonElement traceElement : traces) {
            const std::string where = "recording.sampleStackTraces[" + std::to_string(index) + "]";
            const JsonObject trace = asObject(traceElement, where);
            times.push_back(asNumber(field(trace, "timestamp", where), where + ".timestamp") * 1e6);
            frames.clear();
            if (hasField(trace, "stackFrames")) {
                size_t k = 0;
                for (JsonElement f : asArray(field(trace, "stackFrames", where), where + ".stackFrames"))
                    frames.push_back(asObject(f, where + ".stackFrames[" + std::to_string(k++) + "]"));
            }
            StackId stack = root;
            for (auto f = frames.rbegin(); f != frames.rend(); ++f) { // innermost frame first in the file
                const FrameId frame = builder.frameForKey(stringOr(*f, "name", ""), stringOr(*f, "url", ""),
                                                          oneBased(numberOr(*f, "line", 0)),
                                                          oneBased(numberOr(*f, "column", 0)));
                stack = builder.stack(stack, frame);
            }
            stacks.push_back(stack);
            if ((++index & 0xffff) == 0)
                checkCancel(control, 0.4 + 0.5 * double(index) / double(traces.size()));
        }
        index = 0;
        for (JsonElement d : durations) {
            given.push_back(asNumber(d, "recording.sampleDurations[" + std::to_string(index) + "]") * 1e6);
            ++index;
        }
        builder.profile().info.negativeTimeDeltas = 0;
        for (size_t i = 1; i < times.size(); ++i)
            builder.profile().info.negativeTimeDeltas += times[i] < times[i - 1];
        builder.setSamples(std::move(stacks), std::move(times));
        builder.setGivenDurations(std::move(given));
        LoadResult result;
        result.profile = builder.finish();
        result.available.push_back({result.profile->info.description, result.profile->samples.size(),
                                    result.profile->stacks.size()});
        if (options.profileIndex > 0)
            throw JsonMeaningError("there is no profile " + std::to_string(options.profileIndex) + ": the file holds 1",
                                   std::string());
        checkCancel(control, 1.0);
        return result;
    });
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
