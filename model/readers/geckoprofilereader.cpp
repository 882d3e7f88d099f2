#include "geckoprofilereader.h"

#include "firefoxprocessedreader.h"
#include "geckoframelocation.h"
#include "headscanner.h"
#include "readersupport.h"

#include "model/profilebuilder.h"

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

// One thread's tables, copied out of the document for random access.
class GeckoThread {
public:
    explicit GeckoThread(const ThreadRef& ref) : m_where(ref.where)
    {
        const JsonObject t = ref.thread;
        if (hasField(t, "stringTable"))
            for (JsonElement s : asArray(field(t, "stringTable", m_where), m_where + ".stringTable"))
                m_strings.push_back(s.is_string() ? std::string_view(s) : std::string_view());
        readFrames(asObject(field(t, "frameTable", m_where), m_where + ".frameTable"));
        readStacks(asObject(field(t, "stackTable", m_where), m_where + ".stackTable"));
        const JsonObject samples = asObject(field(t, "samples", m_where), m_where + ".samples");
        const JsonObject schema = asObject(field(samples, "schema", m_where + ".samples"), m_where + ".samples.schema");
        m_samples = asArray(field(samples, "data", m_where + ".samples"), m_where + ".samples.data");
        m_sampleStack = column(schema, "stack", ".samples");
        m_sampleTime = column(schema, "time", ".samples");
    }

    size_t sampleCount() const { return m_samples.size(); }

    // Samples whose stack holds a JavaScript frame (or a relevantForJS label).
    size_t jsSampleCount() const
    {
        // A prefix always comes before its stacks (checked when reading), so one forward pass.
        std::vector<bool> hasJs(m_stackPrefix.size());
        std::vector<bool> frameIsJs(m_frameLocation.size());
        for (size_t f = 0; f < frameIsJs.size(); ++f)
            frameIsJs[f] = location(f).has_value();
        for (size_t s = 0; s < hasJs.size(); ++s)
            hasJs[s] = frameIsJs[m_stackFrame[s]] || (m_stackPrefix[s] != noIndex && hasJs[m_stackPrefix[s]]);
        size_t count = 0;
        forEachSample([&](uint32_t stack, double, size_t) { count += stack != noIndex && hasJs[stack]; });
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
        stacks.reserve(sampleCount());
        times.reserve(sampleCount());
        forEachSample([&](uint32_t stack, double time, size_t i) {
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
                checkCancel(control, 0.5 + 0.4 * double(i) / double(sampleCount()));
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
            throw FormatError("the " + std::string(table.substr(1)) + " schema has no \"" + std::string(name) + "\" column",
                              m_where + std::string(table) + ".schema");
        return int(v);
    }

    template <typename Row>
    void forEachRow(JsonArray data, const std::string& where, const Row& row) const
    {
        size_t i = 0;
        for (JsonElement r : data) {
            JsonArray cells;
            if (r.get(cells))
                throw FormatError(where + "[" + std::to_string(i) + "] is " + describeType(r) + ", expected a row (an array)",
                                  where + "[" + std::to_string(i) + "]");
            row(cells, i);
            ++i;
        }
    }

    // The index in [0, limit) a cell holds; null gives noIndex.
    uint32_t indexCell(JsonElement cell, size_t limit, const std::string& what, const std::string& where) const
    {
        if (cell.is_null())
            return noIndex;
        int64_t v = -1;
        if (cell.get(v))
            throw FormatError(what + " is " + describeType(cell) + ", expected an index", where);
        if (v < 0 || uint64_t(v) >= limit)
            throw FormatError(what + " " + std::to_string(v) + " does not exist (there are " + std::to_string(limit) + ")",
                              where);
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
        forEachRow(asArray(field(table, "data", where), where + ".data"), where + ".data", [&](JsonArray row, size_t i) {
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
                            throw FormatError("location string " + std::to_string(s) + " is not in the stringTable",
                                              where + ".data[" + std::to_string(i) + "]");
                        location = m_strings[size_t(s)];
                    } else if (cell.get(location)) {
                        throw FormatError("the location is " + describeType(cell) + ", expected a string index",
                                          where + ".data[" + std::to_string(i) + "]");
                    }
                } else if (k == relevantColumn) {
                    bool b = false;
                    relevant = !cell.get(b) && b;
                }
                ++k;
            }
            if (!found)
                throw FormatError("the frame has no location", where + ".data[" + std::to_string(i) + "]");
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
        const JsonArray data = asArray(field(table, "data", where), where + ".data");
        const size_t count = data.size();
        m_stackPrefix.reserve(count);
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
                throw FormatError("the stack has no frame", at);
            // Gecko writes a prefix before the stacks that use it; this also rules out cycles.
            if (prefix != noIndex && prefix >= i)
                throw FormatError("prefix " + std::to_string(prefix) + " does not come before the stack", at);
            m_stackPrefix.push_back(prefix);
            m_stackFrame.push_back(frame);
        });
    }

    template <typename Visit>
    void forEachSample(const Visit& visit) const
    {
        const std::string where = m_where + ".samples.data";
        forEachRow(m_samples, where, [&](JsonArray row, size_t i) {
            uint32_t stack = noIndex;
            double time = 0;
            bool hasTime = false;
            int k = 0;
            for (JsonElement cell : row) {
                if (k == m_sampleStack) {
                    if (!cell.is_null()) {
                        int64_t v = -1;
                        if (cell.get(v) || v < 0 || size_t(v) >= m_stackPrefix.size())
                            throw FormatError("the sample's stack is not a stack index", where + "[" + std::to_string(i) + "]");
                        stack = uint32_t(v);
                    }
                } else if (k == m_sampleTime) {
                    hasTime = !cell.get(time);
                }
                ++k;
            }
            if (!hasTime)
                throw FormatError("the sample has no time", where + "[" + std::to_string(i) + "]");
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
    std::vector<std::string_view> m_strings;
    std::vector<std::string_view> m_frameLocation;
    std::vector<bool> m_frameRelevant;
    std::vector<uint32_t> m_stackPrefix;
    std::vector<uint32_t> m_stackFrame;
    JsonArray m_samples;
    int m_sampleStack = -1, m_sampleTime = -1;
};

void collectThreads(JsonObject profile, const std::string& prefix, std::vector<ThreadRef>& out, int depth)
{
    if (depth > 64)
        throw FormatError("subprocesses nest too deeply", prefix);
    JsonObject meta;
    std::string processType;
    if (!profile.at_key("meta").get(meta))
        processType = scalarText(meta, "processType");
    const JsonArray threads = asArray(field(profile, "threads", prefix), prefix + "threads");
    size_t i = 0;
    for (JsonElement t : threads) {
        const std::string where = prefix + "threads[" + std::to_string(i++) + "]";
        if (t.is_string())
            throw FormatError("threads stored as strings (Firefox before version 48) are not supported", where);
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
            throw FormatError("subprocess profiles stored as strings are not supported", where);
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

LoadResult readGeckoProfile(std::string_view bytes, const std::string& name, const LoadOptions& options,
                            const TaskControl* control)
{
    JsonDocument document;
    std::optional<LoadResult> processed;
    LoadResult result = guardedRead(name, formatName, [&] {
        JsonObject profile = asObject(document.parse(bytes), "the top level");
        checkCancel(control, 0.4);
        std::string prefix;
        if (!hasField(profile, "threads") && hasField(profile, "profile")) { // an old DevTools recording
            profile = asObject(field(profile, "profile", {}), "profile");
            prefix = "profile.";
        }
        JsonObject meta;
        if (isFirefoxProcessed(profile)) {
            processed = readFirefoxProcessed(bytes, name, options, control);
            return LoadResult();
        }
        std::vector<ThreadRef> refs;
        collectThreads(profile, prefix, refs, 0);
        std::vector<ProfileSummary> list;
        std::vector<size_t> jsSamples;
        std::vector<GeckoThread> threads;
        for (const ThreadRef& ref : refs) {
            GeckoThread thread(ref);
            if (thread.sampleCount() == 0)
                continue;
            std::string summary = ref.processName.empty() ? ref.threadName : ref.processName + ", " + ref.threadName;
            if (!ref.pid.empty())
                summary += ", pid " + ref.pid;
            jsSamples.push_back(thread.jsSampleCount());
            list.push_back({summary, thread.sampleCount(), 0});
            threads.push_back(std::move(thread));
        }
        if (list.empty())
            throw FormatError("no thread has samples", prefix + "threads");
        const size_t chosen = chooseProfile(list, jsSamples, options.profileIndex);
        ProfileInfo info;
        info.name = fileNameOf(name);
        info.description = firefoxProduct(profile) + " — " + list[chosen].name;
        info.format = SourceFormat::Gecko;
        info.encoding = Encoding::Tree;
        info.durationRule = DurationRule::UntilNext; // no end time: the last sample gets the median
        ProfileBuilder builder(std::move(info));
        threads[chosen].build(builder, control);
        LoadResult r;
        r.profile = builder.finish();
        r.available = std::move(list);
        r.chosenIndex = chosen;
        return r;
    });
    return processed ? std::move(*processed) : result;
}

} // namespace xsprof::readers
