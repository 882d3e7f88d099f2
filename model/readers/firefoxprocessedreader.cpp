#include "firefoxprocessedreader.h"

#include "model/json/jsonhead.h"
#include "model/profilebuilder.h"

namespace xsprof::readers {

namespace {

constexpr std::string_view formatName = "Firefox Profiler processed profile";
constexpr int64_t none = -1;

std::string at(const std::string& where, size_t i)
{
    return where + "[" + std::to_string(i) + "]";
}

// A column of indices; null (and -1) become `none`.
std::vector<int64_t> indexColumn(JsonObject table, std::string_view key, const std::string& where)
{
    const std::string path = where + "." + std::string(key);
    std::vector<int64_t> out;
    const JsonArray column = asArray(field(table, key, where), path);
    out.reserve(column.size());
    for (JsonElement e : column)
        out.push_back(e.is_null() ? none : std::max<int64_t>(asInteger(e, at(path, out.size())), none));
    return out;
}

std::vector<double> numberColumn(JsonObject table, std::string_view key, const std::string& where)
{
    const std::string path = where + "." + std::string(key);
    std::vector<double> out;
    const JsonArray column = asArray(field(table, key, where), path);
    out.reserve(column.size());
    for (JsonElement e : column)
        out.push_back(e.is_null() ? 0.0 : asNumber(e, at(path, out.size())));
    return out;
}

std::vector<bool> boolColumn(JsonObject table, std::string_view key, const std::string& where)
{
    std::vector<bool> out;
    if (!hasField(table, key))
        return out;
    for (JsonElement e : asArray(field(table, key, where), where + "." + std::string(key))) {
        bool b = false;
        out.push_back(!e.get(b) && b);
    }
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

    void read(JsonObject owner, JsonObject stringsOwner, const JsonObject* sourcesOwner, const std::string& where,
              const std::string& stringsWhere)
    {
        const std::string_view stringsKey = hasField(stringsOwner, "stringArray") ? "stringArray" : "stringTable";
        for (JsonElement s : asArray(field(stringsOwner, stringsKey, stringsWhere), stringsWhere + "." + std::string(stringsKey)))
            strings.push_back(s.is_string() ? std::string_view(s) : std::string_view());

        const std::string stackWhere = where + "stackTable";
        const JsonObject stacks = asObject(field(owner, "stackTable", where), stackWhere);
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
        const JsonObject funcs = asObject(field(owner, "funcTable", where), funcWhere);
        funcName = indexColumn(funcs, "name", funcWhere);
        const size_t n = funcName.size();
        funcIsJs = boolColumn(funcs, "isJS", funcWhere);
        const std::vector<bool> relevant = boolColumn(funcs, "relevantForJS", funcWhere);
        funcKept.resize(n);
        funcIsJs.resize(n);
        for (size_t i = 0; i < n; ++i)
            funcKept[i] = funcIsJs[i] || (i < relevant.size() && relevant[i]);
        funcLine = hasField(funcs, "lineNumber") ? indexColumn(funcs, "lineNumber", funcWhere) : std::vector<int64_t>();
        funcColumn = hasField(funcs, "columnNumber") ? indexColumn(funcs, "columnNumber", funcWhere) : std::vector<int64_t>();
        funcLine.resize(n, none);
        funcColumn.resize(n, none);
        if (hasField(funcs, "source")) { // version 58 on: a source table holds the file names
            const std::vector<int64_t> source = indexColumn(funcs, "source", funcWhere);
            if (!sourcesOwner)
                throw JsonMeaningError("the funcTable refers to sources, but there is no shared.sources", funcWhere);
            const JsonObject sources = asObject(field(*sourcesOwner, "sources", "shared"), "shared.sources");
            const std::vector<int64_t> fileOfSource = indexColumn(sources, "filename", "shared.sources");
            funcFile.assign(n, none);
            for (size_t i = 0; i < n && i < source.size(); ++i) {
                checkIndex(source[i], fileOfSource.size(), "source", at(funcWhere + ".source", i));
                funcFile[i] = source[i] == none ? none : fileOfSource[size_t(source[i])];
            }
        } else if (hasField(funcs, "fileName")) {
            funcFile = indexColumn(funcs, "fileName", funcWhere);
        }
        funcFile.resize(n, none);
        for (size_t i = 0; i < n; ++i) {
            checkIndex(funcName[i], strings.size(), "string", at(funcWhere + ".name", i));
            checkIndex(funcFile[i], strings.size(), "string", at(funcWhere + ".fileName", i));
        }
        for (size_t i = 0; i < frameFunc.size(); ++i) {
            if (frameFunc[i] == none)
                throw JsonMeaningError("the frame has no function", at(frameWhere + ".func", i));
            checkIndex(frameFunc[i], n, "function", at(frameWhere + ".func", i));
        }
        for (size_t i = 0; i < stackFrame.size(); ++i) {
            if (stackFrame[i] == none)
                throw JsonMeaningError("the stack has no frame", at(stackWhere + ".frame", i));
            checkIndex(stackFrame[i], frameFunc.size(), "frame", at(stackWhere + ".frame", i));
            if (stackPrefix[i] != none && stackPrefix[i] >= int64_t(i))
                throw JsonMeaningError("prefix " + std::to_string(stackPrefix[i]) + " does not come before the stack",
                                       at(stackWhere + ".prefix", i));
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

ProcessedThread readThread(JsonObject thread, const std::string& where)
{
    ProcessedThread t;
    t.where = where;
    const std::string process(stringOr(thread, "processName", stringOr(thread, "processType", "")));
    t.summary = process.empty() ? std::string(stringOr(thread, "name", "")) : process + ", " + std::string(stringOr(thread, "name", ""));
    JsonElement pid;
    if (!thread.at_key("pid").get(pid) && !pid.is_null())
        t.summary += ", pid " + (pid.is_string() ? std::string(std::string_view(pid)) : std::to_string(int64_t(asNumber(pid, where + ".pid"))));
    const std::string samplesWhere = where + ".samples";
    const JsonObject samples = asObject(field(thread, "samples", where), samplesWhere);
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
        hasJs[s] = tables.frameKept(size_t(tables.stackFrame[s])) ||
            (tables.stackPrefix[s] != none && hasJs[size_t(tables.stackPrefix[s])]);
    size_t count = 0;
    for (size_t i = 0; i < t.stack.size(); ++i) {
        checkIndex(t.stack[i], hasJs.size(), "stack", at(t.where + ".samples.stack", i));
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
        const std::string_view url = tables.funcFile[f] == none ? std::string_view() : tables.strings[size_t(tables.funcFile[f])];
        // A relevantForJS label keeps only its name, as in Gecko profiles.
        const bool js = tables.funcIsJs[f];
        funcFrame[f] = builder.frameForKey(name, js ? url : std::string_view(), js ? oneBased(double(tables.funcLine[f])) : 0,
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

bool isFirefoxProcessed(JsonObject profile)
{
    JsonObject meta;
    if (!profile.at_key("meta").get(meta) && hasField(meta, "preprocessedProfileVersion"))
        return true;
    JsonArray threads;
    JsonObject first;
    return !profile.at_key("threads").get(threads) && threads.size() && !threads.at(0).get(first) &&
        hasField(first, "funcTable");
}

bool looksLikeFirefoxProcessed(std::string_view head)
{
    return startsObject(head) && hasKey(head, "preprocessedProfileVersion");
}

LoadResult readFirefoxProcessed(std::string_view bytes, const std::string& name, const LoadOptions& options,
                                const TaskControl* control)
{
    return guardedRead(name, formatName, [&] {
        JsonDocument document;
        const JsonObject profile = asObject(document.parse(bytes), "the top level");
        if (options.releaseInput)
            options.releaseInput(); // the DOM holds all that is read from here on
        checkCancel(control, 0.4);
        JsonObject shared;
        const bool sharedPresent = !profile.at_key("shared").get(shared);
        const bool hasShared = sharedPresent && hasField(shared, "stackTable"); // version 60 on
        FunctionTables sharedTables;
        if (hasShared)
            sharedTables.read(shared, shared, &shared, "shared.", "shared");
        std::vector<ProcessedThread> threads;
        std::vector<ProfileSummary> list;
        std::vector<size_t> js;
        size_t i = 0;
        for (JsonElement e : asArray(field(profile, "threads", {}), "threads")) {
            const std::string where = at("threads", i++);
            const JsonObject thread = asObject(e, where);
            ProcessedThread t = readThread(thread, where);
            if (t.stack.empty())
                continue;
            if (!hasShared) {
                // Before version 56 the strings are the thread's own; 56-59 shared, tables per thread.
                const bool sharedStrings = sharedPresent && !hasField(thread, "stringArray");
                t.ownTables.read(thread, sharedStrings ? shared : thread, sharedPresent ? &shared : nullptr, where + ".",
                                 sharedStrings ? "shared" : where);
            }
            js.push_back(jsSamples(t, hasShared ? sharedTables : t.ownTables));
            list.push_back({t.summary, t.stack.size(), 0});
            threads.push_back(std::move(t));
        }
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
        LoadResult r;
        r.profile = builder.finish();
        r.available = std::move(list);
        r.chosenIndex = chosen;
        return r;
    });
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
