#include "speedscopereader.h"

#include "readersupport.h"

#include "model/json/jsonhead.h"
#include "model/profilebuilder.h"

namespace xsprof::readers {

namespace {

constexpr std::string_view formatName = "speedscope file";

std::string at(const std::string& where, size_t i)
{
    return where + "[" + std::to_string(i) + "]";
}

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

struct SpeedscopeFrames {
    std::vector<JsonObject> frames;
    std::vector<FrameId> ids; // made on first use

    FrameId get(ProfileBuilder& builder, int64_t index, const std::string& where)
    {
        if (index < 0 || size_t(index) >= frames.size())
            throw JsonMeaningError("frame " + std::to_string(index) + " does not exist (there are "
                                       + std::to_string(frames.size()) + ")",
                                   where);
        FrameId& id = ids[size_t(index)];
        if (!id.isValid()) {
            const JsonObject f = frames[size_t(index)];
            id = builder.frameForKey(stringOr(f, "name", ""), stringOr(f, "file", ""), oneBased(numberOr(f, "line", 0)),
                                     oneBased(numberOr(f, "col", 0)));
        }
        return id;
    }
};

size_t sampleCountOf(JsonObject profile, const std::string& where)
{
    const std::string_view type = stringOr(profile, "type", "");
    if (type == "sampled")
        return asArray(field(profile, "samples", where), where + ".samples").size();
    if (type == "evented")
        return asArray(field(profile, "events", where), where + ".events").size() / 2;
    throw JsonMeaningError("unknown profile type \"" + std::string(type) + "\" (expected sampled or evented)",
                           where + ".type");
}

void readSampled(JsonObject profile, const std::string& where, double scale, ProfileBuilder& builder,
                 SpeedscopeFrames& frames, const TaskControl* control)
{
    const JsonArray samples = asArray(field(profile, "samples", where), where + ".samples");
    const JsonArray weights = asArray(field(profile, "weights", where), where + ".weights");
    if (samples.size() != weights.size())
        throw JsonMeaningError("samples (" + std::to_string(samples.size()) + ") and weights ("
                                   + std::to_string(weights.size()) + ") differ in length",
                               where);
    std::vector<StackId> stacks;
    std::vector<double> times, durations;
    double now = numberOr(profile, "startValue", 0) * scale;
    StackId empty; // a sample with no frame: "(root)", made when needed
    size_t i = 0;
    for (JsonElement sample : samples) {
        const std::string sampleWhere = at(where + ".samples", i);
        StackId stack;
        for (JsonElement frame : asArray(sample, sampleWhere))
            stack = builder.stack(stack, frames.get(builder, asInteger(frame, sampleWhere), sampleWhere));
        if (!stack.isValid()) {
            if (!empty.isValid())
                empty = builder.stack(StackId(), builder.frameForKey("(root)", "", 0, 0));
            stack = empty;
        }
        stacks.push_back(stack);
        ++i;
        if ((i & 0xffff) == 0)
            checkCancel(control, 0.4 + 0.5 * double(i) / double(samples.size()));
    }
    i = 0;
    for (JsonElement weight : weights) {
        const double d = asNumber(weight, at(where + ".weights", i++)) * scale;
        times.push_back(now);
        durations.push_back(d);
        now += d;
    }
    builder.setSamples(std::move(stacks), std::move(times));
    builder.setGivenDurations(std::move(durations));
}

void readEvented(JsonObject profile, const std::string& where, double scale, ProfileBuilder& builder,
                 SpeedscopeFrames& frames)
{
    const JsonArray events = asArray(field(profile, "events", where), where + ".events");
    std::vector<StackId> open;
    std::vector<int64_t> openFrames;
    std::vector<StackId> stacks;
    std::vector<double> times, durations;
    double last = 0;
    size_t i = 0;
    for (JsonElement e : events) {
        const std::string eventWhere = at(where + ".events", i++);
        const JsonObject event = asObject(e, eventWhere);
        const std::string_view type = asString(field(event, "type", eventWhere), eventWhere + ".type");
        const double time = asNumber(field(event, "at", eventWhere), eventWhere + ".at") * scale;
        const int64_t frame = asInteger(field(event, "frame", eventWhere), eventWhere + ".frame");
        if (time < last)
            throw JsonMeaningError("the event goes back in time", eventWhere);
        if (!open.empty() && time > last) {
            stacks.push_back(open.back());
            times.push_back(last);
            durations.push_back(time - last);
        }
        last = time;
        if (type == "O") {
            open.push_back(builder.stack(open.empty() ? StackId() : open.back(), frames.get(builder, frame, eventWhere)));
            openFrames.push_back(frame);
        } else if (type == "C") {
            if (openFrames.empty() || openFrames.back() != frame)
                throw JsonMeaningError(
                    "closes frame " + std::to_string(frame) + ", which is not the innermost open frame", eventWhere);
            open.pop_back();
            openFrames.pop_back();
        } else {
            throw JsonMeaningError("unknown event type \"" + std::string(type) + "\" (expected O or C)", eventWhere);
        }
    }
    if (!open.empty())
        throw JsonMeaningError(std::to_string(open.size()) + " frame(s) are still open at the end", where + ".events");
    builder.setSamples(std::move(stacks), std::move(times));
    builder.setGivenDurations(std::move(durations));
}

} // namespace

bool looksLikeSpeedscope(std::string_view head)
{
    return startsObject(head) && head.find("speedscope.app/file-format-schema") != std::string_view::npos;
}

LoadResult readSpeedscope(std::string_view bytes, const std::string& name, const LoadOptions& options,
                          const TaskControl* control)
{
    return guardedRead(name, formatName, [&] {
        JsonDocument document;
        const JsonObject root = asObject(document.parse(bytes), "the top level");
        if (options.releaseInput)
            options.releaseInput(); // the DOM holds all that is read from here on
        checkCancel(control, 0.4);
        SpeedscopeFrames frames;
        const JsonObject shared = asObject(field(root, "shared", {}), "shared");
        size_t i = 0;
        for (JsonElement f : asArray(field(shared, "frames", "shared"), "shared.frames"))
            frames.frames.push_back(asObject(f, at("shared.frames", i++)));
        frames.ids.resize(frames.frames.size());
        std::vector<JsonObject> profiles;
        std::vector<ProfileSummary> list;
        std::vector<size_t> counts;
        i = 0;
        for (JsonElement p : asArray(field(root, "profiles", {}), "profiles")) {
            const std::string where = at("profiles", i++);
            profiles.push_back(asObject(p, where));
            counts.push_back(sampleCountOf(profiles.back(), where));
            list.push_back({std::string(stringOr(profiles.back(), "name", "")), counts.back(), 0});
        }
        const size_t chosen = chooseProfile(list, counts, options.profileIndex);
        const JsonObject profile = profiles[chosen];
        const std::string where = at("profiles", chosen);
        ProfileInfo info;
        info.name = fileNameOf(name);
        const std::string_view fileTitle = stringOr(root, "name", "");
        info.description = "speedscope" + (fileTitle.empty() ? std::string() : " '" + std::string(fileTitle) + "'") +
            (list[chosen].name.empty() ? std::string() : " — " + list[chosen].name);
        info.format = SourceFormat::Speedscope;
        info.encoding = Encoding::Tree;
        info.durationRule = DurationRule::Given;
        const double scale = microsecondsPer(stringOr(profile, "unit", "none"));
        ProfileBuilder builder(std::move(info));
        if (stringOr(profile, "type", "") == "sampled")
            readSampled(profile, where, scale, builder, frames, control);
        else
            readEvented(profile, where, scale, builder, frames);
        LoadResult r;
        r.profile = builder.finish();
        r.available = std::move(list);
        r.chosenIndex = chosen;
        checkCancel(control, 1.0);
        return r;
    });
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
