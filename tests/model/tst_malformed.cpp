// Bad input gets a clear error naming the file, the problem and where; never a crash.
#include "model/gzipoutput.h"
#include "model/profileloader.h"

#include <QDir>
#include <QFile>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>

#include <fstream>

using namespace xsprof;

namespace {

std::string readCorpus(const char* name)
{
    std::ifstream in(std::string(XSPROF_CORPUS_DIR) + "/" + name, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

const char* tinyTree = R"J({"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":""},"children":[2]},
{"id":2,"callFrame":{"functionName":"main","url":"a.js","lineNumber":0,"columnNumber":0}}],
"startTime":0,"endTime":30,"samples":[2,2],"timeDeltas":[10,10]})J";

std::string replaced(std::string text, const std::string& from, const std::string& to)
{
    const auto at = text.find(from);
    if (at != std::string::npos)
        text.replace(at, from.size(), to);
    return text;
}

} // namespace

class TestMalformed : public QObject {
    Q_OBJECT

private slots:
    void rejectsWithClearError_data();
    void rejectsWithClearError();
    void fileSystemErrors();
    void truncatedRealFiles_data();
    void truncatedRealFiles();
    void traceProfileIndexOutOfRange();
    void aStringCutByTruncationIsQuotedShort();
    void cancelledLoad();
    void randomMutationsNeverCrash();
    void validBaselineLoads();
    void unknownNestedFieldsAreSkipped();
    void bothJsonDriversAgree();
    void fileChangedWhileLoading();
    void fileTooLargeForMemory();
    void gzipInput();
    void gzipMalformed_data();
    void gzipMalformed();
    void linksToNodesNotInTheFileAreDroppedWithANote();
    void anEmptyProfileSaysWhatItLacks();
    void aByteOrderMarkBeforeTheJsonIsSkipped();
    void utf16ProfilesAreTranscoded_data();
    void utf16ProfilesAreTranscoded();
    void aPerfettoTraceIsNamedWithHowToGetJson();
};

namespace {

// The samples and their stacks' leaf names: what two reads of one profile must agree on.
std::vector<std::string> leaves(const LoadResult& r)
{
    std::vector<std::string> out;
    for (size_t i = 0; i < r.profile->samples.size(); ++i)
        out.push_back(std::string(r.profile->frameName(r.profile->leafFrame(i))) + "@"
                      + std::to_string(r.profile->samples.time[i]));
    return out;
}

} // namespace

// {"nodes":[],"foo":1} has the key that makes it a .cpuprofile and nothing else: it opens
// empty, with a note naming what is missing. An empty profile xsprof wrote ("samples":[]) needs none.
void TestMalformed::anEmptyProfileSaysWhatItLacks()
{
    const LoadResult bare = loadProfileData(std::string(R"J({"nodes":[],"foo":1})J"), "bare.cpuprofile");
    QVERIFY2(bare.ok(), bare.error ? bare.error->toString().c_str() : "");
    QCOMPARE(bare.profile->samples.size(), size_t(0));
    QCOMPARE(bare.warnings.size(), size_t(1));
    QVERIFY2(bare.warnings[0].find("empty \"nodes\" list and no \"samples\"") != std::string::npos, bare.warnings[0].c_str());
    const std::string t = tinyTree;
    const LoadResult noSamples = loadProfileData(replaced(replaced(t, "\"samples\":[2,2],", ""), "\"timeDeltas\":[10,10]", "\"x\":0"),
                                                 "nosamples.cpuprofile");
    QVERIFY2(noSamples.ok(), noSamples.error ? noSamples.error->toString().c_str() : "");
    QCOMPARE(noSamples.warnings.size(), size_t(1));
    QVERIFY2(noSamples.warnings[0].find("no \"samples\"") != std::string::npos, noSamples.warnings[0].c_str());
    const LoadResult written = loadProfileData(std::string(R"J({"nodes":[],"samples":[],"timeDeltas":[]})J"), "w.cpuprofile");
    QVERIFY(written.ok());
    QVERIFY(written.warnings.empty());
}

void TestMalformed::linksToNodesNotInTheFileAreDroppedWithANote()
{
    const std::string t = tinyTree;
    const LoadResult child = loadProfileData(replaced(t, "\"children\":[2]", "\"children\":[2,99]"), "child.cpuprofile");
    QVERIFY2(child.ok(), child.error ? child.error->toString().c_str() : "");
    QCOMPARE(child.profile->samples.size(), size_t(2));
    QCOMPARE(child.warnings.size(), size_t(1));
    QVERIFY2(child.warnings[0].find("child 99 at node id 1") != std::string::npos, child.warnings[0].c_str());
    // A parent that is not there: node 2 is a root of its own; a sample of a lost node is dropped.
    const LoadResult parent = loadProfileData(
        replaced(replaced(t, "{\"id\":2,", "{\"id\":2,\"parent\":77,"), "\"samples\":[2,2]", "\"samples\":[2,77]"),
        "parent.cpuprofile");
    QVERIFY2(parent.ok(), parent.error ? parent.error->toString().c_str() : "");
    QCOMPARE(parent.profile->samples.size(), size_t(1));
    QCOMPARE(parent.warnings.size(), size_t(2));
    QVERIFY2(parent.warnings[0].find("parent 77 at node id 2") != std::string::npos, parent.warnings[0].c_str());
    QVERIFY2(parent.warnings[1].find("node id 77 at sample 1") != std::string::npos, parent.warnings[1].c_str());
    // Without a lost link, a sample's unknown node is still an error.
    QVERIFY(!loadProfileData(replaced(t, "\"samples\":[2,2]", "\"samples\":[2,77]"), "x.cpuprofile").ok());
}

void TestMalformed::aByteOrderMarkBeforeTheJsonIsSkipped()
{
    for (const char* name : {"node_fib.cpuprofile", "tiny/gecko.json", "chromium_traceevents_shared.json"}) {
        const std::string plain = readCorpus(name);
        const LoadResult expected = loadProfileData(plain, name);
        QVERIFY2(expected.ok(), name);
        const std::string marked = "\xEF\xBB\xBF" + plain;
        const LoadResult fromData = loadProfileData(marked, name);
        QVERIFY2(fromData.ok(), fromData.error ? fromData.error->toString().c_str() : name);
        QCOMPARE(leaves(fromData), leaves(expected));
        // From a file: the loader's own copy, whose pages count from the mark.
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("marked.json"));
        QFile out(path);
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(marked.data(), qint64(marked.size()));
        out.close();
        const LoadResult fromFile = loadProfileFile(path.toStdString());
        QVERIFY2(fromFile.ok(), fromFile.error ? fromFile.error->toString().c_str() : name);
        QCOMPARE(leaves(fromFile), leaves(expected));
    }
}

void TestMalformed::utf16ProfilesAreTranscoded_data()
{
    QTest::addColumn<bool>("bigEndian");
    QTest::newRow("little-endian (FF FE)") << false;
    QTest::newRow("big-endian (FE FF)") << true;
}

void TestMalformed::utf16ProfilesAreTranscoded()
{
    QFETCH(bool, bigEndian);
    // A profile whose names go beyond ASCII and the Basic Multilingual Plane.
    const std::string plain = replaced(tinyTree, "\"main\"", "\"m\xC3\xA4in \xE2\x82\xAC \xF0\x9F\x98\x80\"");
    const QString text = QString::fromUtf8(plain.data(), qsizetype(plain.size()));
    std::string utf16 = bigEndian ? std::string("\xFE\xFF") : std::string("\xFF\xFE");
    for (const QChar c : text) {
        const char hi = char(c.unicode() >> 8), lo = char(c.unicode() & 0xFF);
        utf16 += bigEndian ? std::string{hi, lo} : std::string{lo, hi};
    }
    const LoadResult r = loadProfileData(utf16, "utf16.cpuprofile");
    QVERIFY2(r.ok(), r.error ? r.error->toString().c_str() : "");
    QCOMPARE(leaves(r), leaves(loadProfileData(plain, "utf8.cpuprofile")));
    // Cut in the middle of a surrogate pair: said so, with the byte.
    const LoadResult cut = loadProfileData(utf16.substr(0, utf16.find(bigEndian ? "\xD8\x3D" : "\x3D\xD8") + 2), "cut");
    QVERIFY(!cut.ok());
    QVERIFY2(cut.error->problem.find("UTF-16") != std::string::npos, cut.error->toString().c_str());
}

void TestMalformed::aPerfettoTraceIsNamedWithHowToGetJson()
{
    // The start of a Perfetto trace as Chromium writes it: TracePacket (field 1, 27 bytes)
    // holding a timestamp (field 8) and a trusted packet sequence id (field 10), then more.
    std::string trace = "\x0A\x1B\x40";
    trace += std::string("\x80\xB0\xE2\x9D\x8B\x01\x50\x01", 8) + std::string(18, '\x01');
    trace += std::string("\x0A\x02\x08\x01", 4);
    const LoadResult r = loadProfileData(trace, "chrome.trace");
    QVERIFY(!r.ok());
    QVERIFY2(r.error->problem.find("Perfetto protobuf trace") != std::string::npos, r.error->toString().c_str());
    QVERIFY2(r.error->problem.find("--trace-startup-format=json") != std::string::npos, r.error->toString().c_str());
    // A JSON file that starts with a newline is still JSON.
    QVERIFY(loadProfileData(std::string("\n") + tinyTree, "newline.cpuprofile").ok());
}

void TestMalformed::gzipInput()
{
    // A gzipped file (recognised by its magic bytes, whatever its name) loads as the plain one.
    const std::string plain = readCorpus("node_fib.cpuprofile");
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("fib.cpuprofile.gz"));
    {
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        const std::string gz = gzipped(plain) + gzipped(""); // two members, as `cat a.gz b.gz`
        f.write(gz.data(), qint64(gz.size()));
    }
    int progress = 0;
    TaskControl control;
    control.onProgress = [&](double) { ++progress; };
    const LoadResult fromGzip = loadProfileFile(path.toStdString(), {}, &control);
    QVERIFY2(fromGzip.ok(), fromGzip.error ? fromGzip.error->toString().c_str() : "");
    QVERIFY(progress >= 2);
    const LoadResult fromPlain = loadProfileData(plain, "fib");
    QVERIFY(fromPlain.ok());
    QCOMPARE(fromGzip.profile->samples.time, fromPlain.profile->samples.time);
    QCOMPARE(fromGzip.profile->stacks.frame, fromPlain.profile->stacks.frame);
    const LoadResult inMemory = loadProfileData(gzipped(readCorpus("chromium_traceevents_shared.json")), "trace.json.gz");
    QVERIFY2(inMemory.ok(), inMemory.error ? inMemory.error->toString().c_str() : "");
    QCOMPARE(inMemory.available.size(), size_t(2));
}

void TestMalformed::gzipMalformed_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("problem");
    const std::string gz = gzipped(readCorpus("tiny/variants.cpuprofile"));
    std::string corrupt = gz;
    corrupt[gz.size() / 2] = char(corrupt[gz.size() / 2] ^ 0x55);
    corrupt[gz.size() / 2 + 1] = char(corrupt[gz.size() / 2 + 1] ^ 0x55);
    QTest::newRow("cut short") << QByteArray::fromStdString(gz.substr(0, gz.size() / 2)) << QStringLiteral("cut short");
    QTest::newRow("corrupt") << QByteArray::fromStdString(corrupt) << QStringLiteral("gzip");
    QTest::newRow("magic only") << QByteArray("\x1f\x8b", 2) << QStringLiteral("gzip");
    QTest::newRow("garbage after") << QByteArray::fromStdString(gz + "xyz") << QStringLiteral("after the end");
    QTest::newRow("not a profile inside") << QByteArray::fromStdString(gzipped("hello")) << QStringLiteral("JSON");
}

void TestMalformed::gzipMalformed()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, problem);
    const LoadResult r = loadProfileData(std::string_view(bytes.constData(), size_t(bytes.size())), "bad.gz");
    QVERIFY(!r.ok());
    QVERIFY(r.error);
    QVERIFY2(QString::fromStdString(r.error->toString()).contains(problem), r.error->toString().c_str());
}

void TestMalformed::fileChangedWhileLoading()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("growing.json"));
    QVERIFY(QFile::copy(QStringLiteral(XSPROF_CORPUS_DIR "/chromium_traceevents_shared.json"), path));
    QFile::setPermissions(path, QFile::ReadOwner | QFile::WriteOwner);
    int calls = 0;
    TaskControl control;
    control.onProgress = [&](double) {
        if (++calls == 2) { // half way through: another program rewrites the file
            QFile f(path);
            if (f.open(QIODevice::Append))
                f.write("\n ");
        }
    };
    const LoadResult r = loadProfileFile(path.toStdString(), {}, &control);
    QVERIFY(calls >= 2);
    QVERIFY(!r.ok());
    QVERIFY2(r.error->problem.find("changed while it was being read") != std::string::npos, r.error->toString().c_str());
    // Unchanged, the same file loads.
    QVERIFY(loadProfileFile(path.toStdString()).ok());
}

void TestMalformed::fileTooLargeForMemory()
{
    LoadOptions options;
    options.memoryBudget = 1000000; // 1 MB: the 2 MB trace file needs about 5 MB
    const LoadResult r =
        loadProfileFile(XSPROF_CORPUS_DIR "/chromium_traceevents_shared.json", options);
    QVERIFY(!r.ok());
    QVERIFY2(r.error->problem.find("too large for the memory available") != std::string::npos, r.error->toString().c_str());
    options.memoryBudget = 100000000;
    QVERIFY(loadProfileFile(XSPROF_CORPUS_DIR "/chromium_traceevents_shared.json", options).ok());

    // Loading needs about 3 times the file (the simdjson readers; 2.57x for name-heavy files):
    // 2.8 times is refused up front (the old 2x estimate let such files through, to fail half
    // way), 3.1 times is enough.
    const auto size = double(std::filesystem::file_size(XSPROF_CORPUS_DIR "/chromium_traceevents_shared.json"));
    options.memoryBudget = uint64_t(size * 2.8);
    const LoadResult tight = loadProfileFile(XSPROF_CORPUS_DIR "/chromium_traceevents_shared.json", options);
    QVERIFY(!tight.ok());
    QVERIFY2(tight.error->problem.find("too large for the memory available") != std::string::npos,
             tight.error->toString().c_str());
    options.memoryBudget = uint64_t(size * 3.1);
    QVERIFY(loadProfileFile(XSPROF_CORPUS_DIR "/chromium_traceevents_shared.json", options).ok());
}

void TestMalformed::bothJsonDriversAgree()
{
    // simdjson and nlohmann::json::sax_parse feed the same readers: on real files and on
    // mutants they must accept the same inputs, give the same numbers and the same errors.
    std::vector<std::string> seeds = {readCorpus("tiny/variants.cpuprofile"), readCorpus("tiny/diamond_trace.json"),
                                      readCorpus("tiny/xs_graph.cpuprofile"), readCorpus("tiny/xs_stacks.cpuprofile"),
                                      readCorpus("node_fib.cpuprofile"), readCorpus("chromium_selfprof_shared.json"),
                                      readCorpus("tiny/legacy_head.cpuprofile"), readCorpus("tiny/cpuprofile_event.json"),
                                      readCorpus("tiny/cpuprofile_event_unterminated.json"),
                                      R"J({"a":"\u00e9\ud83d\ude00\n","b":[1e-400,-0,0.5E+3,18446744073709551616,-9223372036854775809],"nodes":[]})J"};
    QRandomGenerator rng(777);
    const char interesting[] = "{}[],:\"0123456789-+eE.\\ntfu\x80\xc3\xff";
    int compared = 0, bothOk = 0;
    for (int i = 0; i < 4000; ++i) {
        std::string s = seeds[size_t(i) % seeds.size()];
        if (i >= int(seeds.size())) {
            const int edits = 1 + int(rng.bounded(3));
            for (int e = 0; e < edits && !s.empty(); ++e) {
                const size_t at = rng.bounded(quint32(s.size()));
                const char c = interesting[rng.bounded(quint32(sizeof interesting - 1))];
                switch (rng.bounded(3)) {
                case 0: s[at] = c; break;
                case 1: s.insert(at, 1, c); break;
                case 2: s.erase(at, 1 + rng.bounded(4)); break;
                }
            }
        }
        LoadOptions reference;
        reference.referenceJsonParser = true;
        const LoadResult fast = loadProfileData(s, "m");
        const LoadResult slow = loadProfileData(s, "m", reference);
        ++compared;
        QVERIFY2(fast.ok() == slow.ok(),
                 qPrintable(QStringLiteral("input %1: fast %2, nlohmann %3")
                                .arg(i)
                                .arg(QString::fromStdString(fast.ok() ? "ok" : fast.error->toString()))
                                .arg(QString::fromStdString(slow.ok() ? "ok" : slow.error->toString()))));
        if (fast.ok()) {
            ++bothOk;
            QCOMPARE(fast.profile->samples.time, slow.profile->samples.time);
            QCOMPARE(fast.profile->stacks.frame, slow.profile->stacks.frame);
            QCOMPARE(fast.profile->frames.line, slow.profile->frames.line);
            QCOMPARE(fast.profile->strings.size(), slow.profile->strings.size());
        } else if (fast.error->problem.rfind("JSON syntax error", 0) != 0) {
            // Errors of meaning must say the same thing (byte offsets may differ by read-ahead).
            QCOMPARE(QString::fromStdString(fast.error->problem), QString::fromStdString(slow.error->problem));
        } else {
            QVERIFY2(slow.error->problem.rfind("JSON syntax error", 0) == 0, slow.error->toString().c_str());
        }
    }
    qInfo("driver comparison: %d inputs, %d loaded by both", compared, bothOk);
    QVERIFY(bothOk > 10);
}

void TestMalformed::unknownNestedFieldsAreSkipped()
{
    // Control for the nesting rows: moderate nesting in fields we do not read is fine.
    const std::string bytes = replaced(tinyTree, "\"startTime\"",
                                       "\"extra\":" + std::string(500, '[') + std::string(500, ']') + ",\"startTime\"");
    const LoadResult r = loadProfileData(bytes, "nested");
    QVERIFY2(r.ok(), r.error ? r.error->toString().c_str() : "");
}

void TestMalformed::validBaselineLoads()
{
    // The mutations below start from this profile: it must be valid, or the cases prove nothing.
    LoadResult r = loadProfileData(tinyTree, "tiny");
    QVERIFY(r.ok());
    QCOMPARE(r.profile->samples.size(), size_t(2));
}

void TestMalformed::rejectsWithClearError_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("problem"); // a part of the message
    QTest::addColumn<QString>("where");   // a part of the location, or empty

    const std::string t = tinyTree;
    auto row = [](const char* name, const std::string& bytes, const char* problem, const char* where) {
        QTest::newRow(name) << QByteArray::fromStdString(bytes) << QString::fromUtf8(problem)
                            << QString::fromUtf8(where);
    };
    // Plain words for what is no JSON at all, and what xsprof reads instead.
    row("empty file", "", "the file is empty. xsprof reads ", "byte 0");
    row("whitespace only", "  \n\t ", "the file holds only white space. xsprof reads", "byte 5");
    row("plain text", "hello world\nsecond line\n", "the file is not JSON: it starts with “hello world”. xsprof reads",
        "byte 0");
    row("binary garbage", std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16), "the file is not JSON: it starts with “?PNG”",
        "byte 0");
    row("broken JSON", "{\"nodes\": [}", "JSON syntax error", "byte");
    row("top-level number", "42", "not a profile object", "byte 0");
    row("empty object", "{}", "no profile found", "");
    row("nodes is an object", replaced(t, "\"nodes\":[", "\"nodes\":{\"x\":[") + "}", "nodes is an object, expected an array", "profile, byte");
    row("node is a number", R"J({"nodes":[1],"samples":[],"timeDeltas":[]})J", "nodes[0] is an integer, expected an object", "node 0");
    row("id is a string", replaced(t, "\"id\":2", "\"id\":\"2\""), "nodes[1].id is a string, expected an integer", "node 1, byte");
    row("id is huge", replaced(t, "\"id\":2", "\"id\":100000000000000000000"), "nodes[1].id is out of range", "node 1, byte");
    row("unknown sample id", replaced(t, "\"samples\":[2,2]", "\"samples\":[2,5]"), "unknown node id 5", "sample 1");
    row("length mismatch", replaced(t, "\"timeDeltas\":[10,10]", "\"timeDeltas\":[10]"), "differ in length", "");
    // Each delta is in range, their sum is not: the first wrong sample is named, its node id
    // before its time.
    const std::string three = replaced(t, "\"samples\":[2,2]", "\"samples\":[2,2,5]");
    row("time out of range before an unknown id", replaced(three, "\"timeDeltas\":[10,10]", "\"timeDeltas\":[9e15,9e15,1]"),
        "the sample time is out of range", "sample 1");
    row("unknown id before a time out of range",
        replaced(replaced(t, "\"samples\":[2,2]", "\"samples\":[5,2,2]"), "\"timeDeltas\":[10,10]", "\"timeDeltas\":[1,9e15,9e15]"),
        "unknown node id 5", "sample 0");
    row("unknown id and time out of range at once",
        replaced(replaced(t, "\"samples\":[2,2]", "\"samples\":[2,5]"), "\"timeDeltas\":[10,10]", "\"timeDeltas\":[9e15,9e15]"),
        "unknown node id 5", "sample 1");
    row("duplicate id", replaced(t, "{\"id\":2,", "{\"id\":1,"), "duplicate node id 1", "index 1");
    row("parent cycle",
        R"J({"nodes":[{"id":1,"callFrame":{"functionName":"(root)"}},{"id":2,"callFrame":{"functionName":"a"},"parent":3},
           {"id":3,"callFrame":{"functionName":"b"},"parent":2}],"samples":[1],"timeDeltas":[1]})J",
        "cycle", "node id");
    row("own parent", replaced(t, "{\"id\":2,", "{\"id\":2,\"parent\":2,"), "own parent", "node id 2");
    row("missing call frame", replaced(t, "\"callFrame\":{\"functionName\":\"main\",\"url\":\"a.js\",\"lineNumber\":0,\"columnNumber\":0}", "\"x\":1"),
        "no \"callFrame\"", "node id 2");
    row("missing id", replaced(t, "{\"id\":2,", "{"), "no \"id\"", "node index 1");
    row("NaN literal", replaced(t, "\"timeDeltas\":[10,10]", "\"timeDeltas\":[10,NaN]"), "JSON syntax error", "byte");
    row("number overflow", replaced(t, "\"timeDeltas\":[10,10]", "\"timeDeltas\":[10,1e400]"),
        "JSON number out of range: 1e400 is beyond what a double holds", "byte");
    row("absurd time", replaced(t, "\"timeDeltas\":[10,10]", "\"timeDeltas\":[10,1e300]"), "timeDeltas[1] is out of range", "time delta 1, byte");
    row("absurd start", replaced(t, "\"startTime\":0", "\"startTime\":-1e200"), "out of range", "");
    row("delta is a string", replaced(t, "\"timeDeltas\":[10,10]", "\"timeDeltas\":[10,\"10\"]"), "timeDeltas[1] is a string, expected a number", "time delta 1, byte");
    row("sample is an object", replaced(t, "\"samples\":[2,2]", "\"samples\":[2,{\"a\":1}]"), "samples", "");
    row("line is a float", replaced(t, "\"lineNumber\":0", "\"lineNumber\":0.5"), "nodes[1].callFrame.lineNumber is a number with a fraction, expected an integer", "node 1, byte");
    row("invalid UTF-8", replaced(t, "\"main\"", "\"ma\xff\xfein\""), "JSON syntax error", "byte");
    row("deep nesting", std::string(200000, '['), "", "byte");
    row("deep nesting in a profile",
        replaced(t, "\"startTime\"", "\"extra\":" + std::string(20000, '[') + std::string(20000, ']') + ",\"startTime\""),
        "nesting deeper than", "byte");
    row("trailing garbage", t + "}", "JSON syntax error", "byte");
    row("xsId on some nodes only",
        R"J({"nodes":[{"id":0,"callFrame":{"functionName":"(host)","xsId":0},"children":[1]},{"id":1,"callFrame":{"functionName":"f"}}],
           "startTime":0,"samples":[1],"timeDeltas":[5]})J",
        "xsId on some nodes only", "");
    row("xsId not an integer",
        R"J({"nodes":[{"id":0,"callFrame":{"functionName":"(host)","xsId":"0"}}],"startTime":0,"samples":[0],"timeDeltas":[5]})J",
        "nodes[0].callFrame.xsId is a string, expected an integer", "node 0, byte");
    row("xsId names two functions",
        R"J({"nodes":[{"id":0,"callFrame":{"functionName":"(host)","xsId":0},"children":[1,2]},
           {"id":1,"callFrame":{"functionName":"f","xsId":7}},{"id":2,"callFrame":{"functionName":"g","xsId":7}}],
           "startTime":0,"samples":[1],"timeDeltas":[5]})J",
        "xsId 7 names two different functions", "node id");
    row("self-profiling unknown frame",
        R"J({"frames":[{"name":"a"}],"resources":[],"stacks":[{"frameId":3}],"samples":[{"timestamp":1,"stackId":0}]})J",
        "stacks[0].frameId: frame 3 does not exist (there are 1)", "stack 0");
    row("self-profiling unknown stack",
        R"J({"frames":[{"name":"a"}],"resources":[],"stacks":[{"frameId":0}],"samples":[{"timestamp":1,"stackId":4}]})J",
        "samples[0].stackId: stack 4 does not exist (there are 1)", "sample 0");
    row("self-profiling stack cycle",
        R"J({"frames":[{"name":"a"}],"resources":[],"stacks":[{"frameId":0,"parentId":1},{"frameId":0,"parentId":0}],"samples":[]})J",
        "cycle", "stack");
    row("self-profiling unknown resource",
        R"J({"frames":[{"name":"a","resourceId":2}],"resources":["x.js"],"stacks":[{"frameId":0}],"samples":[]})J",
        "frames[0].resourceId: resource 2 does not exist (there are 1)", "frame 0");
    row("self-profiling timestamp is a string",
        R"J({"frames":[{"name":"a"}],"resources":[],"stacks":[{"frameId":0}],"samples":[{"timestamp":"1","stackId":0}]})J",
        "samples[0].timestamp is a string, expected a number", "sample 0, byte");
    // A value inside a trace event or a legacy head is named by its path, at its place and byte.
    const std::string chunk =
        R"J([{"name":"Profile","ph":"P","pid":1,"id":"0x1","ts":1,"args":{"data":{"startTime":0}}},
            {"name":"ProfileChunk","ph":"P","pid":1,"id":"0x1","ts":5,"args":{"data":{"cpuProfile":{"nodes":[
             {"id":1,"callFrame":{"functionName":"(root)"}},{"id":2,"callFrame":{"functionName":"a"},"parent":1}],
             "samples":[2]},"timeDeltas":[1]}}}])J";
    row("trace node id is a string", replaced(chunk, "{\"id\":2,", "{\"id\":\"2\","),
        "traceEvents[1].args.data.cpuProfile.nodes[1].id is a string, expected an integer", "trace event 1, node 1, byte");
    row("trace delta is a string", replaced(chunk, "\"timeDeltas\":[1]", "\"timeDeltas\":[\"1\"]"),
        "traceEvents[1].args.data.timeDeltas[0] is a string, expected a number", "trace event 1, time delta 0, byte");
    row("trace cpuProfile is a number", replaced(chunk, "\"cpuProfile\":{\"nodes\"", "\"cpuProfile\":7,\"x\":{\"nodes\""),
        "traceEvents[1].args.data.cpuProfile is an integer, expected an object", "trace event 1, data, byte");
    row("trace start is a string", replaced(chunk, "\"startTime\":0", "\"startTime\":\"0\""),
        "traceEvents[0].args.data.startTime is a string, expected a number", "trace event 0, data, byte");
    row("legacy child id is a string",
        R"J({"head":{"id":1,"functionName":"(root)","children":[{"id":2,"functionName":"a"},{"id":"3","functionName":"b"}]},
           "samples":[2],"timestamps":[0]})J",
        "head.children[1].id is a string, expected an integer", "node 2, byte");
    row("trace without profiles", R"J({"traceEvents":[{"name":"X","ph":"B","ts":1}]})J", "holds no CPU profile", "");
    row("trace chunk without profile",
        R"J([{"name":"ProfileChunk","ph":"P","pid":1,"id":"0x1","ts":5,"args":{"data":{"cpuProfile":{"nodes":[{"id":1,"callFrame":{"functionName":"(root)"}}],"samples":[1]},"timeDeltas":[1]}}}])J",
        "without a Profile event", "pid 1");
    row("trace two parents",
        R"J([{"name":"Profile","ph":"P","pid":1,"id":"0x1","ts":1,"args":{"data":{"startTime":0}}},
            {"name":"ProfileChunk","ph":"P","pid":1,"id":"0x1","ts":5,"args":{"data":{"cpuProfile":{"nodes":[
             {"id":1,"callFrame":{"functionName":"(root)"}},{"id":2,"callFrame":{"functionName":"a"},"parent":1},
             {"id":3,"callFrame":{"functionName":"b"},"parent":1},{"id":4,"callFrame":{"functionName":"c"},"parent":2},
             {"id":5,"callFrame":{"functionName":"d"},"parent":3}],"samples":[4]},"timeDeltas":[1]}}},
            {"name":"ProfileChunk","ph":"P","pid":1,"id":"0x1","ts":6,"args":{"data":{"cpuProfile":{"nodes":[
             {"id":6,"callFrame":{"functionName":"e"},"parent":1}],"samples":[99]},"timeDeltas":[1]}}}])J",
        "unknown node id 99", "sample 1");
}

void TestMalformed::rejectsWithClearError()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, problem);
    QFETCH(QString, where);
    const LoadResult r = loadProfileData(std::string_view(bytes.constData(), size_t(bytes.size())), "bad.cpuprofile");
    QVERIFY2(!r.ok(), "malformed input was accepted");
    QVERIFY(r.error.has_value());
    const QString message = QString::fromStdString(r.error->toString());
    QVERIFY2(message.startsWith(QLatin1String("bad.cpuprofile: ")), qPrintable(message));
    QVERIFY2(r.error->problem.size() > 5, qPrintable(message));
    QVERIFY2(message.contains(problem), qPrintable(message));
    QVERIFY2(!message.contains(QLatin1String("json.exception")), qPrintable(message)); // xsprof's words only
    if (!where.isEmpty())
        QVERIFY2(QString::fromStdString(r.error->where).contains(where), qPrintable(message));
}

void TestMalformed::fileSystemErrors()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    LoadResult r = loadProfileFile(dir.path().toStdString());
    QVERIFY(!r.ok());
    QVERIFY2(r.error->toString().find("is a directory") != std::string::npos, r.error->toString().c_str());
    const std::string missing = dir.filePath(QStringLiteral("missing.cpuprofile")).toStdString();
    r = loadProfileFile(missing);
    QVERIFY(!r.ok());
    QCOMPARE(r.error->file, missing);
    QVERIFY(r.error->toString().find("no such file") != std::string::npos);
    const QString empty = dir.filePath(QStringLiteral("empty.cpuprofile"));
    QFile f(empty);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.close();
    r = loadProfileFile(empty.toStdString());
    QVERIFY(!r.ok());
    QVERIFY2(r.error->toString().find("empty") != std::string::npos, r.error->toString().c_str());
}

void TestMalformed::truncatedRealFiles_data()
{
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<double>("fraction");
    for (const char* name : {"node_fib.cpuprofile", "chromium_selfprof_shared.json", "chromium_traceevents_shared.json",
                             "xsbug/gc_alloc.xst-p.cpuprofile", "tiny/xs_stacks.cpuprofile"}) {
        for (double fraction : {0.01, 0.3, 0.5, 0.77, 0.999})
            QTest::addRow("%s at %.3f", name, fraction) << QByteArray(name) << fraction;
    }
}

void TestMalformed::truncatedRealFiles()
{
    QFETCH(QByteArray, file);
    QFETCH(double, fraction);
    const std::string bytes = readCorpus(file.constData());
    QVERIFY(bytes.size() > 100);
    const size_t cut = size_t(double(bytes.size()) * fraction);
    const LoadResult r = loadProfileData(std::string_view(bytes).substr(0, cut), "cut");
    QVERIFY(!r.ok());
    QVERIFY2(r.error->problem.find("JSON syntax error") != std::string::npos, r.error->toString().c_str());
    // The byte offset names the end of what was there.
    QVERIFY2(r.error->where == "byte " + std::to_string(cut) || r.error->where == "byte " + std::to_string(cut - 1),
             r.error->toString().c_str());
}

// A Chrome trace cut inside a screenshot's base64 string: the error quotes one short line of
// what came before (it quoted the whole string, kilobytes, which the load-error dialog cut), with
// either JSON driver.
void TestMalformed::aStringCutByTruncationIsQuotedShort()
{
    std::string bytes = readCorpus("chromium_traceevents_shared.json");
    const size_t events = bytes.find("\"traceEvents\"");
    const size_t firstEvent = bytes.find('{', events);
    QVERIFY(events != std::string::npos && firstEvent != std::string::npos);
    std::string base64;
    for (int i = 0; base64.size() < 6000; ++i)
        base64 += "iVBORw0KGgoAAAANSUhEUgAA"[i % 24];
    const std::string screenshot = "{\"name\":\"Screenshot\",\"ph\":\"O\",\"ts\":1,\"pid\":1,\"tid\":1,\"id\":\"0x1\","
                                   "\"args\":{\"snapshot\":\"" + base64 + "\"}},";
    bytes.insert(firstEvent, screenshot);
    const std::string cut = bytes.substr(0, firstEvent + screenshot.size() / 2);
    LoadOptions reference;
    reference.referenceJsonParser = true;
    for (const LoadOptions& options : {LoadOptions{}, reference}) {
        const LoadResult r = loadProfileData(cut, "cut-trace.json", options);
        QVERIFY(!r.ok());
        const std::string message = r.error->toString();
        QVERIFY2(r.error->problem.find("JSON syntax error") != std::string::npos, message.c_str());
        QVERIFY2(message.size() < 300, message.c_str());
        QVERIFY2(message.find('\n') == std::string::npos, message.c_str());
        // What it quotes is the end of what was read: the string's last bytes.
        QVERIFY2(r.error->problem.find(cut.substr(cut.size() - 10) + "'") != std::string::npos, message.c_str());
    }
}

void TestMalformed::traceProfileIndexOutOfRange()
{
    const std::string bytes = readCorpus("chromium_traceevents_shared.json");
    LoadOptions options;
    options.profileIndex = 5;
    const LoadResult r = loadProfileData(bytes, "trace.json", options);
    QVERIFY(!r.ok());
    QVERIFY2(r.error->problem.find("there is no profile 5") != std::string::npos, r.error->toString().c_str());
}

void TestMalformed::cancelledLoad()
{
    std::string bytes = readCorpus("chromium_traceevents_shared.json");
    std::atomic<bool> cancel{false};
    int progressCalls = 0;
    TaskControl control;
    control.cancelFlag = &cancel;
    control.onProgress = [&](double) {
        if (++progressCalls == 1)
            cancel = true; // cancel as soon as loading reports it has started
    };
    const LoadResult r = loadProfileData(bytes, "trace.json", {}, &control);
    QVERIFY(!r.ok());
    QVERIFY(r.cancelled);
    QVERIFY(progressCalls >= 1);
}

void TestMalformed::randomMutationsNeverCrash()
{
    // A small in-process fuzzer over real files: flips, inserts and cuts bytes. Every
    // result is either a profile or an error with a message (sanitizers catch the rest).
    const std::string seeds[] = {readCorpus("tiny/variants.cpuprofile"), readCorpus("tiny/diamond_trace.json"),
                                 readCorpus("tiny/xs_graph.cpuprofile"), readCorpus("tiny/xs_stacks.cpuprofile"),
                                 readCorpus("tiny/cycle.cpuprofile"), readCorpus("tiny/legacy_head.cpuprofile"),
                                 readCorpus("tiny/cpuprofile_event.json"),
                                 readCorpus("tiny/cpuprofile_event_unterminated.json")};
    QRandomGenerator rng(12345);
    int accepted = 0, rejected = 0;
    const char interesting[] = "{}[],:\"0123456789-e.\\ntf";
    for (int i = 0; i < 3000; ++i) {
        std::string s = seeds[size_t(i) % std::size(seeds)];
        const int edits = 1 + int(rng.bounded(4));
        for (int e = 0; e < edits && !s.empty(); ++e) {
            const size_t at = rng.bounded(quint32(s.size()));
            switch (rng.bounded(4)) {
            case 0: s[at] = interesting[rng.bounded(quint32(sizeof interesting - 1))]; break;
            case 1: s.insert(at, 1, interesting[rng.bounded(quint32(sizeof interesting - 1))]); break;
            case 2: s.erase(at, 1 + rng.bounded(8)); break;
            case 3: s[at] = char(rng.bounded(256)); break;
            }
        }
        const LoadResult r = loadProfileData(s, "mutant");
        if (r.ok()) {
            ++accepted;
        } else {
            ++rejected;
            QVERIFY(r.error && !r.error->problem.empty());
        }
    }
    qInfo("mutants: %d loaded, %d rejected", accepted, rejected);
    QVERIFY(rejected > 0);
}

QTEST_GUILESS_MAIN(TestMalformed)
#include "tst_malformed.moc"
