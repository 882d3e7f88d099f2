#!/usr/bin/python3
"""Reference values for tst_cohortstatistics, computed independently of xsprof.

Mann-Whitney U and its p-value from SciPy (exact for tie-free samples both under 50, the
asymptotic test with tie and continuity corrections otherwise: R's rule, which xsprof states), the
Hodges-Lehmann shift and its interval from all pairwise differences (numpy; k from the U
variance with SciPy's tie correction, as the test's), Benjamini-Hochberg by its definition,
normal quantiles from Python's statistics module, Student's t from SciPy, and the aggregate
share (a ratio of sums) with its variance by the textbook formula and by a bootstrap over
traces (numpy, fixed seed), compared between cohorts with the residual variance pooled over both
cohorts (the textbook sums, numpy) and SciPy's t distribution, which with equal durations is SciPy's
pooled two-sample t test; and the means of self time per trace by SciPy's ttest_ind(equal_var=True).
Writes JSON to the path given as the only argument.
"""
import json
import math
import statistics
import sys

import numpy as np
from scipy import stats

rng = np.random.default_rng(29)


def shares(size, zero_fraction, centre, spread, shift=0.0):
    values = rng.lognormal(math.log(centre), spread, size) + shift
    values[rng.random(size) < zero_fraction] = 0.0
    return [float(v) for v in values]


def case(base, changed):
    b, c = np.array(base), np.array(changed)
    tie_free = len(set(base + changed)) == len(base) + len(changed)
    method = 'exact' if tie_free and len(base) < 50 and len(changed) < 50 else 'asymptotic'
    if len(set(base + changed)) == 1:
        p = 1.0
        u = len(base) * len(changed) / 2.0
    else:
        result = stats.mannwhitneyu(c, b, alternative='two-sided', method=method, use_continuity=True)
        u, p = float(result.statistic), float(result.pvalue)
    differences = np.sort((c[:, None] - b[None, :]).ravel())
    pairs = len(differences)
    z = statistics.NormalDist().inv_cdf(0.975)
    ties = stats.tiecorrect(stats.rankdata(np.concatenate([b, c])))
    k = math.floor(pairs / 2 - z * math.sqrt(len(b) * len(c) * (len(b) + len(c) + 1) / 12 * ties))
    k = min(max(k, 1), pairs)
    return {'base': base, 'changed': changed, 'method': method, 'u': u, 'p': p,
            'estimate': float(np.median(differences)),
            'low': float(differences[k - 1]), 'high': float(differences[pairs - k])}


cases = [
    case([1.0, 2.5, 3.0], [4.0, 5.5]),
    case(shares(12, 0.0, 0.05, 0.4), shares(15, 0.0, 0.05, 0.4, 0.02)),
    case(shares(40, 0.0, 0.05, 0.5), shares(31, 0.0, 0.05, 0.5)),
    case([0.0, 0.0, 0.1, 0.2, 0.2], [0.0, 0.3, 0.3, 0.4]),
    case(shares(300, 0.3, 0.04, 0.6), shares(280, 0.3, 0.04, 0.6, 0.01)),
    case(shares(1000, 0.6, 0.02, 0.8), shares(1200, 0.6, 0.02, 0.8)),
    case(shares(1, 0.0, 0.05, 0.4), shares(7, 0.0, 0.05, 0.4)),
    case([0.25] * 6, [0.25] * 4),
    case([float(v) for v in rng.integers(0, 5, 60)], [float(v) for v in rng.integers(1, 6, 70)]),
    # Zero-inflated shares, as a function in a third of the traces: ties move the interval.
    case(shares(400, 0.7, 0.05, 0.5), shares(400, 0.7, 0.05, 0.5, 0.02)),
]

# The exact path's far tails (both cohorts under 50, no ties): p far below 1e-16.
tails = []
for size_b, size_c, overlap in ((45, 45, 0), (30, 49, 0), (49, 49, 3), (20, 25, 2)):
    base = [float(v) for v in range(size_b)]
    changed = [float(v) + size_b - overlap + 0.5 for v in range(size_c)]
    for first, second in ((base, changed), (changed, base)):
        result = stats.mannwhitneyu(second, first, alternative='two-sided', method='exact')
        tails.append({'base': first, 'changed': second, 'p': float(result.pvalue)})

students = [{'t': t, 'df': df, 'upper': float(stats.t.sf(t, df)), 'quantile': float(stats.t.ppf(0.975, df))}
            for t, df in ((0.0, 3.0), (1.5, 1.0), (2.1, 7.5), (-1.2, 12.3), (4.0, 40.0), (9.0, 250.7),
                          (12.0, 5000.0), (30.0, 99999.0), (0.3, 1e6))]


def ratio(y, x):
    y, x = np.asarray(y), np.asarray(x)
    r = y.sum() / x.sum()
    n = len(y)
    variance = n / (n - 1) * ((y - r * x) ** 2).sum() / x.sum() ** 2
    return float(r), float(variance)


def bootstrap_variance(y, x, replicates=4000):
    boot = np.random.default_rng(5)
    y, x = np.asarray(y), np.asarray(x)
    ratios = []
    for _ in range(replicates):
        pick = boot.integers(0, len(y), len(y))
        ratios.append(y[pick].sum() / x[pick].sum())
    return float(np.var(ratios, ddof=1))


def aggregate_case(n_base, n_new, presence, slowdown, equal_durations=False):
    sides = []
    for n, factor in ((n_base, 1.0), (n_new, slowdown)):
        durations = np.full(n, 3000.0) if equal_durations else rng.uniform(1500.0, 4500.0, n)
        present = rng.random(n) < presence
        selfs = np.where(present, durations * rng.uniform(0.05, 0.15, n) * factor, 0.0)
        sides.append(([float(v) for v in selfs], [float(v) for v in durations]))
    (yb, xb), (yn, xn) = sides
    rb, vb = ratio(yb, xb)
    rn, vn = ratio(yn, xn)
    # The comparison: residuals around each cohort's ratio, per unit of duration squared, pooled
    # over both cohorts' N traces (N - 2 degrees of freedom).
    yb_, xb_, yn_, xn_ = (np.asarray(v) for v in (yb, xb, yn, xn))
    residuals = ((yb_ - rb * xb_) ** 2).sum() + ((yn_ - rn * xn_) ** 2).sum()
    n = n_base + n_new
    per_square = residuals / ((xb_ ** 2).sum() + (xn_ ** 2).sum()) * n / (n - 2)
    se = math.sqrt(per_square * ((xb_ ** 2).sum() / xb_.sum() ** 2 + (xn_ ** 2).sum() / xn_.sum() ** 2))
    df = n - 2
    t = (rn - rb) / se
    reach = float(stats.t.ppf(0.975, df)) * se
    case = {'base_self': yb, 'base_duration': xb, 'new_self': yn, 'new_duration': xn,
            'base_ratio': rb, 'base_variance': vb, 'new_ratio': rn, 'new_variance': vn,
            'base_bootstrap_variance': bootstrap_variance(yb, xb),
            'shift': rn - rb, 'p': float(2 * stats.t.sf(abs(t), df)), 'low': rn - rb - reach, 'high': rn - rb + reach}
    if equal_durations:
        # Equal durations: Student's pooled t test of the shares, as SciPy computes it.
        student = stats.ttest_ind(yn_ / xn_, yb_ / xb_, equal_var=True)
        case['student_p'] = float(student.pvalue)
    return case


aggregates = [aggregate_case(400, 380, 0.3, 1.45), aggregate_case(60, 45, 0.5, 1.0), aggregate_case(12, 9, 0.9, 1.2),
              aggregate_case(10, 1000, 0.3, 1.0), aggregate_case(50, 70, 0.6, 1.1, equal_durations=True)]


def means_case(base, changed):
    b, c = np.asarray(base), np.asarray(changed)
    result = stats.ttest_ind(c, b, equal_var=True)
    # SciPy 1.10 gives no interval: the shift over the statistic is its standard error.
    shift = float(c.mean() - b.mean())
    reach = float(stats.t.ppf(0.975, len(b) + len(c) - 2)) * shift / float(result.statistic)
    return {'base': [float(v) for v in b], 'changed': [float(v) for v in c], 'shift': shift,
            'p': float(result.pvalue), 'low': shift - reach, 'high': shift + reach}


means = [means_case(rng.lognormal(7, 0.6, 10), rng.lognormal(7, 0.6, 1000)),
         means_case(rng.lognormal(7, 0.6, 300), rng.lognormal(7.1, 0.6, 280)),
         means_case(np.where(rng.random(40) < 0.3, rng.lognormal(8, 0.4, 40), 0.0),
                    np.where(rng.random(35) < 0.3, rng.lognormal(8.3, 0.4, 35), 0.0))]

p_values = [float(v) for v in rng.random(25) ** 3] + [0.04, 0.04, 1.0]
m = len(p_values)
order = sorted(range(m), key=lambda i: p_values[i])
q = [0.0] * m
smallest = 1.0
for rank in range(m, 0, -1):
    i = order[rank - 1]
    smallest = min(smallest, p_values[i] * m / rank)
    q[i] = smallest

quantiles = [{'p': p, 'x': statistics.NormalDist().inv_cdf(p)}
             for p in (1e-12, 1e-6, 0.001, 0.02, 0.02425, 0.1, 0.5, 0.8, 0.975, 0.99, 0.999999)]

with open(sys.argv[1], 'w') as out:
    json.dump({'cases': cases, 'bh': {'p': p_values, 'q': q}, 'quantiles': quantiles, 'tails': tails,
               'students': students, 'aggregates': aggregates,
               'means': means}, out)
