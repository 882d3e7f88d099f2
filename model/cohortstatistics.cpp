#include "cohortstatistics.h"

#include <algorithm>
#include <cmath>
#include <numeric>
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

// How many of the counts of U = 0 .. m·n there are among the C(m + n, m) orderings of two
// tie-free samples: the coefficients of the Gaussian binomial [m + n choose m], built one
// factor (1 − q^(n+i)) / (1 − q^i) at a time (each partial product is a polynomial).
std::vector<double> exactUFrequencies(size_t m, size_t n)
{
    std::vector<double> a(m * n + m + 1, 0.0);
    a[0] = 1.0;
    for (size_t i = 1; i <= m; ++i) {
        const size_t shift = n + i;
        for (size_t u = a.size() - 1; u >= shift; --u)
            a[u] -= a[u - shift];
        for (size_t u = i; u < a.size(); ++u)
            a[u] += a[u - i];
    }
    a.resize(m * n + 1);
    return a;
}

double exactTwoSidedP(double u, size_t m, size_t n)
{
    const std::vector<double> frequencies = exactUFrequencies(m, n);
    const double all = std::accumulate(frequencies.begin(), frequencies.end(), 0.0);
    const auto at = size_t(u);
    double below = 0.0; // P(U <= u)
    for (size_t v = 0; v <= at && v < frequencies.size(); ++v)
        below += frequencies[v];
    double above = 0.0; // P(U >= u)
    for (size_t v = at; v < frequencies.size(); ++v)
        above += frequencies[v];
    return std::min(1.0, 2.0 * std::min(below, above) / all);
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
    const double dm = double(m), dn = double(n), total = dm + dn;
    test.u = rankSumChanged - dn * (dn + 1.0) / 2.0;
    const double mean = dm * dn / 2.0;
    const double variance = dm * dn / 12.0 * ((total + 1.0) - tieTerm / (total * (total - 1.0)));
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
    const double dm = double(b.size()), dn = double(c.size());
    const double spread = z * std::sqrt(dm * dn * (dm + dn + 1.0) / 12.0);
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
        smallestAbove = std::min(smallestAbove, p[i] * double(count) / double(rank));
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

} // namespace xsprof::cohorts
