#pragma once
// Two cohorts of traces compared function by function (DESIGN.md "Collections and cohorts"):
// per function, its share of each trace's duration in either cohort (0 where absent), the
// Mann–Whitney test of the two samples of shares, the Hodges–Lehmann shift (new − base) with
// its 95 % interval, and Benjamini–Hochberg q-values over all the functions compared.
#include "mergedprofile.h"

#include <string>
#include <vector>

namespace xsprof::collection {

struct ShareChange {
    double shift = 0.0, low = 0.0, high = 0.0; // fractions of a trace's duration (× 100: pp)
    double p = 1.0, q = 1.0;
    bool significant = false; // q < 0.05
};

struct CohortFunction {
    FunctionKey key;
    size_t baseTraces = 0, newTraces = 0; // traces of each cohort where it appears
    ShareChange self, inclusive;
};

struct CohortComparison {
    size_t baseTraceCount = 0, newTraceCount = 0;
    std::vector<CohortFunction> functions; // ordered by key
};

constexpr double significanceLevel = 0.05;

CohortComparison compareCohorts(CollectionStore& store, const std::vector<StoredTrace>& base,
                                const std::vector<StoredTrace>& next);

} // namespace xsprof::collection
