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

// A column of indices; null (and -1) become `none`.
template <class V>
std::vector<int64_t> indexColumn(const V& table, std::string_view key, const std::string& where)
{
    const std::string path = where + "." + std::string(key);
    std::vector<int64_t> out;
    const V column = asArray(field(table, key, where), path);
    out.reserve(column.sizeHint());
    column.forEachElement([&](const V& e) {
        out.push_back(
            e.kind() == JsonKind::Null ? none : std::max<int64_t>(asInteger(e, elementWhere(path, out.size())), none));
    });
    return out;
}

template <class V>
std::vector<double> numberColumn(const V& table, std::string_view key, const std::string& where)
{
    const std::string path = where + "." + std::string(key);
    std::vector<double> out;
    const V column = asArray(field(table, key, where), path);
    out.reserve(column.sizeHint());
    column.forEachElement([&](const V& e) {
        out.push_back(e.kind() == JsonKind::Null ? 0.0 : asNumber(e, elementWhere(path, out.size())));
    });
    return out;
}

template <class V>
std::vector<bool> boolColumn(const V& table, std::string_view key, const std::string& where)
{
    std::vector<bool> out;
    const std::optional<V> column = fieldIfAny(table, key);
    if (!column)
        return out;
    asArray(*column, where + "." + std::string(key)).forEachElement([&](const V& e) { out.push_back(isTrue(e)); });
    return out;
}

void checkIndex(int64_t v, size_t limit, const std::string& what, const std::string& where)
{
    if (v != none && (v < 0 || uint64_t(v) >= limit))
        throw JsonMeaningError(
            what + " " + std::to_string(v) + " does not exist (there are " + std::to_string(limit) + ")", where);
}

// The function tables every thread of the file uses (shared ones from version 60 on).
struct FunctionTables {
    std::vector<std::string_view> strings;
    std::vector<int64_t> stackPrefix, stackFrame;
    std::vector<int64_t> frameFunc;
    std::vector<int64_t> funcName, funcFile, funcLine, funcColumn;
    std::vector<bool> funcKept; // isJS or relevantForJS
    std::vector<bool> funcIsJs;

    template <class V>
    void read(const V& owner, const V& stringsOwner, const V* sourcesOwner, const std::string& where,
              const std::string& stringsWhere)
    {
        const std::string_view stringsKey = hasField(stringsOwner, "stringArray") ? "stringArray" : "stringTable";
        asArray(field(stringsOwner, stringsKey, stringsWhere), stringsWhere + "." + std::string(stringsKey))
            .forEachElement(
                [&](const V& s) { strings.push_back(s.kind() == JsonKind::String ? s.string() : std::string_view()); });

        const std::string stackWhere = where + "stackTable";
        const V stacks = asObject(field(owner, "stackTable", where), stackWhere);
        stackFrame = indexColumn(stacks, "frame", stackWhere);
        if (hasField(stacks, "prefixOffset")) { // version 66 on: 0 = a root, k = the stack k rows up
            stackPrefix = indexColumn(stacks, "prefixOffset", stackWhere);
            for (size_t i = 0; i < stackPrefix.size(); ++i)
                stackPrefix[i] = stackPrefix[i] <= 0 ? none : int64_t(i) - stackPrefix[i];
        } else {
            stackPrefix = indexColumn(stacks, "prefix", stackWhere);
        }
        if (stackPrefix.size() != stackFrame.size())
            throw JsonMeaningError("the stackTable's columns differ in length", stackWhere);

        const std::string frameWhere = where + "frameTable";
        frameFunc = indexColumn(asObject(field(owner, "frameTable", where), frameWhere), "func", frameWhere);

        const std::string funcWhere = where + "funcTable";
        const V funcs = asObject(field(owner, "funcTable", where), funcWhere);
        funcName = indexColumn(funcs, "name", funcWhere);
        const size_t n = funcName.size();
        funcIsJs = boolColumn(funcs, "isJS", funcWhere);
        const std::vector<bool> relevant = boolColumn(funcs, "relevantForJS", funcWhere);
        funcKept.resize(n);
        funcIsJs.resize(n);
        for (size_t i = 0; i < n; ++i)
            funcKept[i] = funcIsJs[i] || (i < relevant.size() && relevant[i]);
        funcLine = hasField(funcs, "lineNumber") ? indexColumn(funcs, "lineNumber", funcWhere) : std::vector<int64_t>();
        funcColumn =
            hasField(funcs, "columnNumber") ? indexColumn(funcs, "columnNumber", funcWhere) : std::vector<int64_t>();
        funcLine.resize(n, none);
        funcColumn.resize(n, none);
        if (hasField(funcs, "source")) { // version 58 on: a source table holds the file names
            const std::vector<int64_t> source = indexColumn(funcs, "source", funcWhere);
            if (!sourcesOwner)
                throw JsonMeaningError("the funcTable refers to sources, but there is no shared.sources", funcWhere);
            const V sources = asObject(field(*sourcesOwner, "sources", "shared"), "shared.sources");
            const std::vector<int64_t> fileOfSource = indexColumn(sources, "filename", "shared.sources");
            funcFile.assign(n, none);
            for (size_t i = 0; i < n && i < source.size(); ++i) {
                checkIndex(source[i], fileOfSource.size(), "source", elementWhere(funcWhere + ".source", i));
                funcFile[i] = source[i] == none ? none : fileOfSource[size_t(source[i])];
            }
        } else if (hasField(funcs, "fileName")) {
            funcFile = indexColumn(funcs, "fileName", funcWhere);
        }
        funcFile.resize(n, none);
        for (size_t i = 0; i < n; ++i) {
            checkIndex(funcName[i], strings.size(), "string", elementWhere(funcWhere + ".name", i));
            checkIndex(funcFile[i], strings.size(), "string", elementWhere(funcWhere + ".fileName", i));
        }
        for (size_t i = 0; i < frameFunc.size(); ++i) {
            if (frameFunc[i] == none)
                throw JsonMeaningError("the frame has no function", elementWhere(frameWhere + ".func", i));
            checkIndex(frameFunc[i], n, "function", elementWhere(frameWhere + ".func", i));
        }
        for (size_t i = 0; i < stackFrame.size(); ++i) {
            if (stackFrame[i] == none)
                throw JsonMeaningError("the stack has no frame", elementWhere(stackWhere + ".frame", i));
            checkIndex(stackFrame[i], frameFunc.size(), "frame", elementWhere(stackWhere + ".frame", i));
            if (stackPrefix[i] != none && (stackPrefix[i] < 0 || stackPrefix[i] >= int64_t(i)))
                throw JsonMeaningError("prefix " + std::to_string(stackPrefix[i]) + " does not come before the stack",
                                       elementWhere(stackWhere + ".prefix", i));
        }
    }

    bool frameKept(size_t frame) const { return funcKept[size_t(frameFunc[frame])]; }
};

struct ProcessedThread {
    std::string where;
    std::string summary;
    std::vector<int64_t> stack;
    std::vector<double> time;   // ms
    std::vector<double> weight; // tracing-ms: each sample's duration
    bool tracing = false;
    FunctionTables ownTables; // before version 60
};

template <class V>
ProcessedThread readThread(const V& thread, const std::string& where)
{
    ProcessedThread t;
    t.where = where;
    const std::string process(stringOr(thread, "processName", stringOr(thread, "processType", "")));
    t.summary = process.empty() ? std::string(stringOr(thread, "name", ""))
                                : process + ", " + std::string(stringOr(thread, "name", ""));
    const std::optional<V> pid = fieldIfAny(thread, "pid");
    if (pid && pid->kind() != JsonKind::Null)
        t.summary += ", pid "
            + (pid->kind() == JsonKind::String ? std::string(pid->string())
                                               : std::to_string(int64_t(asNumber(*pid, where + ".pid"))));
    const std::string samplesWhere = where + ".samples";
    const V samples = asObject(field(thread, "samples", where), samplesWhere);
    t.stack = indexColumn(samples, "stack", samplesWhere);
    if (hasField(samples, "time")) {
        t.time = numberColumn(samples, "time", samplesWhere);
    } else {
        t.time = numberColumn(samples, "timeDeltas", samplesWhere);
        for (size_t i = 1; i < t.time.size(); ++i)
            t.time[i] += t.time[i - 1];
    }
    if (t.time.size() != t.stack.size())
        throw JsonMeaningError("the samples' stack and time columns differ in length", samplesWhere);
    t.tracing = stringOr(samples, "weightType", "samples") == "tracing-ms";
    if (t.tracing && hasField(samples, "weight")) {
        t.weight = numberColumn(samples, "weight", samplesWhere);
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
    for (size_t i = 0; i < t.stack.size(); ++i) {
        checkIndex(t.stack[i], hasJs.size(), "stack", elementWhere(t.where + ".samples.stack", i));
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
    const V& profile = asObject(root, "the top level");
    checkCancel(control, 0.4);
    const std::optional<V> shared = fieldIfAny(profile, "shared");
    const bool sharedPresent = shared && shared->kind() == JsonKind::Object;
    const bool hasShared = sharedPresent && hasField(*shared, "stackTable"); // version 60 on
    FunctionTables sharedTables;
    if (hasShared)
        sharedTables.read(*shared, *shared, &*shared, "shared.", "shared");
    std::vector<ProcessedThread> threads;
    std::vector<ProfileSummary> list;
    std::vector<size_t> js;
    size_t i = 0;
    asArray(field(profile, "threads", {}), "threads").forEachElement([&](const V& e) {
        const std::string where = elementWhere("threads", i++);
        const V& thread = asObject(e, where);
        ProcessedThread t = readThread(thread, where);
        if (t.stack.empty())
            return;
        if (!hasShared) {
            // Before version 56 the strings are the thread's own; 56-59 shared, tables per thread.
            const bool sharedStrings = sharedPresent && !hasField(thread, "stringArray");
            t.ownTables.read(thread, sharedStrings ? *shared : thread, sharedPresent ? &*shared : nullptr, where + ".",
                             sharedStrings ? "shared" : where);
        }
        js.push_back(jsSamples(t, hasShared ? sharedTables : t.ownTables));
        list.push_back({t.summary, t.stack.size(), 0});
        threads.push_back(std::move(t));
    });
    if (list.empty())
        throw JsonMeaningError("no thread has samples", "threads");
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
