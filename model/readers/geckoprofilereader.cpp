#include "geckoprofilereader.h"

#include "firefoxprocessedreader.h"
#include "geckoframelocation.h"
#include "model/json/jsonfields.h"
#include "readersupport.h"

#include "model/filename.h"
#include "model/json/jsonhead.h"
#include "model/profilebuilder.h"
#include "model/readers/jsondocumentreading.h"

#include <algorithm>
#include <deque>
#include <optional>
#include <vector>

namespace xsprof::readers {

namespace {

constexpr std::string_view geckoFormatName = "Firefox Gecko profile";
constexpr uint32_t noIndex = UINT32_MAX;

template <class V>
struct ThreadRef {
    V thread;
    HeldJsonPath at; // "threads[1]", "processes[0].threads[2]"
    std::string processName;
    std::string threadName;
    std::string pid;
};

template <class V>
std::string scalarText(const V& o, std::string_view key)
{
    const std::optional<V> e = fieldIfAny(o, key);
    if (!e)
        return {};
    switch (e->kind()) {
    case JsonKind::String: return std::string(e->string());
    case JsonKind::Integer: return std::to_string(e->integer());
    case JsonKind::Float: return std::to_string(int64_t(e->number()));
    default: return {};
    }
}

// A schema's column index, or -1.
template <class V>
int64_t schemaColumn(const V& schema, std::string_view name)
{
    const std::optional<V> v = fieldIfAny(schema, name);
    return v && v->kind() == JsonKind::Integer && !v->overflow() ? v->integer() : -1;
}

// One thread's tables, copied out of the document for random access. Its large "data"
// tables may come in pieces (JsonPieces::NamedArrays), their values lasting only while walked.
template <class V>
class GeckoThread
{
public:
    explicit GeckoThread(const ThreadRef<V>& ref) : m_at(ref.at), m_samples(ref.thread)
    {
        const V& t = ref.thread;
        const JsonPath& at = m_at.path();
        if (const std::optional<V> strings = fieldIfAny(t, "stringTable"))
            asArray(*strings, at.key("stringTable")).forEachElement([&](const V& s) {
                m_strings.push_back(s.kind() == JsonKind::String ? s.string() : std::string_view());
            });
        readFrames(objectField(t, "frameTable", at), at.key("frameTable"));
        readStacks(objectField(t, "stackTable", at), at.key("stackTable"));
        const JsonPath samplesAt = at.key("samples");
        const V samples = objectField(t, "samples", at);
        const V schema = objectField(samples, "schema", samplesAt);
        m_samples = asArray(field(samples, "data", samplesAt), samplesAt.key("data"));
        m_sampleCount = pieced(m_samples) ? 0 : m_samples.sizeHint(); // pieces: counted when read
        m_sampleStack = column(schema, "stack", samplesAt.key("schema"));
        m_sampleTime = column(schema, "time", samplesAt.key("schema"));
    }

    bool hasSamples() const { return pieced(m_samples) || m_sampleCount > 0; }
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
        m_sampleCount =
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
        // In pieces the count is known at the end: reserve for rows of 12 bytes ("[123,4.5,0],";
        // the hint allows 2 bytes an element), pages that stay unused cost address space only.
        const size_t expected = std::max<size_t>(1, pieced(m_samples) ? m_samples.sizeHint() / 6 : sampleCount());
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
    static bool pieced(const V& array) { return array.pieceCount() > 1; }

    // The object of `owner` (at `at`) under `key`.
    static V objectField(const V& owner, const char* key, const JsonPath& at)
    {
        return asObject(field(owner, key, at), at.key(key));
    }

    // The column `name` of the schema at `at`.
    static int column(const V& schema, std::string_view name, const JsonPath& at)
    {
        const int64_t v = schemaColumn(schema, name);
        if (v < 0)
            throwAt(at, "no \"" + std::string(name) + "\" column");
        return int(v);
    }

    // Calls row(row, index) for each row (an array) of the table's data at `at`, a row's
    // place `place` ("stack 3"); returns the row count. Flattened: the rows' cells are the
    // most visited values of a Gecko profile, each a call otherwise. A row's path is made
    // only for a problem (even a path's few stores cost 2 % of a load, a million rows).
    template <typename Row>
    [[gnu::flatten]] static size_t forEachRow(const V& rows, const JsonPath& at, const char* place, const Row& row)
    {
        size_t i = 0;
        rows.forEachElement([&](const V& r) {
            if (r.kind() != JsonKind::Array)
                throwWrongType(r.kind(), at.index(i, place), "a row (an array)");
            row(r, i);
            ++i;
        });
        return i;
    }

    // Row `row` of the table data at `data`, its rows `place`s: the cells' paths, when named.
    struct CellAt {
        const JsonPath& data;
        const char* place;
        size_t row;
    };

    // The index in [0, limit) of a `what` the cell `column` of `at` holds; null gives noIndex.
    static uint32_t indexCell(const V& cell, size_t limit, const char* what, const CellAt& at, int column)
    {
        const JsonKind kind = cell.kind();
        if (kind == JsonKind::Null)
            return noIndex;
        if (kind != JsonKind::Integer || cell.overflow())
            throwWrongType(kind, at.data.index(at.row, at.place).index(size_t(column)), "an index");
        const int64_t v = cell.integer();
        if (v < 0 || uint64_t(v) >= limit)
            throwAt(at.data.index(at.row, at.place).index(size_t(column)),
                    std::string(what) + " " + std::to_string(v) + " does not exist (there are " + std::to_string(limit)
                        + ")");
        return uint32_t(v);
    }

    void readFrames(const V& table, const JsonPath& at)
    {
        const JsonPath schemaAt = at.key("schema"), dataAt = at.key("data");
        const V schema = objectField(table, "schema", at);
        const int locationColumn = column(schema, "location", schemaAt);
        const int64_t relevantColumn = schemaColumn(schema, "relevantForJS");
        const V data = asArray(field(table, "data", at), dataAt);
        const bool owned = pieced(data); // a piece's strings go with it
        forEachRow(data, dataAt, "frame", [&](const V& row, size_t i) {
            std::string_view location;
            bool relevant = false;
            bool found = false;
            int k = 0;
            row.forEachElement([&](const V& cell) {
                if (k == locationColumn) {
                    found = true;
                    if (cell.kind() == JsonKind::Integer && !cell.overflow()) {
                        const int64_t s = cell.integer();
                        if (s < 0 || size_t(s) >= m_strings.size())
                            throwAt(dataAt.index(i, "frame").index(size_t(k)),
                                    "location string " + std::to_string(s) + " is not in the stringTable");
                        location = m_strings[size_t(s)];
                    } else if (cell.kind() != JsonKind::String) {
                        throwWrongType(cell.kind(), dataAt.index(i, "frame").index(size_t(k)),
                                       "a location (a string or a string index)");
                    } else {
                        location =
                            owned ? std::string_view(m_ownedLocations.emplace_back(cell.string())) : cell.string();
                    }
                } else if (k == relevantColumn) {
                    relevant = isTrue(cell);
                }
                ++k;
            });
            if (!found)
                throwAt(dataAt.index(i, "frame"), "the frame has no location");
            m_frameLocation.push_back(location);
            m_frameRelevant.push_back(relevant);
        });
    }

    void readStacks(const V& table, const JsonPath& at)
    {
        const JsonPath schemaAt = at.key("schema"), dataAt = at.key("data");
        const V schema = objectField(table, "schema", at);
        const int prefixColumn = column(schema, "prefix", schemaAt);
        const int frameColumn = column(schema, "frame", schemaAt);
        const V data = asArray(field(table, "data", at), dataAt);
        // In pieces the count is not known before the end: "before the stack" bounds prefixes.
        const size_t count = pieced(data) ? size_t(noIndex) : data.sizeHint();
        m_stackPrefix.reserve(pieced(data) ? data.sizeHint() / 4 : count); // rows of 8 bytes or more: "[12,34],"
        forEachRow(data, dataAt, "stack", [&](const V& row, size_t i) {
            uint32_t prefix = noIndex, frame = noIndex;
            int k = 0;
            const CellAt cellAt{dataAt, "stack", i};
            row.forEachElement([&](const V& cell) {
                if (k == prefixColumn)
                    prefix = indexCell(cell, count, "prefix", cellAt, k);
                else if (k == frameColumn)
                    frame = indexCell(cell, m_frameLocation.size(), "frame", cellAt, k);
                ++k;
            });
            if (frame == noIndex)
                throwAt(dataAt.index(i, "stack"), "the stack has no frame");
            // Gecko writes a prefix before the stacks that use it; this also rules out cycles.
            if (prefix != noIndex && prefix >= i)
                throwAt(dataAt.index(i, "stack").index(size_t(prefixColumn)),
                        "prefix " + std::to_string(prefix) + " does not come before the stack");
            m_stackPrefix.push_back(prefix);
            m_stackFrame.push_back(frame);
        });
    }

    // Returns the sample count.
    template <typename Visit>
    size_t forEachSample(const Visit& visit) const
    {
        const JsonPath samplesAt = m_at.path().key("samples"), dataAt = samplesAt.key("data");
        return forEachRow(m_samples, dataAt, "sample", [&](const V& row, size_t i) {
            uint32_t stack = noIndex;
            double time = 0;
            bool hasTime = false;
            int k = 0;
            row.forEachElement([&](const V& cell) {
                if (k == m_sampleStack) {
                    const JsonKind kind = cell.kind();
                    if (kind != JsonKind::Null) {
                        const int64_t v = kind == JsonKind::Integer && !cell.overflow() ? cell.integer() : -1;
                        if (v < 0 || size_t(v) >= m_stackPrefix.size())
                            throwAt(dataAt.index(i, "sample").index(size_t(k)),
                                    "the sample's stack is not a stack index (there are "
                                        + std::to_string(m_stackPrefix.size()) + " stacks)");
                        stack = uint32_t(v);
                    }
                } else if (k == m_sampleTime) {
                    const JsonKind kind = cell.kind();
                    hasTime = kind == JsonKind::Integer || kind == JsonKind::Float;
                    if (hasTime)
                        time = cell.number();
                }
                ++k;
            });
            if (!hasTime)
                throwAt(dataAt.index(i, "sample"), "the sample has no time");
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

    HeldJsonPath m_at; // the thread's
    std::deque<std::string> m_ownedLocations;
    std::vector<std::string_view> m_strings;
    std::vector<std::string_view> m_frameLocation;
    std::vector<bool> m_frameRelevant;
    std::vector<uint32_t> m_stackPrefix;
    std::vector<uint32_t> m_stackFrame;
    V m_samples; // the samples' "data" rows
    size_t m_sampleCount = 0;
    int m_sampleStack = -1, m_sampleTime = -1;
};

// The threads of the profile at `at` and of its subprocesses.
template <class V>
void collectThreads(const V& profile, const HeldJsonPath& at, std::vector<ThreadRef<V>>& out, int depth)
{
    if (depth > 64)
        throwAt(at.path(), "subprocesses nest too deeply");
    std::string processType;
    if (const std::optional<V> meta = fieldIfAny(profile, "meta"); meta && meta->kind() == JsonKind::Object)
        processType = scalarText(*meta, "processType");
    const HeldJsonPath threadsAt = at.key("threads");
    const V threads = asArray(field(profile, "threads", at.path()), threadsAt.path());
    size_t i = 0;
    threads.forEachElement([&](const V& t) {
        const HeldJsonPath threadAt = threadsAt.index(i++, "thread");
        if (t.kind() == JsonKind::String)
            throwAt(threadAt.path(), "threads stored as strings (Firefox before version 48) are not supported");
        ThreadRef<V> ref{asObject(t, threadAt.path()), threadAt, {}, {}, {}};
        ref.processName = scalarText(ref.thread, "processName");
        if (ref.processName.empty())
            ref.processName = scalarText(ref.thread, "processType");
        if (ref.processName.empty())
            ref.processName = processType;
        ref.threadName = scalarText(ref.thread, "name");
        ref.pid = scalarText(ref.thread, "pid");
        out.push_back(std::move(ref));
    });
    const std::optional<V> processes = fieldIfAny(profile, "processes");
    if (!processes)
        return;
    size_t k = 0;
    const HeldJsonPath processesAt = at.key("processes");
    asArray(*processes, processesAt.path()).forEachElement([&](const V& p) {
        const HeldJsonPath processAt = processesAt.index(k++, "process");
        if (p.kind() == JsonKind::String)
            throwAt(processAt.path(), "subprocess profiles stored as strings are not supported");
        collectThreads(asObject(p, processAt.path()), processAt, out, depth + 1);
    });
}

} // namespace

bool looksLikeGeckoProfile(std::string_view head)
{
    if (!startsObject(head) || hasKey(head, "preprocessedProfileVersion"))
        return false;
    // Raw Gecko: {"libs": […], "meta": {…}, …, "threads": […]}; DevTools: {"label", "duration",
    // "markers", "frames", …, "ticks", …, "profile": {…}}, whose "profile" may come after
    // megabytes of markers and allocations (and whose "frames" are not Self-Profiling's).
    if (firstKeyIs(head, "libs") || (firstKeyIs(head, "meta") && keyOpensArray(head, "threads")))
        return true;
    if (firstKeyIs(head, "label") && hasRootKey(head, "duration") && hasRootKey(head, "markers"))
        return true;
    return keyOpensArray(head, "ticks") && keyOpensObject(head, "profile");
}

namespace {

// Reads a document (read may run twice: it starts afresh). Sets `processed` instead for a
// Firefox processed profile, which its own reader reads.
template <class V>
void readGeckoDocument(const V& top, const std::string& name, const LoadOptions& options, const TaskControl* control,
                       LoadResult& out, bool& processed)
{
    out = LoadResult();
    processed = false;
    V profile = asRootObject(top);
    checkCancel(control, 0.4);
    HeldJsonPath at;
    if (!hasField(profile, "threads") && hasField(profile, "profile")) { // an old DevTools recording
        at = at.key("profile");
        profile = asObject(field(profile, "profile", {}), at.path());
    }
    if (isFirefoxProcessed(profile)) {
        processed = true;
        return;
    }
    std::vector<ThreadRef<V>> refs;
    collectThreads(profile, at, refs, 0);
    std::vector<GeckoThread<V>> threads;
    std::vector<const ThreadRef<V>*> threadRefs;
    for (const ThreadRef<V>& ref : refs) {
        GeckoThread<V> thread(ref);
        if (!thread.hasSamples())
            continue;
        threads.push_back(std::move(thread));
        threadRefs.push_back(&ref);
    }
    if (threads.empty())
        throwAt(at.path().key("threads"), "no thread has samples");
    std::vector<ProfileSummary> list;
    std::vector<size_t> jsSamples;
    for (size_t i = 0; i < threads.size(); ++i) {
        const ThreadRef<V>& ref = *threadRefs[i];
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
    out.profile = builder.finish();
    out.available = std::move(list);
    out.chosenIndex = chosen;
}

} // namespace

LoadResult readGeckoProfile(std::string_view bytes, const std::string& name, const LoadOptions& options,
                            const TaskControl* control)
{
    // The large "data" tables are read piece by piece (a DOM of the whole file costs several
    // times its size); the rest of the document whole.
    LoadResult result;
    bool processed = false;
    auto read = [&](const auto& root) { readGeckoDocument(root, name, options, control, result, processed); };
    if (std::optional<LoadResult> failed =
            readJsonDocument(bytes, name, options, control, read, nullptr, JsonPieces::NamedArrays, {"data"}))
        return withFormatName(std::move(*failed), geckoFormatName);
    if (processed)
        return readFirefoxProcessed(bytes, name, options, control);
    if (options.releaseInput)
        options.releaseInput();
    return result;
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
