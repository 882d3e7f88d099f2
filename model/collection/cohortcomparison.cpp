#include "cohortcomparison.h"

#include "model/cohortstatistics.h"

#include <algorithm>
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

void correct(std::vector<CohortFunction>& functions, ShareChange CohortFunction::*which)
{
    std::vector<double> p;
    p.reserve(functions.size());
    for (const CohortFunction& f : functions)
        p.push_back((f.*which).p);
    const std::vector<double> q = cohorts::benjaminiHochberg(p);
    for (size_t i = 0; i < functions.size(); ++i) {
        (functions[i].*which).q = q[i];
        (functions[i].*which).significant = q[i] < significanceLevel;
    }
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
    for (const auto& [key, sides] : byKey) {
        CohortFunction f;
        f.key = key;
        f.baseTraces = sides.first ? sides.first->traces : 0;
        f.newTraces = sides.second ? sides.second->traces : 0;
        f.self = change(sides.first ? sides.first->selfShare : noBase, sides.second ? sides.second->selfShare : noNew);
        f.inclusive = change(sides.first ? sides.first->inclusiveShare : noBase,
                             sides.second ? sides.second->inclusiveShare : noNew);
        comparison.functions.push_back(std::move(f));
    }
    correct(comparison.functions, &CohortFunction::self);
    correct(comparison.functions, &CohortFunction::inclusive);
    return comparison;
}

} // namespace xsprof::collection
