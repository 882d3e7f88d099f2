#pragma once
// Statistics for comparing two cohorts of traces (DESIGN.md "Collections and cohorts"): each
// cohort is a sample of one function's per-trace shares (self or inclusive time / the trace's
// duration, 0 where the function does not appear). Plain C++20, no Qt.
#include <cmath>
#include <cstddef>
#include <span>
#include <vector>

namespace xsprof::cohorts {

// The Mann–Whitney U test of two independent samples, two-sided.
struct RankTest {
    double u = 0.0; // U of the second sample: pairs (b, c) with c > b, ties counting one half
    double z = 0.0; // its standard score under the normal approximation (0 when undefined)
    double p = 1.0; // two-sided p-value
};

// Exact (the distribution of U by counting) when neither sample has ties and both are under 50,
// otherwise the normal approximation with the tie correction of the variance and a continuity
// correction of 0.5 — R's wilcox.test rule (SciPy's mannwhitneyu, method='auto', switches at 8
// instead). p = 1 when either sample is empty or every value is the same; p is in [0, 1].
RankTest mannWhitney(std::span<const double> base, std::span<const double> changed);

// The Hodges–Lehmann estimate of the shift changed − base: the median of the |base|·|changed|
// pairwise differences, with the distribution-free confidence interval from the U
// distribution's normal approximation (the k-th smallest and k-th largest differences), its
// variance tie-corrected as mannWhitney's is, so that interval and test treat ties alike.
struct Shift {
    double estimate = 0.0;
    double low = 0.0;
    double high = 0.0;
};
// Both samples non-empty; O((n + m) log) time and O(n + m) memory, never the n·m differences.
Shift hodgesLehmann(std::span<const double> base, std::span<const double> changed, double confidence = 0.95);

// The k-th smallest (1-based) of the differences c − b over all pairs, exactly. Both samples
// sorted ascending and non-empty, 1 <= k <= |base|·|changed|.
double kthPairwiseDifference(std::span<const double> sortedBase, std::span<const double> sortedChanged, size_t k);

// Benjamini–Hochberg adjusted p-values (q-values), in the order of `p`: the false discovery
// rate at which each test would just be rejected.
std::vector<double> benjaminiHochberg(std::span<const double> p);

// The quantile of the standard normal distribution at probability `probability` (0 < p < 1).
double normalQuantile(double probability);

// Student's t distribution with `degrees` (> 0, not necessarily whole) degrees of freedom:
// P(T > t), accurate in the far tail, and the quantile at probability `probability`.
double studentUpperTail(double t, double degrees);
double studentQuantile(double probability, double degrees);

// The ratio of two sums over a cohort's traces, sum(y) / sum(x) (a function's summed self time
// over the cohort's summed duration), with the sums its comparison pools, and its own
// linearised (Taylor, ratio-estimator) variance n / (n − 1) · sum((y − R·x)²) / sum(x)²: what
// resampling the cohort's traces with replacement gives in the limit.
struct RatioEstimate {
    double ratio = 0.0;
    double variance = 0.0;
    size_t traces = 0;
    double sumX = 0.0, sumSquaresX = 0.0; // sum(x), sum(x²)
    double residualSquares = 0.0;         // sum((y − R·x)²)
};
// `y` and `x` of equal length, one pair a trace.
RatioEstimate ratioOfSums(std::span<const double> y, std::span<const double> x);

// Two samples compared (changed − base): the shift, its two-sided p and its `confidence`
// interval from one Student t with `degrees` of freedom, so that p < 1 − confidence exactly when
// the interval leaves out 0. Too few traces to estimate a spread (fewer than three in all): p = 1
// and NaN ends. No spread at all: p = 1 (0 when the two differ) and the interval [shift, shift].
struct TwoSampleChange {
    double base = 0.0, changed = 0.0; // each sample's estimate
    double shift = 0.0, low = NAN, high = NAN, p = 1.0, degrees = 0.0;
};

// Two ratio estimates compared with one variance pooled over both cohorts: the residuals around
// each cohort's ratio, per unit of duration squared, s² = sum(e²) / sum(x²) · N / (N − 2) over
// the N traces of both, and Var(R) = s² · sum(x²) / sum(x)² for each; t with N − 2 degrees of
// freedom. A cohort of ten traces borrows its spread from the larger one, where its own residuals
// would understate it (they are 0 for a function it lacks). Equal durations: Student's pooled t
// test of the shares.
TwoSampleChange compareRatios(const RatioEstimate& base, const RatioEstimate& changed, double confidence = 0.95);

// Two means compared by Student's t test with the variance pooled over both samples (N − 2
// degrees of freedom): scipy.stats.ttest_ind(equal_var=True) and its interval.
TwoSampleChange compareMeans(std::span<const double> base, std::span<const double> changed, double confidence = 0.95);

} // namespace xsprof::cohorts
