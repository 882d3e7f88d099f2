#include "views/comparisondata.h"

#include "views/document/jobrunner.h"

#include "model/collection/mergedprofile.h"
#include "model/collection/tracefilter.h"

#include <QFileInfo>

#include <map>
#include <stdexcept>

namespace {

using namespace xsprof::collection;

std::vector<StoredTrace> cohortTraces(CollectionStore& store, const QString& where, const char* side)
{
    std::string problem;
    const std::optional<TraceFilter> filter = parseTraceFilter(where.toStdString(), &problem);
    if (filter)
        problem = filterProblem(store, *filter); // a misspelled attribute, or types mixed
    if (!problem.empty())
        throw JobRefused(std::string(side) + " cohort: " + problem);
    std::vector<StoredTrace> traces = store.traces(filter->sql, filter->parameters);
    const std::string name = std::string("the ") + side + " cohort (" + (where.trimmed().isEmpty() ? "every trace" : where.trimmed().toStdString()) + ")";
    if (const std::string problem = cohortProblem(traces, name); !problem.empty())
        throw JobRefused(problem); // no trace, or no duration: no share to compare
    return traces;
}

// Time against bytes compares nothing, as `xsprof diff` says too.
void requireOneMeasure(const xsprof::Profile& base, const QString& baseName, const xsprof::Profile& next,
                       const QString& nextName)
{
    if (base.info.measure == next.info.measure)
        return;
    throw JobRefused(QObject::tr("%1 measures %2 and %3 measures %4: a comparison needs profiles of one measure")
                                 .arg(baseName, QString::fromUtf8(xsprof::toString(base.info.measure)), nextName,
                                      QString::fromUtf8(xsprof::toString(next.info.measure)))
                                 .toStdString());
}

QString cohortName(const QString& where)
{
    return where.trimmed().isEmpty() ? QObject::tr("every trace") : where.trimmed();
}

} // namespace

std::shared_ptr<const ComparisonData> ComparisonData::createForCohorts(const QString& path, const QString& baseWhere,
                                                                       const QString& newWhere)
{
    CollectionStore store(QFileInfo(path).absoluteFilePath().toStdString(), false);
    const std::vector<StoredTrace> baseTraces = cohortTraces(store, baseWhere, "base");
    const std::vector<StoredTrace> newTraces = cohortTraces(store, newWhere, "new");
    const std::string name = QFileInfo(path).fileName().toStdString();
    auto base = std::make_shared<const xsprof::Profile>(mergeTraces(store, baseTraces, name).profile);
    auto next = std::make_shared<const xsprof::Profile>(mergeTraces(store, newTraces, name).profile);
    const CohortComparison tests = compareCohorts(store, baseTraces, newTraces);
    auto data = std::const_pointer_cast<ComparisonData>(create(base, cohortName(baseWhere), next, cohortName(newWhere)));

    auto cohorts = std::make_shared<CohortSignificance>();
    cohorts->collection = QFileInfo(path).fileName();
    cohorts->baseWhere = baseWhere.trimmed();
    cohorts->newWhere = newWhere.trimmed();
    cohorts->baseTraceCount = tests.baseTraceCount;
    cohorts->newTraceCount = tests.newTraceCount;
    cohorts->minimumTraces = tests.minimumTraces;
    cohorts->sharedTraces = sharedTraces(baseTraces, newTraces).size();
    std::map<FunctionKey, const CohortFunction*> byKey;
    for (const CohortFunction& f : tests.functions)
        byKey.emplace(f.key, &f);
    const auto& rows = data->comparison.functions();
    cohorts->byRow.resize(rows.size());
    for (size_t r = 0; r < rows.size(); ++r) {
        const auto found = byKey.find(FunctionKey{rows[r].name, rows[r].url, rows[r].line, rows[r].column});
        if (found != byKey.end())
            cohorts->byRow[r] = *found->second;
    }
    data->cohorts = std::move(cohorts);
    return data;
}

std::shared_ptr<const ComparisonData> ComparisonData::create(std::shared_ptr<const xsprof::Profile> base, QString baseName,
                                                             std::shared_ptr<const xsprof::Profile> next, QString nextName)
{
    requireOneMeasure(*base, baseName, *next, nextName);
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
    requireOneMeasure(*base, baseName, *next, nextName);
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
