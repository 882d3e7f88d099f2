// `xsprof collect`, `report DB` and the cohort `diff`, run as a user would: a collection
// killed while it is written stays usable and a re-run completes it to what one clean run
// gives; a generated regression is found, and --fail-on-regression gates on it; the export
// writes every trace and (trace, function) row, quoted as CSV and as NDJSON.
#include "model/collection/collectionstore.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <nlohmann/json.hpp>

#include <csignal>
#include <fstream>

#include <sys/stat.h>
#include <unistd.h>

namespace {

struct Run {
    int code = -1;
    QByteArray out, err;
};

Run runXsprof(const QStringList& arguments, int timeoutMs = 240000)
{
    QProcess p;
    p.start(QStringLiteral(XSPROF_EXECUTABLE), arguments);
    Run r;
    if (!p.waitForFinished(timeoutMs))
        p.kill();
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

// function key -> (self, inclusive) of a `report --json`.
std::map<std::string, std::pair<double, double>> reportNumbers(const QByteArray& json)
{
    std::map<std::string, std::pair<double, double>> numbers;
    const nlohmann::json report = nlohmann::json::parse(json.toStdString());
    for (const auto& f : report.at("functions"))
        numbers[f.at("name").get<std::string>() + "@" + f.at("url").get<std::string>() + ":" +
                std::to_string(f.at("line").get<int>())] = {f.at("self_us").get<double>(), f.at("inclusive_us").get<double>()};
    return numbers;
}

} // namespace

class TestCliCollect : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void killedCollectLeavesAUsableCollection();
    void cohortDiffFindsTheRegressionAndGates();
    void badInputsAreNamed();
    void exportWritesEveryRowQuotedInBothFormats();
    void sourceMapsGiveCollectedTracesTheirOriginalFunctions();
    void rarePathRegressionFailsTheGate();
    void equalCohortsFlagNothing();
    void gateAndCohortErrorsAreNamed();
    void readOnlyCollectionIsReadByEveryCommand();
    void exportRenamesAttributesNamedLikeItsColumns();

private:
    QString rareCollection(); // collected once
    QTemporaryDir m_dir;
    QString m_beacons; // 400 generated traces, release 2.4 / 2.5 alternating
    QString m_rareDb;
};

void TestCliCollect::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_beacons = m_dir.filePath(QStringLiteral("beacons.ndjson"));
    QProcess generator;
    generator.start(QStringLiteral("python3"), {QStringLiteral(XSPROF_GENERATOR), m_beacons, QStringLiteral("--traces"),
                                               QStringLiteral("400"), QStringLiteral("--slowdown"), QStringLiteral("3")});
    QVERIFY2(generator.waitForFinished(120000) && generator.exitCode() == 0, generator.readAllStandardError().constData());
}

void TestCliCollect::killedCollectLeavesAUsableCollection()
{
    const QString clean = m_dir.filePath(QStringLiteral("clean.db"));
    const Run once = runXsprof({QStringLiteral("collect"), QStringLiteral("--quiet"), clean, m_beacons});
    QVERIFY2(once.code == 0, once.err.constData());
    QVERIFY(once.out.contains("400 traces added"));
    const Run cleanReport = runXsprof({QStringLiteral("report"), QStringLiteral("--json"), clean});
    QCOMPARE(cleanReport.code, 0);

    // Kill collects of the same input at growing delays: every time the database opens, holds
    // whole traces only, and a re-run finishes it to the clean run's numbers.
    int killedMidway = 0;
    for (int delayMs : {60, 150, 300, 600}) {
        const QString db = m_dir.filePath(QStringLiteral("killed-%1.db").arg(delayMs));
        QProcess collect;
        collect.start(QStringLiteral(XSPROF_EXECUTABLE),
                      {QStringLiteral("collect"), QStringLiteral("--quiet"), db, m_beacons});
        QVERIFY(collect.waitForStarted());
        QThread::msleep(static_cast<unsigned long>(delayMs));
        const bool running = collect.state() == QProcess::Running;
        ::kill(pid_t(collect.processId()), SIGKILL);
        collect.waitForFinished();
        if (!QFileInfo::exists(db))
            continue; // killed before it made the file
        {
            xsprof::collection::CollectionStore store(db.toStdString(), true); // as the next collect opens it
            auto check = store.database().prepare("PRAGMA integrity_check");
            QVERIFY(check.step());
            QCOMPARE(QString::fromStdString(check.text(0)), QStringLiteral("ok"));
            const size_t traces = store.traceCount();
            QVERIFY(traces <= 400);
            if (running && traces < 400)
                ++killedMidway;
            // Every stored trace has its costs: no half-written trace.
            auto orphans = store.database().prepare(
                "SELECT count(*) FROM traces WHERE NOT EXISTS (SELECT 1 FROM costs WHERE costs.trace_id = traces.id)");
            orphans.step();
            QCOMPARE(orphans.integer(0), int64_t(0));
        }
        const Run resumed = runXsprof({QStringLiteral("collect"), QStringLiteral("--quiet"), db, m_beacons});
        QVERIFY2(resumed.code == 0, resumed.err.constData());
        const Run report = runXsprof({QStringLiteral("report"), QStringLiteral("--json"), db});
        QCOMPARE(report.code, 0);
        const auto want = reportNumbers(cleanReport.out), got = reportNumbers(report.out);
        QCOMPARE(got.size(), want.size());
        for (const auto& [key, value] : want) {
            QVERIFY2(got.count(key), key.c_str());
            QVERIFY2(qAbs(got.at(key).first - value.first) <= 1e-6 * qMax(1.0, value.first), key.c_str());
            QVERIFY2(qAbs(got.at(key).second - value.second) <= 1e-6 * qMax(1.0, value.second), key.c_str());
        }
    }
    qInfo("%d of 4 kills landed while traces were being written", killedMidway);
    QVERIFY(killedMidway >= 1);
}

void TestCliCollect::cohortDiffFindsTheRegressionAndGates()
{
    const QString db = m_dir.filePath(QStringLiteral("cohorts.db"));
    QCOMPARE(runXsprof({QStringLiteral("collect"), QStringLiteral("--quiet"), db, m_beacons}).code, 0);
    const QStringList cohorts{QStringLiteral("diff"), db, QStringLiteral("--base"), QStringLiteral("release = \"2.4\""),
                              QStringLiteral("--new"), QStringLiteral("release = \"2.5\"")};
    const Run json = runXsprof(cohorts + QStringList{QStringLiteral("--json")});
    QVERIFY2(json.code == 0, json.err.constData());
    const nlohmann::json diff = nlohmann::json::parse(json.out.toStdString());
    QCOMPARE(diff.at("base").at("trace_count").get<int>(), 200);
    QCOMPARE(diff.at("new").at("trace_count").get<int>(), 200);
    std::vector<std::string> significant;
    double parseRecordsShift = 0.0;
    for (const auto& f : diff.at("functions")) {
        const auto& stats = f.at("stats");
        if (stats.at("significant").get<bool>())
            significant.push_back(f.at("name").get<std::string>());
        if (f.at("name") == "parseRecords") {
            parseRecordsShift = stats.at("self_share_shift").get<double>();
            QVERIFY(stats.at("self_share_ci95")[0].get<double>() > 0.0);
            QVERIFY(stats.at("q").get<double>() < 0.05);
        }
    }
    QVERIFY(parseRecordsShift > 0.5); // tripled: well over half a percentage point
    QVERIFY(std::find(significant.begin(), significant.end(), "parseRecords") != significant.end());
    // The other functions' self times are drawn alike; their shares shrink a little as
    // parseRecords grows, so a few may be found, never many.
    QVERIFY2(significant.size() <= 15, std::to_string(significant.size()).c_str());

    const Run gate = runXsprof(cohorts + QStringList{QStringLiteral("--fail-on-regression"), QStringLiteral("0.3")});
    QCOMPARE(gate.code, 3);
    QVERIFY(gate.err.contains("regression: parseRecords"));
    const Run loose = runXsprof(cohorts + QStringList{QStringLiteral("--fail-on-regression"), QStringLiteral("50")});
    QCOMPARE(loose.code, 0);
    QVERIFY(loose.out.contains("Cohorts, each function's self time as a share of duration"));
}

void TestCliCollect::badInputsAreNamed()
{
    const QString db = m_dir.filePath(QStringLiteral("bad.db"));
    const QString notProfile = m_dir.filePath(QStringLiteral("notes.txt"));
    QFile file(notProfile);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("not a profile\n");
    file.close();
    const Run collect = runXsprof({QStringLiteral("collect"), QStringLiteral("--quiet"), db, notProfile,
                                m_dir.filePath(QStringLiteral("absent.json"))});
    QCOMPARE(collect.code, 1); // nothing could be read
    QVERIFY(collect.err.contains("notes.txt: "));
    QVERIFY(collect.err.contains("absent.json: no such file or folder"));
    const Run where = runXsprof({QStringLiteral("report"), db, QStringLiteral("--where"), QStringLiteral("release >")});
    QCOMPARE(where.code, 2);
    QVERIFY(where.err.contains("--where: expected a value"));
    // A database that is not a collection is refused by name, never modified.
    {
        xsprof::collection::Database other(m_dir.filePath(QStringLiteral("other.db")).toStdString(), true);
        other.execute("CREATE TABLE t(x)");
    }
    const Run foreign = runXsprof({QStringLiteral("report"), m_dir.filePath(QStringLiteral("other.db"))});
    QCOMPARE(foreign.code, 1);
    QVERIFY(foreign.err.contains("an SQLite database, but not an xsprof collection"));
}

void TestCliCollect::exportWritesEveryRowQuotedInBothFormats()
{
    // Two corpus profiles in a folder whose traces.csv gives one of them a note that needs quoting.
    const QString folder = m_dir.filePath(QStringLiteral("exported"));
    QVERIFY(QDir().mkpath(folder));
    for (const char* name : {"node_fib.cpuprofile", "node_tree.cpuprofile"})
        QVERIFY(QFile::copy(QStringLiteral(XSPROF_CORPUS_DIR "/") + QLatin1String(name), folder + QLatin1Char('/') + QLatin1String(name)));
    QFile csv(folder + QStringLiteral("/traces.csv"));
    QVERIFY(csv.open(QIODevice::WriteOnly));
    csv.write("file,note\nnode_fib.cpuprofile,\"a, \"\"quoted\"\" note\"\n");
    csv.close();
    const QString db = m_dir.filePath(QStringLiteral("exported.db"));
    QCOMPARE(runXsprof({QStringLiteral("collect"), QStringLiteral("--quiet"), db, folder}).code, 0);
    size_t costRows = 0;
    {
        xsprof::collection::Database database(db.toStdString(), false);
        auto count = database.prepare("SELECT count(*) FROM costs");
        QVERIFY(count.step());
        costRows = size_t(count.integer(0));
    }
    QVERIFY(costRows > 10);

    const QString csvOut = m_dir.filePath(QStringLiteral("out-csv")), jsonOut = m_dir.filePath(QStringLiteral("out-json"));
    const Run asCsv = runXsprof({QStringLiteral("export"), db, csvOut});
    QCOMPARE(asCsv.code, 0);
    QVERIFY(asCsv.out.contains(QByteArray(QByteArray::number(qulonglong(costRows)) + " rows")));
    QFile traces(csvOut + QStringLiteral("/traces.csv"));
    QVERIFY(traces.open(QIODevice::ReadOnly));
    const QList<QByteArray> traceLines = traces.readAll().split('\n');
    QCOMPARE(traceLines.size(), 4); // header, two traces, the final newline
    QVERIFY(traceLines[0].startsWith("trace_id,file,format,start_time,duration_us,sample_count,note"));
    QCOMPARE(traceLines.count(QByteArray()), 1);
    const QByteArray fibLine = traceLines[1].contains("node_fib") ? traceLines[1] : traceLines[2];
    QVERIFY(fibLine.endsWith(",\"a, \"\"quoted\"\" note\""));
    QFile costs(csvOut + QStringLiteral("/costs.csv"));
    QVERIFY(costs.open(QIODevice::ReadOnly));
    QCOMPARE(size_t(costs.readAll().count('\n')), costRows + 1);

    QCOMPARE(runXsprof({QStringLiteral("export"), db, jsonOut, QStringLiteral("--format"), QStringLiteral("ndjson")}).code, 0);
    QFile jsonCosts(jsonOut + QStringLiteral("/costs.ndjson"));
    QVERIFY(jsonCosts.open(QIODevice::ReadOnly));
    size_t rows = 0, noted = 0;
    double fibSelf = 0.0;
    while (!jsonCosts.atEnd()) {
        const nlohmann::json row = nlohmann::json::parse(jsonCosts.readLine().toStdString());
        ++rows;
        if (row.contains("note")) {
            ++noted;
            QCOMPARE(row.at("note").get<std::string>(), std::string("a, \"quoted\" note"));
            fibSelf += row.at("self_us").get<double>();
        } else {
            QVERIFY(row.at("file").get<std::string>().find("node_tree") != std::string::npos);
        }
    }
    QCOMPARE(rows, costRows);
    QVERIFY(noted > 0 && noted < rows);
    // The noted trace's self times add up to its profile's duration, as report of the file says.
    const Run fib = runXsprof({QStringLiteral("report"), QStringLiteral("--json"), folder + QStringLiteral("/node_fib.cpuprofile")});
    QVERIFY(qAbs(fibSelf - nlohmann::json::parse(fib.out.toStdString()).at("duration_us").get<double>()) < 1e-6 * fibSelf);

    const Run wrongFormat = runXsprof({QStringLiteral("export"), db, jsonOut, QStringLiteral("--format"), QStringLiteral("xml")});
    QCOMPARE(wrongFormat.code, 2);
    QVERIFY(wrongFormat.err.contains("--format is csv, ndjson or pprof"));
    const Run notCollection = runXsprof({QStringLiteral("export"), folder + QStringLiteral("/traces.csv"), jsonOut});
    QCOMPARE(notCollection.code, 1);
    QVERIFY(notCollection.err.contains("is not a collection"));
}

// Two copies of a webpack bundle's profile collected with its map: the collection reports
// each original function with twice what `report FILE --source-maps` gives it.
void TestCliCollect::sourceMapsGiveCollectedTracesTheirOriginalFunctions()
{
    const QString maps = QStringLiteral(XSPROF_CORPUS_DIR "/peers/source-maps");
    const QString profile = maps + QStringLiteral("/chrome-85-webpack.json");
    const QString folder = m_dir.filePath(QStringLiteral("bundles"));
    QVERIFY(QDir().mkpath(folder));
    for (const char* copy : {"/run1.json", "/run2.json"})
        QVERIFY(QFile::copy(profile, folder + QLatin1String(copy)));
    const QString db = m_dir.filePath(QStringLiteral("mapped.db"));
    const Run collect = runXsprof({QStringLiteral("collect"), QStringLiteral("--quiet"), db, folder,
                                   QStringLiteral("--source-maps"), maps + QStringLiteral("/webpack")});
    QCOMPARE(collect.code, 0);
    QVERIFY2(collect.err.contains("functions mapped to their original sources"), collect.err.constData());
    const Run single = runXsprof({QStringLiteral("report"), QStringLiteral("--json"), profile,
                                  QStringLiteral("--source-maps"), maps + QStringLiteral("/webpack")});
    QCOMPARE(single.code, 0);
    const auto expected = reportNumbers(single.out);
    const auto collected = reportNumbers(runXsprof({QStringLiteral("report"), QStringLiteral("--json"), db}).out);
    QCOMPARE(collected.size(), expected.size());
    bool sawOriginal = false;
    for (const auto& [key, numbers] : expected) {
        QVERIFY2(collected.count(key), key.c_str());
        QVERIFY(qAbs(collected.at(key).first - 2 * numbers.first) <= 1e-6 * qMax(1.0, numbers.first));
        QVERIFY(qAbs(collected.at(key).second - 2 * numbers.second) <= 1e-6 * qMax(1.0, numbers.second));
        sawOriginal |= key.find("gamma.ts") != std::string::npos;
    }
    QVERIFY(sawOriginal);
}

// 1 200 traces: checkout runs in 30 % of them and is 45 % slower in release 2.5; nothing
// else changes. Each trace is in half "a" or "b" at random.
QString TestCliCollect::rareCollection()
{
    if (!m_rareDb.isEmpty())
        return m_rareDb;
    const QString beacons = m_dir.filePath(QStringLiteral("rare.ndjson"));
    QProcess generator;
    generator.start(QStringLiteral("python3"),
                    {QStringLiteral(XSPROF_GENERATOR), beacons, QStringLiteral("--traces"), QStringLiteral("1200"),
                     QStringLiteral("--samples"), QStringLiteral("100"), QStringLiteral("--slowdown"), QStringLiteral("1"),
                     QStringLiteral("--rare-presence"), QStringLiteral("0.3"), QStringLiteral("--rare-slowdown"),
                     QStringLiteral("1.45"), QStringLiteral("--halves")});
    if (!generator.waitForFinished(120000) || generator.exitCode() != 0)
        return {};
    const QString db = m_dir.filePath(QStringLiteral("rare.db"));
    if (runXsprof({QStringLiteral("collect"), QStringLiteral("--quiet"), db, beacons}).code != 0)
        return {};
    return m_rareDb = db;
}

const nlohmann::json* functionNamed(const nlohmann::json& diff, const std::string& name)
{
    for (const auto& f : diff.at("functions"))
        if (f.at("name") == name)
            return &f;
    return nullptr;
}

void TestCliCollect::rarePathRegressionFailsTheGate()
{
    const QString db = rareCollection();
    QVERIFY(!db.isEmpty());
    const QStringList cohorts{QStringLiteral("diff"), db, QStringLiteral("--base"), QStringLiteral("release = \"2.4\""),
                              QStringLiteral("--new"), QStringLiteral("release = \"2.5\"")};
    const Run json = runXsprof(cohorts + QStringList{QStringLiteral("--json")});
    QVERIFY2(json.code == 0, json.err.constData());
    const nlohmann::json diff = nlohmann::json::parse(json.out.toStdString());
    const nlohmann::json* checkout = functionNamed(diff, "checkout");
    QVERIFY(checkout);
    const auto& stats = checkout->at("stats");
    // The typical trace has no checkout in either release: the per-trace shift is 0.
    QCOMPARE(stats.at("self_share_shift").get<double>(), 0.0);
    const auto& aggregate = stats.at("aggregate");
    QVERIFY(aggregate.at("significant").get<bool>());
    QVERIFY(aggregate.at("q").get<double>() >= 0.0 && aggregate.at("q").get<double>() < 0.05);
    QVERIFY(aggregate.at("ci95")[0].get<double>() > 0.0);
    // The aggregate share is the merged report's: checkout's self time over the cohort's duration.
    for (const char* side : {"base", "new"}) {
        const double self = checkout->at(side).at("self_us").get<double>();
        const double duration = diff.at(side).at("duration_us").get<double>();
        QVERIFY(std::abs(aggregate.at(std::string(side) + "_share").get<double>() - 100.0 * self / duration) < 1e-9);
    }
    const double shift = aggregate.at("shift").get<double>();
    QVERIFY(std::abs(shift - (aggregate.at("new_share").get<double>() - aggregate.at("base_share").get<double>())) < 1e-9);
    qInfo("checkout: aggregate %.3f%% -> %.3f%%, %+.3f pp [%+.3f, %+.3f], q = %.2g; per trace %+.3f pp, q = %.2g",
          aggregate.at("base_share").get<double>(), aggregate.at("new_share").get<double>(), shift,
          aggregate.at("ci95")[0].get<double>(), aggregate.at("ci95")[1].get<double>(), aggregate.at("q").get<double>(),
          stats.at("self_share_shift").get<double>(), stats.at("q").get<double>());

    const Run gate = runXsprof(cohorts + QStringList{QStringLiteral("--fail-on-regression"), QStringLiteral("0")});
    QCOMPARE(gate.code, 3);
    QVERIFY2(gate.err.contains("regression: checkout"), gate.err.constData());
    const Run loose = runXsprof(cohorts + QStringList{QStringLiteral("--fail-on-regression"), QStringLiteral("5")});
    QCOMPARE(loose.code, 0);
    // The terminal table: checkout first (changed significantly, the largest shift), with its location.
    const QList<QByteArray> lines = loose.out.split('\n');
    qsizetype header = 0;
    while (header < lines.size() && !(lines[header].contains("agg pp") && lines[header].contains("function  location")))
        ++header;
    QVERIFY(header + 1 < lines.size());
    QVERIFY2(lines[header + 1].contains("checkout  main.js:5000:5"), lines[header + 1].constData());
}

void TestCliCollect::equalCohortsFlagNothing()
{
    // A/A: the two random halves of each release, and of every trace; nothing differs but chance.
    const QString db = rareCollection();
    QVERIFY(!db.isEmpty());
    int flagged = 0, compared = 0;
    for (const char* within : {"release = \"2.4\" and ", "release = \"2.5\" and ", ""}) {
        const Run json = runXsprof({QStringLiteral("diff"), db, QStringLiteral("--base"),
                                    QLatin1String(within) + QStringLiteral("half = \"a\""), QStringLiteral("--new"),
                                    QLatin1String(within) + QStringLiteral("half = \"b\""), QStringLiteral("--json"),
                                    QStringLiteral("--fail-on-regression"), QStringLiteral("0")});
        QVERIFY2(json.code == 0, json.err.constData()); // the gate stays shut
        const nlohmann::json diff = nlohmann::json::parse(json.out.toStdString());
        for (const auto& f : diff.at("functions")) {
            flagged += f.at("stats").at("significant").get<bool>() + f.at("stats").at("aggregate").at("significant").get<bool>();
            compared += 2;
        }
    }
    qInfo("A/A: %d of %d tests significant", flagged, compared);
    QCOMPARE(flagged, 0);
}

void TestCliCollect::gateAndCohortErrorsAreNamed()
{
    const QString db = rareCollection();
    QVERIFY(!db.isEmpty());
    const QStringList cohorts{QStringLiteral("diff"), db, QStringLiteral("--base"), QStringLiteral("release = \"2.4\""),
                              QStringLiteral("--new"), QStringLiteral("release = \"2.5\"")};
    for (const char* threshold : {"nan", "inf", "-inf", "-1", "x"}) {
        const Run r = runXsprof(cohorts + QStringList{QStringLiteral("--fail-on-regression"), QLatin1String(threshold)});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains("--fail-on-regression takes a finite number"), r.err.constData());
    }
    const Run misspelled = runXsprof({QStringLiteral("diff"), db, QStringLiteral("--base"), QStringLiteral("relase = \"2.4\""),
                                      QStringLiteral("--new"), QStringLiteral("release = \"2.5\"")});
    QCOMPARE(misspelled.code, 2);
    QVERIFY2(misspelled.err.contains("--base: no trace has an attribute named relase (the attributes: country, device, "
                                     "half, release, session_ms)"),
             misspelled.err.constData());
    const Run unclosed = runXsprof({QStringLiteral("diff"), db, QStringLiteral("--base"), QStringLiteral("release = \"2.4\""),
                                    QStringLiteral("--new"), QStringLiteral("release = \"2.5")});
    QCOMPARE(unclosed.code, 2);
    QVERIFY2(unclosed.err.contains("--new: the text has no closing quote at character 11"), unclosed.err.constData());
    const Run mixed = runXsprof({QStringLiteral("report"), db, QStringLiteral("--where"), QStringLiteral("release > 2.4")});
    QCOMPARE(mixed.code, 2);
    QVERIFY2(mixed.err.contains("--where: the attribute release holds text"), mixed.err.constData());
}

void TestCliCollect::readOnlyCollectionIsReadByEveryCommand()
{
    // A CI artefact: the collection in a folder nobody may write, the file read-only. Tests run
    // as root, whom file modes do not stop: then the commands run as nobody (setpriv).
    const QString db = rareCollection();
    QVERIFY(!db.isEmpty());
    char shared[] = "/tmp/xsprof-readonly-XXXXXX";
    QVERIFY(::mkdtemp(shared));
    const QString folder = QString::fromLocal8Bit(shared);
    const QString copy = folder + QStringLiteral("/field.db"), out = folder + QStringLiteral("/out");
    QVERIFY(QFile::copy(db, copy));
    QVERIFY(QDir().mkpath(out));
    QVERIFY(::chmod(out.toLocal8Bit().constData(), 0777) == 0);
    QVERIFY(::chmod(copy.toLocal8Bit().constData(), 0444) == 0);
    QVERIFY(::chmod(shared, 0555) == 0);
    const bool asRoot = ::geteuid() == 0;
    auto readOnly = [&](const QStringList& arguments) {
        if (!asRoot)
            return runXsprof(arguments);
        QProcess p;
        p.start(QStringLiteral("setpriv"), QStringList{QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                                                       QStringLiteral("--clear-groups"), QStringLiteral(XSPROF_EXECUTABLE)} +
                                               arguments);
        Run r;
        p.waitForFinished(120000);
        r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        r.out = p.readAllStandardOutput();
        r.err = p.readAllStandardError();
        return r;
    };
    if (asRoot) { // nobody can indeed not write there
        QProcess touch;
        touch.start(QStringLiteral("setpriv"), {QStringLiteral("--reuid=65534"), QStringLiteral("--regid=65534"),
                                                 QStringLiteral("--clear-groups"), QStringLiteral("touch"),
                                                 folder + QStringLiteral("/written")});
        QVERIFY(touch.waitForFinished(30000));
        QVERIFY(touch.exitCode() != 0);
    }
    const Run report = readOnly({QStringLiteral("report"), QStringLiteral("--json"), copy});
    QVERIFY2(report.code == 0, report.err.constData());
    QCOMPARE(report.out, runXsprof({QStringLiteral("report"), QStringLiteral("--json"), db}).out);
    const QStringList cohorts{QStringLiteral("--base"), QStringLiteral("release = \"2.4\""), QStringLiteral("--new"),
                              QStringLiteral("release = \"2.5\""), QStringLiteral("--json")};
    const Run diff = readOnly(QStringList{QStringLiteral("diff"), copy} + cohorts);
    QVERIFY2(diff.code == 0, diff.err.constData());
    QCOMPARE(diff.out, runXsprof(QStringList{QStringLiteral("diff"), db} + cohorts).out.replace(db.toUtf8(), copy.toUtf8()));
    const Run exported = readOnly({QStringLiteral("export"), copy, out});
    QVERIFY2(exported.code == 0, exported.err.constData());
    QVERIFY(exported.out.contains("1200 traces"));
    // Nothing was written beside the database.
    QCOMPARE(QDir(folder).entryList(QDir::Files), QStringList{QStringLiteral("field.db")});
    QVERIFY(::chmod(shared, 0755) == 0);
    QDir(folder).removeRecursively();
}

void TestCliCollect::exportRenamesAttributesNamedLikeItsColumns()
{
    // Attributes named like the export's columns keep their values under a prefixed name; the
    // built-in columns keep theirs.
    const QString beacons = m_dir.filePath(QStringLiteral("clash.ndjson"));
    {
        QFile corpusTrace(QStringLiteral(XSPROF_CORPUS_DIR "/chromium_selfprof_shared.json"));
        QVERIFY(corpusTrace.open(QIODevice::ReadOnly));
        const nlohmann::json trace = nlohmann::json::parse(corpusTrace.readAll().toStdString());
        std::ofstream out(beacons.toStdString());
        out << nlohmann::json{{"trace", trace}, {"duration_us", 5}, {"file", "mine"}, {"trace_id", "t-1"},
                              {"self_us", 1}, {"release", "1.10"}}
                   .dump()
            << "\n";
    }
    const QString db = m_dir.filePath(QStringLiteral("clash.db")), out = m_dir.filePath(QStringLiteral("clash-out"));
    QCOMPARE(runXsprof({QStringLiteral("collect"), QStringLiteral("--quiet"), db, beacons}).code, 0);
    const Run exported = runXsprof({QStringLiteral("export"), db, out});
    QVERIFY2(exported.code == 0, exported.err.constData());
    for (const char* said : {"the attribute duration_us is written as the column attribute_duration_us",
                             "the attribute file is written as the column attribute_file",
                             "the attribute trace_id is written as the column attribute_trace_id",
                             "the attribute self_us is written as the column attribute_self_us"})
        QVERIFY2(exported.err.contains(said), exported.err.constData());
    QFile traces(out + QStringLiteral("/traces.csv"));
    QVERIFY(traces.open(QIODevice::ReadOnly));
    const QList<QByteArray> rows = traces.readAll().split('\n');
    const QList<QByteArray> header = rows[0].split(','), values = rows[1].split(',');
    QCOMPARE(header.size(), values.size());
    QCOMPARE(header.count("duration_us"), 1);
    QCOMPARE(header.count("file"), 1);
    QCOMPARE(header.count("trace_id"), 1);
    auto value = [&](const char* column) { return values.value(header.indexOf(column)); };
    QCOMPARE(value("attribute_duration_us"), QByteArray("5"));
    QCOMPARE(value("attribute_file"), QByteArray("mine"));
    QCOMPARE(value("attribute_trace_id"), QByteArray("t-1"));
    QCOMPARE(value("release"), QByteArray("1.10"));
    QVERIFY(value("duration_us").toDouble() > 1000.0); // the trace's own, not the attribute's 5
    QVERIFY(value("file").endsWith("clash.ndjson:1"));
}

QTEST_GUILESS_MAIN(TestCliCollect)
#include "tst_clicollect.moc"
