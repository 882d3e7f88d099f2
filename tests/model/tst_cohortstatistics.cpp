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
    void exactTailsKeepTheirPrecision();
    void studentTMatchesScipy();
    void aggregateShareMatchesItsFormulaAndTheBootstrap();
    void meansMatchScipysPooledTTest();
    void rarePathRegressionIsFoundByTheAggregate();
    void aggregateOnEqualCohortsFlagsAtMostTheNominalRate();

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

void CohortStatisticsTest::exactTailsKeepTheirPrecision()
{
    // Fully or almost separated cohorts under 50: p of 1e-12 .. 1e-28, which the old counting
    // (a polynomial division) lost to cancellation, down to negative values.
    for (const auto& c : m_reference.at("tails")) {
        const double expected = c.at("p").get<double>();
        const double p = mannWhitney(numbers(c.at("base")), numbers(c.at("changed"))).p;
        QVERIFY2(p > 0.0 && std::abs(p - expected) <= 1e-9 * expected,
                 QByteArray(QByteArray::number(p, 'g', 17) + " vs " + QByteArray::number(expected, 'g', 17)).constData());
    }
    // p and q stay in [0, 1] whatever comes in.
    for (const double q : benjaminiHochberg(std::vector<double>{-1e-16, 0.3, 1.0 + 1e-15}))
        QVERIFY(q >= 0.0 && q <= 1.0);
}

void CohortStatisticsTest::studentTMatchesScipy()
{
    for (const auto& row : m_reference.at("students")) {
        const double t = row.at("t").get<double>(), df = row.at("df").get<double>();
        const double upper = studentUpperTail(t, df), expected = row.at("upper").get<double>();
        QVERIFY2(std::abs(upper - expected) <= 1e-10 * expected,
                 QByteArray(QByteArray::number(t) + " df " + QByteArray::number(df) + ": " +
                            QByteArray::number(upper, 'g', 17) + " vs " + QByteArray::number(expected, 'g', 17))
                     .constData());
        // SciPy's t.ppf is itself good to about 1e-8 (its tail at its own quantile is off by that
        // much): the quantile is checked against it that closely, and exactly by its tail.
        const double quantile = studentQuantile(0.975, df);
        QVERIFY2(close(quantile, row.at("quantile").get<double>(), 1e-7), QByteArray::number(df).constData());
        QVERIFY(std::abs(studentUpperTail(quantile, df) - 0.025) <= 1e-11); // lgamma of df/2 limits it at 1e6
    }
}

void CohortStatisticsTest::aggregateShareMatchesItsFormulaAndTheBootstrap()
{
    for (const auto& c : m_reference.at("aggregates")) {
        const RatioEstimate base = ratioOfSums(numbers(c.at("base_self")), numbers(c.at("base_duration")));
        const RatioEstimate changed = ratioOfSums(numbers(c.at("new_self")), numbers(c.at("new_duration")));
        QVERIFY(close(base.ratio, c.at("base_ratio").get<double>(), 1e-13));
        QVERIFY(close(base.variance, c.at("base_variance").get<double>(), 1e-12));
        QVERIFY(close(changed.variance, c.at("new_variance").get<double>(), 1e-12));
        // The linearised variance is what resampling traces gives (4 000 bootstrap replicates).
        const double bootstrap = c.at("base_bootstrap_variance").get<double>();
        const double allowed = base.traces >= 50 ? 0.15 : 0.3;
        if (base.traces >= 12) // ten traces of a function in 30 % of them: too few to compare two estimates
            QVERIFY2(std::abs(base.variance / bootstrap - 1.0) <= allowed,
                 QByteArray(QByteArray::number(base.variance) + " vs bootstrap " + QByteArray::number(bootstrap)).constData());
        const TwoSampleChange change = compareRatios(base, changed);
        QVERIFY(close(change.shift, c.at("shift").get<double>(), 1e-13));
        QVERIFY2(std::abs(change.p - c.at("p").get<double>()) <= 1e-10 * c.at("p").get<double>(),
                 QByteArray::number(change.p, 'g', 17).constData());
        // The interval's ends through SciPy's t quantile, good to about 1e-8 of the reach.
        QVERIFY(close(change.low, c.at("low").get<double>(), 1e-9));
        QVERIFY(close(change.high, c.at("high").get<double>(), 1e-9));
        // Equal durations: SciPy's own pooled two-sample t test of the shares.
        if (c.contains("student_p"))
            QVERIFY(std::abs(change.p - c.at("student_p").get<double>()) <= 1e-10 * c.at("student_p").get<double>());
        // p below 0.05 exactly when the interval leaves out 0 (one t distribution for both).
        QCOMPARE(change.p < 0.05, change.low > 0.0 || change.high < 0.0);
    }
    // One trace on each side: no spread to measure, no test, no interval.
    const TwoSampleChange single = compareRatios(ratioOfSums(std::vector<double>{1.0}, std::vector<double>{4.0}),
                                                 ratioOfSums(std::vector<double>{2.0}, std::vector<double>{4.0}));
    QCOMPARE(single.p, 1.0);
    QVERIFY(std::isnan(single.low) && std::isnan(single.high));
    // One trace against several: the one borrows the others' spread.
    const TwoSampleChange borrowed = compareRatios(ratioOfSums(std::vector<double>{1.0}, std::vector<double>{4.0}),
                                                   ratioOfSums(std::vector<double>{1.0, 2.0, 1.5}, std::vector<double>{4.0, 4.0, 4.0}));
    QVERIFY(borrowed.p < 1.0 && std::isfinite(borrowed.low));
    // A function absent from a small cohort is not "0 with no spread".
    const TwoSampleChange absent = compareRatios(ratioOfSums(std::vector<double>(3, 0.0), std::vector<double>(3, 4.0)),
                                                 ratioOfSums(std::vector<double>{0.0, 2.0, 0.0, 1.0}, std::vector<double>(4, 4.0)));
    QVERIFY(absent.p > 0.05 && absent.low < 0.0);
}

void CohortStatisticsTest::meansMatchScipysPooledTTest()
{
    for (const auto& c : m_reference.at("means")) {
        const TwoSampleChange change = compareMeans(numbers(c.at("base")), numbers(c.at("changed")));
        QVERIFY(close(change.shift, c.at("shift").get<double>(), 1e-12));
        QVERIFY2(std::abs(change.p - c.at("p").get<double>()) <= 1e-10 * c.at("p").get<double>(),
                 QByteArray::number(change.p, 'g', 17).constData());
        QVERIFY(close(change.low, c.at("low").get<double>(), 1e-9));
        QVERIFY(close(change.high, c.at("high").get<double>(), 1e-9));
    }
    const TwoSampleChange same = compareMeans(std::vector<double>{2.0, 2.0}, std::vector<double>{2.0, 2.0, 2.0});
    QCOMPARE(same.p, 1.0);
    QCOMPARE(same.low, 0.0);
}

namespace {

// One cohort of traces for the aggregate: durations 1.5–4.5 s; a function present in
// `presence` of them, taking 5–15 % of such a trace, times `factor`.
struct GeneratedCohort {
    std::vector<double> self, duration, share;
};
GeneratedCohort rareFunction(std::mt19937_64& random, size_t size, double presence, double factor)
{
    std::uniform_real_distribution<double> coin(0.0, 1.0), duration(1.5e6, 4.5e6), part(0.05, 0.15);
    GeneratedCohort c;
    for (size_t t = 0; t < size; ++t) {
        const double d = duration(random);
        const double self = coin(random) < presence ? std::min(d, d * part(random) * factor) : 0.0;
        c.self.push_back(self);
        c.duration.push_back(d);
        c.share.push_back(self / d);
    }
    return c;
}

} // namespace

void CohortStatisticsTest::rarePathRegressionIsFoundByTheAggregate()
{
    // The case: a function in 30 % of the traces (and in 45 %), 40–50 % slower in the
    // new cohort. Its median share is 0 on both sides, so the per-trace shift says 0; the
    // aggregate share moves by about 0.3 × 10 % × 45 % = 1.35 pp and must be found.
    std::mt19937_64 random(40);
    int found = 0, covered = 0, rounds = 0;
    for (const double presence : {0.30, 0.45}) {
        for (const double slowdown : {1.40, 1.45, 1.50}) {
            ++rounds;
            const GeneratedCohort base = rareFunction(random, 2000, presence, 1.0);
            const GeneratedCohort changed = rareFunction(random, 2000, presence, slowdown);
            QCOMPARE(hodgesLehmann(base.share, changed.share).estimate, 0.0);
            const TwoSampleChange change =
                compareRatios(ratioOfSums(base.self, base.duration), ratioOfSums(changed.self, changed.duration));
            const double trueShift = presence * 0.10 * (slowdown - 1.0);
            found += change.p < 0.001 && change.shift > 0.0;
            covered += change.low <= trueShift && trueShift <= change.high;
        }
    }
    qInfo("rare-path regression found in %d of %d cases, interval held the shift in %d", found, rounds, covered);
    QCOMPARE(found, rounds);
    QVERIFY(covered >= rounds - 1);
}

void CohortStatisticsTest::aggregateOnEqualCohortsFlagsAtMostTheNominalRate()
{
    // A/A: forty functions of every presence drawn alike in both cohorts, over ten seeds. Before
    // correction about 5 % of the tests fall below 0.05; after Benjamini–Hochberg, a round has
    // any discovery with probability 5 % at most (every hypothesis is true).
    int below = 0, tests = 0, roundsWithDiscovery = 0;
    for (uint64_t seed = 1; seed <= 10; ++seed) {
        std::mt19937_64 random(seed);
        std::vector<double> p;
        for (int f = 0; f < 40; ++f) {
            const double presence = 0.1 + 0.9 * f / 39.0;
            const size_t size = f % 2 ? 300 : 120;
            const GeneratedCohort base = rareFunction(random, size, presence, 1.0);
            const GeneratedCohort changed = rareFunction(random, size + 17, presence, 1.0);
            p.push_back(compareRatios(ratioOfSums(base.self, base.duration), ratioOfSums(changed.self, changed.duration)).p);
            below += p.back() < 0.05;
            ++tests;
        }
        const std::vector<double> q = benjaminiHochberg(p);
        roundsWithDiscovery += std::any_of(q.begin(), q.end(), [](double v) { return v < 0.05; });
    }
    qInfo("A/A: %d of %d aggregate tests below 0.05, %d of 10 rounds with a discovery after BH", below, tests,
          roundsWithDiscovery);
    // 400 tests at 5 %: 20 expected, 29 is the binomial's 97.5th percentile.
    QVERIFY(below <= 29);
    QVERIFY(roundsWithDiscovery <= 2);
}

QTEST_GUILESS_MAIN(CohortStatisticsTest)
#include "tst_cohortstatistics.moc"
