// Large files of the formats read in pieces (SimdJsonDocument) give exactly the profile the
// whole-document read gives (LoadOptions::referenceJsonParser), which the oracle tests check
// on the corpus: every table of a Gecko thread and a trace's event list cut into pieces.
#include "model/profileloader.h"
#include "model/readers/paddedbytes.h"
#include "model/readers/simdjsondocument.h"

#include <QTest>

#include <string>

using namespace xsprof;

namespace {

// A Gecko profile whose frameTable (string locations), stackTable and samples are each
// several pieces long: a chain of `depth` frames per stack, stacks reused by the samples.
std::string largeGecko(int frames, int samples)
{
    std::string json = R"({"meta":{"version":27,"interval":1},"libs":[],"threads":[{"name":"GeckoMain","pid":"7",)"
                       R"j("stringTable":["(root)"],"frameTable":{"schema":{"location":0,"relevantForJS":1},"data":[)j";
    for (int f = 0; f < frames; ++f)
        json += (f ? "," : "") + std::string("[\"fn_") + std::to_string(f) + " (file:///bench/m" +
            std::to_string(f % 13) + ".js:" + std::to_string(f + 1) + ":" + std::to_string(f % 7 + 1) + ")\",false]";
    json += R"(]},"stackTable":{"schema":{"prefix":0,"frame":1},"data":[)";
    for (int s = 0; s < frames; ++s) // stack s: frame s under stack (s - 1) / 3, a tree of fan-out 3
        json += (s ? ",[" + std::to_string((s - 1) / 3) : std::string("[null")) + "," + std::to_string(s) + "]";
    json += R"(]},"samples":{"schema":{"stack":0,"time":1},"data":[)";
    for (int i = 0; i < samples; ++i)
        json += (i ? ",[" : "[") + (i % 17 == 5 ? std::string("null") : std::to_string((i * 7919) % frames)) + "," +
            std::to_string(i) + ".5]";
    json += R"(]},"markers":{"schema":{"name":0},"data":[]}}]})";
    return json;
}

// A trace of B/E events on two threads, long enough for many pieces.
std::string largeTrace(int samples)
{
    std::string json = R"({"traceEvents":[{"ph":"M","name":"thread_name","pid":1,"tid":2,"args":{"name":"main"}})";
    for (int i = 0; i < samples; ++i) {
        const int t = 1000 + 10 * i;
        const std::string ts = std::to_string(t), inner = std::to_string(t + 5), outer = std::to_string(t + 7);
        const std::string name = "fn_" + std::to_string(i % 50);
        for (int tid : {2, 3}) {
            const std::string thread = R"(,"pid":1,"tid":)" + std::to_string(tid) + R"(,"ts":)";
            json += R"(,{"ph":"B","name":"outer")" + thread + ts + "}";
            json += R"(,{"ph":"B","name":")" + name + R"(","args":{"i":)" + std::to_string(i % 3) + "}" + thread + ts + "}";
            json += R"(,{"ph":"E","name":")" + name + R"(","args":{"i":)" + std::to_string(i % 3) + "}" + thread + inner + "}";
            json += R"(,{"ph":"E","name":"outer")" + thread + outer + "}";
        }
    }
    json += "]}";
    return json;
}

// Each sample's time, duration and call path (names and locations, leaf first).
std::vector<std::string> describeSamples(const Profile& p)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < p.samples.size(); ++i) {
        std::string text = std::to_string(p.samples.time[i]) + " " + std::to_string(p.samples.duration(i));
        for (StackId s = p.samples.stack[i]; s.isValid(); s = p.stacks.parent[s.value]) {
            const FrameId f = p.stacks.frame[s.value];
            text += " < " + std::string(p.frameName(f)) + "@" + std::string(p.frameUrl(f)) + ":" +
                std::to_string(p.frames.line[f.value]) + ":" + std::to_string(p.frames.column[f.value]);
        }
        out.push_back(std::move(text));
    }
    return out;
}

void compareReads(const std::string& json, const std::string& name, size_t expectedSamples)
{
    LoadOptions whole;
    whole.referenceJsonParser = true;
    const LoadResult pieced = loadProfileData(json, name);
    const LoadResult reference = loadProfileData(json, name, whole);
    QVERIFY2(pieced.ok(), pieced.error ? pieced.error->toString().c_str() : "cancelled");
    QVERIFY2(reference.ok(), reference.error ? reference.error->toString().c_str() : "cancelled");
    QCOMPARE(pieced.profile->samples.size(), expectedSamples);
    QCOMPARE(pieced.profile->info.description, reference.profile->info.description);
    QCOMPARE(pieced.available.size(), reference.available.size());
    for (size_t i = 0; i < pieced.available.size(); ++i) {
        QCOMPARE(pieced.available[i].name, reference.available[i].name);
        QCOMPARE(pieced.available[i].sampleCount, reference.available[i].sampleCount);
    }
    QCOMPARE(pieced.warnings, reference.warnings);
    QCOMPARE(describeSamples(*pieced.profile), describeSamples(*reference.profile));
}

} // namespace

class TestPiecedReads : public QObject {
    Q_OBJECT

private slots:
    void geckoTablesInPieces()
    {
        const std::string json = largeGecko(30000, 60000);
        const PaddedBytes bytes(json);
        const SimdJsonDocument document(bytes.view(), nullptr, {"data"});
        QCOMPARE(document.splitCount(), size_t(3)); // frames, stacks, samples; markers are empty
        compareReads(json, "large.gecko.json", 60000);
    }

    void geckoSyntaxErrorInAPieceIsNamed()
    {
        std::string json = largeGecko(30000, 60000);
        json.insert(json.find("[4000,", json.find("\"samples\"")), ",");
        const LoadResult r = loadProfileData(json, "broken.gecko.json");
        QVERIFY(!r.ok());
        QVERIFY2(r.error->toString().find("JSON syntax error") != std::string::npos, r.error->toString().c_str());
    }

    void traceEventsInPieces()
    {
        const std::string json = largeTrace(20000);
        QVERIFY(json.size() > 8 * SimdJsonDocument::pieceBytes);
        compareReads(json, "large.trace.json", 40000); // per sample: "outer", then fn_k inside it
    }
};

QTEST_APPLESS_MAIN(TestPiecedReads)
#include "tst_piecedreads.moc"
