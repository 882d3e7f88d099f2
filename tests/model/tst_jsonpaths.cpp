// Every JSON reader names a bad value the same way: its JSON path in the message
// ("nodes[12].callFrame.url is an integer, expected a string"), its place in the file's own
// terms and its byte in the location ("node 12, byte 4242"). Real files of each format (the
// shared corpus, the fixtures) have one value replaced, deep inside arrays of objects; the
// byte must be where the replaced value starts, with both parsers.
#include "model/profileloader.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

using namespace xsprof;
using Json = nlohmann::ordered_json; // the keys in the file's order: readers read fields in order

namespace {

const std::string corpus = XSPROF_CORPUS_DIR;
const std::string fixtures = XSPROF_FIXTURES_DIR;

std::string readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

std::string count(const Json& file, const char* pointer)
{
    return std::to_string(file.at(Json::json_pointer(pointer)).size());
}

// The number in preorder of the node reached from `head` by the child indices `path`.
size_t preorderNumber(const Json& head, const std::vector<size_t>& path)
{
    std::function<size_t(const Json&)> size = [&](const Json& node) {
        size_t n = 1;
        if (node.contains("children"))
            for (const Json& child : node["children"])
                n += size(child);
        return n;
    };
    size_t number = 0;
    const Json* node = &head;
    for (const size_t index : path) {
        ++number; // the node itself, then its earlier children's subtrees
        for (size_t k = 0; k < index; ++k)
            number += size((*node)["children"][k]);
        node = &(*node)["children"][index];
    }
    return number;
}

// One value replaced in a real file, and the error it must give.
struct Mutation {
    const char* name;
    std::string file;
    std::string pointer;     // the value replaced
    std::string replacement; // JSON text
    // From the file as read: the message ("FORMAT: PATH ...") and the place before the byte.
    std::function<std::string(const Json&)> problem;
    std::function<std::string(const Json&)> place;
    bool namesByte = true; // false: a converter's problem, found after the bytes are gone
};

const Json& parsedFile(const std::string& path);

std::vector<Mutation> makeMutations()
{
    const std::string fib = corpus + "/node_fib.cpuprofile";
    const std::string legacy = corpus + "/peers/speedscope_node10_legacy.cpuprofile";
    const std::string trace = corpus + "/chromium_traceevents_shared.json";
    const std::string selfProfiling = corpus + "/chromium_selfprof_shared.json";
    const std::string gecko = corpus + "/peers/firefox153_fib.gecko.json";
    const std::string processed = fixtures + "/firefox/profiler-processed-2.json";
    const std::string speedscope = fixtures + "/speedscope/two-sampled.speedscope.json";
    const std::string evented = fixtures + "/speedscope/simple-evented.speedscope.json";
    const std::string hermes = fixtures + "/speedscope/multi-thread-with-samples.json";
    const std::string heap = fixtures + "/peers/speedscope-node10-Heap-20181003T105432.heapprofile";
    auto is = [](std::string text) { return [text](const Json&) { return text; }; };
    // The first ProfileChunk event of the trace with more than 3 nodes.
    auto chunk = [](const Json& file) {
        const Json& events = file["traceEvents"];
        for (size_t i = 0; i < events.size(); ++i) {
            const Json& e = events[i];
            if (e.value("name", "") == "ProfileChunk" && e["args"]["data"]["cpuProfile"]["nodes"].size() > 3)
                return std::to_string(i);
        }
        return std::string("none");
    };
    const std::string chunkIndex = chunk(parsedFile(trace));
    const Json& geckoFile = parsedFile(gecko);
    const std::string geckoFrameColumn =
        std::to_string(geckoFile["processes"][1]["threads"][0]["stackTable"]["schema"]["frame"].get<int>());
    return {
        {"cpuprofile call frame url", fib, "/nodes/12/callFrame/url", "7",
         is("nodes[12].callFrame.url is an integer, expected a string"), is("node 12")},
        {"cpuprofile position tick", fib, "/nodes/12/positionTicks/0/ticks", "\"1\"",
         is("nodes[12].positionTicks[0].ticks is a string, expected an integer"), is("node 12")},
        {"cpuprofile sample", fib, "/samples/1000", "-3", is("samples[1000]: node id -3 is out of range"),
         is("sample 1000")},
        {"cpuprofile time delta", fib, "/timeDeltas/57", "[1]", is("timeDeltas[57] is an array, expected a number"),
         is("time delta 57")},
        {"legacy deep node", legacy, "/head/children/0/children/0/children/1/lineNumber", "\"12\"",
         is("head.children[0].children[0].children[1].lineNumber is a string, expected an integer"),
         [](const Json& f) { return "node " + std::to_string(preorderNumber(f["head"], {0, 0, 1})); }},
        {"legacy node without id", legacy, "/head/children/0/children/0/children/1/id", "null",
         is("head.children[0].children[0].children[1].id is null, expected an integer"),
         [](const Json& f) { return "node " + std::to_string(preorderNumber(f["head"], {0, 0, 1})); }},
        {"legacy children", legacy, "/head/children/0/children", "{}",
         is("head.children[0].children is an object, expected an array"),
         [](const Json& f) { return "node " + std::to_string(preorderNumber(f["head"], {0})); }},
        {"legacy timestamp", legacy, "/timestamps/5", "true", is("timestamps[5] is a boolean, expected a number"),
         is("timestamp 5")},
        {"trace event node", trace, "/traceEvents/" + chunkIndex + "/args/data/cpuProfile/nodes/3/callFrame/lineNumber",
         "41.5",
         is("traceEvents[" + chunkIndex
            + "].args.data.cpuProfile.nodes[3].callFrame.lineNumber is a number with a fraction, expected an integer"),
         is("trace event " + chunkIndex + ", node 3")},
        {"trace event time delta", trace, "/traceEvents/" + chunkIndex + "/args/data/timeDeltas/0", "\"5\"",
         is("traceEvents[" + chunkIndex + "].args.data.timeDeltas[0] is a string, expected a number"),
         is("trace event " + chunkIndex + ", time delta 0")},
        {"trace stack sample frame", hermes, "/samples/5/sf", "99",
         is("trace-event file: samples[5].sf: stack frame \"99\" is not in stackFrames"), is("sample 5")},
        {"trace stack frame parent", hermes, "/stackFrames/5/parent", "\"77\"",
         is("trace-event file: stackFrames.5.parent: parent \"77\" is not in stackFrames"), is("stack frame 5")},
        {"trace stack frame", hermes, "/stackFrames/3", "[3]",
         is("trace-event file: stackFrames.3 is an array, expected an object"), is("stack frame 3")},
        {"self-profiling frame line", selfProfiling, "/frames/7/line", "\"26\"",
         is("frames[7].line is a string, expected an integer"), is("frame 7")},
        {"self-profiling negative stack", selfProfiling, "/samples/30/stackId", "-2",
         is("samples[30].stackId: a negative stack id (-2)"), is("sample 30")},
        {"self-profiling dangling parent", selfProfiling, "/stacks/20/parentId", "999",
         [](const Json& f) {
             return "stacks[20].parentId: stack 999 does not exist (there are " + count(f, "/stacks") + ")";
         },
         is("stack 20"), false},
        {"gecko subprocess stack frame", gecko, "/processes/1/threads/0/stackTable/data/40/" + geckoFrameColumn,
         "99999",
         [=](const Json& f) {
             return "Firefox Gecko profile: processes[1].threads[0].stackTable.data[40][" + geckoFrameColumn
                 + "]: frame 99999 does not exist (there are " + count(f, "/processes/1/threads/0/frameTable/data")
                 + ")";
         },
         is("process 1, thread 0, stack 40")},
        {"gecko sample row", gecko, "/threads/0/samples/data/10", "{\"stack\": 1}",
         is("Firefox Gecko profile: threads[0].samples.data[10] is an object, expected a row (an array)"),
         is("thread 0, sample 10")},
        {"gecko sample time", gecko, "/processes/2/threads/0/samples/data/7", "[null]",
         is("Firefox Gecko profile: processes[2].threads[0].samples.data[7]: the sample has no time"),
         is("process 2, thread 0, sample 7")},
        {"processed sample stack", processed, "/threads/1/samples/stack/3", "1000",
         [](const Json& f) {
             return "Firefox Profiler processed profile: threads[1].samples.stack[3]: stack 1000 does not exist "
                    "(there are "
                 + count(f, "/threads/1/stackTable/frame") + ")";
         },
         is("thread 1, sample 3")},
        {"processed function name", processed, "/threads/1/funcTable/name/2", "\"f\"",
         is("Firefox Profiler processed profile: threads[1].funcTable.name[2] is a string, expected an integer"),
         is("thread 1, function 2")},
        {"speedscope sample frame", speedscope, "/profiles/0/samples/2/1", "77",
         [](const Json& f) {
             return "speedscope file: profiles[0].samples[2][1]: frame 77 does not exist (there are "
                 + count(f, "/shared/frames") + ")";
         },
         is("profile 0, sample 2")},
        {"speedscope weight", speedscope, "/profiles/0/weights/4", "\"5\"",
         is("speedscope file: profiles[0].weights[4] is a string, expected a number"), is("profile 0, weight 4")},
        {"speedscope shared frame", speedscope, "/shared/frames/2", "\"c\"",
         is("speedscope file: shared.frames[2] is a string, expected an object"), is("frame 2")},
        {"speedscope event time", evented, "/profiles/0/events/3/at", "\"2\"",
         is("speedscope file: profiles[0].events[3].at is a string, expected a number"), is("profile 0, event 3")},
        {"speedscope event type", evented, "/profiles/0/events/3/type", "\"X\"",
         is("speedscope file: profiles[0].events[3].type: unknown event type \"X\" (expected O or C)"),
         is("profile 0, event 3")},
        {"heap profile deep call frame", heap, "/head/children/0/children/0/callFrame/url", "3",
         is("V8 sampling heap profile: head.children[0].children[0].callFrame.url is an integer, expected a string"),
         [](const Json& f) { return "node " + std::to_string(preorderNumber(f["head"], {0, 0})); }},
    };
}

const std::vector<Mutation>& mutations()
{
    static const std::vector<Mutation> all = makeMutations();
    return all;
}

// A Gecko profile's threads without their markers, which no reader reads: two thirds of the
// file, and the rows are read again for each row (and ten times slower under the sanitizers).
void dropGeckoMarkers(Json& profile)
{
    for (const char* list : {"threads", "processes"}) {
        if (!profile.contains(list))
            continue;
        for (Json& element : profile[list]) {
            element.erase("markers");
            dropGeckoMarkers(element);
        }
    }
}

// The file as parsed, once for all its rows.
const Json& parsedFile(const std::string& path)
{
    static std::map<std::string, Json> files;
    auto found = files.find(path);
    if (found == files.end()) {
        Json file = Json::parse(readBytes(path));
        if (file.is_object())
            dropGeckoMarkers(file);
        found = files.emplace(path, std::move(file)).first;
    }
    return found->second;
}

// The bytes of `file` with the value at `pointer` replaced by `replacement`, and the byte
// where it starts: the file written by nlohmann with a marker there, then the marker replaced.
std::pair<std::string, size_t> mutated(Json file, const std::string& pointer, const std::string& replacement)
{
    const std::string marker = "@@xsprof-replaced-value@@";
    file.at(Json::json_pointer(pointer)) = marker;
    std::string bytes = file.dump();
    const size_t at = bytes.find('"' + marker + '"');
    if (at == std::string::npos || bytes.find(marker, at + 1 + marker.size()) != std::string::npos)
        return {};
    bytes.replace(at, marker.size() + 2, replacement);
    return {bytes, at};
}

} // namespace

class TestJsonPaths : public QObject {
    Q_OBJECT
private slots:
    void errorsNameThePath_data();
    void errorsNameThePath();
};

void TestJsonPaths::errorsNameThePath_data()
{
    QTest::addColumn<int>("index");
    const std::vector<Mutation>& all = mutations();
    for (size_t i = 0; i < all.size(); ++i)
        QTest::newRow(all[i].name) << int(i);
}

void TestJsonPaths::errorsNameThePath()
{
    QFETCH(int, index);
    const Mutation& m = mutations()[size_t(index)];
    const Json& file = parsedFile(m.file);
    // The file as nlohmann writes it loads (checked once a file): the error below is the
    // replaced value's.
    static std::set<std::string> loaded;
    if (loaded.insert(m.file).second) {
        const LoadResult baseline = loadProfileData(file.dump(), "input.json");
        QVERIFY2(baseline.ok(), baseline.error ? baseline.error->toString().c_str() : "cancelled");
    }

    const auto [bytes, at] = mutated(file, m.pointer, m.replacement);
    QVERIFY2(!bytes.empty(), m.pointer.c_str());
    const std::string where = m.place(file) + (m.namesByte ? ", byte " + std::to_string(at) : std::string());
    for (const bool reference : {false, true}) {
        LoadOptions options;
        options.referenceJsonParser = reference;
        const LoadResult r = loadProfileData(bytes, "input.json", options);
        QVERIFY2(!r.ok() && r.error, "the replaced value was accepted");
        QCOMPARE(QString::fromStdString(r.error->problem), QString::fromStdString(m.problem(file)));
        QCOMPARE(QString::fromStdString(r.error->where), QString::fromStdString(where));
        QCOMPARE(QString::fromStdString(r.error->file), QStringLiteral("input.json"));
    }
}

QTEST_GUILESS_MAIN(TestJsonPaths)
#include "tst_jsonpaths.moc"
