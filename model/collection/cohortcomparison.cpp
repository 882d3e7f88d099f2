#include "cohortcomparison.h"

#include "model/cohortstatistics.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace xsprof::collection {

namespace {

ShareChange change(const std::vector<double>& base, const std::vector<double>& next)
{
    ShareChange c;
    c.p = cohorts::mannWhitney(base, next).p;
    const cohorts::Shift shift = cohorts::hodgesLehmann(base, next);
    c.shift = shift.estimate;
    c.low = shift.low;
    c.high = shift.high;
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

void correct(std::vector<CohortFunction>& functions, ShareChange& (*which)(CohortFunction&))
{
    std::vector<double> p;
    p.reserve(functions.size());
    for (CohortFunction& f : functions)
        p.push_back(which(f).p);
    const std::vector<double> q = cohorts::benjaminiHochberg(p);
    for (size_t i = 0; i < functions.size(); ++i) {
        which(functions[i]).q = q[i];
        which(functions[i]).significant = q[i] < significanceLevel;
    }
}

// A function's self times in each trace of a cohort, from its shares (0 where absent).
cohorts::RatioEstimate aggregateShare(const std::vector<double>& shares, const std::vector<double>& durations,
                                      std::vector<double>& selfTimes)
{
    selfTimes.resize(shares.size());
    for (size_t t = 0; t < shares.size(); ++t)
        selfTimes[t] = shares[t] * durations[t];
    return cohorts::ratioOfSums(selfTimes, durations);
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

CohortComparison compareCohorts(CollectionStore& store, const std::vector<StoredTrace>& base,
                                const std::vector<StoredTrace>& next)
{
    CohortComparison comparison;
    comparison.baseTraceCount = base.size();
    comparison.newTraceCount = next.size();
    const std::vector<FunctionShares> baseShares = functionShares(store, base);
    const std::vector<FunctionShares> newShares = functionShares(store, next);
    std::map<FunctionKey, std::pair<const FunctionShares*, const FunctionShares*>> byKey;
    for (const FunctionShares& f : baseShares)
        byKey[f.key].first = &f;
    for (const FunctionShares& f : newShares)
        byKey[f.key].second = &f;
    const std::vector<double> noBase(base.size(), 0.0), noNew(next.size(), 0.0);
    const std::vector<double> baseDurations = durationsOf(base), newDurations = durationsOf(next);
    std::vector<double> selfTimes;
    for (const auto& [key, sides] : byKey) {
        CohortFunction f;
        f.key = key;
        f.baseTraces = sides.first ? sides.first->traces : 0;
        f.newTraces = sides.second ? sides.second->traces : 0;
        f.self = change(sides.first ? sides.first->selfShare : noBase, sides.second ? sides.second->selfShare : noNew);
        f.inclusive = change(sides.first ? sides.first->inclusiveShare : noBase,
                             sides.second ? sides.second->inclusiveShare : noNew);
        const cohorts::RatioEstimate baseRatio =
            aggregateShare(sides.first ? sides.first->selfShare : noBase, baseDurations, selfTimes);
        const cohorts::RatioEstimate newRatio =
            aggregateShare(sides.second ? sides.second->selfShare : noNew, newDurations, selfTimes);
        const cohorts::RatioChange aggregate = cohorts::compareRatios(baseRatio, newRatio);
        f.aggregate.baseShare = baseRatio.ratio;
        f.aggregate.newShare = newRatio.ratio;
        f.aggregate.change.shift = aggregate.shift;
        f.aggregate.change.low = aggregate.low;
        f.aggregate.change.high = aggregate.high;
        f.aggregate.change.p = aggregate.p;
        comparison.functions.push_back(std::move(f));
    }
    correct(comparison.functions, selfChange);
    correct(comparison.functions, inclusiveChange);
    correct(comparison.functions, aggregateChange);
    return comparison;
}

bool isRegression(const CohortFunction& f, double threshold)
{
    return (f.self.significant && f.self.shift > threshold) ||
           (f.aggregate.change.significant && f.aggregate.change.shift > threshold);
}

double cohortRank(const CohortFunction& f)
{
    // Shifts are fractions of a duration (|shift| <= 1): significant rows rank above 2.
    const double size = std::max(std::abs(f.self.shift), std::abs(f.aggregate.change.shift));
    return (f.self.significant || f.aggregate.change.significant ? 2.0 : 0.0) + std::min(size, 1.0);
}

} // namespace xsprof::collection
