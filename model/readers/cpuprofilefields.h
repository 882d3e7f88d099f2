#pragma once
// The parts of a V8 .cpuprofile, read into a RawCpuProfile: `nodes`, `samples`,
// `timeDeltas`, `startTime`/`endTime`. Shared by the .cpuprofile reader and the trace-event
// reader (ProfileChunk and CpuProfile events embed them). Templates over the JSON value
// type (jsonvalue.h); each value is named by its path (jsonfields.h), the profile's path
// placing it inside a larger document.
#include "rawprofile.h"

#include "model/json/jsonfields.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <exception>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof::readers {

// V8 writes scriptId as a string of digits ("146"), older writers as a number.
template <class V>
int32_t scriptIdNumber(const V& v)
{
    if (v.kind() == JsonKind::Integer && !v.overflow())
        return v.integer() > 0 && v.integer() <= INT32_MAX ? int32_t(v.integer()) : 0;
    if (v.kind() != JsonKind::String)
        return 0;
    // Unsigned: no sign accepted; at most 9 digits: below INT32_MAX.
    const std::string_view digits = v.string();
    if (digits.size() > 9)
        return 0;
    uint32_t n = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
    if (error != std::errc() || end != digits.data() + digits.size())
        return 0;
    return int32_t(n);
}

// A call frame's fields, into `node`. `at` is the call frame's path (a legacy node's own:
// its call frame's fields sit on the node).
template <class V>
void readCpuProfileCallFrame(const V& frame, RawNode& node, StringTable& strings, const JsonPath& at)
{
    frame.forEachField([&](std::string_view key, const V& v) {
        if (isKey(key, "functionName")) {
            node.name = asInternedString(v, at.key("functionName"), strings);
        } else if (isKey(key, "url")) {
            node.url = asInternedString(v, at.key("url"), strings);
        } else if (isKey(key, "lineNumber")) {
            if (v.kind() != JsonKind::Null)
                node.line = storedPosition(asBoundedInteger(v, at.key("lineNumber")));
        } else if (isKey(key, "columnNumber")) {
            if (v.kind() != JsonKind::Null)
                node.column = storedPosition(asBoundedInteger(v, at.key("columnNumber")));
        } else if (isKey(key, "scriptId")) {
            node.scriptId = scriptIdNumber(v); // only shown for code without a url: never an error
        } else if (isKey(key, "xsId")) {
            if (v.kind() != JsonKind::Integer || v.overflow())
                throwWrongType(v.kind(), at.key("xsId"), "an integer");
            node.hasXsId = true;
            node.xsId = v.integer();
        }
    });
}

// One element of "nodes" at `at` ("node 3"), appended to raw's nodes, children and position ticks.
template <class V>
void readCpuProfileNode(const V& element, RawCpuProfile& raw, StringTable& strings, const JsonPath& at)
{
    asObject(element, at);
    RawNode& node = raw.nodes.emplace_back();
    node.childBegin = node.childEnd = static_cast<uint32_t>(raw.children.size());
    node.tickBegin = node.tickEnd = static_cast<uint32_t>(raw.positionTicks.size());
    element.forEachField([&](std::string_view key, const V& v) {
        if (isKey(key, "id")) {
            node.hasId = true;
            node.id = asBoundedInteger(v, at.key("id"));
        } else if (isKey(key, "parent")) {
            if (v.kind() == JsonKind::Null)
                return;
            node.hasParent = true;
            node.parent = asBoundedInteger(v, at.key("parent"));
        } else if (isKey(key, "callFrame")) {
            const JsonPath frame = at.key("callFrame");
            node.hasCallFrame = true;
            readCpuProfileCallFrame(asObject(v, frame), node, strings, frame);
        } else if (isKey(key, "children")) {
            const JsonPath children = at.key("children");
            node.childBegin = static_cast<uint32_t>(raw.children.size());
            size_t i = 0;
            asArray(v, children).forEachElement([&](const V& child) {
                raw.children.push_back(asBoundedInteger(child, children.index(i++)));
            });
            node.childEnd = static_cast<uint32_t>(raw.children.size());
        } else if (isKey(key, "locationId")) {
            if (v.kind() == JsonKind::Integer && !v.overflow() && v.integer() >= 0 && v.integer() < INT32_MAX)
                node.locationId = int32_t(v.integer()); // VS Code's annotation; anything else ignored
        } else if (isKey(key, "positionTicks")) {
            const JsonPath ticks = at.key("positionTicks");
            node.tickBegin = static_cast<uint32_t>(raw.positionTicks.size());
            size_t i = 0;
            asArray(v, ticks).forEachElement([&](const V& tick) {
                const JsonPath one = ticks.index(i++);
                RawPositionTick& t = raw.positionTicks.emplace_back();
                asObject(tick, one).forEachField([&](std::string_view k, const V& n) {
                    if (isKey(k, "line"))
                        t.line = asBoundedInteger(n, one.key("line"));
                    else if (isKey(k, "ticks"))
                        t.ticks = asBoundedInteger(n, one.key("ticks"));
                });
            });
            node.tickEnd = static_cast<uint32_t>(raw.positionTicks.size());
        }
    });
}

// `profile` is the path of the object holding "nodes" (the document, or a trace event's
// cpuProfile); the arrays' own problems are the profile's, their elements' are "node 3"...
template <class V>
void expectCpuProfileNodesArray(const V& nodes, RawCpuProfile& raw, const JsonPath& profile)
{
    asArray(nodes, profile.key("nodes", "profile"));
    raw.sawNodes = true;
}

template <class V>
void readCpuProfileNodes(const V& nodes, RawCpuProfile& raw, StringTable& strings, const JsonPath& profile)
{
    expectCpuProfileNodesArray(nodes, raw, profile);
    const JsonPath list = profile.key("nodes", "profile");
    size_t index = 0;
    nodes.forEachElement([&](const V& element) { readCpuProfileNode(element, raw, strings, list.index(index++, "node")); });
}

template <class V>
void readCpuProfileSamples(const V& samples, RawCpuProfile& raw, const JsonPath& profile)
{
    const JsonPath list = profile.key("samples", "profile");
    asArray(samples, list);
    raw.sawSamples = true;
    raw.samples.reserve(raw.samples.size() + samples.sizeHint());
    size_t index = 0;
    auto add = [&](int64_t id, size_t i) {
        if (id < 0 || id > int64_t(UINT32_MAX))
            throwAt(list.index(i, "sample"), "node id " + std::to_string(id) + " is out of range");
        raw.samples.push_back(StackId(uint32_t(id)));
    };
    samples.forEachIntegerOrElement(
        [&](std::span<const int64_t> ids) {
            bool outOfRange = false;
            for (const int64_t id : ids)
                outOfRange |= uint64_t(id) > UINT32_MAX; // negative ids too
            if (outOfRange) {
                for (const int64_t id : ids)
                    add(id, index++); // throws at the first one out of range
            }
            index += ids.size();
            const size_t at = raw.samples.size();
            raw.samples.resize(at + ids.size());
            for (size_t k = 0; k < ids.size(); ++k)
                raw.samples[at + k] = StackId(uint32_t(ids[k]));
        },
        [&](const V& element) {
            const size_t i = index++;
            const JsonPath at = list.index(i, "sample");
            const JsonKind kind = element.kind();
            if (kind == JsonKind::Object || kind == JsonKind::Array)
                throwWrongType(kind, at, "a node id");
            add(asBoundedInteger(element, at), i);
        });
}

// `holder` is the path of the object holding "timeDeltas" (the profile, or a chunk's data).
template <class V>
void readCpuProfileTimeDeltas(const V& deltas, RawCpuProfile& raw, const JsonPath& holder)
{
    const JsonPath list = holder.key("timeDeltas", "profile");
    asArray(deltas, list);
    raw.timeDeltas.reserve(raw.timeDeltas.size() + deltas.sizeHint());
    size_t index = 0;
    // Plain integers of at most 15 digits are exact doubles within asBoundedNumber's range.
    deltas.forEachIntegerOrElement(
        [&](std::span<const int64_t> values) {
            index += values.size();
            raw.timeDeltas.insert(raw.timeDeltas.end(), values.begin(), values.end());
        },
        [&](const V& element) { raw.timeDeltas.push_back(asBoundedNumber(element, list.index(index++, "time delta"))); });
}

// startTime / endTime at `at`; null is "not given".
template <class V>
void readCpuProfileTime(const V& v, std::optional<double>& out, const JsonPath& at)
{
    if (v.kind() != JsonKind::Null)
        out = asBoundedNumber(v, at);
}

// VS Code's "$vscode" annotations: for each locationId the first (most original) location.
// Another tool's field: what does not fit is ignored, never an error.
template <class V>
void readVsCodeAnnotations(const V& annotations, RawCpuProfile& raw, StringTable& strings)
{
    if (annotations.kind() != JsonKind::Object)
        return;
    std::string root;
    std::optional<V> locations;
    annotations.forEachField([&](std::string_view key, const V& v) {
        if (key == "rootPath" && v.kind() == JsonKind::String)
            root = std::string(v.string());
        else if (key == "locations" && v.kind() == JsonKind::Array)
            locations = v;
    });
    if (!locations)
        return;
    locations->forEachElement([&](const V& entry) {
        RawSourceLocation& out = raw.vscodeLocations.emplace_back();
        if (entry.kind() != JsonKind::Object)
            return;
        entry.forEachField([&](std::string_view key, const V& list) {
            if (key != "locations" || list.kind() != JsonKind::Array)
                return;
            bool first = true;
            list.forEachElement([&](const V& location) {
                if (!first || location.kind() != JsonKind::Object)
                    return;
                first = false;
                std::string path, relative, name;
                location.forEachField([&](std::string_view k, const V& x) {
                    if (k == "lineNumber" && x.kind() == JsonKind::Integer && !x.overflow())
                        out.line = x.integer();
                    else if (k == "columnNumber" && x.kind() == JsonKind::Integer && !x.overflow())
                        out.column = x.integer();
                    else if (k == "relativePath" && x.kind() == JsonKind::String)
                        relative = std::string(x.string());
                    else if (k == "source" && x.kind() == JsonKind::Object)
                        x.forEachField([&](std::string_view s, const V& y) {
                            if (s == "path" && y.kind() == JsonKind::String)
                                path = std::string(y.string());
                            else if (s == "name" && y.kind() == JsonKind::String)
                                name = std::string(y.string());
                        });
                });
                const std::string url = !path.empty()       ? path
                                        : relative.empty()  ? name
                                        : root.empty()      ? relative
                                                            : root + "/" + relative;
                out.url = strings.intern(url);
            });
        });
    });
}

// xsprof's "xsprofInstruments" (docs/FORMATS.md): {names, units, times, values}. A field of
// our own beside V8's: one that does not fit (lengths differ, not numbers) is left out whole.
template <class V>
void readXsprofInstruments(const V& field, InstrumentSeries& out)
{
    if (field.kind() != JsonKind::Object)
        return;
    std::vector<std::string> names, units;
    std::vector<double> times;
    std::vector<std::vector<int64_t>> values;
    bool fits = true;
    auto strings = [&](const V& v, std::vector<std::string>& to) {
        if (v.kind() != JsonKind::Array)
            return void(fits = false);
        v.forEachElement([&](const V& s) {
            if (s.kind() == JsonKind::String)
                to.emplace_back(s.string());
            else
                fits = false;
        });
    };
    auto number = [&](const V& n) {
        if (n.kind() == JsonKind::Integer && !n.overflow())
            return double(n.integer());
        if (n.kind() == JsonKind::Float)
            return n.number();
        fits = false;
        return 0.0;
    };
    field.forEachField([&](std::string_view key, const V& v) {
        if (key == "names")
            strings(v, names);
        else if (key == "units")
            strings(v, units);
        else if (key == "times" && v.kind() == JsonKind::Array)
            v.forEachElement([&](const V& t) { times.push_back(number(t)); });
        else if (key == "values" && v.kind() == JsonKind::Array)
            v.forEachElement([&](const V& row) {
                std::vector<int64_t>& to = values.emplace_back();
                if (row.kind() != JsonKind::Array)
                    return void(fits = false);
                row.forEachElement([&](const V& x) { to.push_back(int64_t(number(x))); });
            });
    });
    fits = fits && units.size() == names.size() && values.size() == names.size() &&
           std::is_sorted(times.begin(), times.end());
    for (const std::vector<int64_t>& row : values)
        fits = fits && row.size() == times.size();
    if (!fits)
        return;
    out.declare(std::move(names), std::move(units));
    out.times = std::move(times);
    for (size_t i = 0; i < values.size(); ++i)
        out.values[i] = std::move(values[i]);
}

// The nodes of the pieces a helper thread read from the back of "nodes": the pieces'
// first nodes (in the order read, so last piece first) and the helper's own tables.
struct CpuProfileNodesFromBack {
    RawCpuProfile tables; // nodes, children and positionTicks only
    StringTable strings;
    std::vector<std::pair<size_t, size_t>> pieces; // (piece, its first node in tables)
    bool failed = false; // a meaning error: the nodes are read again, in order, to name it
};

// Appends `back`'s nodes to raw in file order, their names interned into `strings`.
void appendCpuProfileNodesFromBack(CpuProfileNodesFromBack& back, RawCpuProfile& raw, StringTable& strings);

// A whole .cpuprofile object: nodes on one thread, samples and time deltas on another, which
// then helps with the nodes when they come in pieces.
template <class V>
void readCpuProfileObject(const V& object, RawCpuProfile& raw, StringTable& strings, const JsonPath& profile)
{
    std::optional<V> nodes, samples, deltas;
    object.forEachField([&](std::string_view key, const V& v) {
        if (key == "nodes")
            nodes = v;
        else if (key == "samples")
            samples = v;
        else if (key == "timeDeltas")
            deltas = v;
        else if (key == "startTime")
            readCpuProfileTime(v, raw.startTime, profile.key("startTime", "profile"));
        else if (key == "endTime")
            readCpuProfileTime(v, raw.endTime, profile.key("endTime", "profile"));
        else if (key == "$vscode")
            readVsCodeAnnotations(v, raw, strings);
        else if (key == "xsprofInstruments")
            readXsprofInstruments(v, raw.instruments);
    });
    auto readArrays = [&] {
        if (samples)
            readCpuProfileSamples(*samples, raw, profile);
        if (deltas)
            readCpuProfileTimeDeltas(*deltas, raw, profile);
    };
    if (!nodes || nodes->kind() != JsonKind::Array || nodes->pieceCount() < 2) {
        V::inParallel(
            [&] {
                if (nodes)
                    readCpuProfileNodes(*nodes, raw, strings, profile);
            },
            readArrays);
        return;
    }
    // The reading thread takes pieces from the front, in order, into raw; the other, once it
    // has read the samples and deltas, from the back into its own tables.
    expectCpuProfileNodesArray(*nodes, raw, profile);
    const JsonPath list = profile.key("nodes", "profile");
    // The tables reserved for a node every 40 bytes of JSON (V8's are 100 or more): address
    // space, not memory, so that they are not copied as they grow; denser files just grow.
    const size_t mostNodes = nodes->sizeHint() / 20; // the hint is half the array's bytes
    raw.nodes.reserve(raw.nodes.size() + mostNodes);
    raw.children.reserve(raw.children.size() + mostNodes);
    PieceClaims claims(nodes->pieceCount());
    CpuProfileNodesFromBack back;
    std::exception_ptr arraysFailed; // named after the nodes' errors, as when read in order
    V::inParallel(
        [&] {
            size_t index = 0;
            nodes->forEachElementOfClaimedPieces(claims, false, [&](size_t, const V& element) {
                const size_t i = index++;
                readCpuProfileNode(element, raw, strings, list.index(i, "node"));
            });
        },
        [&] {
            try {
                readArrays();
            } catch (const JsonMeaningError&) {
                arraysFailed = std::current_exception();
            }
            nodes->forEachElementOfClaimedPieces(claims, true, [&](size_t piece, const V& element) {
                if (back.failed)
                    return;
                if (back.pieces.empty() || back.pieces.back().first != piece)
                    back.pieces.emplace_back(piece, back.tables.nodes.size());
                try {
                    readCpuProfileNode(element, back.tables, back.strings, list.index(0, "node"));
                } catch (const JsonMeaningError&) {
                    back.failed = true; // its index is not known here
                }
            });
        });
    if (back.failed) {
        raw.nodes.clear();
        raw.children.clear();
        raw.positionTicks.clear();
        readCpuProfileNodes(*nodes, raw, strings, profile); // throws the first error, where it is
    }
    if (arraysFailed)
        std::rethrow_exception(arraysFailed);
    appendCpuProfileNodesFromBack(back, raw, strings);
}

} // namespace xsprof::readers
