#include "firefoxprocessedreader.h"

#include "readersupport.h"

#include "model/filename.h"
#include "model/json/jsonhead.h"
#include "model/profilebuilder.h"
#include "model/readers/jsondocumentreading.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace xsprof::readers {

namespace {

constexpr std::string_view processedFormatName = "Firefox Profiler processed profile";
constexpr int64_t none = -1;

// A column of indices of the table at `at`, whose rows are `row`s ("stack"); null (and -1)
// become `none`.
template <class V>
std::vector<int64_t> indexColumn(const V& table, const char* key, const JsonPath& at, const char* row)
{
    const JsonPath columnAt = at.key(key);
    std::vector<int64_t> out;
    const V column = asArray(field(table, key, at), columnAt);
    out.reserve(column.sizeHint());
    column.forEachElement([&](const V& e) {
        out.push_back(e.kind() == JsonKind::Null
                          ? none
                          : std::max<int64_t>(asInteger(e, columnAt.index(out.size(), row)), none));
    });
    return out;
}

template <class V>
std::vector<double> numberColumn(const V& table, const char* key, const JsonPath& at, const char* row)
{
    const JsonPath columnAt = at.key(key);
    std::vector<double> out;
    const V column = asArray(field(table, key, at), columnAt);
    out.reserve(column.sizeHint());
    column.forEachElement([&](const V& e) {
        out.push_back(e.kind() == JsonKind::Null ? 0.0 : asNumber(e, columnAt.index(out.size(), row)));
    });
    return out;
}

template <class V>
std::vector<bool> boolColumn(const V& table, const char* key, const JsonPath& at)
{
    std::vector<bool> out;
    const std::optional<V> column = fieldIfAny(table, key);
    if (!column)
        return out;
    asArray(*column, at.key(key)).forEachElement([&](const V& e) { out.push_back(isTrue(e)); });
    return out;
}

// Where row `row` of the column `key` of the table at `at` is, the rows being `place`s.
struct ColumnCell {
    const JsonPath& at;
    const char* key;
    const char* place;
    size_t row;
};

[[noreturn]] void throwAtCell(const ColumnCell& cell, std::string_view problem)
{
    throwAt(cell.at.key(cell.key).index(cell.row, cell.place), problem);
}

// The cell refers to a `what` among `limit` (or to none).
void checkIndex(int64_t v, size_t limit, const char* what, const ColumnCell& cell)
{
    if (v != none && (v < 0 || uint64_t(v) >= limit))
        throwAtCell(cell, std::string(what) + " " + std::to_string(v) + " does not exist (there are "
                              + std::to_string(limit) + ")");
}

// The function tables every thread of the file uses (shared ones from version 60 on).
struct FunctionTables {
    std::vector<std::string_view> strings;
    std::vector<int64_t> stackPrefix, stackFrame;
    std::vector<int64_t> frameFunc;
    std::vector<int64_t> funcName, funcFile, funcLine, funcColumn;
    std::vector<bool> funcKept; // isJS or relevantForJS
    std::vector<bool> funcIsJs;

    // The tables of `owner` (at `at`: the shared tables, or a thread's), the strings of
    // `stringsOwner` (at `stringsAt`), the sources of `sourcesOwner` ("shared").
    template <class V>
    void read(const V& owner, const V& stringsOwner, const V* sourcesOwner, const JsonPath& at,
              const JsonPath& stringsAt)
    {
        const char* stringsKey = hasField(stringsOwner, "stringArray") ? "stringArray" : "stringTable";
        asArray(field(stringsOwner, stringsKey, stringsAt), stringsAt.key(stringsKey)).forEachElement([&](const V& s) {
            strings.push_back(s.kind() == JsonKind::String ? s.string() : std::string_view());
        });

        const JsonPath stackAt = at.key("stackTable");
        const V stacks = asObject(field(owner, "stackTable", at), stackAt);
        stackFrame = indexColumn(stacks, "frame", stackAt, "stack");
        const bool offsets = hasField(stacks, "prefixOffset"); // version 66 on: 0 = a root, k = k rows up
        const char* prefixKey = offsets ? "prefixOffset" : "prefix";
        stackPrefix = indexColumn(stacks, prefixKey, stackAt, "stack");
        if (offsets) {
            for (size_t i = 0; i < stackPrefix.size(); ++i)
                stackPrefix[i] = stackPrefix[i] <= 0 ? none : int64_t(i) - stackPrefix[i];
        }
        if (stackPrefix.size() != stackFrame.size())
            throwAt(stackAt, "the columns differ in length");

        const JsonPath frameAt = at.key("frameTable");
        frameFunc = indexColumn(asObject(field(owner, "frameTable", at), frameAt), "func", frameAt, "frame");

        const JsonPath funcAt = at.key("funcTable");
        const V funcs = asObject(field(owner, "funcTable", at), funcAt);
        funcName = indexColumn(funcs, "name", funcAt, "function");
        const size_t n = funcName.size();
        funcIsJs = boolColumn(funcs, "isJS", funcAt);
        const std::vector<bool> relevant = boolColumn(funcs, "relevantForJS", funcAt);
        funcKept.resize(n);
        funcIsJs.resize(n);
        for (size_t i = 0; i < n; ++i)
            funcKept[i] = funcIsJs[i] || (i < relevant.size() && relevant[i]);
        if (hasField(funcs, "lineNumber"))
            funcLine = indexColumn(funcs, "lineNumber", funcAt, "function");
        if (hasField(funcs, "columnNumber"))
            funcColumn = indexColumn(funcs, "columnNumber", funcAt, "function");
        funcLine.resize(n, none);
        funcColumn.resize(n, none);
        if (hasField(funcs, "source")) { // version 58 on: a source table holds the file names
            const std::vector<int64_t> source = indexColumn(funcs, "source", funcAt, "function");
            if (!sourcesOwner)
                throwAt(funcAt.key("source"), "the funcTable refers to sources, but there is no shared.sources");
            const JsonPath top, sharedAt = top.key("shared"), sourcesAt = sharedAt.key("sources");
            const V sources = asObject(field(*sourcesOwner, "sources", sharedAt), sourcesAt);
            const std::vector<int64_t> fileOfSource = indexColumn(sources, "filename", sourcesAt, "source");
            for (size_t i = 0; i < fileOfSource.size(); ++i)
                checkIndex(fileOfSource[i], strings.size(), "string", {sourcesAt, "filename", "source", i});
            funcFile.assign(n, none);
            for (size_t i = 0; i < n && i < source.size(); ++i) {
                checkIndex(source[i], fileOfSource.size(), "source", {funcAt, "source", "function", i});
                funcFile[i] = source[i] == none ? none : fileOfSource[size_t(source[i])];
            }
        } else if (hasField(funcs, "fileName")) {
            funcFile = indexColumn(funcs, "fileName", funcAt, "function");
            for (size_t i = 0; i < funcFile.size(); ++i)
                checkIndex(funcFile[i], strings.size(), "string", {funcAt, "fileName", "function", i});
        }
        funcFile.resize(n, none);
        for (size_t i = 0; i < n; ++i)
            checkIndex(funcName[i], strings.size(), "string", {funcAt, "name", "function", i});
        for (size_t i = 0; i < frameFunc.size(); ++i) {
            const ColumnCell cell{frameAt, "func", "frame", i};
            if (frameFunc[i] == none)
                throwAtCell(cell, "the frame has no function");
            checkIndex(frameFunc[i], n, "function", cell);
        }
        for (size_t i = 0; i < stackFrame.size(); ++i) {
            const ColumnCell cell{stackAt, "frame", "stack", i};
            if (stackFrame[i] == none)
                throwAtCell(cell, "the stack has no frame");
            checkIndex(stackFrame[i], frameFunc.size(), "frame", cell);
            if (stackPrefix[i] != none && (stackPrefix[i] < 0 || stackPrefix[i] >= int64_t(i)))
                throwAtCell({stackAt, prefixKey, "stack", i},
                            "prefix " + std::to_string(stackPrefix[i]) + " does not come before the stack");
        }
    }

    bool frameKept(size_t frame) const { return funcKept[size_t(frameFunc[frame])]; }
};

struct ProcessedThread {
    HeldJsonPath at;
    std::string summary;
    std::vector<int64_t> stack;
    std::vector<double> time;   // ms
    std::vector<double> weight; // tracing-ms: each sample's duration
    bool tracing = false;
    FunctionTables ownTables; // before version 60
};

template <class V>
ProcessedThread readThread(const V& thread, const HeldJsonPath& at)
{
    ProcessedThread t;
    t.at = at;
    const std::string process(stringOr(thread, "processName", stringOr(thread, "processType", "")));
    t.summary = process.empty() ? std::string(stringOr(thread, "name", ""))
                                : process + ", " + std::string(stringOr(thread, "name", ""));
    const std::optional<V> pid = fieldIfAny(thread, "pid");
    if (pid && pid->kind() != JsonKind::Null)
        t.summary += ", pid "
            + (pid->kind() == JsonKind::String ? std::string(pid->string())
                                               : std::to_string(int64_t(asNumber(*pid, at.path().key("pid")))));
    const JsonPath samplesAt = at.path().key("samples");
    const V samples = asObject(field(thread, "samples", at.path()), samplesAt);
    t.stack = indexColumn(samples, "stack", samplesAt, "sample");
    if (hasField(samples, "time")) {
        t.time = numberColumn(samples, "time", samplesAt, "sample");
    } else {
        t.time = numberColumn(samples, "timeDeltas", samplesAt, "sample");
        for (size_t i = 1; i < t.time.size(); ++i)
            t.time[i] += t.time[i - 1];
    }
    if (t.time.size() != t.stack.size())
        throwAt(samplesAt, "the stack and time columns differ in length");
    t.tracing = stringOr(samples, "weightType", "samples") == "tracing-ms";
    if (t.tracing && hasField(samples, "weight")) {
        t.weight = numberColumn(samples, "weight", samplesAt, "sample");
        t.weight.resize(t.stack.size(), 0.0);
    }
    return t;
}

size_t jsSamples(const ProcessedThread& t, const FunctionTables& tables)
{
    std::vector<bool> hasJs(tables.stackFrame.size());
    for (size_t s = 0; s < hasJs.size(); ++s)
        hasJs[s] = tables.frameKept(size_t(tables.stackFrame[s]))
            || (tables.stackPrefix[s] != none && hasJs[size_t(tables.stackPrefix[s])]);
    size_t count = 0;
    const JsonPath samplesAt = t.at.path().key("samples");
    for (size_t i = 0; i < t.stack.size(); ++i) {
        checkIndex(t.stack[i], hasJs.size(), "stack", {samplesAt, "stack", "sample", i});
        count += t.stack[i] != none && hasJs[size_t(t.stack[i])];
    }
    return count;
}

void build(ProfileBuilder& builder, const ProcessedThread& t, const FunctionTables& tables)
{
    std::vector<FrameId> funcFrame(tables.funcName.size());
    for (size_t f = 0; f < funcFrame.size(); ++f) {
        if (!tables.funcKept[f])
            continue;
        const std::string_view name = tables.strings[size_t(tables.funcName[f])];
        const std::string_view url =
            tables.funcFile[f] == none ? std::string_view() : tables.strings[size_t(tables.funcFile[f])];
        // A relevantForJS label keeps only its name, as in Gecko profiles.
        const bool js = tables.funcIsJs[f];
        funcFrame[f] =
            builder.frameForKey(name, js ? url : std::string_view(), js ? oneBased(double(tables.funcLine[f])) : 0,
                                js ? oneBased(double(tables.funcColumn[f])) : 0);
    }
    const StackId root = builder.stack(StackId(), builder.frameForKey("(root)", "", 0, 0));
    std::vector<StackId> node(tables.stackFrame.size());
    std::vector<size_t> chain;
    std::vector<StackId> stacks;
    stacks.reserve(t.stack.size());
    for (int64_t sample : t.stack) {
        if (sample == none) {
            stacks.push_back(root);
            continue;
        }
        chain.clear();
        for (int64_t s = sample; s != none && !node[size_t(s)].isValid(); s = tables.stackPrefix[size_t(s)])
            chain.push_back(size_t(s));
        for (auto s = chain.rbegin(); s != chain.rend(); ++s) {
            const int64_t prefix = tables.stackPrefix[*s];
            const StackId parent = prefix == none ? root : node[size_t(prefix)];
            const FrameId frame = funcFrame[size_t(tables.frameFunc[size_t(tables.stackFrame[*s])])];
            node[*s] = frame.isValid() ? builder.stack(parent, frame) : parent;
        }
        stacks.push_back(node[size_t(sample)]);
    }
    std::vector<double> times(t.time.size());
    for (size_t i = 0; i < times.size(); ++i)
        times[i] = t.time[i] * 1000.0;
    builder.setSamples(std::move(stacks), std::move(times));
    if (t.tracing) {
        std::vector<double> given(t.weight.size());
        for (size_t i = 0; i < given.size(); ++i)
            given[i] = t.weight[i] * 1000.0;
        builder.setGivenDurations(std::move(given));
    }
}

} // namespace

bool looksLikeFirefoxProcessed(std::string_view head)
{
    return startsObject(head) && hasKey(head, "preprocessedProfileVersion");
}

namespace {

// The threads listed, the chosen one built (read may run twice: it starts afresh).
template <class V>
void readProcessedDocument(const V& root, const std::string& name, const LoadOptions& options, const TaskControl* control,
                  LoadResult& out)
{
    out = LoadResult();
    const V& profile = asRootObject(root);
    const JsonPath top;
    checkCancel(control, 0.4);
    const std::optional<V> shared = fieldIfAny(profile, "shared");
    const bool sharedPresent = shared && shared->kind() == JsonKind::Object;
    const bool hasShared = sharedPresent && hasField(*shared, "stackTable"); // version 60 on
    FunctionTables sharedTables;
    if (hasShared)
        sharedTables.read(*shared, *shared, &*shared, top.key("shared"), top.key("shared"));
    std::vector<ProcessedThread> threads;
    std::vector<ProfileSummary> list;
    std::vector<size_t> js;
    size_t i = 0;
    const HeldJsonPath threadsAt = HeldJsonPath().key("threads");
    asArray(field(profile, "threads", top), threadsAt.path()).forEachElement([&](const V& e) {
        const HeldJsonPath at = threadsAt.index(i++, "thread");
        const V& thread = asObject(e, at.path());
        ProcessedThread t = readThread(thread, at);
        if (t.stack.empty())
            return;
        if (!hasShared) {
            // Before version 56 the strings are the thread's own; 56-59 shared, tables per thread.
            const bool sharedStrings = sharedPresent && !hasField(thread, "stringArray");
            t.ownTables.read(thread, sharedStrings ? *shared : thread, sharedPresent ? &*shared : nullptr, at.path(),
                             sharedStrings ? top.key("shared") : at.path());
        }
        js.push_back(jsSamples(t, hasShared ? sharedTables : t.ownTables));
        list.push_back({t.summary, t.stack.size(), 0});
        threads.push_back(std::move(t));
    });
    if (list.empty())
        throwAt(threadsAt.path(), "no thread has samples");
    const size_t chosen = chooseProfile(list, js, options.profileIndex);
    const ProcessedThread& t = threads[chosen];
    ProfileInfo info;
    info.name = fileNameOf(name);
    info.description = firefoxProduct(profile) + " — " + list[chosen].name;
    info.format = SourceFormat::FirefoxProcessed;
    info.encoding = Encoding::Tree;
    info.durationRule = t.tracing ? DurationRule::Given : DurationRule::UntilNext;
    ProfileBuilder builder(std::move(info));
    build(builder, t, hasShared ? sharedTables : t.ownTables);
    checkCancel(control, 0.9);
    out.profile = builder.finish();
    out.available = std::move(list);
    out.chosenIndex = chosen;
}

} // namespace

LoadResult readFirefoxProcessed(std::string_view bytes, const std::string& name, const LoadOptions& options,
                                const TaskControl* control)
{
    LoadResult result;
    auto read = [&](const auto& root) { readProcessedDocument(root, name, options, control, result); };
    // Whole: the tables are read in any order, and their strings kept until built.
    if (std::optional<LoadResult> failed =
            readJsonDocument(bytes, name, options, control, read, nullptr, JsonPieces::None))
        return withFormatName(std::move(*failed), processedFormatName);
    if (options.releaseInput)
        options.releaseInput();
    return result;
}

constexpr std::string_view firefoxProcessedFormatGlobs[] = {"*.json"};
const FormatReader firefoxProcessedFormat{
    .id = SourceFormat::FirefoxProcessed,
    .name = "firefox-processed",
    .displayName = "Firefox Profiler processed profiles",
    .detect = looksLikeFirefoxProcessed,
    .read = readFirefoxProcessed,
    .globs = firefoxProcessedFormatGlobs,
};

} // namespace xsprof::readers
