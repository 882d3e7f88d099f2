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

    FrameId get(ProfileBuilder& builder, int64_t index, const std::string& where)
    {
        if (index < 0 || size_t(index) >= frames.size())
            throw JsonMeaningError("frame " + std::to_string(index) + " does not exist (there are "
                                       + std::to_string(frames.size()) + ")",
                                   where);
        FrameId& id = ids[size_t(index)];
        if (!id.isValid()) {
            const V& f = frames[size_t(index)];
            id = builder.frameForKey(stringOr(f, "name", ""), stringOr(f, "file", ""), oneBased(numberOr(f, "line", 0)),
                                     oneBased(numberOr(f, "col", 0)));
        }
        return id;
    }
};

template <class V>
size_t sampleCountOf(const V& profile, const std::string& where)
{
    const std::string_view type = stringOr(profile, "type", "");
    if (type == "sampled")
        return elementCount(asArray(field(profile, "samples", where), where + ".samples"));
    if (type == "evented")
        return elementCount(asArray(field(profile, "events", where), where + ".events")) / 2;
    throw JsonMeaningError("unknown profile type \"" + std::string(type) + "\" (expected sampled or evented)",
                           where + ".type");
}

template <class V>
void readSampled(const V& profile, const std::string& where, double scale, ProfileBuilder& builder,
                 SpeedscopeFrames<V>& frames, const TaskControl* control)
{
    const V samples = asArray(field(profile, "samples", where), where + ".samples");
    const V weights = asArray(field(profile, "weights", where), where + ".weights");
    const size_t sampleCount = elementCount(samples), weightCount = elementCount(weights);
    if (sampleCount != weightCount)
        throw JsonMeaningError("samples (" + std::to_string(sampleCount) + ") and weights ("
                                   + std::to_string(weightCount) + ") differ in length",
                               where);
    std::vector<StackId> stacks;
    std::vector<double> times, durations;
    double now = numberOr(profile, "startValue", 0) * scale;
    StackId empty; // a sample with no frame: "(root)", made when needed
    size_t i = 0;
    samples.forEachElement([&](const V& sample) {
        const std::string sampleWhere = elementWhere(where + ".samples", i);
        StackId stack;
        asArray(sample, sampleWhere).forEachElement([&](const V& frame) {
            stack = builder.stack(stack, frames.get(builder, asInteger(frame, sampleWhere), sampleWhere));
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
        const double d = asNumber(weight, elementWhere(where + ".weights", i++)) * scale;
        times.push_back(now);
        durations.push_back(d);
        now += d;
    });
    builder.setSamples(std::move(stacks), std::move(times));
    builder.setGivenDurations(std::move(durations));
}

template <class V>
void readEvented(const V& profile, const std::string& where, double scale, ProfileBuilder& builder,
                 SpeedscopeFrames<V>& frames)
{
    const V events = asArray(field(profile, "events", where), where + ".events");
    std::vector<StackId> open;
    std::vector<int64_t> openFrames;
    std::vector<StackId> stacks;
    std::vector<double> times, durations;
    double last = 0;
    size_t i = 0;
    events.forEachElement([&](const V& e) {
        const std::string eventWhere = elementWhere(where + ".events", i++);
        const V& event = asObject(e, eventWhere);
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
    });
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

namespace {

// The file's profiles listed, the chosen one built (read may run twice: it starts afresh).
template <class V>
void readSpeedscopeDocument(const V& root, const std::string& name, const LoadOptions& options, const TaskControl* control,
                  LoadResult& out)
{
    out = LoadResult();
    const V& top = asObject(root, "the top level");
    checkCancel(control, 0.4);
    SpeedscopeFrames<V> frames;
    const V shared = asObject(field(top, "shared", {}), "shared");
    size_t i = 0;
    asArray(field(shared, "frames", "shared"), "shared.frames").forEachElement([&](const V& f) {
        frames.frames.push_back(asObject(f, elementWhere("shared.frames", i++)));
    });
    frames.ids.resize(frames.frames.size());
    // The profiles are walked twice: once to list them, once to read the chosen one.
    const V profiles = asArray(field(top, "profiles", {}), "profiles");
    std::vector<ProfileSummary> list;
    std::vector<size_t> counts;
    i = 0;
    profiles.forEachElement([&](const V& p) {
        const std::string where = elementWhere("profiles", i++);
        const V& profile = asObject(p, where);
        counts.push_back(sampleCountOf(profile, where));
        list.push_back({std::string(stringOr(profile, "name", "")), counts.back(), 0});
    });
    const size_t chosen = chooseProfile(list, counts, options.profileIndex);
    const std::string where = elementWhere("profiles", chosen);
    ProfileInfo info;
    info.name = fileNameOf(name);
    const std::string_view fileTitle = stringOr(top, "name", "");
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
            readSampled(profile, where, scale, builder, frames, control);
        else
            readEvented(profile, where, scale, builder, frames);
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
