#include "cohortstatistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <iterator>
#include <random>

namespace xsprof::cohorts {

namespace {

// Below this size on both sides, and without ties, U's distribution is counted exactly.
constexpr size_t exactSampleLimit = 50;

std::vector<double> sortedCopy(std::span<const double> values)
{
    std::vector<double> sorted(values.begin(), values.end());
    std::sort(sorted.begin(), sorted.end());
    return sorted;
}

// How many of the C(m + n, m) orderings of two tie-free samples give U = 0 .. m·n, counted by
// where the largest value comes from: f(i, j, u) = f(i − 1, j, u) + f(i, j − 1, u − i) (a
// largest value of the second sample is above all i values of the first). Only additions of
// counts, so every frequency, the tails' too, is exact to a few ulps.
std::vector<double> exactUFrequencies(size_t m, size_t n)
{
    // previous[i] = f(i, j − 1, ·), current[i] = f(i, j, ·), each of length i·j + 1.
    std::vector<std::vector<double>> previous(m + 1), current(m + 1);
    for (size_t i = 0; i <= m; ++i)
        previous[i].assign(1, 1.0); // j = 0: one ordering, U = 0
    for (size_t j = 1; j <= n; ++j) {
        current[0].assign(1, 1.0);
        for (size_t i = 1; i <= m; ++i) {
            std::vector<double>& f = current[i];
            f.assign(i * j + 1, 0.0);
            for (size_t u = 0; u < current[i - 1].size(); ++u)
                f[u] += current[i - 1][u];
            for (size_t u = 0; u < previous[i].size(); ++u)
                f[u + i] += previous[i][u];
        }
        std::swap(previous, current);
    }
    return previous[m];
}

double exactTwoSidedP(double u, size_t m, size_t n)
{
    // Every function of a comparison has the same cohort sizes: the last table is kept.
    thread_local size_t lastM = 0, lastN = 0;
    thread_local std::vector<double> frequencies;
    if (frequencies.empty() || lastM != m || lastN != n) {
        frequencies = exactUFrequencies(m, n);
        lastM = m;
        lastN = n;
    }
    const double all = std::accumulate(frequencies.begin(), frequencies.end(), 0.0);
    const auto at = size_t(u);
    double below = 0.0; // P(U <= u), summed from the tail inwards
    for (size_t v = std::min(at, frequencies.size() - 1) + 1; v-- > 0;)
        below += frequencies[v];
    double above = 0.0; // P(U >= u)
    for (size_t v = frequencies.size(); v-- > at;)
        above += frequencies[v];
    return std::clamp(2.0 * std::min(below, above) / all, 0.0, 1.0);
}

// The tie term sum(t³ − t) over the groups of equal values of the pooled samples.
double pooledTieTerm(std::span<const double> sortedBase, std::span<const double> sortedChanged)
{
    std::vector<double> pooled;
    pooled.reserve(sortedBase.size() + sortedChanged.size());
    std::merge(sortedBase.begin(), sortedBase.end(), sortedChanged.begin(), sortedChanged.end(), std::back_inserter(pooled));
    double term = 0.0;
    for (size_t i = 0; i < pooled.size();) {
        size_t j = i;
        while (j < pooled.size() && pooled[j] == pooled[i])
            ++j;
        const double t = double(j - i);
        term += t * t * t - t;
        i = j;
    }
    return term;
}

// The variance of U under the null hypothesis, tie-corrected.
double uVariance(double m, double n, double ties)
{
    const double total = m + n;
    return m * n / 12.0 * ((total + 1.0) - ties / (total * (total - 1.0)));
}

// The regularised incomplete beta function I_x(a, b) by its continued fraction (modified
// Lentz), on the side where it converges fast; the other side by I_x(a, b) = 1 − I_1−x(b, a).
double incompleteBeta(double x, double a, double b)
{
    if (x <= 0.0)
        return 0.0;
    if (x >= 1.0)
        return 1.0;
    if (x > (a + 1.0) / (a + b + 2.0))
        return 1.0 - incompleteBeta(1.0 - x, b, a);
    const double front = std::exp(a * std::log(x) + b * std::log1p(-x) - (std::lgamma(a) + std::lgamma(b) - std::lgamma(a + b))) / a;
    constexpr double tiny = 1e-300, epsilon = 1e-16;
    double f = 1.0, c = 1.0, d = 0.0;
    for (int i = 0; i <= 100000; ++i) {
        const int m = i / 2;
        double numerator;
        if (i == 0)
            numerator = 1.0;
        else if (i % 2 == 0)
            numerator = (m * (b - m) * x) / ((a + 2.0 * m - 1.0) * (a + 2.0 * m));
        else
            numerator = -((a + m) * (a + b + m) * x) / ((a + 2.0 * m) * (a + 2.0 * m + 1.0));
        d = 1.0 + numerator * d;
        d = std::abs(d) < tiny ? tiny : d;
        d = 1.0 / d;
        c = 1.0 + numerator / c;
        c = std::abs(c) < tiny ? tiny : c;
        const double step = c * d;
        f *= step;
        if (std::abs(1.0 - step) < epsilon)
            break;
    }
    return front * (f - 1.0);
}

// For each c_j (ascending), the index of the first b_i (ascending) whose difference c_j − b_i
// is below `pivot` (strictly, or with `orEqual` at most `pivot`): differences fall as i grows,
// and the index only moves right as j grows. Returns how many differences that leaves below.
size_t splitDifferences(std::span<const double> b, std::span<const double> c, double pivot, bool orEqual,
                        std::vector<size_t>& firstBelow)
{
    size_t below = 0, i = 0;
    for (size_t j = 0; j < c.size(); ++j) {
        while (i < b.size() && (orEqual ? c[j] - b[i] > pivot : c[j] - b[i] >= pivot))
            ++i;
        firstBelow[j] = i;
        below += b.size() - i;
    }
    return below;
}

} // namespace

RankTest mannWhitney(std::span<const double> base, std::span<const double> changed)
{
    RankTest test;
    const size_t m = base.size(), n = changed.size();
    if (m == 0 || n == 0)
        return test;
    // Average ranks over the pooled samples; the tie groups' sizes for the variance.
    struct Value {
        double value;
        bool fromChanged;
    };
    std::vector<Value> pooled;
    pooled.reserve(m + n);
    for (const double v : base)
        pooled.push_back({v, false});
    for (const double v : changed)
        pooled.push_back({v, true});
    std::sort(pooled.begin(), pooled.end(), [](const Value& a, const Value& b) { return a.value < b.value; });
    double rankSumChanged = 0.0, tieTerm = 0.0;
    for (size_t i = 0; i < pooled.size();) {
        size_t j = i;
        while (j < pooled.size() && pooled[j].value == pooled[i].value)
            ++j;
        const double averageRank = double(i + 1 + j) / 2.0; // ranks i+1 .. j
        for (size_t k = i; k < j; ++k)
            if (pooled[k].fromChanged)
                rankSumChanged += averageRank;
        const double t = double(j - i);
        tieTerm += t * t * t - t;
        i = j;
    }
    const double dm = double(m), dn = double(n);
    test.u = rankSumChanged - dn * (dn + 1.0) / 2.0;
    const double mean = dm * dn / 2.0;
    const double variance = uVariance(dm, dn, tieTerm);
    if (!(variance > 0.0))
        return test; // every value the same: nothing to tell apart
    const double distance = std::abs(test.u - mean);
    test.z = std::copysign(std::max(0.0, distance - 0.5), test.u - mean) / std::sqrt(variance);
    if (tieTerm == 0.0 && m < exactSampleLimit && n < exactSampleLimit)
        test.p = exactTwoSidedP(test.u, m, n);
    else
        test.p = std::min(1.0, std::erfc(std::abs(test.z) / std::sqrt(2.0)));
    return test;
}

double kthPairwiseDifference(std::span<const double> b, std::span<const double> c, size_t k)
{
    // Selection among the n·m differences without listing them: for each c_j the candidates
    // are b_i with i in [from[j], to[j]); a random candidate splits them into those below, at
    // and above it, counted in one pass, and the side holding the k-th is kept. The expected
    // number of passes grows with log(n·m); the answer is exact whatever the pivots.
    const size_t m = c.size();
    std::vector<size_t> from(m, 0), to(m, b.size()), less(m), lessOrEqual(m);
    std::mt19937_64 random(k);
    size_t candidates = b.size() * m;
    while (candidates > 0) {
        size_t pick = std::uniform_int_distribution<size_t>(0, candidates - 1)(random);
        size_t j = 0;
        while (pick >= to[j] - from[j]) {
            pick -= to[j] - from[j];
            ++j;
        }
        const double pivot = c[j] - b[from[j] + pick];
        // Differences c_j − b_i with i >= lessOrEqual[j] are <= pivot; with i >= less[j], < pivot.
        const size_t below = splitDifferences(b, c, pivot, false, less);
        const size_t atOrBelow = splitDifferences(b, c, pivot, true, lessOrEqual);
        if (below < k && k <= atOrBelow)
            return pivot;
        candidates = 0;
        for (size_t col = 0; col < m; ++col) {
            if (k <= below) // the k-th is below the pivot: keep i >= less[col]
                from[col] = std::max(from[col], less[col]);
            else // above it: keep i < lessOrEqual[col]
                to[col] = std::min(to[col], lessOrEqual[col]);
            to[col] = std::max(to[col], from[col]);
            candidates += to[col] - from[col];
        }
    }
    return NAN; // not reached for 1 <= k <= n·m
}

Shift hodgesLehmann(std::span<const double> base, std::span<const double> changed, double confidence)
{
    Shift shift;
    if (base.empty() || changed.empty())
        return shift;
    const std::vector<double> b = sortedCopy(base), c = sortedCopy(changed);
    const size_t pairs = b.size() * c.size();
    shift.estimate = pairs % 2 == 1
                         ? kthPairwiseDifference(b, c, pairs / 2 + 1)
                         : (kthPairwiseDifference(b, c, pairs / 2) + kthPairwiseDifference(b, c, pairs / 2 + 1)) / 2.0;
    const double z = normalQuantile(1.0 - (1.0 - confidence) / 2.0);
    const double spread = z * std::sqrt(std::max(0.0, uVariance(double(b.size()), double(c.size()), pooledTieTerm(b, c))));
    const double kReal = std::floor(double(pairs) / 2.0 - spread);
    const size_t k = kReal < 1.0 ? 1 : std::min(size_t(kReal), pairs);
    shift.low = kthPairwiseDifference(b, c, k);
    shift.high = kthPairwiseDifference(b, c, pairs - k + 1);
    return shift;
}

std::vector<double> benjaminiHochberg(std::span<const double> p)
{
    const size_t count = p.size();
    std::vector<size_t> order(count);
    std::iota(order.begin(), order.end(), size_t(0));
    std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return p[a] < p[b]; });
    std::vector<double> q(count);
    double smallestAbove = 1.0;
    for (size_t rank = count; rank >= 1; --rank) {
        const size_t i = order[rank - 1];
        smallestAbove = std::min(smallestAbove, std::clamp(p[i], 0.0, 1.0) * double(count) / double(rank));
        q[i] = smallestAbove;
    }
    return q;
}

double normalQuantile(double probability)
{
    // Acklam's rational approximation (relative error 1.15e-9), then one Halley step on the
    // exact distribution function (erfc), which leaves it at double precision. The upper half
    // by symmetry: 1 − p is exact there, while erfc near 1 would cancel.
    if (probability > 0.5)
        return -normalQuantile(1.0 - probability);
    static constexpr double a[] = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02,
                                   1.383577518672690e+02, -3.066479806614716e+01, 2.506628277459239e+00};
    static constexpr double b[] = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                                   6.680131188771972e+01, -1.328068155288572e+01};
    static constexpr double c[] = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
                                   -2.549732539343734e+00, 4.374664141464968e+00, 2.938163982698783e+00};
    static constexpr double d[] = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                                   3.754408661907416e+00};
    const double pLow = 0.02425;
    double x;
    if (probability < pLow) {
        const double q = std::sqrt(-2.0 * std::log(probability));
        x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    } else if (probability <= 1.0 - pLow) {
        const double q = probability - 0.5, r = q * q;
        x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q /
            (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1.0);
    } else {
        const double q = std::sqrt(-2.0 * std::log(1.0 - probability));
        x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) /
            ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1.0);
    }
    const double error = 0.5 * std::erfc(-x / std::sqrt(2.0)) - probability;
    const double u = error * std::sqrt(2.0 * M_PI) * std::exp(x * x / 2.0);
    return x - u / (1.0 + x * u / 2.0);
}

double studentUpperTail(double t, double degrees)
{
    if (std::isnan(t) || !(degrees > 0.0))
        return NAN;
    const double tail = 0.5 * incompleteBeta(degrees / (degrees + t * t), degrees / 2.0, 0.5); // P(|T| > |t|) / 2
    return t >= 0.0 ? tail : 1.0 - tail;
}

double studentQuantile(double probability, double degrees)
{
    if (probability < 0.5)
        return -studentQuantile(1.0 - probability, degrees);
    // Bisection on the upper tail, which falls as t grows; the bracket grows until it holds it.
    const double tail = 1.0 - probability;
    double low = 0.0, high = 1.0;
    while (studentUpperTail(high, degrees) > tail && high < 1e300)
        high *= 2.0;
    for (int i = 0; i < 200 && high - low > 1e-15 * high; ++i) {
        const double middle = (low + high) / 2.0;
        (studentUpperTail(middle, degrees) > tail ? low : high) = middle;
    }
    return (low + high) / 2.0;
}

RatioEstimate ratioOfSums(std::span<const double> y, std::span<const double> x)
{
    RatioEstimate estimate;
    estimate.traces = y.size();
    double sumY = 0.0;
    for (size_t t = 0; t < y.size(); ++t) {
        sumY += y[t];
        estimate.sumX += x[t];
        estimate.sumSquaresX += x[t] * x[t];
    }
    if (!(estimate.sumX > 0.0))
        return estimate;
    estimate.ratio = sumY / estimate.sumX;
    for (size_t t = 0; t < y.size(); ++t) { // a second pass: no cancellation
        const double e = y[t] - estimate.ratio * x[t];
        estimate.residualSquares += e * e;
    }
    if (y.size() >= 2) {
        const double n = double(y.size());
        estimate.variance = n / (n - 1.0) * estimate.residualSquares / (estimate.sumX * estimate.sumX);
    }
    return estimate;
}

namespace {

// The shift with its standard error and degrees of freedom turned into p and an interval.
TwoSampleChange studentChange(double base, double changed, double error, double degrees, double confidence)
{
    TwoSampleChange change;
    change.base = base;
    change.changed = changed;
    change.shift = changed - base;
    change.degrees = degrees;
    if (!(degrees >= 1.0))
        return change;
    if (!(error > 0.0)) {
        change.low = change.high = change.shift;
        change.p = change.shift == 0.0 ? 1.0 : 0.0;
        return change;
    }
    change.p = std::clamp(2.0 * studentUpperTail(std::abs(change.shift) / error, degrees), 0.0, 1.0);
    const double reach = studentQuantile(1.0 - (1.0 - confidence) / 2.0, degrees) * error;
    change.low = change.shift - reach;
    change.high = change.shift + reach;
    return change;
}

} // namespace

TwoSampleChange compareRatios(const RatioEstimate& base, const RatioEstimate& changed, double confidence)
{
    const double traces = double(base.traces + changed.traces);
    const double squaresX = base.sumSquaresX + changed.sumSquaresX;
    if (!(base.sumX > 0.0) || !(changed.sumX > 0.0)) // a cohort without duration: no share to compare
        return studentChange(base.ratio, changed.ratio, 0.0, 0.0, confidence);
    double error = 0.0;
    if (traces > 2.0 && squaresX > 0.0) {
        const double perSquare = (base.residualSquares + changed.residualSquares) / squaresX * traces / (traces - 2.0);
        error = std::sqrt(perSquare * (base.sumSquaresX / (base.sumX * base.sumX) +
                                       changed.sumSquaresX / (changed.sumX * changed.sumX)));
    }
    return studentChange(base.ratio, changed.ratio, error, traces - 2.0, confidence);
}

TwoSampleChange compareMeans(std::span<const double> base, std::span<const double> changed, double confidence)
{
    const double m = double(base.size()), n = double(changed.size());
    if (base.empty() || changed.empty())
        return studentChange(0.0, 0.0, 0.0, 0.0, confidence);
    const double meanBase = std::accumulate(base.begin(), base.end(), 0.0) / m;
    const double meanChanged = std::accumulate(changed.begin(), changed.end(), 0.0) / n;
    double squares = 0.0;
    for (const double v : base)
        squares += (v - meanBase) * (v - meanBase);
    for (const double v : changed)
        squares += (v - meanChanged) * (v - meanChanged);
    const double degrees = m + n - 2.0;
    const double error = degrees >= 1.0 ? std::sqrt(squares / degrees * (1.0 / m + 1.0 / n)) : 0.0;
    return studentChange(meanBase, meanChanged, error, degrees, confidence);
}

} // namespace xsprof::cohorts
