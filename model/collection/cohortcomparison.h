#pragma once
// Two cohorts of traces compared function by function (DESIGN.md "Collections and cohorts",
// docs/collections.md "Comparing cohorts"): per function, its share of each trace's duration in
// either cohort (0 where absent), the Mann–Whitney test of the two samples of shares and the
// Hodges–Lehmann shift (new − base) with its 95 % interval — did the typical trace change? —; its
// aggregate share, summed self time over summed duration, with a variance pooled over both
// cohorts — did the total time spent in it change? —; and its own self time per trace, which no
// other function's change moves. Benjamini–Hochberg q-values over the functions judged, for each
// measure; a function in too few traces of a cohort is not judged.
#include "mergedprofile.h"

#include <string>
#include <vector>

namespace xsprof::collection {

struct ShareChange {
    double shift = 0.0, low = 0.0, high = 0.0; // fractions of a trace's duration (× 100: pp); µs for time
    double p = 1.0, q = 1.0;
    bool significant = false; // q < 0.05 and the interval leaves out 0
    bool testOnly = false;    // q < 0.05 while the interval holds 0 (per trace: ties, see rankShift)
};

// The aggregate self share of each cohort (what the merged report shows) and its change.
struct AggregateChange {
    double baseShare = 0.0, newShare = 0.0;
    ShareChange change; // low/high NaN when the cohorts have fewer than three traces in all
};

// The function's own self time per trace (µs, 0 where absent), which does not couple functions:
// one function made faster lowers the total and raises every other share, not their time.
struct TimeChange {
    double baseMean = 0.0, newMean = 0.0;
    ShareChange change;
};

struct CohortFunction {
    FunctionKey key;
    size_t baseTraces = 0, newTraces = 0; // traces of each cohort where it appears
    bool judged = false;                  // in enough traces of each cohort; else "too few traces"
    ShareChange self, inclusive;          // per-trace shares
    AggregateChange aggregate;            // of self time
    TimeChange time;                      // self time per trace
};

struct CohortOptions {
    // A function is judged (tested, corrected, gated) when it appears in at least this many
    // traces of each cohort.
    size_t minimumTraces = 5;
};

struct CohortComparison {
    size_t baseTraceCount = 0, newTraceCount = 0;
    size_t minimumTraces = 0;
    std::vector<CohortFunction> functions; // ordered by key
};

constexpr double significanceLevel = 0.05;

CohortComparison compareCohorts(CollectionStore& store, const std::vector<StoredTrace>& base,
                                const std::vector<StoredTrace>& next, const CohortOptions& options = {});
// The same on shares already read: each cohort's functions and its traces' durations (µs).
CohortComparison compareShares(const std::vector<FunctionShares>& base, const std::vector<double>& baseDurations,
                               const std::vector<FunctionShares>& next, const std::vector<double>& newDurations,
                               const CohortOptions& options = {});

// What is wrong with a cohort for a comparison, "" when nothing: no trace, or a summed duration
// of 0 (every share would be 0/0). `name` says which cohort ("the base cohort (release = 2.4)").
std::string cohortProblem(const std::vector<StoredTrace>& traces, const std::string& name);
// The traces in both cohorts, in the base's order.
std::vector<StoredTrace> sharedTraces(const std::vector<StoredTrace>& base, const std::vector<StoredTrace>& next);

// The release gate (--fail-on-regression PCT). A judged function regressed when its own time per
// trace rose (the 95 % interval of its change above 0: a condition, not corrected across
// functions, that no coupled rise of a share meets more than 2.5 % of the time) and a measure of its self share — per trace or aggregate — rose
// significantly with its bound above the threshold: the interval's lower end (GateBound::Interval,
// "we are 95 % sure it grew by more than PCT"), or the shift itself (GateBound::Estimate).
enum class GateBound { Interval, Estimate };
enum class GateMeasure { None, PerTrace, Aggregate };
struct GateVerdict {
    GateMeasure measure = GateMeasure::None; // the measure that fired, None: no regression
    double bound = 0.0;                      // its bound compared with the threshold (a fraction)
    bool fired() const { return measure != GateMeasure::None; }
};
GateVerdict gateVerdict(const CohortFunction& f, double threshold, GateBound bound = GateBound::Interval);
const char* gateMeasureName(GateMeasure measure); // "per trace", "aggregate"

// The order of a comparison's rows, in the terminal and the window alike: functions changed
// significantly by either share measure first, then by the larger of the two shifts' sizes, the
// functions with too few traces last; a larger rank comes first.
double cohortRank(const CohortFunction& f);

} // namespace xsprof::collection
