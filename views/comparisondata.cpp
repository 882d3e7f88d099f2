#include "views/comparisondata.h"

std::shared_ptr<const ComparisonData> ComparisonData::create(std::shared_ptr<const xsprof::Profile> base, QString baseName,
                                                             std::shared_ptr<const xsprof::Profile> next, QString nextName)
{
    auto d = std::make_shared<ComparisonData>();
    d->base = std::move(base);
    d->next = std::move(next);
    d->baseName = std::move(baseName);
    d->nextName = std::move(nextName);
    d->baseAnalysis = xsprof::ProfileAnalysis::compute(*d->base);
    d->nextAnalysis = xsprof::ProfileAnalysis::compute(*d->next);
    d->comparison = xsprof::Comparison(*d->base, d->baseAnalysis, *d->next, d->nextAnalysis);
    if (d->base->hasStacks() && d->next->hasStacks())
        d->basePathTotals = xsprof::matchedPathTotals(d->comparison, *d->base, d->baseAnalysis.callTree, *d->next);
    return d;
}
