#pragma once
// Statistics for comparing two cohorts of traces (DESIGN.md "Collections and cohorts"): each
// cohort is a sample of one function's per-trace shares (self or inclusive time / the trace's
// duration, 0 where the function does not appear). Plain C++20, no Qt.
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
// over the cohort's summed duration), with its linearised (Taylor, ratio-estimator) variance:
// n / (n − 1) · sum((y − R·x)²) / sum(x)², resampling traces with replacement in the limit.
struct RatioEstimate {
    double ratio = 0.0;
    double variance = 0.0;
    size_t traces = 0;
};
// `y` and `x` of equal length, one pair a trace.
RatioEstimate ratioOfSums(std::span<const double> y, std::span<const double> x);

// Two ratio estimates compared (Welch's t test with Satterthwaite's degrees of freedom): the
// shift changed − base, its two-sided p and its `confidence` interval. With fewer than two traces
// on a side, or no spread on either, p = 1 (0 when the ratios differ without any spread) and
// the interval is [shift, shift] only without spread, else NaN on both ends.
struct RatioChange {
    double shift = 0.0, low = 0.0, high = 0.0, p = 1.0;
};
RatioChange compareRatios(const RatioEstimate& base, const RatioEstimate& changed, double confidence = 0.95);

} // namespace xsprof::cohorts
