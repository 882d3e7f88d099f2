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

// Exact (the distribution of U by counting) when neither sample has ties and both are small,
// otherwise the normal approximation with the tie correction of the variance and a continuity
// correction of 0.5 — the rule of R's wilcox.test and SciPy's mannwhitneyu. p = 1 when either
// sample is empty or every value is the same.
RankTest mannWhitney(std::span<const double> base, std::span<const double> changed);

// The Hodges–Lehmann estimate of the shift changed − base: the median of the |base|·|changed|
// pairwise differences, with the distribution-free confidence interval from the U
// distribution's normal approximation (the k-th smallest and k-th largest differences).
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

} // namespace xsprof::cohorts
