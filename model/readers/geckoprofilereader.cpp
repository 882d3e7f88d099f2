#include "geckoprofilereader.h"

#include "firefoxprocessedreader.h"
#include "geckoframelocation.h"
#include "readersupport.h"

#include "model/json/jsonhead.h"
#include "model/json/simdjsondocument.h"
#include "model/profilebuilder.h"

#include <deque>
#include <optional>

namespace xsprof::readers {

namespace {

constexpr std::string_view formatName = "Firefox Gecko profile";
constexpr uint32_t noIndex = UINT32_MAX;

// A Gecko table {"schema": {column: index}, "data": [[…], …]}.
struct GeckoTable {
    JsonArray data;
    std::string where;
    int column(JsonObject schema, std::string_view name) const
    {
        int64_t v = -1;
        return schema.at_key(name).get(v) ? -1 : int(v);
    }
};

struct ThreadRef {
    JsonObject thread;
    std::string where; // "threads[1]", "processes[0].threads[2]"
    std::string processName;
    std::string threadName;
    std::string pid;
};

std::string scalarText(JsonObject o, std::string_view key)
{
    JsonElement e;
    if (o.at_key(key).get(e) || e.is_null())
        return {};
    std::string_view s;
    if (!e.get(s))
        return std::string(s);
    int64_t i = 0;
    if (!e.get(i))
        return std::to_string(i);
    double d = 0;
    if (!e.get(d))
        return std::to_string(int64_t(d));
    return {};
}

// A table's rows: an array of the document, or one cut into pieces (read one piece at a time).
struct GeckoRows {
    JsonArray array;
    const SplitJsonArray* split = nullptr;
};

// One thread's tables, copied out of the document for random access. With `document`, the
// large "data" tables come in pieces (SimdJsonDocument's keyed splits).
class GeckoThread {
public:
    GeckoThread(const ThreadRef& ref, const SimdJsonDocument* document) : m_where(ref.where), m_document(document)
    {
        const JsonObject t = ref.thread;
        if (hasField(t, "stringTable"))
            for (JsonElement s : asArray(field(t, "stringTable", m_where), m_where + ".stringTable"))
                m_strings.push_back(s.is_string() ? std::string_view(s) : std::string_view());
        readFrames(asObject(field(t, "frameTable", m_where), m_where + ".frameTable"));
        readStacks(asObject(field(t, "stackTable", m_where), m_where + ".stackTable"));
        const JsonObject samples = asObject(field(t, "samples", m_where), m_where + ".samples");
        const JsonObject schema = asObject(field(samples, "schema", m_where + ".samples"), m_where + ".samples.schema");
        m_samples = rowsOf(field(samples, "data", m_where + ".samples"), m_where + ".samples.data");
        m_sampleCount = m_samples.split ? 0 : m_samples.array.size(); // pieces: counted when read
        m_sampleStack = column(schema, "stack", ".samples");
        m_sampleTime = column(schema, "time", ".samples");
    }

    bool hasSamples() const { return m_samples.split || m_sampleCount > 0; }
    // Exact once the samples were read (jsSampleCount or build); before, pieces count as 0.
    size_t sampleCount() const { return m_sampleCount; }

    // Samples whose stack holds a JavaScript frame (or a relevantForJS label).
    size_t jsSampleCount()
    {
        // A prefix always comes before its stacks (checked when reading), so one forward pass.
        std::vector<bool> hasJs(m_stackPrefix.size());
        std::vector<bool> frameIsJs(m_frameLocation.size());
        for (size_t f = 0; f < frameIsJs.size(); ++f)
            frameIsJs[f] = location(f).has_value();
        for (size_t s = 0; s < hasJs.size(); ++s)
            hasJs[s] = frameIsJs[m_stackFrame[s]] || (m_stackPrefix[s] != noIndex && hasJs[m_stackPrefix[s]]);
        size_t count = 0;
        m_sampleCount = forEachSample([&](uint32_t stack, double, size_t) { count += stack != noIndex && hasJs[stack]; });
        return count;
    }

    void build(ProfileBuilder& builder, const TaskControl* control)
    {
        std::vector<FrameId> frames(m_frameLocation.size());
        for (size_t i = 0; i < frames.size(); ++i) {
            if (auto l = location(i))
                frames[i] = builder.frameForKey(l->name, l->url, l->line, l->column);
        }
        const StackId root = builder.stack(StackId(), builder.frameForKey("(root)", "", 0, 0));
        std::vector<StackId> node(m_stackPrefix.size());
        std::vector<uint32_t> chain;
        std::vector<StackId> stacks;
        std::vector<double> times;
        // In pieces the count is known at the end: reserve for rows of 12 bytes ("[123,4.5,0],"),
        // pages that stay unused cost address space only.
        const size_t expected = std::max<size_t>(1, m_samples.split ? splitBytes(*m_samples.split) / 12 : sampleCount());
        stacks.reserve(expected);
        times.reserve(expected);
        m_sampleCount = forEachSample([&](uint32_t stack, double time, size_t i) {
            times.push_back(time * 1000.0);
            if (stack == noIndex) {
                stacks.push_back(root);
                return;
            }
            chain.clear();
            for (uint32_t s = stack; s != noIndex && !node[s].isValid(); s = m_stackPrefix[s])
                chain.push_back(s);
            for (auto s = chain.rbegin(); s != chain.rend(); ++s) {
                const uint32_t prefix = m_stackPrefix[*s];
                const StackId parent = prefix == noIndex ? root : node[prefix];
                const FrameId frame = frames[m_stackFrame[*s]];
                node[*s] = frame.isValid() ? builder.stack(parent, frame) : parent;
            }
            stacks.push_back(node[stack]);
            if ((i & 0xffff) == 0)
                checkCancel(control, 0.5 + 0.4 * std::min(1.0, double(i) / double(expected)));
        });
        size_t backwards = 0;
        for (size_t i = 1; i < times.size(); ++i)
            backwards += times[i] < times[i - 1];
        builder.profile().info.negativeTimeDeltas = backwards;
        builder.setSamples(std::move(stacks), std::move(times));
    }

private:
    int column(JsonObject schema, std::string_view name, std::string_view table) const
    {
        int64_t v = -1;
        if (schema.at_key(name).get(v) || v < 0)
            throw JsonMeaningError("the " + std::string(table.substr(1)) + " schema has no \"" + std::string(name)
                                       + "\" column",
                                   m_where + std::string(table) + ".schema");
        return int(v);
    }

    static size_t splitBytes(const SplitJsonArray& split) { return split.pieces.back().second - split.pieces.front().first; }

    GeckoRows rowsOf(JsonElement e, const std::string& where) const
    {
        const JsonArray array = asArray(e, where);
        return {array, m_document ? m_document->nestedSplit(array) : nullptr};
    }

    // Calls row(cells, index) for each row; returns the row count.
    template <typename Row>
    size_t forEachRow(const GeckoRows& rows, const std::string& where, const Row& row) const
    {
        size_t i = 0;
        auto visit = [&](JsonArray data) {
            for (JsonElement r : data) {
                JsonArray cells;
                if (r.get(cells))
                    throw JsonMeaningError(where + "[" + std::to_string(i) + "] is " + describeType(r)
                                               + ", expected a row (an array)",
                                           where + "[" + std::to_string(i) + "]");
                row(cells, i);
                ++i;
            }
        };
        if (!rows.split) {
            visit(rows.array);
            return i;
        }
        SimdJsonDocument::PieceParser pieces(*m_document, *rows.split);
        while (const auto piece = pieces.next())
            visit(*piece);
        return i;
    }

    // The index in [0, limit) a cell holds; null gives noIndex.
    uint32_t indexCell(JsonElement cell, size_t limit, const std::string& what, const std::string& where) const
    {
        if (cell.is_null())
            return noIndex;
        int64_t v = -1;
        if (cell.get(v))
            throw JsonMeaningError(what + " is " + describeType(cell) + ", expected an index", where);
        if (v < 0 || uint64_t(v) >= limit)
            throw JsonMeaningError(
                what + " " + std::to_string(v) + " does not exist (there are " + std::to_string(limit) + ")", where);
        return uint32_t(v);
    }

    void readFrames(JsonObject table)
    {
        const std::string where = m_where + ".frameTable";
        const JsonObject schema = asObject(field(table, "schema", where), where + ".schema");
        const int locationColumn = column(schema, "location", ".frameTable");
        int64_t relevantColumn = -1;
        if (schema.at_key("relevantForJS").get(relevantColumn))
            relevantColumn = -1;
        forEachRow(rowsOf(field(table, "data", where), where + ".data"), where + ".data", [&](JsonArray row, size_t i) {
            std::string_view location;
            bool relevant = false;
            bool found = false;
            int k = 0;
            for (JsonElement cell : row) {
                if (k == locationColumn) {
                    found = true;
                    int64_t s = -1;
                    if (!cell.get(s)) {
                        if (s < 0 || size_t(s) >= m_strings.size())
                            throw JsonMeaningError("location string " + std::to_string(s)
                                                       + " is not in the stringTable",
                                                   where + ".data[" + std::to_string(i) + "]");
                        location = m_strings[size_t(s)];
                    } else if (cell.get(location)) {
                        throw JsonMeaningError("the location is " + describeType(cell) + ", expected a string index",
                                               where + ".data[" + std::to_string(i) + "]");
                    } else if (m_document) {
                        location = m_ownedLocations.emplace_back(location); // a piece's strings go with it
                    }
                } else if (k == relevantColumn) {
                    bool b = false;
                    relevant = !cell.get(b) && b;
                }
                ++k;
            }
            if (!found)
                throw JsonMeaningError("the frame has no location", where + ".data[" + std::to_string(i) + "]");
            m_frameLocation.push_back(location);
            m_frameRelevant.push_back(relevant);
        });
    }

    void readStacks(JsonObject table)
    {
        const std::string where = m_where + ".stackTable";
        const JsonObject schema = asObject(field(table, "schema", where), where + ".schema");
        const int prefixColumn = column(schema, "prefix", ".stackTable");
        const int frameColumn = column(schema, "frame", ".stackTable");
        const GeckoRows data = rowsOf(field(table, "data", where), where + ".data");
        // In pieces the count is not known before the end: "before the stack" bounds prefixes.
        const size_t count = data.split ? size_t(noIndex) : data.array.size();
        m_stackPrefix.reserve(data.split ? splitBytes(*data.split) / 8 : count); // rows of 8 bytes or more: "[12,34],"
        forEachRow(data, where + ".data", [&](JsonArray row, size_t i) {
            uint32_t prefix = noIndex, frame = noIndex;
            int k = 0;
            const std::string at = where + ".data[" + std::to_string(i) + "]";
            for (JsonElement cell : row) {
                if (k == prefixColumn)
                    prefix = indexCell(cell, count, "prefix", at);
                else if (k == frameColumn)
                    frame = indexCell(cell, m_frameLocation.size(), "frame", at);
                ++k;
            }
            if (frame == noIndex)
                throw JsonMeaningError("the stack has no frame", at);
            // Gecko writes a prefix before the stacks that use it; this also rules out cycles.
            if (prefix != noIndex && prefix >= i)
                throw JsonMeaningError("prefix " + std::to_string(prefix) + " does not come before the stack", at);
            m_stackPrefix.push_back(prefix);
            m_stackFrame.push_back(frame);
        });
    }

    // Returns the sample count.
    template <typename Visit>
    size_t forEachSample(const Visit& visit) const
    {
        const std::string where = m_where + ".samples.data";
        return forEachRow(m_samples, where, [&](JsonArray row, size_t i) {
            uint32_t stack = noIndex;
            double time = 0;
            bool hasTime = false;
            int k = 0;
            for (JsonElement cell : row) {
                if (k == m_sampleStack) {
                    if (!cell.is_null()) {
                        int64_t v = -1;
                        if (cell.get(v) || v < 0 || size_t(v) >= m_stackPrefix.size())
                            throw JsonMeaningError("the sample's stack is not a stack index",
                                                   where + "[" + std::to_string(i) + "]");
                        stack = uint32_t(v);
                    }
                } else if (k == m_sampleTime) {
                    hasTime = !cell.get(time);
                }
                ++k;
            }
            if (!hasTime)
                throw JsonMeaningError("the sample has no time", where + "[" + std::to_string(i) + "]");
            visit(stack, time, i);
        });
    }

    std::optional<GeckoJsLocation> location(size_t frame) const
    {
        if (auto l = parseGeckoJsLocation(m_frameLocation[frame]))
            return l;
        if (m_frameRelevant[frame])
            return GeckoJsLocation{m_frameLocation[frame], {}, 0, 0};
        return std::nullopt;
    }

    std::string m_where;
    const SimdJsonDocument* m_document;
    std::deque<std::string> m_ownedLocations;
    std::vector<std::string_view> m_strings;
    std::vector<std::string_view> m_frameLocation;
    std::vector<bool> m_frameRelevant;
    std::vector<uint32_t> m_stackPrefix;
    std::vector<uint32_t> m_stackFrame;
    GeckoRows m_samples;
    size_t m_sampleCount = 0;
    int m_sampleStack = -1, m_sampleTime = -1;
};

void collectThreads(JsonObject profile, const std::string& prefix, std::vector<ThreadRef>& out, int depth)
{
    if (depth > 64)
        throw JsonMeaningError("subprocesses nest too deeply", prefix);
    JsonObject meta;
    std::string processType;
    if (!profile.at_key("meta").get(meta))
        processType = scalarText(meta, "processType");
    const JsonArray threads = asArray(field(profile, "threads", prefix), prefix + "threads");
    size_t i = 0;
    for (JsonElement t : threads) {
        const std::string where = prefix + "threads[" + std::to_string(i++) + "]";
        if (t.is_string())
            throw JsonMeaningError("threads stored as strings (Firefox before version 48) are not supported", where);
        ThreadRef ref{asObject(t, where), where, {}, {}, {}};
        ref.processName = scalarText(ref.thread, "processName");
        if (ref.processName.empty())
            ref.processName = scalarText(ref.thread, "processType");
        if (ref.processName.empty())
            ref.processName = processType;
        ref.threadName = scalarText(ref.thread, "name");
        ref.pid = scalarText(ref.thread, "pid");
        out.push_back(std::move(ref));
    }
    if (!hasField(profile, "processes"))
        return;
    size_t k = 0;
    for (JsonElement p : asArray(field(profile, "processes", prefix), prefix + "processes")) {
        const std::string where = prefix + "processes[" + std::to_string(k++) + "]";
        if (p.is_string())
            throw JsonMeaningError("subprocess profiles stored as strings are not supported", where);
        collectThreads(asObject(p, where), where + ".", out, depth + 1);
    }
}


} // namespace

bool looksLikeGeckoProfile(std::string_view head)
{
    if (!startsObject(head) || hasKey(head, "preprocessedProfileVersion"))
        return false;
    // Raw Gecko: {"libs": […], "meta": {…}, …, "threads": […]}; DevTools: {"label", …, "ticks", …, "profile": {…}}.
    if (firstKeyIs(head, "libs") || (firstKeyIs(head, "meta") && keyOpensArray(head, "threads")))
        return true;
    return keyOpensArray(head, "ticks") && keyOpensObject(head, "profile");
}

namespace {

// Reads a parsed profile: `top` of a whole DOM (document null) or of a skeleton whose large
// "data" tables `document` cuts into pieces. Sets `processed` for a Firefox processed profile.
LoadResult readGeckoDocument(JsonElement top, const SimdJsonDocument* document, std::string_view bytes,
                             const std::string& name, const LoadOptions& options, const TaskControl* control,
                             std::optional<LoadResult>& processed)
{
    JsonObject profile = asObject(top, "the top level");
    checkCancel(control, 0.4);
    std::string prefix;
    if (!hasField(profile, "threads") && hasField(profile, "profile")) { // an old DevTools recording
        profile = asObject(field(profile, "profile", {}), "profile");
        prefix = "profile.";
    }
    if (isFirefoxProcessed(profile)) {
        processed = readFirefoxProcessed(bytes, name, options, control);
        return LoadResult();
    }
    std::vector<ThreadRef> refs;
    collectThreads(profile, prefix, refs, 0);
    std::vector<GeckoThread> threads;
    std::vector<const ThreadRef*> threadRefs;
    for (const ThreadRef& ref : refs) {
        GeckoThread thread(ref, document);
        if (!thread.hasSamples())
            continue;
        threads.push_back(std::move(thread));
        threadRefs.push_back(&ref);
    }
    if (threads.empty())
        throw JsonMeaningError("no thread has samples", prefix + "threads");
    std::vector<ProfileSummary> list;
    std::vector<size_t> jsSamples;
    for (size_t i = 0; i < threads.size(); ++i) {
        const ThreadRef& ref = *threadRefs[i];
        std::string summary = ref.processName.empty() ? ref.threadName : ref.processName + ", " + ref.threadName;
        if (!ref.pid.empty())
            summary += ", pid " + ref.pid;
        // One thread is the choice whatever it holds: its samples are read once, when built.
        jsSamples.push_back(threads.size() > 1 ? threads[i].jsSampleCount() : 0);
        list.push_back({summary, threads[i].sampleCount(), 0});
    }
    const size_t chosen = chooseProfile(list, jsSamples, options.profileIndex);
    ProfileInfo info;
    info.name = fileNameOf(name);
    info.description = firefoxProduct(profile) + " — " + list[chosen].name;
    info.format = SourceFormat::Gecko;
    info.encoding = Encoding::Tree;
    info.durationRule = DurationRule::UntilNext; // no end time: the last sample gets the median
    ProfileBuilder builder(std::move(info));
    threads[chosen].build(builder, control);
    list[chosen].sampleCount = threads[chosen].sampleCount();
    LoadResult r;
    r.profile = builder.finish();
    r.available = std::move(list);
    r.chosenIndex = chosen;
    return r;
}

} // namespace

LoadResult readGeckoProfile(std::string_view bytes, const std::string& name, const LoadOptions& options,
                            const TaskControl* control)
{
    // Fast: the skeleton parsed once, the large "data" tables piece by piece (a DOM of the
    // whole file costs several times its size). On any failure the file is read again whole,
    // so that errors are found and named as before (a syntax error before a problem of meaning).
    // The reference parser option reads it whole only (tests compare both).
    if (!options.referenceJsonParser) try {
        SimdJsonDocument document(bytes, control, {"data"});
        std::optional<LoadResult> processed;
        LoadResult result = guardedRead(name, formatName, [&] {
            return readGeckoDocument(document.rawRoot(), &document, bytes, name, options, control, processed);
        });
        if (processed)
            return std::move(*processed);
        if (result.cancelled)
            return result;
        if (result.ok()) {
            document.checkUnreadPieces(); // the whole file must be JSON, not only what was read
            return result;
        }
    } catch (const SimdJsonFailure&) {
    } catch (const JsonReadCancelled&) {
        return loadCancelled(name);
    }
    JsonDocument document;
    std::optional<LoadResult> processed;
    LoadResult result = guardedRead(name, formatName, [&] {
        return readGeckoDocument(document.parse(bytes), nullptr, bytes, name, options, control, processed);
    });
    return processed ? std::move(*processed) : result;
}

constexpr std::string_view geckoProfileFormatGlobs[] = {"*.json"};
const FormatReader geckoProfileFormat{
    .id = SourceFormat::Gecko,
    .name = "gecko",
    .displayName = "Firefox Gecko profiles",
    .detect = looksLikeGeckoProfile,
    .read = readGeckoProfile,
    .globs = geckoProfileFormatGlobs,
};

} // namespace xsprof::readers
