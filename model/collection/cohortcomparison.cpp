#include "cohortcomparison.h"

#include "model/cohortstatistics.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <unordered_set>

namespace xsprof::collection {

namespace {

// The per-trace measure: Mann–Whitney's p and the Hodges–Lehmann shift with its interval.
ShareChange rankShift(const std::vector<double>& base, const std::vector<double>& next)
{
    ShareChange c;
    c.p = cohorts::mannWhitney(base, next).p;
    const cohorts::Shift shift = cohorts::hodgesLehmann(base, next);
    c.shift = shift.estimate;
    c.low = shift.low;
    c.high = shift.high;
    return c;
}

ShareChange fromStudent(const cohorts::TwoSampleChange& t)
{
    ShareChange c;
    c.shift = t.shift;
    c.low = t.low;
    c.high = t.high;
    c.p = t.p;
    return c;
}

ShareChange& selfChange(CohortFunction& f)
{
    return f.self;
}
ShareChange& inclusiveChange(CohortFunction& f)
{
    return f.inclusive;
}
ShareChange& aggregateChange(CohortFunction& f)
{
    return f.aggregate.change;
}
ShareChange& timeChange(CohortFunction& f)
{
    return f.time.change;
}

// Benjamini–Hochberg over the judged functions. Significant: q < 0.05 and the interval leaves
// out 0. The per-trace interval is the U test's inverted only without ties; with ties (the 0 of
// every trace without the function) the test may see a difference — in how often the function
// appears — that is no shift of the shares: testOnly, never significant.
void correct(std::vector<CohortFunction>& functions, ShareChange& (*which)(CohortFunction&))
{
    std::vector<double> p;
    std::vector<size_t> judged;
    for (size_t i = 0; i < functions.size(); ++i) {
        if (functions[i].judged) {
            p.push_back(which(functions[i]).p);
            judged.push_back(i);
        }
    }
    const std::vector<double> q = cohorts::benjaminiHochberg(p);
    for (size_t j = 0; j < judged.size(); ++j) {
        ShareChange& c = which(functions[judged[j]]);
        c.q = q[j];
        const bool rejected = q[j] < significanceLevel;
        const bool leavesOutZero = c.low > 0.0 || c.high < 0.0;
        c.significant = rejected && leavesOutZero;
        c.testOnly = rejected && !leavesOutZero;
    }
}

// A function's self times in each trace of a cohort, from its shares (0 where absent).
void selfTimesOf(const std::vector<double>& shares, const std::vector<double>& durations, std::vector<double>& selfTimes)
{
    selfTimes.resize(shares.size());
    for (size_t t = 0; t < shares.size(); ++t)
        selfTimes[t] = shares[t] * durations[t];
}

std::vector<double> durationsOf(const std::vector<StoredTrace>& traces)
{
    std::vector<double> durations;
    durations.reserve(traces.size());
    for (const StoredTrace& t : traces)
        durations.push_back(t.duration > 0.0 ? t.duration : 0.0);
    return durations;
}

} // namespace

CohortComparison compareShares(const std::vector<FunctionShares>& baseShares, const std::vector<double>& baseDurations,
                               const std::vector<FunctionShares>& newShares, const std::vector<double>& newDurations,
                               const CohortOptions& options)
{
    CohortComparison comparison;
    comparison.baseTraceCount = baseDurations.size();
    comparison.newTraceCount = newDurations.size();
    comparison.minimumTraces = options.minimumTraces;
    std::map<FunctionKey, std::pair<const FunctionShares*, const FunctionShares*>> byKey;
    for (const FunctionShares& f : baseShares)
        byKey[f.key].first = &f;
    for (const FunctionShares& f : newShares)
        byKey[f.key].second = &f;
    const std::vector<double> noBase(baseDurations.size(), 0.0), noNew(newDurations.size(), 0.0);
    std::vector<double> baseTimes, newTimes;
    for (const auto& [key, sides] : byKey) {
        CohortFunction f;
        f.key = key;
        f.baseTraces = sides.first ? sides.first->traces : 0;
        f.newTraces = sides.second ? sides.second->traces : 0;
        f.judged = f.baseTraces >= options.minimumTraces && f.newTraces >= options.minimumTraces;
        const std::vector<double>& baseSelf = sides.first ? sides.first->selfShare : noBase;
        const std::vector<double>& newSelf = sides.second ? sides.second->selfShare : noNew;
        f.self = rankShift(baseSelf, newSelf);
        f.inclusive = rankShift(sides.first ? sides.first->inclusiveShare : noBase,
                                sides.second ? sides.second->inclusiveShare : noNew);
        selfTimesOf(baseSelf, baseDurations, baseTimes);
        selfTimesOf(newSelf, newDurations, newTimes);
        const cohorts::TwoSampleChange aggregate = cohorts::compareRatios(cohorts::ratioOfSums(baseTimes, baseDurations),
                                                                          cohorts::ratioOfSums(newTimes, newDurations));
        f.aggregate.baseShare = aggregate.base;
        f.aggregate.newShare = aggregate.changed;
        f.aggregate.change = fromStudent(aggregate);
        const cohorts::TwoSampleChange time = cohorts::compareMeans(baseTimes, newTimes);
        f.time.baseMean = time.base;
        f.time.newMean = time.changed;
        f.time.change = fromStudent(time);
        comparison.functions.push_back(std::move(f));
    }
    for (auto which : {selfChange, inclusiveChange, aggregateChange, timeChange})
        correct(comparison.functions, which);
    return comparison;
}

CohortComparison compareCohorts(CollectionStore& store, const std::vector<StoredTrace>& base,
                                const std::vector<StoredTrace>& next, const CohortOptions& options)
{
    return compareShares(functionShares(store, base), durationsOf(base), functionShares(store, next), durationsOf(next),
                         options);
}

std::string cohortProblem(const std::vector<StoredTrace>& traces, const std::string& name)
{
    if (traces.empty())
        return name + " has no trace";
    double duration = 0.0;
    for (const StoredTrace& t : traces)
        duration += t.duration > 0.0 ? t.duration : 0.0;
    if (!(duration > 0.0))
        return name + " has no duration: its " + std::to_string(traces.size()) +
               (traces.size() == 1 ? " trace lasts" : " traces last") +
               " 0 µs in all (one sample each?), so no function has a share of it";
    return {};
}

std::vector<StoredTrace> sharedTraces(const std::vector<StoredTrace>& base, const std::vector<StoredTrace>& next)
{
    std::unordered_set<int64_t> inNew;
    for (const StoredTrace& t : next)
        inNew.insert(t.id);
    std::vector<StoredTrace> shared;
    for (const StoredTrace& t : base)
        if (inNew.contains(t.id))
            shared.push_back(t);
    return shared;
}

GateVerdict gateVerdict(const CohortFunction& f, double threshold, GateBound bound)
{
    GateVerdict verdict;
    const bool ownTimeRose = f.time.change.low > 0.0;
    if (!f.judged || !ownTimeRose)
        return verdict;
    for (const auto& [measure, change] : {std::pair{GateMeasure::Aggregate, &f.aggregate.change},
                                          std::pair{GateMeasure::PerTrace, &f.self}}) {
        const double value = bound == GateBound::Interval ? change->low : change->shift;
        if (change->significant && change->shift > 0.0 && value > threshold &&
            (!verdict.fired() || value > verdict.bound)) {
            verdict.measure = measure;
            verdict.bound = value;
        }
    }
    return verdict;
}

const char* gateMeasureName(GateMeasure measure)
{
    switch (measure) {
    case GateMeasure::PerTrace: return "per trace";
    case GateMeasure::Aggregate: return "aggregate";
    case GateMeasure::None: break;
    }
    return "none";
}

double cohortRank(const CohortFunction& f)
{
    // Shifts are fractions of a duration (|shift| <= 1): significant rows rank above 2, the
    // functions with too few traces below 0.
    const double size = std::min(std::max(std::abs(f.self.shift), std::abs(f.aggregate.change.shift)), 1.0);
    if (!f.judged)
        return size - 2.0;
    return (f.self.significant || f.aggregate.change.significant ? 2.0 : 0.0) + size;
}

} // namespace xsprof::collection
