// Collections (model/collection): what `collect` stores and what a merged report computes,
// against the oracle's numbers of each corpus file, and the inputs' rules (NDJSON lines with
// attributes, traces.csv, bad inputs recorded and skipped, re-runs that read only what changed).
#include "expectedprofile.h"

#include "model/collection/collector.h"
#include "model/collection/mergedprofile.h"
#include "model/collection/traceinputs.h"
#include "model/collection/tracefilter.h"
#include "model/cpuprofilewriter.h"
#include "model/profileanalysis.h"
#include "model/profileloader.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

using namespace xsprof;
using namespace xsprof::collection;
namespace fs = std::filesystem;

namespace {

const char* const corpusFiles[] = {"node_fib.cpuprofile", "node_tree.cpuprofile", "node_dag_shared.cpuprofile",
                                   "chromium_selfprof_shared.json"};

std::string corpus(const std::string& name)
{
    return std::string(XSPROF_CORPUS_DIR) + "/" + name;
}

std::string readAll(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::stringstream bytes;
    bytes << in.rdbuf();
    return bytes.str();
}

using Key = std::tuple<std::string, std::string, int, int>;

Key oracleKey(const nlohmann::json& function, int base)
{
    const auto& k = function.at("key");
    auto toModel = [base](int v) { return v < 0 ? 0 : v + (base == 0 ? 1 : 0); };
    return {k[0].get<std::string>(), k[1].get<std::string>(), toModel(k[2].get<int>()), toModel(k[3].get<int>())};
}

std::map<Key, FrameId> framesByKey(const Profile& profile, const FunctionAnalysis& analysis)
{
    std::map<Key, FrameId> frames;
    for (const FrameId f : analysis.functions())
        frames.emplace(Key{std::string(profile.frameName(f)), std::string(profile.frameUrl(f)),
                           profile.frames.line[f.value], profile.frames.column[f.value]},
                       f);
    return frames;
}

} // namespace

class CollectionTest : public QObject {
    Q_OBJECT

private slots:
    void mergedSelfAndInclusiveAreTheOraclesSums();
    void dividedTotalIsTheOraclesOnTheMergedProfile();
    void ndjsonLinesCarryTheirAttributes();
    void foldersTakeTracesCsvAndBadFilesAreRecorded();
    void mixedAttributeGetsOneMessage();
    void rerunsReadOnlyWhatChanged();
    void filterLanguage_data();
    void filterLanguage();
    void readOnlyCollectionsOpenReadOnly();
    void collectingAFolderSkipsTheDatabaseItself();
    void rotatedLogLinesAreCollectedOnce();

private:
    std::string collectCorpus(QTemporaryDir& dir)
    {
        const std::string db = dir.filePath(QStringLiteral("corpus.db")).toStdString();
        CollectionStore store(db, true);
        std::vector<std::string> inputs;
        for (const char* name : corpusFiles)
            inputs.push_back(corpus(name));
        const CollectSummary summary = collect(store, inputs);
        if (summary.added != std::size(corpusFiles) || summary.failed != 0)
            qWarning("collect added %zu, failed %zu", summary.added, summary.failed);
        return db;
    }
};

void CollectionTest::mergedSelfAndInclusiveAreTheOraclesSums()
{
    QTemporaryDir dir;
    CollectionStore store(collectCorpus(dir), false);
    const std::vector<StoredTrace> traces = store.traces();
    QCOMPARE(traces.size(), std::size(corpusFiles));
    const MergedTraces merged = mergeTraces(store, traces, "corpus");
    QVERIFY(merged.problems.empty());
    const ProfileAnalysis analysis = ProfileAnalysis::compute(merged.profile);

    std::map<Key, std::pair<double, double>> expected; // self, inclusive summed over the files
    double duration = 0.0;
    size_t samples = 0;
    for (const char* name : corpusFiles) {
        const std::string stem = fs::path(name).stem().string();
        const nlohmann::json oracle = ExpectedProfile::readFile(corpus(stem + ".expected.json"));
        duration += oracle.at("duration").get<double>();
        samples += oracle.at("sample_count").get<size_t>();
        for (const auto& f : oracle.at("functions")) {
            auto& sums = expected[oracleKey(f, oracle.at("key_line_base").get<int>())];
            sums.first += f.at("self").get<double>();
            sums.second += f.at("total").get<double>();
        }
    }
    QVERIFY(ExpectedProfile::close(analysis.functions.duration(), duration));
    QCOMPARE(merged.profile.samples.size(), samples); // the traces' own samples
    const std::map<Key, FrameId> frames = framesByKey(merged.profile, analysis.functions);
    QCOMPARE(frames.size(), expected.size());
    for (const auto& [key, sums] : expected) {
        const auto found = frames.find(key);
        QVERIFY2(found != frames.end(), std::get<0>(key).c_str());
        QVERIFY2(ExpectedProfile::close(analysis.functions.self(found->second), sums.first), std::get<0>(key).c_str());
        QVERIFY2(ExpectedProfile::close(analysis.functions.inclusive(found->second), sums.second),
                 std::get<0>(key).c_str());
    }
}

void CollectionTest::dividedTotalIsTheOraclesOnTheMergedProfile()
{
    // The merged profile written as a .cpuprofile is "an equivalent merged profile": the
    // oracle computes its divided totals independently.
    QTemporaryDir dir;
    CollectionStore store(collectCorpus(dir), false);
    const MergedTraces merged = mergeTraces(store, store.traces(), "corpus");
    const ProfileAnalysis analysis = ProfileAnalysis::compute(merged.profile);
    const std::string saved = dir.filePath(QStringLiteral("merged.cpuprofile")).toStdString();
    std::string error;
    QVERIFY2(saveCpuProfile(merged.profile, saved, &error), error.c_str());
    QProcess oracle;
    oracle.start(QStringLiteral("python3"), {QStringLiteral(XSPROF_TOOLS_DIR "/profile_oracle.py"),
                                             QString::fromStdString(saved), QStringLiteral("--stdout")});
    QVERIFY2(oracle.waitForFinished(120000) && oracle.exitCode() == 0, oracle.readAllStandardError().constData());
    const nlohmann::json expected = nlohmann::json::parse(oracle.readAllStandardOutput().toStdString());
    const std::map<Key, FrameId> frames = framesByKey(merged.profile, analysis.functions);
    size_t compared = 0;
    for (const auto& f : expected.at("functions")) {
        const auto found = frames.find(oracleKey(f, expected.at("key_line_base").get<int>()));
        QVERIFY(found != frames.end());
        QVERIFY2(ExpectedProfile::close(analysis.functions.total(found->second), f.at("divided_total").get<double>()),
                 f.at("key")[0].get<std::string>().c_str());
        ++compared;
    }
    QCOMPARE(compared, frames.size());
}

void CollectionTest::ndjsonLinesCarryTheirAttributes()
{
    QTemporaryDir dir;
    const std::string ndjson = dir.filePath(QStringLiteral("beacons.ndjson")).toStdString();
    const std::string trace = readAll(corpus("chromium_selfprof_shared.json"));
    const nlohmann::json parsed = nlohmann::json::parse(trace);
    {
        std::ofstream out(ndjson);
        for (int i = 0; i < 3; ++i)
            out << nlohmann::json{{"trace", parsed}, {"release", i < 2 ? "2.4" : "2.5"}, {"slow", i == 1},
                                  {"memory_mb", 512 + i}}.dump()
                << "\n";
        out << "{\"release\": \"2.4\"}\n"                        // no trace
            << "not json at all\n"                                // not JSON
            << nlohmann::json{{"trace", parsed}, {"tags", {1, "a"}}, {"user", {{"id", 7}}}, {"release", nullptr}}.dump()
            << "\n"; // array and object attributes kept as JSON text, a null one absent
    }
    CollectionStore store(dir.filePath(QStringLiteral("n.db")).toStdString(), true);
    const CollectSummary summary = collect(store, {ndjson});
    QCOMPARE(summary.added, size_t(4));
    QCOMPARE(summary.failed, size_t(2));
    QCOMPARE(store.failedInputCount(), size_t(2));
    QCOMPARE(summary.problems.size(), size_t(2));
    QVERIFY(summary.problems[0].find("beacons.ndjson:4: no \"trace\" member") != std::string::npos);
    QVERIFY(summary.problems[1].find(":5: not JSON") != std::string::npos);
    {
        auto values = store.database().prepare(
            "SELECT name, value, typeof(value) FROM attributes a JOIN traces t ON t.id = a.trace_id "
            "WHERE t.file LIKE '%:6' ORDER BY name");
        std::vector<std::string> seen;
        while (values.step())
            seen.push_back(values.text(0) + "=" + values.text(1) + ":" + values.text(2));
        QCOMPARE(seen, (std::vector<std::string>{"tags=[1,\"a\"]:text", "user={\"id\":7}:text"}));
    }

    std::string error;
    auto select = [&](const char* expression) {
        const std::optional<TraceFilter> filter = parseTraceFilter(expression, &error);
        return filter ? store.traces(filter->sql, filter->parameters).size() : size_t(999);
    };
    QCOMPARE(select("release = \"2.4\""), size_t(2));
    QCOMPARE(select("release = '2.5' or slow = true"), size_t(2));
    QCOMPARE(select("memory_mb >= 513 and not slow = true"), size_t(1));
    QCOMPARE(select("format = \"js-self-profiling\" and sample_count > 0"), size_t(4));
    QCOMPARE(select("file ~ \"*beacons.ndjson:*\""), size_t(4)); // a glob matches the whole text
    QCOMPARE(select("file ~ \"beacons.ndjson:2\""), size_t(1));  // without one, a substring
    QCOMPARE(select("missing = 1"), size_t(0));
    QCOMPARE(select("not missing = 1"), size_t(4));
    QCOMPARE(select("tags ~ \"\\\"a\\\"\""), size_t(1));
    QCOMPARE(select("release > 1"), size_t(0)); // text never orders against a number
    const auto problem = [&](const char* expression) {
        return filterProblem(store, *parseTraceFilter(expression, nullptr));
    };
    QCOMPARE(problem("relase = \"2.4\""), std::string("no trace has an attribute named relase (the attributes: memory_mb, "
                                                       "release, slow, tags, user)"));
    QCOMPARE(problem("release > 2.5"),
             std::string("the attribute release holds text: compare it with a \"text\" value, not a number"));
    QCOMPARE(problem("memory_mb < \"600\""),
             std::string("the attribute memory_mb holds numbers: order it (<) by a number, not \"text\""));
    QCOMPARE(problem("memory_mb = \"513\" and release = \"2.5\" and duration_us > 0"), std::string());
    QCOMPARE(select("memory_mb = \"513\""), size_t(1)); // = compares a number's text

    // Each trace's numbers are those of the file opened alone.
    LoadResult alone = loadProfileFile(corpus("chromium_selfprof_shared.json"), {});
    QVERIFY(alone.ok());
    const double aloneDuration = ProfileAnalysis::compute(*alone.profile).functions.duration();
    for (const StoredTrace& t : store.traces())
        QVERIFY(ExpectedProfile::close(t.duration, aloneDuration));
}

void CollectionTest::foldersTakeTracesCsvAndBadFilesAreRecorded()
{
    QTemporaryDir dir;
    const fs::path folder = dir.filePath(QStringLiteral("runs")).toStdString();
    fs::create_directories(folder / "device");
    fs::copy_file(corpus("node_fib.cpuprofile"), folder / "a.cpuprofile");
    fs::copy_file(corpus("node_tree.cpuprofile"), folder / "device" / "b.cpuprofile");
    std::ofstream(folder / "broken.cpuprofile") << "{\"nodes\": [";
    std::ofstream(folder / ".hidden.cpuprofile") << "ignored";
    std::ofstream(folder / "traces.csv") << "file,release,note,memory_mb:number\n"
                                            "a.cpuprofile,1.10,\"quoted, with comma\",512\n"
                                            "device/b.cpuprofile,1.1,plain,\n"
                                            "too,many,fields,here,!\n";
    CollectionStore store(dir.filePath(QStringLiteral("f.db")).toStdString(), true);
    const CollectSummary summary = collect(store, {folder.string(), dir.filePath(QStringLiteral("nothing")).toStdString()});
    QCOMPARE(summary.added, size_t(2));
    QCOMPARE(summary.failed, size_t(1));
    bool csvProblem = false, missingProblem = false, brokenProblem = false;
    for (const std::string& p : summary.problems) {
        csvProblem |= p.find("traces.csv: line 4: 5 fields, the header has 4") != std::string::npos;
        missingProblem |= p.find("nothing: no such file or folder") != std::string::npos;
        brokenProblem |= p.find("broken.cpuprofile") != std::string::npos;
    }
    QVERIFY(csvProblem && missingProblem && brokenProblem);
    std::string error;
    const std::optional<TraceFilter> filter = parseTraceFilter("note ~ \"with comma\" and release = \"1.10\"", &error);
    QVERIFY2(filter, error.c_str());
    const std::vector<StoredTrace> found = store.traces(filter->sql, filter->parameters);
    QCOMPARE(found.size(), size_t(1));
    QVERIFY(found[0].file.ends_with("a.cpuprofile"));
    // Values as given: "1.10" and "1.1" stay two releases; a :number column holds numbers, its
    // empty field no value.
    auto values = store.database().prepare("SELECT name, value, typeof(value) FROM attributes ORDER BY trace_id, name");
    std::vector<std::string> seen;
    while (values.step())
        seen.push_back(values.text(0) + "=" + values.text(1) + ":" + values.text(2));
    QCOMPARE(seen, (std::vector<std::string>{"memory_mb=512:integer", "note=quoted, with comma:text", "release=1.10:text",
                                             "note=plain:text", "release=1.1:text"}));
    const std::optional<TraceFilter> number = parseTraceFilter("memory_mb >= 512", &error);
    QCOMPARE(store.traces(number->sql, number->parameters).size(), size_t(1));
    // A number column with a value that is not one: the line and field are named, that
    // attribute left out and the row's others kept.
    std::ofstream(folder / "traces.csv") << "file,memory_mb:number,release\na.cpuprofile,lots,2.4\n";
    std::vector<std::string> problems;
    const auto kept = readTracesCsv(folder / "traces.csv", problems);
    QCOMPARE(kept.size(), size_t(1));
    const std::vector<Attribute>& row = kept.begin()->second;
    QCOMPARE(row.size(), size_t(1));
    QCOMPARE(row[0].name, std::string("release"));
    QCOMPARE(problems, (std::vector<std::string>{(folder / "traces.csv").string() +
                                                 ": line 2: memory_mb is a number column, and \"lots\" is not a number: "
                                                 "a.cpuprofile has no memory_mb"}));
}

void CollectionTest::mixedAttributeGetsOneMessage()
{
    // release as text in one beacon and as a number in another: any comparison the types refuse
    // gets the same message, naming what the attribute holds; = with text matches both.
    QTemporaryDir dir;
    const std::string ndjson = dir.filePath(QStringLiteral("mixed.ndjson")).toStdString();
    const nlohmann::json trace = nlohmann::json::parse(readAll(corpus("chromium_selfprof_shared.json")));
    std::ofstream(ndjson) << nlohmann::json{{"trace", trace}, {"release", "2.4"}}.dump() << "\n"
                          << nlohmann::json{{"trace", trace}, {"release", 2.5}, {"n", 1}}.dump() << "\n";
    CollectionStore store(dir.filePath(QStringLiteral("m.db")).toStdString(), true);
    QCOMPARE(collect(store, {ndjson}).added, size_t(2));
    const std::string mixed = "the attribute release holds text and numbers: compare it with a \"text\" value by =, != or ~";
    for (const char* expression : {"release > 2.4", "release = 2.5", "release < \"3\"", "release >= \"2.4\""})
        QCOMPARE(filterProblem(store, *parseTraceFilter(expression, nullptr)), mixed);
    const std::optional<TraceFilter> text = parseTraceFilter("release = \"2.5\" or release = \"2.4\"", nullptr);
    QCOMPARE(filterProblem(store, *text), std::string());
    QCOMPARE(store.traces(text->sql, text->parameters).size(), size_t(2));
}

void CollectionTest::rerunsReadOnlyWhatChanged()
{
    QTemporaryDir dir;
    const fs::path profile = dir.filePath(QStringLiteral("p.cpuprofile")).toStdString();
    fs::copy_file(corpus("node_fib.cpuprofile"), profile);
    const std::string ndjson = dir.filePath(QStringLiteral("t.jsonl")).toStdString();
    const nlohmann::json trace = nlohmann::json::parse(readAll(corpus("chromium_selfprof_shared.json")));
    std::ofstream(ndjson) << nlohmann::json{{"trace", trace}, {"n", 1}}.dump() << "\n";
    const std::string db = dir.filePath(QStringLiteral("r.db")).toStdString();
    {
        CollectionStore store(db, true);
        QCOMPARE(collect(store, {profile.string(), ndjson}).added, size_t(2));
        const CollectSummary again = collect(store, {profile.string(), ndjson});
        QCOMPARE(again.added, size_t(0));
        QCOMPARE(again.unchanged, size_t(2));
    }
    // A line appended, and the profile rewritten with another one.
    std::ofstream(ndjson, std::ios::app) << nlohmann::json{{"trace", trace}, {"n", 2}}.dump() << "\n";
    fs::copy_file(corpus("node_tree.cpuprofile"), profile, fs::copy_options::overwrite_existing);
    fs::last_write_time(profile, fs::last_write_time(profile) + std::chrono::seconds(5));
    CollectionStore store(db, true);
    const CollectSummary changed = collect(store, {profile.string(), ndjson});
    QCOMPARE(changed.added, size_t(2)); // the new line, and the rewritten profile
    QCOMPARE(changed.replaced, size_t(1));
    QCOMPARE(changed.unchanged, size_t(1)); // the first line
    QCOMPARE(store.traceCount(), size_t(3));
    LoadResult tree = loadProfileFile(corpus("node_tree.cpuprofile"), {});
    QVERIFY(tree.ok());
    const double treeDuration = ProfileAnalysis::compute(*tree.profile).functions.duration();
    bool hasTree = false;
    for (const StoredTrace& t : store.traces())
        hasTree |= t.file == profile.string() && ExpectedProfile::close(t.duration, treeDuration);
    QVERIFY(hasTree);
}

void CollectionTest::filterLanguage_data()
{
    QTest::addColumn<QString>("expression");
    QTest::addColumn<QString>("error");
    QTest::newRow("empty") << "" << "";
    QTest::newRow("nested") << "(a = 1 or b != \"x\") and not (c ~ 'y*' or d <= 2.5e3)" << "";
    QTest::newRow("no value") << "release >" << "expected a value: \"text\", a number, true or false at character 10";
    QTest::newRow("no operator") << "release 2" << "expected one of = != < <= > >= ~ at character 9";
    QTest::newRow("open quote") << "a = \"x" << "the text has no closing quote at character 5";
    QTest::newRow("unbalanced") << "(a = 1" << "expected ) at character 7";
    QTest::newRow("trailing") << "a = 1 b = 2" << "expected and, or or the end at character 7";
    QTest::newRow("glob on number") << "a ~ 3" << "~ takes a text value at character 1";
    QTest::newRow("text column, number") << "format = 3" << "format is text: compare it with a \"text\" value at character 10";
    QTest::newRow("number column, text order") << "duration_us > \"5\"" << "duration_us is a number: compare it with a number at character 15";
}

void CollectionTest::filterLanguage()
{
    QFETCH(QString, expression);
    QFETCH(QString, error);
    std::string problem;
    const std::optional<TraceFilter> filter = parseTraceFilter(expression.toStdString(), &problem);
    QCOMPARE(QString::fromStdString(problem), error);
    QCOMPARE(filter.has_value(), error.isEmpty());
    if (filter && !expression.isEmpty()) {
        // Values are parameters, never SQL text.
        QVERIFY(filter->sql.find_first_of("'\"") == std::string::npos);
        QCOMPARE(filter->parameters.size(), size_t(8)); // four values and four names
    }
}

void CollectionTest::readOnlyCollectionsOpenReadOnly()
{
    QTemporaryDir dir;
    const std::string db = collectCorpus(dir);
    {
        CollectionStore store(db, false);
        QVERIFY(store.database().isReadOnly()); // SQLite's own answer: this connection cannot write
        QCOMPARE(store.traceCount(), std::size(corpusFiles));
        bool refused = false;
        try {
            store.database().execute("DELETE FROM traces");
        } catch (const SqliteError& e) {
            refused = std::string(e.what()).find("readonly") != std::string::npos;
        }
        QVERIFY(refused);
    }
    // Still every trace, and collect (which writes) opens for writing.
    CollectionStore writable(db, true);
    QVERIFY(!writable.database().isReadOnly());
    QCOMPARE(writable.traceCount(), std::size(corpusFiles));
}

void CollectionTest::collectingAFolderSkipsTheDatabaseItself()
{
    QTemporaryDir dir;
    const fs::path folder = dir.path().toStdString();
    fs::copy_file(corpus("node_fib.cpuprofile"), folder / "a.cpuprofile");
    const fs::path db = folder / "field.db";
    CollectionStore store(db.string(), true);
    std::ofstream(db.string() + "-journal") << "left by an older run"; // as a rollback journal would be
    const CollectSummary summary = collect(store, {folder.string()});
    QCOMPARE(summary.added, size_t(1));
    QCOMPARE(summary.failed, size_t(0));
    QVERIFY2(summary.problems.empty(), summary.problems.empty() ? "" : summary.problems[0].c_str());
    QVERIFY(fs::exists(db.string() + "-wal")); // it was there to be read, and was not
}

void CollectionTest::rotatedLogLinesAreCollectedOnce()
{
    QTemporaryDir dir;
    const fs::path folder = dir.path().toStdString();
    const nlohmann::json trace = nlohmann::json::parse(readAll(corpus("chromium_selfprof_shared.json")));
    const fs::path log = folder / "beacons.ndjson", rotated = folder / "beacons.1.ndjson";
    auto write = [&](const fs::path& path, int from, int to) {
        std::ofstream out(path);
        for (int i = from; i < to; ++i)
            out << nlohmann::json{{"trace", trace}, {"n", i}}.dump() << "\n";
    };
    write(log, 0, 3);
    CollectionStore store(dir.filePath(QStringLiteral("r.db")).toStdString(), true);
    QCOMPARE(collect(store, {log.string()}).added, size_t(3));
    // The log rotated: its lines now in beacons.1.ndjson, two new ones in beacons.ndjson. Both
    // orders of reading give every beacon once.
    fs::rename(log, rotated);
    write(log, 3, 5);
    const CollectSummary after = collect(store, {log.string(), rotated.string()});
    QCOMPARE(after.added, size_t(2));
    QCOMPARE(after.sameLines, size_t(3));
    QCOMPARE(store.traceCount(), size_t(5));
    auto distinct = store.database().prepare("SELECT count(DISTINCT value) FROM attributes WHERE name = 'n'");
    QVERIFY(distinct.step());
    QCOMPARE(distinct.integer(0), int64_t(5));
    distinct.reset();
    // Rotated again the other way round (the rotated file read first), and a line sent twice.
    fs::rename(rotated, folder / "beacons.2.ndjson");
    fs::rename(log, rotated);
    write(log, 5, 7);
    std::ofstream(log, std::ios::app) << nlohmann::json{{"trace", trace}, {"n", 6}}.dump() << "\n";
    const CollectSummary again = collect(store, {(folder / "beacons.2.ndjson").string(), rotated.string(), log.string()});
    QCOMPARE(again.added, size_t(2));
    QCOMPARE(store.traceCount(), size_t(7));
    QVERIFY(distinct.step());
    QCOMPARE(distinct.integer(0), int64_t(7));
}

QTEST_GUILESS_MAIN(CollectionTest)
#include "tst_collection.moc"
