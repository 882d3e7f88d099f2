#!/usr/bin/python3
"""Reference values for tst_cohortstatistics, computed independently of xsprof.

Mann-Whitney U and its p-value from SciPy (exact for tie-free samples both under 50, the
asymptotic test with tie and continuity corrections otherwise: the rule xsprof states), the
Hodges-Lehmann shift and its interval from all pairwise differences (numpy), Benjamini-Hochberg
by its definition, normal quantiles from Python's statistics module.
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
    k = math.floor(pairs / 2 - z * math.sqrt(len(b) * len(c) * (len(b) + len(c) + 1) / 12))
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
]

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
    json.dump({'cases': cases, 'bh': {'p': p_values, 'q': q}, 'quantiles': quantiles}, out)
