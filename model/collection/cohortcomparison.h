#pragma once
// Two cohorts of traces compared function by function (DESIGN.md "Collections and cohorts"):
// per function, its share of each trace's duration in either cohort (0 where absent), the
// Mann–Whitney test of the two samples of shares, the Hodges–Lehmann shift (new − base) with
// its 95 % interval — did the typical trace change? — and its aggregate share, summed self time
// over summed duration, compared by the ratio estimator's variance — did the total time spent
// in it change? Benjamini–Hochberg q-values over all the functions compared, for each measure.
#include "mergedprofile.h"

#include <string>
#include <vector>

namespace xsprof::collection {

struct ShareChange {
    double shift = 0.0, low = 0.0, high = 0.0; // fractions of a trace's duration (× 100: pp)
    double p = 1.0, q = 1.0;
    bool significant = false; // q < 0.05
};

// The aggregate self share of each cohort (what the merged report shows) and its change.
struct AggregateChange {
    double baseShare = 0.0, newShare = 0.0;
    ShareChange change; // low/high NaN when a cohort has fewer than two traces
};

struct CohortFunction {
    FunctionKey key;
    size_t baseTraces = 0, newTraces = 0; // traces of each cohort where it appears
    ShareChange self, inclusive;           // per-trace shares
    AggregateChange aggregate;             // of self time
};

// Whether --fail-on-regression fires at `threshold` (a fraction of a duration): either measure of
// the self share is significant and its shift exceeds the threshold.
bool isRegression(const CohortFunction& f, double threshold);
// The order of a comparison's rows, in the terminal and the window alike: functions changed
// significantly by either measure first, then by the larger of the two shifts' sizes; a larger
// rank comes first.
double cohortRank(const CohortFunction& f);

struct CohortComparison {
    size_t baseTraceCount = 0, newTraceCount = 0;
    std::vector<CohortFunction> functions; // ordered by key
};

constexpr double significanceLevel = 0.05;

CohortComparison compareCohorts(CollectionStore& store, const std::vector<StoredTrace>& base,
                                const std::vector<StoredTrace>& next);

} // namespace xsprof::collection
