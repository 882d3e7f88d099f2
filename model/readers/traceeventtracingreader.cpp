#include "traceeventtracingreader.h"

#include "readersupport.h"
#include "traceeventreplay.h"

#include "model/json/jsonhead.h"
#include "model/json/simdjsondocument.h"
#include "model/profilebuilder.h"

#include <algorithm>
#include <charconv>
#include <deque>
#include <map>
#include <optional>
#include <numeric>
#include <unordered_map>

namespace xsprof::readers {

namespace {

constexpr std::string_view formatName = "trace-event file";

using ThreadKey = std::pair<double, double>; // (pid, tid) as numbers, as the format's tools sort them

// A number, or a string holding one (Hermes writes "ts": "11552125241").
bool numberOf(JsonElement e, double& out)
{
    if (!e.get(out))
        return true;
    std::string_view s;
    if (e.get(s) || s.empty())
        return false;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

double numberField(JsonObject o, std::string_view key, double fallback)
{
    JsonElement e;
    double v = fallback;
    if (o.at_key(key).get(e) || !numberOf(e, v))
        return fallback;
    return v;
}

std::string threadText(const ThreadKey& k)
{
    auto text = [](double v) { return v == double(int64_t(v)) ? std::to_string(int64_t(v)) : std::to_string(v); };
    return "pid " + text(k.first) + ", tid " + text(k.second);
}


// The fields of one event read in one pass over its keys (at_key scans them for each lookup).
struct EventFields {
    std::string_view ph, name;
    JsonElement pid, tid, ts, dur, tdur, args;
    bool hasPid = false, hasTid = false, hasTs = false, hasDur = false, hasTdur = false, hasArgs = false;

    explicit EventFields(JsonObject o)
    {
        for (auto [key, value] : o) {
            if (key == "ph")
                ph = value.is_string() ? std::string_view(value) : std::string_view();
            else if (key == "name")
                name = value.is_string() ? std::string_view(value) : std::string_view();
            else if (key == "pid")
                pid = value, hasPid = true;
            else if (key == "tid")
                tid = value, hasTid = true;
            else if (key == "ts")
                ts = value, hasTs = true;
            else if (key == "dur")
                dur = value, hasDur = true;
            else if (key == "tdur")
                tdur = value, hasTdur = true;
            else if (key == "args")
                args = value, hasArgs = true;
        }
    }

    ThreadKey thread() const
    {
        double p = 0, t = 0;
        if (!hasPid || !numberOf(pid, p))
            p = 0;
        if (!hasTid || !numberOf(tid, t))
            t = 0;
        return {p, t};
    }
};

// Reads one B/E/X event; `index` names it in errors.
void readDurationEvent(const EventFields& f, size_t index, ThreadEvents& thread, EventTexts& texts)
{
    DurationEvent event;
    if (!f.hasTs || !numberOf(f.ts, event.ts))
        throw JsonMeaningError("the " + std::string(f.ph) + " event has no numeric \"ts\"",
                               "traceEvents[" + std::to_string(index) + "]");
    event.name = texts.name(f.name.empty() ? std::string_view("(unnamed)") : f.name);
    JsonObject args;
    if (f.hasArgs && !f.args.get(args)) {
        event.args = texts.args(simdjson::minify(args), [&] {
            return ArgsLocation{std::string(stringOr(args, "url", "")), oneBased(numberField(args, "line", 0)),
                                oneBased(numberField(args, "column", 0))};
        });
    }
    if (f.ph == "B") {
        thread.begins.push_back(event);
    } else if (f.ph == "E") {
        thread.ends.push_back(event);
    } else {
        double duration = -1;
        if (!f.hasDur || !numberOf(f.dur, duration) || duration < 0)
            duration = f.hasTdur && numberOf(f.tdur, duration) ? std::max(0.0, duration) : 0.0;
        thread.completes.emplace_back(event, duration);
    }
}

struct Names {
    std::map<double, std::string> process;
    std::map<ThreadKey, std::string> thread;

    void read(const EventFields& f)
    {
        const std::string_view name = f.name;
        const ThreadKey key = f.thread();
        JsonObject args;
        if ((name != "process_name" && name != "thread_name") || !f.hasArgs || f.args.get(args))
            return;
        const std::string_view value = stringOr(args, "name", "");
        if (name == "process_name")
            process[key.first] = std::string(value);
        else
            thread[key] = std::string(value);
    }

    std::string of(const ThreadKey& key) const
    {
        const auto p = process.find(key.first);
        const auto t = thread.find(key);
        std::string text = threadText(key);
        if (t != thread.end())
            text = t->second + " (" + text + ")";
        if (p != process.end())
            text = p->second + ", " + text;
        return text;
    }
};

ThreadKey threadOf(JsonObject o)
{
    return {numberField(o, "pid", 0), numberField(o, "tid", 0)};
}

// A JSON-array trace whose writer died before the closing ']' (the format allows it).
JsonElement parseTrace(JsonDocument& document, std::string_view bytes, std::string& repaired, bool& unterminated)
{
    try {
        return document.parse(bytes);
    } catch (const JsonMeaningError&) {
        std::string_view body = trimmedHead(bytes);
        if (!body.starts_with('['))
            throw;
        while (!body.empty() && (body.back() == ',' || body.back() == ' ' || body.back() == '\n' ||
                                 body.back() == '\r' || body.back() == '\t'))
            body.remove_suffix(1);
        repaired.assign(body);
        repaired += ']';
        unterminated = true;
        return document.parse(repaired);
    }
}

std::string frameIdOf(JsonElement e, const std::string& where)
{
    std::string_view s;
    if (!e.get(s))
        return std::string(s);
    return std::to_string(asInteger(e, where));
}

// Summaries and the chosen index; `counts` gives each thread's sample count.
size_t choose(const std::vector<ThreadKey>& keys, const std::vector<size_t>& counts, const Names& names,
              const LoadOptions& options, std::vector<ProfileSummary>& list)
{
    for (size_t i = 0; i < keys.size(); ++i)
        list.push_back({names.of(keys[i]), counts[i], 0});
    return chooseProfile(list, counts, options.profileIndex);
}

LoadResult finish(ProfileBuilder& builder, std::vector<ProfileSummary> list, size_t chosen)
{
    LoadResult r;
    r.profile = builder.finish();
    r.available = std::move(list);
    r.chosenIndex = chosen;
    return r;
}

// Top-level "samples" + "stackFrames" (Hermes' sampling profiler): until-next per thread.
LoadResult fromSamples(JsonObject root, const Names& names, ProfileInfo info, const LoadOptions& options,
                       const TaskControl* control)
{
    std::unordered_map<std::string_view, JsonObject> frames;
    for (auto [id, frame] : asObject(field(root, "stackFrames", {}), "stackFrames"))
        frames.emplace(id, asObject(frame, "stackFrames[\"" + std::string(id) + "\"]"));
    std::map<ThreadKey, std::vector<std::pair<double, std::string>>> threads; // (ts, frame id)
    size_t i = 0;
    for (JsonElement e : asArray(field(root, "samples", {}), "samples")) {
        const std::string where = "samples[" + std::to_string(i++) + "]";
        const JsonObject o = asObject(e, where);
        double ts = 0;
        JsonElement value;
        if (o.at_key("ts").get(value) || !numberOf(value, ts))
            throw JsonMeaningError("the sample has no numeric \"ts\"", where);
        std::string id;
        if (!o.at_key("sf").get(value) && !value.is_null()) {
            id = frameIdOf(value, where + ".sf");
            if (!frames.contains(id))
                throw JsonMeaningError("stack frame \"" + id + "\" is not in stackFrames", where + ".sf");
        }
        threads[threadOf(o)].emplace_back(ts, std::move(id));
    }
    std::vector<ThreadKey> keys;
    std::vector<size_t> counts;
    for (const auto& [key, samples] : threads) {
        keys.push_back(key);
        counts.push_back(samples.size());
    }
    std::vector<ProfileSummary> list;
    const size_t chosen = choose(keys, counts, names, options, list);
    checkCancel(control, 0.6);
    info.description = "trace-event stack samples — " + list[chosen].name;
    info.durationRule = DurationRule::UntilNext; // no end time: the last sample gets the median
    ProfileBuilder builder(std::move(info));
    const StackId root0 = builder.stack(StackId(), builder.frameForKey("(root)", "", 0, 0));
    std::map<std::string, StackId, std::less<>> stackOf;
    const size_t frameCount = frames.size();
    auto resolve = [&](const std::string& id) {
        std::vector<std::pair<std::string, JsonObject>> chain;
        std::string at = id;
        while (!at.empty() && !stackOf.contains(at)) {
            const auto found = frames.find(at);
            if (found == frames.end())
                throw JsonMeaningError("parent \"" + at + "\" is not in stackFrames",
                                       "stackFrames[\"" + chain.back().first + "\"]");
            const JsonObject frame = found->second;
            chain.emplace_back(at, frame);
            if (chain.size() > frameCount)
                throw JsonMeaningError("the stack frames' parent links form a cycle", "stackFrames[\"" + id + "\"]");
            JsonElement parent;
            at = frame.at_key("parent").get(parent) || parent.is_null() ? std::string()
                                                                          : frameIdOf(parent, "stackFrames[\"" + at + "\"].parent");
        }
        StackId stack = at.empty() ? root0 : stackOf.find(at)->second;
        for (auto c = chain.rbegin(); c != chain.rend(); ++c) {
            const JsonObject& f = c->second;
            stack = builder.stack(stack, builder.frameForKey(stringOr(f, "name", ""), stringOr(f, "url", ""),
                                                             oneBased(numberField(f, "line", 0)),
                                                             oneBased(numberField(f, "column", 0))));
            stackOf.emplace(c->first, stack);
        }
        return stack;
    };
    std::vector<StackId> stacks;
    std::vector<double> times;
    for (const auto& [ts, id] : threads[keys[chosen]]) {
        stacks.push_back(id.empty() ? root0 : resolve(id));
        times.push_back(ts);
    }
    builder.setSamples(std::move(stacks), std::move(times));
    return finish(builder, std::move(list), chosen);
}

// B/E/X duration events: a tracing profile per thread.
LoadResult fromDurationEvents(std::map<ThreadKey, ThreadEvents>& threads, const EventTexts& texts, const Names& names,
                              ProfileInfo info, const LoadOptions& options, const TaskControl* control,
                              std::vector<std::string>& warnings)
{
    if (threads.empty())
        throw JsonMeaningError(
            "the trace holds no CPU profile, no stack samples (\"samples\" + \"stackFrames\") and no "
            "duration events (B/E, X)",
            std::string());
    std::vector<ThreadKey> keys;
    std::vector<size_t> counts;
    for (auto& [key, thread] : threads) {
        Repairs ignored;
        keys.push_back(key);
        // Replaying sorts and reorders the thread's events in place; a second replay of the
        // chosen one gives the same samples. One thread needs no count.
        counts.push_back(threads.size() == 1 ? 1 : replayThread(thread, texts, nullptr, nullptr, nullptr, nullptr, ignored));
    }
    std::vector<ProfileSummary> list;
    const size_t chosen = choose(keys, counts, names, options, list);
    if (threads.size() > 1 && counts[chosen] == 0)
        throw JsonMeaningError("the trace holds no CPU profile, and the duration events of " + list[chosen].name
                                   + " enclose no time",
                               std::string());
    checkCancel(control, 0.8);
    info.description = "trace-event durations — " + list[chosen].name;
    info.durationRule = DurationRule::Given;
    ProfileBuilder builder(std::move(info));
    std::vector<StackId> stacks;
    std::vector<double> times, durations;
    Repairs repairs;
    replayThread(threads[keys[chosen]], texts, &builder, &stacks, &times, &durations, repairs);
    if (stacks.empty())
        throw JsonMeaningError("the trace holds no CPU profile, and the duration events of " + list[chosen].name
                                   + " enclose no time",
                               std::string());
    list[chosen].sampleCount = stacks.size();
    repairs.describe(warnings);
    builder.setSamples(std::move(stacks), std::move(times));
    builder.setGivenDurations(std::move(durations));
    return finish(builder, std::move(list), chosen);
}

// One pass over the events: thread and process names, and (without stack samples) each
// thread's duration events. Nothing kept refers to the document (which may be a piece).
class EventCollector {
public:
    EventCollector(bool samples, size_t expectedEvents) : m_samples(samples), m_expected(expectedEvents) {}

    void add(JsonElement e, size_t index)
    {
        JsonObject o;
        if (e.get(o))
            return;
        const EventFields f(o);
        if (f.name == "Profile" || f.name == "ProfileChunk" || f.name == "CpuProfile")
            throw JsonMeaningError("the trace holds a V8 CPU profile (" + std::string(f.name)
                                       + " events) that the trace-event loader could not read",
                                   std::string());
        if (f.ph == "M") {
            names.read(f);
        } else if (!m_samples && (f.ph == "B" || f.ph == "E" || f.ph == "X")) {
            const ThreadKey key = f.thread();
            if (!m_last || key != m_lastKey) { // events of one thread usually come in runs
                const bool first = threads.empty();
                m_last = &threads[key];
                m_lastKey = key;
                if (first) { // most traces are one thread: no regrowing of its event lists
                    m_last->begins.reserve(m_expected / 2);
                    m_last->ends.reserve(m_expected / 2);
                }
            }
            readDurationEvent(f, index, *m_last, texts);
        }
    }

    Names names;
    std::map<ThreadKey, ThreadEvents> threads;
    EventTexts texts;

private:
    bool m_samples;
    size_t m_expected;
    ThreadKey m_lastKey{-1, -1};
    ThreadEvents* m_last = nullptr;
};

LoadResult fromEvents(EventCollector& events, JsonObject root, bool samples, bool unterminated, const std::string& name,
                      const LoadOptions& options, const TaskControl* control)
{
    ProfileInfo info;
    info.name = fileNameOf(name);
    info.format = SourceFormat::TraceEventTracing;
    info.encoding = Encoding::Tree;
    std::vector<std::string> warnings;
    if (unterminated)
        warnings.push_back("the JSON array was not closed (a tracer that stopped early): read as if it were");
    LoadResult result = samples ? fromSamples(root, events.names, std::move(info), options, control)
                                : fromDurationEvents(events.threads, events.texts, events.names, std::move(info), options,
                                                     control, warnings);
    result.warnings.insert(result.warnings.end(), warnings.begin(), warnings.end());
    checkCancel(control, 1.0);
    return result;
}

// The whole document in one DOM: what the pieces cannot read (stack samples, a trace cut
// short) and where errors are found and named.
LoadResult readWhole(std::string_view bytes, const std::string& name, const LoadOptions& options,
                     const TaskControl* control)
{
    return guardedRead(name, formatName, [&] {
        JsonDocument document;
        std::string repaired;
        bool unterminated = false;
        const JsonElement top = parseTrace(document, bytes, repaired, unterminated);
        checkCancel(control, 0.4);
        JsonObject root;
        const bool isObject = !top.get(root);
        const JsonArray events = isObject ? asArray(field(root, "traceEvents", {}), "traceEvents") : asArray(top, "the top level");
        const bool samples = isObject && hasField(root, "samples") && hasField(root, "stackFrames");
        EventCollector collector(samples, events.size());
        size_t i = 0;
        for (JsonElement e : events) {
            collector.add(e, i);
            if ((++i & 0xffff) == 0)
                checkCancel(control, 0.4 + 0.2 * double(i) / double(events.size()));
        }
        return fromEvents(collector, root, samples, unterminated, name, options, control);
    });
}

// Duration events from a document whose event list is cut into pieces (SimdJsonDocument);
// nothing when the file needs the whole DOM (stack samples, no "traceEvents").
std::optional<LoadResult> readInPieces(const SimdJsonDocument& document, const std::string& name,
                                       const LoadOptions& options, const TaskControl* control)
{
    const JsonElement top = document.rawRoot();
    JsonObject root;
    JsonArray events;
    const SplitJsonArray* split = nullptr;
    if (!top.get(root)) {
        if (hasField(root, "samples") && hasField(root, "stackFrames"))
            return std::nullopt;
        size_t member = 0;
        for (auto [key, value] : root) {
            if (key == "traceEvents") {
                if (value.get(events))
                    return std::nullopt;
                split = document.splitOfMember(member);
                break;
            }
            ++member;
        }
        if (!split && events.size() == 0)
            return std::nullopt;
    } else {
        if (top.get(events))
            return std::nullopt;
        split = document.rootSplit();
    }
    // Reserve for events of 40 bytes or more: pages never written cost address space only.
    const size_t bytes = split ? split->pieces.back().second - split->pieces.front().first : 0;
    EventCollector collector(false, split ? bytes / 40 : events.size());
    size_t i = 0;
    auto walk = [&](JsonArray list) {
        for (JsonElement e : list)
            collector.add(e, i++);
    };
    if (split) {
        SimdJsonDocument::PieceParser pieces(document, *split);
        while (const auto piece = pieces.next())
            walk(*piece);
    } else {
        walk(events);
    }
    document.checkUnreadPieces(); // the whole file must be JSON, not only what was read
    return fromEvents(collector, root, false, false, name, options, control);
}

} // namespace

LoadResult readTraceEventTracing(std::string_view bytes, const std::string& name, const LoadOptions& options,
                                 const TaskControl* control)
{
    // Fast: the event list parsed piece by piece (a DOM of the whole file costs several times
    // its size). On any failure the file is read again whole, so that errors are found and
    // named as before; the reference parser option reads it whole only (tests compare both).
    if (!options.referenceJsonParser) {
        try {
            const SimdJsonDocument document(bytes, control);
            std::optional<LoadResult> pieced;
            const LoadResult result = guardedRead(name, formatName, [&] {
                pieced = readInPieces(document, name, options, control);
                return LoadResult();
            });
            if (result.cancelled)
                return result;
            if (pieced && pieced->ok())
                return std::move(*pieced);
        } catch (const SimdJsonFailure&) {
        } catch (const JsonReadCancelled&) {
            return loadCancelled(name);
        }
    }
    return readWhole(bytes, name, options, control);
}

constexpr std::string_view traceEventTracingFormatGlobs[] = {"*.json"};
const FormatReader traceEventTracingFormat{
    .id = SourceFormat::TraceEventTracing,
    .name = "trace-event-tracing",
    .displayName = "trace-event stack samples (Hermes) or duration events",
    .detect = nullptr,
    .read = readTraceEventTracing,
    .globs = traceEventTracingFormatGlobs,
};

} // namespace xsprof::readers
