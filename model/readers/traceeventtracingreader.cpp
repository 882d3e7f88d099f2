#include "traceeventtracingreader.h"

#include "model/json/jsonfields.h"
#include "readersupport.h"
#include "traceeventreplay.h"

#include "model/filename.h"
#include "model/json/jsonhead.h"
#include "model/profilebuilder.h"
#include "model/readers/jsondocumentreading.h"

#include <algorithm>
#include <charconv>
#include <map>
#include <optional>
#include <unordered_map>

namespace xsprof::readers {

namespace {

constexpr std::string_view tracingFormatName = "trace-event file";

using ThreadKey = std::pair<double, double>; // (pid, tid) as numbers, as the format's tools sort them

// A number, or a string holding one (Hermes writes "ts": "11552125241").
template <class V>
bool numberOf(const V& e, double& out)
{
    if (e.kind() == JsonKind::Integer || e.kind() == JsonKind::Float) {
        out = e.number();
        return true;
    }
    if (e.kind() != JsonKind::String || e.string().empty())
        return false;
    const std::string_view s = e.string();
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size();
}

template <class V>
double numberField(const V& o, std::string_view key, double fallback)
{
    const std::optional<V> e = fieldIfAny(o, key);
    double v = fallback;
    if (!e || !numberOf(*e, v))
        return fallback;
    return v;
}

std::string threadText(const ThreadKey& k)
{
    auto text = [](double v) { return v == double(int64_t(v)) ? std::to_string(int64_t(v)) : std::to_string(v); };
    return "pid " + text(k.first) + ", tid " + text(k.second);
}

// The fields of one event read in one pass over its keys (the last of a key counts).
template <class V>
struct EventFields {
    std::string_view ph, name;
    std::optional<V> pid, tid, ts, dur, tdur, args;

    explicit EventFields(const V& o)
    {
        o.forEachField([&](std::string_view key, const V& value) {
            if (isKey(key, "ph"))
                ph = value.kind() == JsonKind::String ? value.string() : std::string_view();
            else if (isKey(key, "name"))
                name = value.kind() == JsonKind::String ? value.string() : std::string_view();
            else if (isKey(key, "pid"))
                pid = value;
            else if (isKey(key, "tid"))
                tid = value;
            else if (isKey(key, "ts"))
                ts = value;
            else if (isKey(key, "dur"))
                dur = value;
            else if (isKey(key, "tdur"))
                tdur = value;
            else if (isKey(key, "args"))
                args = value;
        });
    }

    ThreadKey thread() const
    {
        double p = 0, t = 0;
        if (!pid || !numberOf(*pid, p))
            p = 0;
        if (!tid || !numberOf(*tid, t))
            t = 0;
        return {p, t};
    }

    // The args when they are an object.
    const V* argsObject() const { return args && args->kind() == JsonKind::Object ? &*args : nullptr; }
};

// Reads one B/E/X event, element `index` of the events at `events` (its path made only for
// a problem: a million events).
template <class V>
void readDurationEvent(const EventFields<V>& f, const JsonPath& events, size_t index, ThreadEvents& thread,
                       EventTexts& texts)
{
    DurationEvent event;
    if (!f.ts || !numberOf(*f.ts, event.ts))
        throwAt(events.index(index, "trace event"), "the " + std::string(f.ph) + " event has no numeric \"ts\"");
    event.name = texts.name(f.name.empty() ? std::string_view("(unnamed)") : f.name);
    if (const V* args = f.argsObject()) {
        std::string key;
        appendValueKey(*args, key);
        event.args = texts.args(std::move(key), [&] {
            return ArgsLocation{std::string(stringOr(*args, "url", "")), oneBased(numberField(*args, "line", 0)),
                                oneBased(numberField(*args, "column", 0))};
        });
    }
    if (f.ph == "B") {
        thread.begins.push_back(event);
    } else if (f.ph == "E") {
        thread.ends.push_back(event);
    } else {
        double duration = -1;
        if (!f.dur || !numberOf(*f.dur, duration) || duration < 0)
            duration = f.tdur && numberOf(*f.tdur, duration) ? std::max(0.0, duration) : 0.0;
        thread.completes.emplace_back(event, duration);
    }
}

struct Names {
    std::map<double, std::string> process;
    std::map<ThreadKey, std::string> thread;

    template <class V>
    void read(const EventFields<V>& f)
    {
        const std::string_view name = f.name;
        const ThreadKey key = f.thread();
        const V* args = f.argsObject();
        if ((name != "process_name" && name != "thread_name") || !args)
            return;
        const std::string_view value = stringOr(*args, "name", "");
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

template <class V>
ThreadKey threadOf(const V& o)
{
    return {numberField(o, "pid", 0), numberField(o, "tid", 0)};
}

// A frame id at `at`: a string, or an integer.
template <class V>
std::string frameIdOf(const V& e, const JsonPath& at)
{
    if (e.kind() == JsonKind::String)
        return std::string(e.string());
    return std::to_string(asInteger(e, at));
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
template <class V>
LoadResult fromSamples(const V& root, const Names& names, ProfileInfo info, const LoadOptions& options,
                       const TaskControl* control)
{
    const JsonPath top, framesAt = top.key("stackFrames"), samplesAt = top.key("samples");
    std::unordered_map<std::string_view, V> frames; // the first of an id, as a lookup finds it
    asObject(field(root, "stackFrames", top), framesAt).forEachField([&](std::string_view id, const V& frame) {
        frames.emplace(id, asObject(frame, framesAt.member(id, "stack frame")));
    });
    std::map<ThreadKey, std::vector<std::pair<double, std::string>>> threads; // (ts, frame id)
    size_t i = 0;
    asArray(field(root, "samples", top), samplesAt).forEachElement([&](const V& e) {
        const JsonPath at = samplesAt.index(i++, "sample");
        const V& o = asObject(e, at);
        double ts = 0;
        const std::optional<V> tsValue = fieldIfAny(o, "ts");
        if (!tsValue || !numberOf(*tsValue, ts))
            throwAt(at, "the sample has no numeric \"ts\"");
        std::string id;
        if (const std::optional<V> sf = fieldIfAny(o, "sf"); sf && sf->kind() != JsonKind::Null) {
            id = frameIdOf(*sf, at.key("sf"));
            if (!frames.contains(id))
                throwAt(at.key("sf"), "stack frame \"" + id + "\" is not in stackFrames");
        }
        threads[threadOf(o)].emplace_back(ts, std::move(id));
    });
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
        std::vector<std::pair<std::string, V>> chain;
        std::string at = id;
        while (!at.empty() && !stackOf.contains(at)) {
            const auto found = frames.find(at);
            if (found == frames.end())
                throwAt(framesAt.member(chain.back().first, "stack frame").key("parent"),
                        "parent \"" + at + "\" is not in stackFrames");
            const V frame = found->second;
            chain.emplace_back(at, frame);
            if (chain.size() > frameCount)
                throwAt(framesAt.member(id, "stack frame"), "the stack frames' parent links form a cycle");
            const std::optional<V> parent = fieldIfAny(frame, "parent");
            at = !parent || parent->kind() == JsonKind::Null
                ? std::string()
                : frameIdOf(*parent, framesAt.member(chain.back().first, "stack frame").key("parent"));
        }
        StackId stack = at.empty() ? root0 : stackOf.find(at)->second;
        for (auto c = chain.rbegin(); c != chain.rend(); ++c) {
            const V& f = c->second;
            stack = builder.stack(stack,
                                  builder.frameForKey(stringOr(f, "name", ""), stringOr(f, "url", ""),
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
        counts.push_back(
            threads.size() == 1 ? 1 : replayThread(thread, texts, nullptr, nullptr, nullptr, nullptr, ignored));
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
class EventCollector
{
public:
    EventCollector(bool samples, size_t expectedEvents) : m_samples(samples), m_expected(expectedEvents) {}

    // Flattened: called for every event, with a call for each of its fields otherwise.
    template <class V>
    [[gnu::flatten]] void add(const V& e, const JsonPath& events, size_t index)
    {
        if (e.kind() != JsonKind::Object)
            return;
        const EventFields<V> f(e);
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
            readDurationEvent(f, events, index, *m_last, texts);
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

template <class V>
LoadResult fromEvents(EventCollector& events, const V* root, bool unterminated, const std::string& name,
                      const LoadOptions& options, const TaskControl* control)
{
    ProfileInfo info;
    info.name = fileNameOf(name);
    info.format = SourceFormat::TraceEventTracing;
    info.encoding = Encoding::Tree;
    std::vector<std::string> warnings;
    if (unterminated)
        warnings.push_back("the JSON array was not closed (a tracer that stopped early): read as if it were");
    LoadResult result = root
        ? fromSamples(*root, events.names, std::move(info), options, control)
        : fromDurationEvents(events.threads, events.texts, events.names, std::move(info), options, control, warnings);
    result.warnings.insert(result.warnings.end(), warnings.begin(), warnings.end());
    checkCancel(control, 1.0);
    return result;
}

// Reads a trace (read may run twice: it starts afresh). The event list and the samples may
// come in pieces (JsonPieces::RootArrays): nothing kept refers to them.
template <class V>
void readTracingTrace(const V& top, bool unterminated, const std::string& name, const LoadOptions& options,
               const TaskControl* control, LoadResult& out)
{
    out = LoadResult();
    checkCancel(control, 0.4);
    const bool isObject = top.kind() == JsonKind::Object;
    // A bare array is named as the object form's list is.
    const JsonPath root = isObject ? JsonPath() : JsonPath::namedDocument("traceEvents");
    const JsonPath inObject = root.key("traceEvents");
    const JsonPath& eventsAt = isObject ? inObject : root;
    const V events = asArray(isObject ? field(top, "traceEvents", root) : top, eventsAt);
    const bool samples = isObject && hasField(top, "samples") && hasField(top, "stackFrames");
    // In pieces, reserve for events of 40 bytes or more (the hint allows 2 bytes an element):
    // pages never written cost address space only.
    const size_t expected = events.pieceCount() > 1 ? events.sizeHint() / 20 : events.sizeHint();
    EventCollector collector(samples, expected);
    size_t i = 0;
    events.forEachElement([&](const V& e) {
        collector.add(e, eventsAt, i);
        if ((++i & 0xffff) == 0)
            checkCancel(control, 0.4 + 0.2 * std::min(1.0, double(i) / double(std::max<size_t>(1, expected))));
    });
    out = fromEvents(collector, samples ? &top : nullptr, unterminated, name, options, control);
}

} // namespace

LoadResult readTraceEventTracing(std::string_view bytes, const std::string& name, const LoadOptions& options,
                                 const TaskControl* control)
{
    LoadResult result;
    bool unterminated = false;
    auto read = [&](const auto& root) { readTracingTrace(root, unterminated, name, options, control, result); };
    auto done = [&](std::optional<LoadResult> failed) {
        if (failed)
            return withFormatName(std::move(*failed), tracingFormatName);
        if (options.releaseInput)
            options.releaseInput();
        return std::move(result);
    };
    // A JSON-array trace whose writer died before the closing ']' (the format allows it) is
    // read as if closed: at once when its end shows it, else after a syntax error.
    if (looksLikeUnterminatedArray(bytes)) {
        const PaddedBytes closed = closedJsonArray(bytes);
        unterminated = true;
        return done(readJsonDocument(closed.view(), name, options, control, read));
    }
    std::optional<LoadResult> failed = readJsonDocument(bytes, name, options, control, read, options.inputPages);
    if (failed && !failed->cancelled && firstJsonCharacter(bytes) == '['
        && failed->error->problem.starts_with("JSON syntax error")) {
        const PaddedBytes closed = closedJsonArray(bytes);
        unterminated = true;
        if (!readJsonDocument(closed.view(), name, options, control, read))
            failed.reset();
    }
    return done(std::move(failed));
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
