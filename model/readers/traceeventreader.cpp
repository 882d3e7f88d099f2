#include "traceeventreader.h"

#include "cpuprofilefields.h"
#include "readersupport.h"
#include "traceeventconverter.h"
#include "traceeventtracingreader.h"

#include "model/filename.h"
#include "model/json/jsonhead.h"
#include "model/readers/jsondocumentreading.h"

#include <cstring>
#include <memory>
#include <mutex>

namespace xsprof::readers {

namespace {

// Whether trace-event bytes name a V8 CPU profile event ("Profile", "ProfileChunk",
// "CpuProfile"); without one the file can go straight to readTraceEventTracing.
bool mentionsV8CpuProfile(std::string_view bytes)
{
    // memchr for the 'P' of "Profile" runs at memory speed (glibc's memmem is about a third
    // of that): the whole of a 100 MB trace is searched before it is read.
    constexpr std::string_view word = "Profile";
    const char* from = bytes.data();
    const char* end = bytes.data() + bytes.size();
    while (const void* hit = std::memchr(from, 'P', size_t(end - from))) {
        const size_t i = size_t(static_cast<const char*>(hit) - bytes.data());
        from = static_cast<const char*>(hit) + 1;
        if (bytes.compare(i, word.size(), word) != 0)
            continue;
        const std::string_view before = bytes.substr(i >= 4 ? i - 4 : 0, i >= 4 ? 4 : i);
        const std::string_view after = bytes.substr(i + word.size(), 6);
        if ((before.ends_with('"') || before == "\"Cpu") && (after.starts_with('"') || after == "Chunk\""))
            return true;
    }
    return false;
}

// pid, tid and id may be numbers or strings.
template <class V>
std::string textOf(const V& v)
{
    switch (v.kind()) {
    case JsonKind::String: return std::string(v.string());
    case JsonKind::Integer: return std::to_string(v.integer());
    case JsonKind::Float: return std::to_string(v.number());
    default: return {};
    }
}

template <class V>
std::optional<V> objectField(const std::optional<V>& object, std::string_view name)
{
    std::optional<V> found;
    if (object && object->kind() == JsonKind::Object) {
        object->forEachField([&](std::string_view key, const V& v) {
            if (key == name)
                found = v;
        });
    }
    if (found && found->kind() != JsonKind::Object)
        return std::nullopt;
    return found;
}

RawTraceProfile& profileFor(RawTraceEvents& events, const std::string& pid, const std::string& id)
{
    for (RawTraceProfile& p : events.profiles) {
        if (!p.wholeProfile && p.pid == pid && p.id == id)
            return p;
    }
    RawTraceProfile& p = events.profiles.emplace_back();
    p.pid = pid;
    p.id = id;
    return p;
}

template <class V>
void readEvent(const V& event, size_t index, const JsonPath& at, RawTraceEvents& events, StringTable& strings)
{
    std::string name, ph, pid, tid, id;
    double ts = 0.0;
    std::optional<V> args;
    event.forEachField([&](std::string_view key, const V& v) {
        if (key == "name")
            name = textOf(v);
        else if (key == "ph")
            ph = textOf(v);
        else if (key == "pid")
            pid = textOf(v);
        else if (key == "tid")
            tid = textOf(v);
        else if (key == "id")
            id = textOf(v);
        else if (key == "ts" && (v.kind() == JsonKind::Integer || v.kind() == JsonKind::Float) && std::isfinite(v.number()))
            ts = v.number();
        else if (key == "args")
            args = v;
    });
    if (ph == "M" && (name == "process_name" || name == "thread_name")) {
        std::string label;
        if (args && args->kind() == JsonKind::Object) {
            args->forEachField([&](std::string_view key, const V& v) {
                if (key == "name" && v.kind() == JsonKind::String)
                    label = std::string(v.string());
            });
        }
        if (name == "process_name")
            events.processNames.emplace_back(pid, label);
        else
            events.threadNames.emplace_back(pid + ":" + tid, label);
        return;
    }
    if (name != "Profile" && name != "ProfileChunk" && name != "CpuProfile")
        return;
    const JsonPath inArgs = at.key("args");
    const JsonPath inData = inArgs.key("data", "data");
    const JsonPath inProfile = inData.key("cpuProfile");
    const std::optional<V> data = objectField(args, "data");
    if (name == "CpuProfile") {
        const std::optional<V> cpuProfile = objectField(data, "cpuProfile");
        if (!cpuProfile)
            return; // nothing to read (as the oracle)
        RawTraceProfile& p = events.profiles.emplace_back();
        p.pid = pid;
        p.tid = tid;
        p.id = "CpuProfile event " + std::to_string(index);
        p.wholeProfile = true;
        RawTraceChunk& chunk = p.chunks.emplace_back();
        chunk.ts = ts;
        chunk.eventIndex = index;
        readCpuProfileObject(*cpuProfile, chunk.data, strings, inProfile);
        p.startTime = chunk.data.startTime.value_or(0.0);
        return;
    }
    RawTraceProfile& p = profileFor(events, pid, id);
    if (name == "Profile") {
        std::optional<double> start;
        if (data) {
            data->forEachField([&](std::string_view key, const V& v) {
                if (key == "startTime")
                    readCpuProfileTime(v, start, inData.key("startTime"));
            });
        }
        p.startTime = start ? start : std::optional<double>(ts);
        p.tid = tid;
        return;
    }
    RawTraceChunk& chunk = p.chunks.emplace_back();
    chunk.ts = ts;
    chunk.eventIndex = index;
    if (!data)
        return; // a chunk without args.data adds nothing
    data->forEachField([&](std::string_view key, const V& v) {
        if (key == "cpuProfile") {
            asObject(v, inProfile).forEachField([&](std::string_view k, const V& x) {
                if (k == "nodes")
                    readCpuProfileNodes(x, chunk.data, strings, inProfile);
                else if (k == "samples")
                    readCpuProfileSamples(x, chunk.data, inProfile);
            });
        } else if (key == "timeDeltas") {
            readCpuProfileTimeDeltas(v, chunk.data, inData);
        } else if (key == "endTime") {
            readCpuProfileTime(v, chunk.data.endTime, inData.key("endTime"));
        }
    });
}

template <class V>
void readTraceEventList(const V& top, RawTraceEvents& events, StringTable& strings)
{
    // A bare array is named as the object form's list is.
    const JsonPath root = top.kind() == JsonKind::Array ? JsonPath::namedDocument("traceEvents") : JsonPath();
    const JsonPath inObject = root.key("traceEvents", "trace");
    std::optional<V> list;
    if (top.kind() == JsonKind::Array) {
        list = top;
    } else if (top.kind() == JsonKind::Object) {
        top.forEachField([&](std::string_view key, const V& v) {
            if (key == "traceEvents")
                list = v;
        });
    }
    if (!list)
        throw JsonMeaningError{"no \"traceEvents\": this is not a trace-event file", "byte 0"};
    const JsonPath& at = top.kind() == JsonKind::Array ? root : inObject;
    size_t index = 0;
    asArray(*list, at).forEachElement([&](const V& event) {
        const size_t i = index++;
        if (event.kind() == JsonKind::Object)
            readEvent(event, i, at.index(i, "trace event"), events, strings);
    });
}

// The events as read, sorted by listTraceProfiles; each conversion copies what it needs.
class ParsedTraceEvents : public ParsedProfiles {
public:
    ParsedTraceEvents(RawTraceEvents events, StringTable strings, std::string name, bool closed)
        : m_events(std::move(events)), m_strings(std::move(strings)), m_name(std::move(name)), m_closed(closed)
    {
    }

    const RawTraceEvents& events() const { return m_events; }

    LoadResult convert(int index) const override
    {
        std::lock_guard<std::mutex> lock(m_mutex); // the converter sorts a profile's chunks in place
        LoadResult result;
        result.available = listTraceProfiles(m_events);
        ProfileInfo info;
        info.name = fileNameOf(m_name);
        LoadResult converted = convertTraceProfile(m_events, m_strings, info, index, result.chosenIndex);
        if (!converted.ok())
            return namedConversion(std::move(converted), m_name);
        if (m_closed)
            converted.profile->info.description += " (the trace was cut short: read as if its ']' were there)";
        result.profile = std::move(converted.profile);
        result.warnings = std::move(converted.warnings);
        return result;
    }

private:
    mutable std::mutex m_mutex;
    mutable RawTraceEvents m_events;
    StringTable m_strings;
    std::string m_name;
    bool m_closed;
};

} // namespace

bool looksLikeTraceEvents(std::string_view head)
{
    return firstJsonCharacter(head) == '[' || hasRootKey(head, "traceEvents");
}

LoadResult readTraceEvents(std::string_view bytes, const std::string& name, const LoadOptions& options,
                           const TaskControl* control)
{
    // A trace that names no V8 CPU profile event holds a tracing profile or nothing: read it
    // once, by the tracing reader, rather than once here for nothing and again there.
    if (!mentionsV8CpuProfile(bytes))
        return readTraceEventTracing(bytes, name, options, control);
    RawTraceEvents events;
    StringTable strings;
    auto read = [&](const auto& root) {
        events = RawTraceEvents();
        strings = StringTable();
        readTraceEventList(root, events, strings);
    };
    // A trace whose writer died before the closing ']' is read as if closed: cheaply when the
    // end shows it, else (an array that ends with ']' but is not closed) after a syntax error.
    bool closed = false;
    const bool closeFirst = looksLikeUnterminatedArray(bytes);
    if (closeFirst) {
        const PaddedBytes fixed = closedJsonArray(bytes);
        std::optional<LoadResult> failed = readJsonDocument(fixed.view(), name, options, control, read);
        if (failed && failed->cancelled)
            return std::move(*failed);
        closed = !failed;
    }
    if (!closed) {
        std::optional<LoadResult> failed = readJsonDocument(bytes, name, options, control, read);
        if (failed && !failed->cancelled && !closeFirst && firstJsonCharacter(bytes) == '[' &&
            failed->error->problem.find("JSON syntax error") != std::string::npos) {
            const PaddedBytes fixed = closedJsonArray(bytes);
            if (!readJsonDocument(fixed.view(), name, options, control, read)) {
                failed.reset();
                closed = true;
            }
        }
        if (failed)
            return std::move(*failed);
    }

    if (events.profiles.empty()) {
        // No V8 CPU profile: the trace may still hold stack samples or duration events.
        return readTraceEventTracing(bytes, name, options, control);
    }
    if (options.releaseInput)
        options.releaseInput(); // everything needed is in `events` now
    std::vector<ProfileSummary> available = listTraceProfiles(events);
    if (available.size() == 1) { // nothing to keep: convert in place
        ParsedTraceEvents single(std::move(events), std::move(strings), name, closed);
        return single.convert(options.profileIndex);
    }
    auto parsed = std::make_shared<ParsedTraceEvents>(std::move(events), std::move(strings), name, closed);
    LoadResult result;
    if (options.listOnlyWhenSeveral && options.profileIndex < 0) {
        result.chosenIndex = defaultTraceProfile(parsed->events(), available);
        result.available = std::move(available);
    } else
        result = parsed->convert(options.profileIndex);
    result.parsed = std::move(parsed);
    return result;
}

constexpr std::string_view traceEventsFormatGlobs[] = {"*.json"};
const FormatReader traceEventsFormat{
    .id = SourceFormat::TraceEvents,
    .name = "trace-events",
    .displayName = "Chrome trace events",
    .detect = looksLikeTraceEvents,
    .read = readTraceEvents,
    .globs = traceEventsFormatGlobs,
};

} // namespace xsprof::readers
