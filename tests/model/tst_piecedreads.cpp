// Large files of the formats read in pieces (SimdJsonDocument) give exactly the profile the
// whole-document read gives (LoadOptions::referenceJsonParser), which the oracle tests check
// on the corpus: every table of a Gecko thread and a trace's event list cut into pieces.
#include "model/profileloader.h"
#include "model/json/paddedbytes.h"
#include "model/json/simdjsondocument.h"

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

// A .cpuprofile whose samples and timeDeltas arrays are several pieces long; element `at` of
// each is written as `sampleText` and `deltaText` (the other elements are plain integers).
std::string largeCpuProfile(int samples, int at, const std::string& sampleText, const std::string& deltaText)
{
    constexpr int nodes = 400;
    std::string json = "{\"nodes\":[";
    for (int i = 1; i <= nodes; ++i) {
        json += (i > 1 ? ",{\"id\":" : "{\"id\":") + std::to_string(i) + ",\"callFrame\":{\"functionName\":\"fn_" +
            std::to_string(i) + "\",\"url\":\"file:///m.js\",\"lineNumber\":" + std::to_string(i) + "}";
        json += (i > 1 ? ",\"parent\":" + std::to_string(i / 2) : std::string()) + "}";
    }
    json += "],\"startTime\":0,\"endTime\":90000000,\"samples\":[";
    for (int i = 0; i < samples; ++i)
        json += (i ? "," : "") + (i == at ? sampleText : std::to_string(1 + (i * 37) % nodes));
    json += "],\"timeDeltas\":[";
    for (int i = 0; i < samples; ++i)
        json += (i ? "," : "") + (i == at ? deltaText : std::to_string(100 + i % 7));
    return json + "]}";
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

    // Arrays of plain integers are read without a DOM, piece by piece (PieceParser::
    // nextIntegers); any other element sends its piece to simdjson. Both must agree with the
    // reference parser on what is valid, on the numbers and on the errors.
    void numberArraysInPieces_data()
    {
        QTest::addColumn<std::string>("sample");
        QTest::addColumn<std::string>("delta");
        QTest::addColumn<bool>("valid");
        QTest::newRow("plain") << std::string("5") << std::string("7") << true;
        QTest::newRow("whitespace") << std::string(" \t5\r\n") << std::string("\n 7 ") << true;
        QTest::newRow("negative delta") << std::string("5") << std::string("-70") << true;
        QTest::newRow("fraction") << std::string("5") << std::string("7.25") << true;
        QTest::newRow("exponent") << std::string("5") << std::string("7e2") << true;
        QTest::newRow("minus zero") << std::string("5") << std::string("-0") << true;
        QTest::newRow("15 digits") << std::string("5") << std::string("100000000000000") << true;
        QTest::newRow("16 digits") << std::string("5") << std::string("1000000000000000") << true;
        QTest::newRow("beyond 2^53") << std::string("5") << std::string("90071992547409930") << false;
        QTest::newRow("leading zero") << std::string("05") << std::string("7") << false;
        QTest::newRow("plus sign") << std::string("5") << std::string("+7") << false;
        QTest::newRow("empty element") << std::string("5,") << std::string("7") << false;
        QTest::newRow("lone minus") << std::string("5") << std::string("-") << false;
        QTest::newRow("negative node id") << std::string("-5") << std::string("7") << false;
        QTest::newRow("node id beyond 32 bits") << std::string("4294967296") << std::string("7") << false;
        QTest::newRow("string") << std::string("\"5\"") << std::string("7") << false;
        QTest::newRow("hex") << std::string("5") << std::string("0x7") << false;
    }
    void numberArraysInPieces()
    {
        QFETCH(std::string, sample);
        QFETCH(std::string, delta);
        QFETCH(bool, valid);
        constexpr int samples = 120000; // about 600 KB each: three pieces
        const std::string json = largeCpuProfile(samples, samples - 1000, sample, delta);
        LoadOptions whole;
        whole.referenceJsonParser = true;
        const LoadResult pieced = loadProfileData(json, "numbers.cpuprofile");
        const LoadResult reference = loadProfileData(json, "numbers.cpuprofile", whole);
        QCOMPARE(pieced.ok(), valid);
        QCOMPARE(reference.ok(), valid);
        if (!valid) {
            QCOMPARE(pieced.error->toString(), reference.error->toString());
            return;
        }
        QCOMPARE(pieced.profile->samples.size(), size_t(samples));
        QVERIFY(pieced.profile->samples.time == reference.profile->samples.time);
        QVERIFY(pieced.profile->samples.stack == reference.profile->samples.stack);
    }

    // A late piece of a large array is parsed ahead, on a second thread: its error must still
    // come out in order, as the reference parser names it.
    void syntaxErrorInAPieceParsedAheadIsNamed()
    {
        std::string json = largeTrace(20000);
        QVERIFY(json.size() > 2 * SimdJsonDocument::prefetchBytes);
        json.insert(json.rfind("{\"ph\"", json.size() - 3000) + 1, ",");
        LoadOptions whole;
        whole.referenceJsonParser = true;
        const LoadResult pieced = loadProfileData(json, "broken.trace.json");
        const LoadResult reference = loadProfileData(json, "broken.trace.json", whole);
        QVERIFY(!pieced.ok() && !reference.ok());
        QVERIFY2(pieced.error->toString().find("JSON syntax error") != std::string::npos, pieced.error->toString().c_str());
        QCOMPARE(pieced.error->toString(), reference.error->toString());
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
