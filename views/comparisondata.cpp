#include "views/comparisondata.h"

std::shared_ptr<const ComparisonData> ComparisonData::create(std::shared_ptr<const xsprof::Profile> base, QString baseName,
                                                             std::shared_ptr<const xsprof::Profile> next, QString nextName)
{
    auto baseAnalysis = std::make_shared<const xsprof::ProfileAnalysis>(xsprof::ProfileAnalysis::compute(*base));
    auto nextAnalysis = std::make_shared<const xsprof::ProfileAnalysis>(xsprof::ProfileAnalysis::compute(*next));
    return create(std::move(base), std::move(baseAnalysis), std::move(baseName), std::move(next), std::move(nextAnalysis),
                  std::move(nextName));
}

std::shared_ptr<const ComparisonData> ComparisonData::create(std::shared_ptr<const xsprof::Profile> base,
                                                             std::shared_ptr<const xsprof::ProfileAnalysis> baseAnalysis,
                                                             QString baseName, std::shared_ptr<const xsprof::Profile> next,
                                                             std::shared_ptr<const xsprof::ProfileAnalysis> nextAnalysis,
                                                             QString nextName)
{
    auto d = std::make_shared<ComparisonData>();
    d->base = std::move(base);
    d->next = std::move(next);
    d->baseName = std::move(baseName);
    d->nextName = std::move(nextName);
    d->baseAnalysis = std::move(baseAnalysis);
    d->nextAnalysis = std::move(nextAnalysis);
    d->comparison = xsprof::Comparison(*d->base, *d->baseAnalysis, *d->next, *d->nextAnalysis);
    if (d->base->hasStacks() && d->next->hasStacks())
        d->basePathTotals = xsprof::matchedPathTotals(d->comparison, *d->base, d->baseAnalysis->callTree, *d->next);
    return d;
}
