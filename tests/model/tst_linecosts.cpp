// Per-line costs from positionTicks, against a computation straight from the file: node
// self times from its samples and timeDeltas (until the next sample, the last one until
// endTime), each split over the node's positionTicks, summed per line over the function.
#include "testprofileloader.h"

#include "model/linecosts.h"
#include "model/profileanalysis.h"
#include "model/profileloader.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <numeric>

using namespace xsprof;

namespace {

const std::string corpus = XSPROF_CORPUS_DIR;

using TestProfiles::load;

bool close(double a, double b)
{
    return std::abs(a - b) <= 1e-6 + 1e-9 * std::abs(b);
}

struct ByHand {
    double self = 0.0;
    double unattributed = 0.0;
    std::map<int, double> lines;
};

// The function `name`'s line costs, computed from the JSON alone.
ByHand byHand(const std::string& path, const std::string& name)
{
    std::ifstream in(path);
    const nlohmann::json j = nlohmann::json::parse(in);
    const auto& samples = j.at("samples");
    const auto& deltas = j.at("timeDeltas");
    std::vector<std::pair<double, int64_t>> timed; // (time, node), stable-sorted by time
    double t = j.at("startTime").get<double>();
    for (size_t i = 0; i < samples.size(); ++i) {
        t += deltas[i].get<double>();
        timed.emplace_back(t, samples[i].get<int64_t>());
    }
    std::stable_sort(timed.begin(), timed.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::map<int64_t, double> nodeSelf;
    for (size_t i = 0; i < timed.size(); ++i) {
        const double end = i + 1 < timed.size() ? timed[i + 1].first : j.at("endTime").get<double>();
        nodeSelf[timed[i].second] += std::max(0.0, end - timed[i].first);
    }
    ByHand out;
    for (const auto& node : j.at("nodes")) {
        if (node.at("callFrame").at("functionName") != name)
            continue;
        const double self = nodeSelf[node.at("id").get<int64_t>()];
        out.self += self;
        const auto ticks = node.value("positionTicks", nlohmann::json::array());
        double sum = 0.0;
        for (const auto& tick : ticks)
            sum += tick.at("ticks").get<double>();
        if (sum == 0.0) {
            out.unattributed += self;
            continue;
        }
        for (const auto& tick : ticks)
            out.lines[tick.at("line").get<int>()] += self * tick.at("ticks").get<double>() / sum;
    }
    return out;
}

FrameId frameNamed(const Profile& p, const std::string& name)
{
    for (uint32_t f = 0; f < p.frames.size(); ++f) {
        if (p.frameName(FrameId(f)) == name)
            return FrameId(f);
    }
    return FrameId();
}

} // namespace

class TestLineCosts : public QObject {
    Q_OBJECT

private slots:
    void matchesTheFile_data();
    void matchesTheFile();
    void rangeAndTextReport();
    void noTicksNoLines();
};

void TestLineCosts::matchesTheFile_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("function");
    // fib: 19 nodes of one function, ticks split over lines 8 and 9 in varying ratios.
    QTest::newRow("fib") << QStringLiteral("node_fib.cpuprofile") << QStringLiteral("fib");
    QTest::newRow("sumLoop") << QStringLiteral("node_fib.cpuprofile") << QStringLiteral("sumLoop");
    QTest::newRow("main") << QStringLiteral("node_fib.cpuprofile") << QStringLiteral("main");
}

void TestLineCosts::matchesTheFile()
{
    QFETCH(QString, file);
    QFETCH(QString, function);
    const std::string path = corpus + "/" + file.toStdString();
    const Profile p = load(path);
    QVERIFY(hasLineTicks(p));
    const FrameId f = frameNamed(p, function.toStdString());
    QVERIFY(f.isValid());
    const FunctionLineCosts costs = lineCosts(p, f);
    const ByHand want = byHand(path, function.toStdString());
    QVERIFY(!want.lines.empty());
    QVERIFY(close(costs.self, want.self));
    QVERIFY(close(costs.unattributed, want.unattributed));
    // The function's self time is the analysis' self time.
    QVERIFY(close(costs.self, ProfileAnalysis::compute(p).functions.self(f)));
    QCOMPARE(costs.lines.size(), want.lines.size());
    for (const LineCost& line : costs.lines) {
        QVERIFY(want.lines.count(line.line));
        QVERIFY2(close(line.self, want.lines.at(line.line)),
                 qPrintable(QStringLiteral("line %1: %2 vs %3").arg(line.line).arg(line.self).arg(want.lines.at(line.line))));
    }
    const double sum = std::accumulate(costs.lines.begin(), costs.lines.end(), costs.unattributed,
                                       [](double s, const LineCost& l) { return s + l.self; });
    QVERIFY(close(sum, costs.self));
}

void TestLineCosts::rangeAndTextReport()
{
    const Profile p = load(corpus + "/node_fib.cpuprofile");
    const FrameId fib = frameNamed(p, "fib");
    // The first half of the samples: less self time, never more on any line.
    const FunctionLineCosts whole = lineCosts(p, fib);
    const FunctionLineCosts half = lineCosts(p, fib, SampleRange{0, p.samples.size() / 2});
    QVERIFY(half.self < whole.self);
    QVERIFY(whole.hottest() && (whole.hottest()->line == 8 || whole.hottest()->line == 9));
    const std::string text = formatLineReport(p, "fib");
    QVERIFY(text.find("fib") == 0);
    QVERIFY(text.find("line     self ms    share") != std::string::npos);
    QVERIFY(formatLineReport(p, "no such function").empty());
}

void TestLineCosts::noTicksNoLines()
{
    // XS profiles carry no positionTicks: no lines, all self time unattributed.
    const Profile p = load(corpus + "/tiny/xs_stacks.cpuprofile");
    QVERIFY(!hasLineTicks(p));
    const FrameId f = p.leafFrame(0);
    const FunctionLineCosts costs = lineCosts(p, f);
    QVERIFY(costs.lines.empty());
    QVERIFY(!costs.hottest());
    QCOMPARE(costs.unattributed, costs.self);
}

QTEST_MAIN(TestLineCosts)
#include "tst_linecosts.moc"
