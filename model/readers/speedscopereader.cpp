#include "speedscopereader.h"

#include "model/json/jsonfields.h"
#include "readersupport.h"

#include "model/filename.h"
#include "model/json/jsonhead.h"
#include "model/profilebuilder.h"
#include "model/readers/jsondocumentreading.h"

#include <optional>
#include <string>
#include <vector>

namespace xsprof::readers {

namespace {

constexpr std::string_view speedscopeFormatName = "speedscope file";

// µs per unit; units that are not times (bytes, none) count one per µs.
double microsecondsPer(std::string_view unit)
{
    if (unit == "nanoseconds")
        return 1e-3;
    if (unit == "milliseconds")
        return 1e3;
    if (unit == "seconds")
        return 1e6;
    return 1.0;
}

template <class V>
struct SpeedscopeFrames {
    std::vector<V> frames;
    std::vector<FrameId> ids; // made on first use

    bool has(int64_t index) const { return index >= 0 && size_t(index) < frames.size(); }
    [[noreturn]] void throwMissing(int64_t index, const JsonPath& at) const
    {
        throwAt(at, "frame " + std::to_string(index) + " does not exist (there are " + std::to_string(frames.size())
                        + ")");
    }

    // The frame `index` names (has(index)).
    FrameId get(ProfileBuilder& builder, int64_t index)
    {
        FrameId& id = ids[size_t(index)];
        if (!id.isValid()) {
            const V& f = frames[size_t(index)];
            id = builder.frameForKey(stringOr(f, "name", ""), stringOr(f, "file", ""), oneBased(numberOr(f, "line", 0)),
                                     oneBased(numberOr(f, "col", 0)));
        }
        return id;
    }
};

// The array of `profile` (at `at`) under `key`.
template <class V>
V profileArray(const V& profile, const char* key, const JsonPath& at)
{
    return asArray(field(profile, key, at), at.key(key));
}

template <class V>
size_t sampleCountOf(const V& profile, const JsonPath& at)
{
    const std::string_view type = stringOr(profile, "type", "");
    if (type == "sampled")
        return elementCount(profileArray(profile, "samples", at));
    if (type == "evented")
        return elementCount(profileArray(profile, "events", at)) / 2;
    throwAt(at.key("type"), "unknown profile type \"" + std::string(type) + "\" (expected sampled or evented)");
}

template <class V>
void readSampled(const V& profile, const JsonPath& at, double scale, ProfileBuilder& builder,
                 SpeedscopeFrames<V>& frames, const TaskControl* control)
{
    const V samples = profileArray(profile, "samples", at);
    const V weights = profileArray(profile, "weights", at);
    const size_t sampleCount = elementCount(samples), weightCount = elementCount(weights);
    if (sampleCount != weightCount)
        throwAt(at, "samples (" + std::to_string(sampleCount) + ") and weights (" + std::to_string(weightCount)
                        + ") differ in length");
    const JsonPath samplesAt = at.key("samples"), weightsAt = at.key("weights");
    std::vector<StackId> stacks;
    std::vector<double> times, durations;
    double now = numberOr(profile, "startValue", 0) * scale;
    StackId empty; // a sample with no frame: "(root)", made when needed
    size_t i = 0;
    // A sample's and its frames' paths are made only for a problem: the frames are most of
    // the values of the file.
    samples.forEachElement([&](const V& sample) {
        if (sample.kind() != JsonKind::Array)
            throwWrongType(sample.kind(), samplesAt.index(i, "sample"), "an array");
        StackId stack;
        size_t k = 0;
        sample.forEachElement([&](const V& frame) {
            const int64_t index = frame.kind() == JsonKind::Integer && !frame.overflow()
                ? frame.integer()
                : asInteger(frame, samplesAt.index(i, "sample").index(k));
            if (!frames.has(index))
                frames.throwMissing(index, samplesAt.index(i, "sample").index(k));
            stack = builder.stack(stack, frames.get(builder, index));
            ++k;
        });
        if (!stack.isValid()) {
            if (!empty.isValid())
                empty = builder.stack(StackId(), builder.frameForKey("(root)", "", 0, 0));
            stack = empty;
        }
        stacks.push_back(stack);
        ++i;
        if ((i & 0xffff) == 0)
            checkCancel(control, 0.4 + 0.5 * double(i) / double(sampleCount));
    });
    i = 0;
    weights.forEachElement([&](const V& weight) {
        const double d = asNumber(weight, weightsAt.index(i++, "weight")) * scale;
        times.push_back(now);
        durations.push_back(d);
        now += d;
    });
    builder.setSamples(std::move(stacks), std::move(times));
    builder.setGivenDurations(std::move(durations));
}

template <class V>
void readEvented(const V& profile, const JsonPath& at, double scale, ProfileBuilder& builder,
                 SpeedscopeFrames<V>& frames)
{
    const V events = profileArray(profile, "events", at);
    const JsonPath eventsAt = at.key("events");
    std::vector<StackId> open;
    std::vector<int64_t> openFrames;
    std::vector<StackId> stacks;
    std::vector<double> times, durations;
    double last = 0;
    size_t i = 0;
    events.forEachElement([&](const V& e) {
        const JsonPath eventAt = eventsAt.index(i++, "event");
        const V& event = asObject(e, eventAt);
        const std::string_view type = asString(field(event, "type", eventAt), eventAt.key("type"));
        const double time = asNumber(field(event, "at", eventAt), eventAt.key("at")) * scale;
        const int64_t frame = asInteger(field(event, "frame", eventAt), eventAt.key("frame"));
        if (time < last)
            throwAt(eventAt.key("at"), "the event goes back in time");
        if (!open.empty() && time > last) {
            stacks.push_back(open.back());
            times.push_back(last);
            durations.push_back(time - last);
        }
        last = time;
        if (type == "O") {
            if (!frames.has(frame))
                frames.throwMissing(frame, eventAt.key("frame"));
            open.push_back(builder.stack(open.empty() ? StackId() : open.back(), frames.get(builder, frame)));
            openFrames.push_back(frame);
        } else if (type == "C") {
            if (openFrames.empty() || openFrames.back() != frame)
                throwAt(eventAt, "closes frame " + std::to_string(frame) + ", which is not the innermost open frame");
            open.pop_back();
            openFrames.pop_back();
        } else {
            throwAt(eventAt.key("type"), "unknown event type \"" + std::string(type) + "\" (expected O or C)");
        }
    });
    if (!open.empty())
        throwAt(eventsAt, std::to_string(open.size()) + " frame(s) are still open at the end");
    builder.setSamples(std::move(stacks), std::move(times));
    builder.setGivenDurations(std::move(durations));
}

} // namespace

bool looksLikeSpeedscope(std::string_view head)
{
    return startsObject(head) && head.find("speedscope.app/file-format-schema") != std::string_view::npos;
}

namespace {

// The file's profiles listed, the chosen one built (read may run twice: it starts afresh).
template <class V>
void readSpeedscopeDocument(const V& root, const std::string& name, const LoadOptions& options, const TaskControl* control,
                  LoadResult& out)
{
    out = LoadResult();
    const JsonPath top;
    const V& file = asRootObject(root);
    checkCancel(control, 0.4);
    SpeedscopeFrames<V> frames;
    const JsonPath sharedAt = top.key("shared"), framesAt = sharedAt.key("frames");
    const V shared = asObject(field(file, "shared", top), sharedAt);
    size_t i = 0;
    asArray(field(shared, "frames", sharedAt), framesAt).forEachElement([&](const V& f) {
        frames.frames.push_back(asObject(f, framesAt.index(i++, "frame")));
    });
    frames.ids.resize(frames.frames.size());
    // The profiles are walked twice: once to list them, once to read the chosen one.
    const JsonPath profilesAt = top.key("profiles");
    const V profiles = asArray(field(file, "profiles", top), profilesAt);
    std::vector<ProfileSummary> list;
    std::vector<size_t> counts;
    i = 0;
    profiles.forEachElement([&](const V& p) {
        const JsonPath at = profilesAt.index(i++, "profile");
        const V& profile = asObject(p, at);
        counts.push_back(sampleCountOf(profile, at));
        list.push_back({std::string(stringOr(profile, "name", "")), counts.back(), 0});
    });
    const size_t chosen = chooseProfile(list, counts, options.profileIndex);
    const JsonPath at = profilesAt.index(chosen, "profile");
    ProfileInfo info;
    info.name = fileNameOf(name);
    const std::string_view fileTitle = stringOr(file, "name", "");
    info.description = "speedscope" + (fileTitle.empty() ? std::string() : " '" + std::string(fileTitle) + "'")
        + (list[chosen].name.empty() ? std::string() : " — " + list[chosen].name);
    info.format = SourceFormat::Speedscope;
    info.encoding = Encoding::Tree;
    info.durationRule = DurationRule::Given;
    i = 0;
    profiles.forEachElement([&](const V& profile) {
        if (i++ != chosen)
            return;
        const double scale = microsecondsPer(stringOr(profile, "unit", "none"));
        ProfileBuilder builder(std::move(info));
        if (stringOr(profile, "type", "") == "sampled")
            readSampled(profile, at, scale, builder, frames, control);
        else
            readEvented(profile, at, scale, builder, frames);
        out.profile = builder.finish();
    });
    out.available = std::move(list);
    out.chosenIndex = chosen;
}

} // namespace

LoadResult readSpeedscope(std::string_view bytes, const std::string& name, const LoadOptions& options,
                          const TaskControl* control)
{
    LoadResult result;
    auto read = [&](const auto& root) { readSpeedscopeDocument(root, name, options, control, result); };
    // Whole: the profiles are listed, then the chosen one is read (twice through the list).
    if (std::optional<LoadResult> failed =
            readJsonDocument(bytes, name, options, control, read, nullptr, JsonPieces::None))
        return withFormatName(std::move(*failed), speedscopeFormatName);
    if (options.releaseInput)
        options.releaseInput();
    return finishedRead(std::move(result), name, control);
}

constexpr std::string_view speedscopeFormatGlobs[] = {"*.speedscope.json", "*.json"};
const FormatReader speedscopeFormat{
    .id = SourceFormat::Speedscope,
    .name = "speedscope",
    .displayName = "speedscope files",
    .detect = looksLikeSpeedscope,
    .read = readSpeedscope,
    .globs = speedscopeFormatGlobs,
};

} // namespace xsprof::readers
