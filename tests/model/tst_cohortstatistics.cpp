// The cohort statistics (model/cohortstatistics) against SciPy and numpy
// (cohort_reference.py, run with Debian's python3), and against their promise on generated
// cohorts: a function made slower is found, with an interval holding the true shift, and
// functions left alone are rarely called significant.
#include "model/cohortstatistics.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <fstream>
#include <random>
#include <string>

using namespace xsprof::cohorts;

namespace {

std::vector<double> numbers(const nlohmann::json& array)
{
    return array.get<std::vector<double>>();
}

bool close(double actual, double expected, double relative)
{
    return std::abs(actual - expected) <= relative * std::max(1.0, std::abs(expected)) + 1e-15;
}

// A cohort of per-trace shares: lognormal around `centre`, `zeroFraction` of traces without
// the function, every present share moved by `shift`.
std::vector<double> generatedShares(std::mt19937_64& random, size_t size, double centre, double shift,
                                    double zeroFraction = 0.0)
{
    std::lognormal_distribution<double> share(std::log(centre), 0.5);
    std::uniform_real_distribution<double> coin(0.0, 1.0);
    std::vector<double> shares(size);
    for (double& s : shares)
        s = coin(random) < zeroFraction ? 0.0 : share(random) + shift;
    return shares;
}

} // namespace

class CohortStatisticsTest : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void rankTestAndShiftMatchScipyAndNumpy();
    void falseDiscoveryRateMatchesItsDefinition();
    void normalQuantilesMatchPython();
    void kthDifferenceEqualsSortingEveryPair();
    void slowerFunctionIsFoundAndOthersAreNot();

private:
    QTemporaryDir m_dir;
    nlohmann::json m_reference;
};

void CohortStatisticsTest::initTestCase()
{
    QVERIFY(m_dir.isValid());
    const QString out = m_dir.filePath(QStringLiteral("reference.json"));
    QProcess python;
    // Debian's interpreter, which has python3-scipy (scripts/lib/deps.sh installs it).
    python.start(QStringLiteral("/usr/bin/python3"), {QStringLiteral(XSPROF_COHORT_REFERENCE), out});
    QVERIFY2(python.waitForFinished(120000) && python.exitCode() == 0, python.readAllStandardError().constData());
    std::ifstream in(out.toStdString());
    m_reference = nlohmann::json::parse(in);
    QVERIFY(m_reference.at("cases").size() >= 8);
}

void CohortStatisticsTest::rankTestAndShiftMatchScipyAndNumpy()
{
    for (const auto& c : m_reference.at("cases")) {
        const std::vector<double> base = numbers(c.at("base")), changed = numbers(c.at("changed"));
        const std::string what = std::to_string(base.size()) + " vs " + std::to_string(changed.size()) + " (" +
                                 c.at("method").get<std::string>() + ")";
        auto say = [&](const char* field, double value) {
            return what + " " + field + " " + QByteArray::number(value, 'g', 17).toStdString();
        };
        const RankTest test = mannWhitney(base, changed);
        QVERIFY2(close(test.u, c.at("u").get<double>(), 1e-12), say("U", test.u).c_str());
        QVERIFY2(close(test.p, c.at("p").get<double>(), 1e-9), say("p", test.p).c_str());
        const Shift shift = hodgesLehmann(base, changed);
        QVERIFY2(close(shift.estimate, c.at("estimate").get<double>(), 1e-12), say("estimate", shift.estimate).c_str());
        QVERIFY2(shift.low == c.at("low").get<double>(), say("low", shift.low).c_str());
        QVERIFY2(shift.high == c.at("high").get<double>(), say("high", shift.high).c_str());
        QVERIFY(shift.low <= shift.estimate && shift.estimate <= shift.high);
    }
    // Empty cohorts say nothing.
    QCOMPARE(mannWhitney({}, std::vector<double>{1.0}).p, 1.0);
}

void CohortStatisticsTest::falseDiscoveryRateMatchesItsDefinition()
{
    const auto& bh = m_reference.at("bh");
    const std::vector<double> q = benjaminiHochberg(numbers(bh.at("p")));
    const std::vector<double> expected = numbers(bh.at("q"));
    QCOMPARE(q.size(), expected.size());
    for (size_t i = 0; i < q.size(); ++i)
        QVERIFY2(close(q[i], expected[i], 1e-12), std::to_string(i).c_str());
    QVERIFY(benjaminiHochberg({}).empty());
}

void CohortStatisticsTest::normalQuantilesMatchPython()
{
    for (const auto& row : m_reference.at("quantiles")) {
        const double p = row.at("p").get<double>();
        QVERIFY2(close(normalQuantile(p), row.at("x").get<double>(), 1e-12), std::to_string(p).c_str());
    }
}

void CohortStatisticsTest::kthDifferenceEqualsSortingEveryPair()
{
    std::mt19937_64 random(7);
    std::uniform_int_distribution<int> coarse(0, 6); // many equal differences
    for (int round = 0; round < 30; ++round) {
        std::vector<double> b(1 + size_t(round % 9)), c(1 + size_t(round % 7));
        for (double& v : b)
            v = round % 2 ? coarse(random) * 0.125 : std::ldexp(double(random() % 1000), -7);
        for (double& v : c)
            v = round % 2 ? coarse(random) * 0.125 : std::ldexp(double(random() % 1000), -7);
        std::sort(b.begin(), b.end());
        std::sort(c.begin(), c.end());
        std::vector<double> all;
        for (const double cj : c)
            for (const double bi : b)
                all.push_back(cj - bi);
        std::sort(all.begin(), all.end());
        for (size_t k = 1; k <= all.size(); ++k)
            QCOMPARE(kthPairwiseDifference(b, c, k), all[k - 1]);
    }
}

void CohortStatisticsTest::slowerFunctionIsFoundAndOthersAreNot()
{
    // Forty functions whose shares come from the same distribution in both cohorts, and one
    // (about 3 % of each trace, spread ±1.6) whose share grows by 1.5 percentage points in the
    // new cohort, over 60 traces each.
    constexpr double trueShift = 0.015;
    int falsePositives = 0, found = 0, covered = 0;
    constexpr int rounds = 20;
    std::mt19937_64 random(33);
    for (int round = 0; round < rounds; ++round) {
        std::vector<double> p;
        std::vector<Shift> shifts;
        for (int f = 0; f <= 40; ++f) {
            const double centre = f == 40 ? 0.03 : 0.01 + 0.002 * f;
            const std::vector<double> base = generatedShares(random, 60, centre, 0.0);
            const std::vector<double> changed = generatedShares(random, 60, centre, f == 40 ? trueShift : 0.0);
            p.push_back(mannWhitney(base, changed).p);
            shifts.push_back(hodgesLehmann(base, changed));
        }
        const std::vector<double> q = benjaminiHochberg(p);
        for (int f = 0; f < 40; ++f)
            falsePositives += q[size_t(f)] < 0.05;
        found += q[40] < 0.05;
        covered += shifts[40].low <= trueShift && trueShift <= shifts[40].high;
    }
    qInfo("slower function found in %d of %d rounds, interval held the shift in %d; %d false positives of %d",
          found, rounds, covered, falsePositives, 40 * rounds);
    QCOMPARE(found, rounds);
    QVERIFY(covered >= rounds * 8 / 10);
    // Benjamini–Hochberg keeps the expected share of false discoveries among the discoveries
    // at 5 %: with one true discovery a round, a handful over twenty rounds at most.
    QVERIFY(falsePositives <= 4);
}

QTEST_GUILESS_MAIN(CohortStatisticsTest)
#include "tst_cohortstatistics.moc"
