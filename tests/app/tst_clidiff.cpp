// `xsprof diff` and the transform options of `report` and `diff`, run as a user runs them.
#include "expectedprofile.h"

#include "model/linecosts.h"
#include "model/profileloader.h"

#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <tuple>

namespace {

struct Run {
    int code = -1;
    QByteArray out, err;
};

Run runXsprof(const QStringList& arguments)
{
    QProcess p;
    p.start(QStringLiteral(XSPROF_EXECUTABLE), arguments);
    Run r;
    if (!p.waitForFinished(60000))
        p.kill();
    r.code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString corpus(const char* name)
{
    return QStringLiteral(XSPROF_CORPUS_DIR "/") + QLatin1String(name);
}

using Identity = std::tuple<std::string, std::string, int, int>;

std::map<Identity, nlohmann::json> byIdentity(const nlohmann::json& functions, bool withColumn = true)
{
    std::map<Identity, nlohmann::json> out;
    for (const auto& f : functions)
        out[{f.at("name").get<std::string>(), f.at("url").get<std::string>(), f.at("line").get<int>(),
             withColumn ? f.at("column").get<int>() : 0}] = f;
    return out;
}

double number(const nlohmann::json& j)
{
    return j.is_null() ? 0.0 : j.get<double>();
}

// Checks `diff --json` against the two `report --json` outputs joined by identity.
void checkDiffJoinsReports(const nlohmann::json& diff, const nlohmann::json& base, const nlohmann::json& next, bool withColumn)
{
    const auto b = byIdentity(base.at("functions"), withColumn);
    const auto n = byIdentity(next.at("functions"), withColumn);
    QVERIFY(ExpectedProfile::close(diff.at("base").at("duration_us").get<double>(), base.at("duration_us").get<double>()));
    QVERIFY(ExpectedProfile::close(diff.at("new").at("duration_us").get<double>(), next.at("duration_us").get<double>()));
    QVERIFY(diff.at("base").at("sample_count") == base.at("sample_count"));
    QVERIFY(diff.at("new").at("sample_count") == next.at("sample_count"));
    std::map<Identity, int> all;
    for (const auto& [k, v] : b)
        ++all[k];
    for (const auto& [k, v] : n)
        ++all[k];
    QCOMPARE(diff.at("functions").size(), all.size());
    for (const auto& f : diff.at("functions")) {
        const Identity id{f.at("name").get<std::string>(), f.at("url").get<std::string>(), f.at("line").get<int>(),
                          f.at("column").get<int>()};
        const auto ib = b.find(id), in = n.find(id);
        QCOMPARE(f.at("base").is_null(), ib == b.end());
        QCOMPARE(f.at("new").is_null(), in == n.end());
        for (const char* key : {"self_us", "total_us", "inclusive_us"}) {
            const double vb = ib == b.end() ? 0.0 : number(ib->second.at(key));
            const double vn = in == n.end() ? 0.0 : number(in->second.at(key));
            if (ib != b.end())
                QVERIFY(ExpectedProfile::close(number(f.at("base").at(key)), vb));
            if (in != n.end())
                QVERIFY(ExpectedProfile::close(number(f.at("new").at(key)), vn));
            if (!f.at("delta").at(key).is_null())
                QVERIFY(ExpectedProfile::close(f.at("delta").at(key).get<double>(), vn - vb));
        }
    }
}

} // namespace

class TestCliDiff : public QObject {
    Q_OBJECT

private slots:
    void diffEqualsTwoReportsJoined();
    void diffOfTwoXsSessions();
    void diffText();
    void diffAppliesTransformsToBothSides();
    void diffUsageErrors_data();
    void diffUsageErrors();
    void diffWithSourceMaps();
    void reportTransformsInOrder();
    void reportTransformErrors();
    void reportLinesAndConvertKeepsThem();
};

void TestCliDiff::diffEqualsTwoReportsJoined()
{
    const QString a = corpus("node_dag_shared.cpuprofile"), b = corpus("node_dag_shared_i100.cpuprofile");
    const Run d = runXsprof({QStringLiteral("diff"), a, b, QStringLiteral("--json")});
    const Run ra = runXsprof({QStringLiteral("report"), a, QStringLiteral("--json")});
    const Run rb = runXsprof({QStringLiteral("report"), b, QStringLiteral("--json")});
    QCOMPARE(d.code, 0);
    QCOMPARE(ra.code, 0);
    const nlohmann::json diff = nlohmann::json::parse(d.out.toStdString());
    QCOMPARE(diff.at("base").at("file").get<std::string>(), a.toStdString());
    QCOMPARE(diff.at("new").at("format").get<std::string>(), std::string("cpuprofile"));
    checkDiffJoinsReports(diff, nlohmann::json::parse(ra.out.toStdString()), nlohmann::json::parse(rb.out.toStdString()), true);
    // Sorted by |Δ total|, largest first.
    double previous = 1e300;
    for (const auto& f : diff.at("functions")) {
        const double change = std::abs(f.at("delta").at("total_us").get<double>());
        QVERIFY(change <= previous);
        previous = change;
    }
    // --top and --sort.
    const Run top = runXsprof({QStringLiteral("diff"), a, b, QStringLiteral("--json"), QStringLiteral("--top"),
                            QStringLiteral("4"), QStringLiteral("--sort"), QStringLiteral("self")});
    const nlohmann::json t = nlohmann::json::parse(top.out.toStdString());
    QCOMPARE(t.at("functions").size(), size_t(4));
    previous = 1e300;
    for (const auto& f : t.at("functions")) {
        QVERIFY(std::abs(f.at("delta").at("self_us").get<double>()) <= previous);
        previous = std::abs(f.at("delta").at("self_us").get<double>());
    }
}

void TestCliDiff::diffOfTwoXsSessions()
{
    // One live XS recording with two profiling sessions; XS functions match by
    // (name, path, line), and report's XS lines are the model's.
    const QString file = corpus("tiny/xs_transcript.xsbug");
    const Run d = runXsprof({QStringLiteral("diff"), file, file, QStringLiteral("--profile-base"), QStringLiteral("0"),
                          QStringLiteral("--profile-new"), QStringLiteral("1"), QStringLiteral("--json")});
    QCOMPARE(d.code, 0);
    const Run r0 = runXsprof({QStringLiteral("report"), file, QStringLiteral("--profile"), QStringLiteral("0"), QStringLiteral("--json")});
    const Run r1 = runXsprof({QStringLiteral("report"), file, QStringLiteral("--profile"), QStringLiteral("1"), QStringLiteral("--json")});
    const nlohmann::json diff = nlohmann::json::parse(d.out.toStdString());
    QCOMPARE(diff.at("base").at("format").get<std::string>(), std::string("xsbug-transcript"));
    checkDiffJoinsReports(diff, nlohmann::json::parse(r0.out.toStdString()), nlohmann::json::parse(r1.out.toStdString()), false);
}

void TestCliDiff::diffText()
{
    const Run d = runXsprof({QStringLiteral("diff"), corpus("tiny/linear.cpuprofile"), corpus("tiny/diamond.cpuprofile")});
    QCOMPARE(d.code, 0);
    const QStringList lines = QString::fromUtf8(d.out).trimmed().split(QLatin1Char('\n'));
    QVERIFY(lines.at(0).startsWith(QLatin1String("base:")) && lines.at(0).contains(QLatin1String("0.600 ms")));
    QVERIFY(lines.at(1).startsWith(QLatin1String("new:")) && lines.at(1).contains(QLatin1String("0.800 ms")));
    QVERIFY(lines.at(2).contains(QLatin1String("+0.200 ms")));
    const int header = int(lines.indexOf(lines.filter(QLatin1String("self base")).value(0)));
    QCOMPARE(lines.size() - header - 1, 8); // (root), main, a, b, A, B, C, D
    // First row: A, only in new (+0.800 ms of total); "—" on the base side.
    QVERIFY2(lines.at(header + 1).contains(QLatin1String("A  tiny.js (2)")), qPrintable(lines.at(header + 1)));
    QVERIFY(lines.at(header + 1).contains(QStringLiteral("—")));
    QVERIFY(lines.at(header + 1).contains(QLatin1String("+0.800")));
}

void TestCliDiff::diffAppliesTransformsToBothSides()
{
    // Merging fib on both runs of the fib workload: fib leaves both sides, its time goes to
    // its callers, and each side equals `report --merge fib` of that file.
    const QString a = corpus("node_fib.cpuprofile"), b = corpus("node_fib_i100.cpuprofile");
    const QStringList merge{QStringLiteral("--merge"), QStringLiteral("fib"), QStringLiteral("--json")};
    const Run d = runXsprof(QStringList{QStringLiteral("diff"), a, b} + merge);
    const Run ra = runXsprof(QStringList{QStringLiteral("report"), a} + merge);
    const Run rb = runXsprof(QStringList{QStringLiteral("report"), b} + merge);
    QCOMPARE(d.code, 0);
    const nlohmann::json diff = nlohmann::json::parse(d.out.toStdString());
    for (const auto& f : diff.at("functions"))
        QVERIFY(f.at("name") != "fib");
    checkDiffJoinsReports(diff, nlohmann::json::parse(ra.out.toStdString()), nlohmann::json::parse(rb.out.toStdString()), true);
}

void TestCliDiff::diffUsageErrors_data()
{
    QTest::addColumn<QStringList>("arguments");
    QTest::addColumn<int>("code");
    const QString f = corpus("tiny/linear.cpuprofile");
    QTest::newRow("one file") << QStringList{QStringLiteral("diff"), f} << 2;
    QTest::newRow("bad sort") << QStringList{QStringLiteral("diff"), f, f, QStringLiteral("--sort"), QStringLiteral("x")} << 2;
    QTest::newRow("bad top") << QStringList{QStringLiteral("diff"), f, f, QStringLiteral("--top"), QStringLiteral("0")} << 2;
    QTest::newRow("bad profile") << QStringList{QStringLiteral("diff"), f, f, QStringLiteral("--profile-new"), QStringLiteral("x")} << 2;
    QTest::newRow("missing file") << QStringList{QStringLiteral("diff"), f, QStringLiteral("/nonexistent.cpuprofile")} << 1;
    QTest::newRow("no such session") << QStringList{QStringLiteral("diff"), f, corpus("tiny/xs_transcript.xsbug"),
                                                    QStringLiteral("--profile-new"), QStringLiteral("5")} << 1;
    QTest::newRow("unknown function") << QStringList{QStringLiteral("diff"), f, f, QStringLiteral("--drop"), QStringLiteral("nope")} << 1;
    QTest::newRow("help") << QStringList{QStringLiteral("diff"), QStringLiteral("--help")} << 0;
}

void TestCliDiff::diffUsageErrors()
{
    QFETCH(QStringList, arguments);
    QFETCH(int, code);
    const Run r = runXsprof(arguments);
    QCOMPARE(r.code, code);
    if (code == 0)
        QVERIFY(r.out.contains("--profile-base") && r.out.contains("--collapse-recursion"));
    else
        QVERIFY(!r.err.isEmpty());
}

void TestCliDiff::reportTransformsInOrder()
{
    // diamond (8 × 100 µs: A, B, D via B ×2, C, D via C ×3): --drop B --focus D keeps D via
    // C (300 µs); --focus D --drop B drops nothing more after focusing (B is cut away): 500.
    const QString f = corpus("tiny/diamond.cpuprofile");
    const auto duration = [](const Run& r) { return nlohmann::json::parse(r.out.toStdString()).at("duration_us").get<double>(); };
    const Run a = runXsprof({QStringLiteral("report"), f, QStringLiteral("--json"), QStringLiteral("--drop"), QStringLiteral("B"),
                          QStringLiteral("--focus"), QStringLiteral("D")});
    const Run b = runXsprof({QStringLiteral("report"), f, QStringLiteral("--json"), QStringLiteral("--focus=D"),
                          QStringLiteral("--drop=B")});
    QCOMPARE(a.code, 0);
    QCOMPARE(b.code, 0);
    QCOMPARE(duration(a), 300.0);
    QCOMPARE(duration(b), 500.0);
    // collapse recursion on tiny/cycle: A's inclusive stays 600, B's drops from 500 to 300.
    const Run c = runXsprof({QStringLiteral("report"), corpus("tiny/cycle.cpuprofile"), QStringLiteral("--json"),
                          QStringLiteral("--collapse-recursion"), QStringLiteral("A")});
    const nlohmann::json collapsed = nlohmann::json::parse(c.out.toStdString()); // outlives the loop
    for (const auto& fn : collapsed.at("functions")) {
        if (fn.at("name") == "B")
            QCOMPARE(fn.at("inclusive_us").get<double>(), 300.0);
    }
}

void TestCliDiff::reportTransformErrors()
{
    const Run graph = runXsprof({QStringLiteral("report"), corpus("tiny/xs_graph.cpuprofile"), QStringLiteral("--focus"),
                              QStringLiteral("c")});
    QCOMPARE(graph.code, 1);
    QVERIFY2(graph.err.contains("graph-encoded") && graph.err.contains("only merge and drop"), graph.err.constData());
    const Run merge = runXsprof({QStringLiteral("report"), corpus("tiny/xs_graph.cpuprofile"), QStringLiteral("--merge"),
                              QStringLiteral("c"), QStringLiteral("--json")});
    QCOMPARE(merge.code, 0);
    QCOMPARE(nlohmann::json::parse(merge.out.toStdString()).at("duration_us").get<double>(), 900.0);
    const Run unknown = runXsprof({QStringLiteral("report"), corpus("tiny/linear.cpuprofile"), QStringLiteral("--merge"),
                                QStringLiteral("nothing")});
    QCOMPARE(unknown.code, 1);
    QVERIFY2(unknown.err.contains("no function is named \"nothing\""), unknown.err.constData());
}

// Issue 18: --source-maps on diff maps both sides, so Chrome's and Firefox's recordings of one
// webpack bundle meet at the original TypeScript functions.
void TestCliDiff::diffWithSourceMaps()
{
    const QString dir = QStringLiteral(XSPROF_CORPUS_DIR "/peers/source-maps");
    const QStringList files{dir + QStringLiteral("/chrome-85-webpack.json"), dir + QStringLiteral("/firefox-79-webpack.json")};
    const Run plain = runXsprof(QStringList{QStringLiteral("diff")} + files + QStringList{QStringLiteral("--json")});
    QCOMPARE(plain.code, 0);
    QVERIFY(!plain.out.contains("gamma.ts"));
    const Run mapped = runXsprof(QStringList{QStringLiteral("diff")} + files +
                                 QStringList{QStringLiteral("--json"), QStringLiteral("--source-maps"), dir + QStringLiteral("/webpack")});
    QCOMPARE(mapped.code, 0);
    QVERIFY2(mapped.err.contains("chrome-85-webpack.json: ") && mapped.err.contains("firefox-79-webpack.json: "),
             mapped.err.constData());
    const nlohmann::json diff = nlohmann::json::parse(mapped.out.toStdString());
    size_t onBothSides = 0;
    for (const auto& f : diff.at("functions")) {
        if (f.at("url").get<std::string>().find(".ts") == std::string::npos)
            continue;
        if (!f.at("base").is_null() && !f.at("new").is_null())
            ++onBothSides;
    }
    QVERIFY2(onBothSides >= 3, qPrintable(QString::number(onBothSides)));
    // The same with maps on one side only would pair nothing: both sides are mapped.
    QVERIFY(mapped.out.contains("gamma.ts"));
}

void TestCliDiff::reportLinesAndConvertKeepsThem()
{
    // report --lines fib: one row per line of fib's positionTicks, with model/linecosts' ms.
    const QString file = corpus("node_fib.cpuprofile");
    const Run r = runXsprof({QStringLiteral("report"), file, QStringLiteral("--lines"), QStringLiteral("fib")});
    QCOMPARE(r.code, 0);
    xsprof::LoadResult loaded = xsprof::loadProfileFile(file.toStdString());
    QVERIFY(loaded.ok());
    const xsprof::Profile& p = *loaded.profile;
    xsprof::FrameId fib;
    for (uint32_t f = 0; f < p.frames.size(); ++f) {
        if (p.frameName(xsprof::FrameId(f)) == "fib")
            fib = xsprof::FrameId(f);
    }
    const xsprof::FunctionLineCosts costs = xsprof::lineCosts(p, fib);
    QCOMPARE(costs.lines.size(), size_t(2)); // lines 8 and 9
    const QRegularExpression row(QStringLiteral("^\\s+(\\d+)\\s+([0-9.]+)\\s+([0-9.]+) %$"));
    size_t rows = 0;
    for (const QString& line : QString::fromUtf8(r.out).split(QLatin1Char('\n'))) {
        const QRegularExpressionMatch m = row.match(line);
        if (!m.hasMatch())
            continue;
        const xsprof::LineCost& want = costs.lines.at(rows++);
        QCOMPARE(m.captured(1).toInt(), want.line);
        QVERIFY(std::abs(m.captured(2).toDouble() - want.self / 1000.0) < 0.0005 + 1e-9);
        QVERIFY(std::abs(m.captured(3).toDouble() - 100.0 * want.self / costs.self) < 0.05 + 1e-9);
    }
    QCOMPARE(rows, costs.lines.size());

    // convert keeps positionTicks: the converted file gives the same table.
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("fib.cpuprofile"));
    QCOMPARE(runXsprof({QStringLiteral("convert"), file, out}).code, 0);
    const Run again = runXsprof({QStringLiteral("report"), out, QStringLiteral("--lines"), QStringLiteral("fib")});
    QCOMPARE(again.code, 0);
    QCOMPARE(again.out, r.out);

    // No positionTicks (XS), no such function, and with transforms: clear errors.
    const Run xs = runXsprof({QStringLiteral("report"), corpus("tiny/xs_stacks.cpuprofile"), QStringLiteral("--lines"),
                              QStringLiteral("zeta")});
    QCOMPARE(xs.code, 1);
    QVERIFY(xs.err.contains("no positionTicks"));
    const Run none = runXsprof({QStringLiteral("report"), file, QStringLiteral("--lines"), QStringLiteral("nope")});
    QCOMPARE(none.code, 1);
    QVERIFY(none.err.contains("no function is named"));
    const Run merged = runXsprof({QStringLiteral("report"), file, QStringLiteral("--lines"), QStringLiteral("fib"),
                                  QStringLiteral("--merge"), QStringLiteral("main")});
    QCOMPARE(merged.code, 2);
}

QTEST_GUILESS_MAIN(TestCliDiff)
#include "tst_clidiff.moc"
