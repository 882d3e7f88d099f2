#pragma once
// Two profiles and their comparison, computed once and shared (read-only) by the comparison
// tab's models and its differential flame graph.
#include "model/collection/cohortcomparison.h"
#include "model/comparison.h"
#include "model/profile.h"
#include "model/profileanalysis.h"

#include <QString>

#include <memory>
#include <optional>
#include <vector>

// Two cohorts of a collection compared with statistics: per comparison row (a function of
// either merged profile), its per-trace share tests; absent for a function of neither cohort.
struct CohortSignificance {
    QString collection, baseWhere, newWhere;
    size_t baseTraceCount = 0, newTraceCount = 0;
    size_t minimumTraces = 0; // a function in fewer traces of a cohort is not judged
    size_t sharedTraces = 0;  // traces in both cohorts (the expressions overlap)
    std::vector<std::optional<xsprof::collection::CohortFunction>> byRow; // by ComparedFunction row
};

struct ComparisonData {
    std::shared_ptr<const xsprof::Profile> base, next;
    QString baseName, nextName;
    std::shared_ptr<const xsprof::ProfileAnalysis> baseAnalysis, nextAnalysis; // whole profiles
    xsprof::Comparison comparison;
    // By StackId of `next`: the total of the same call path in `base` (0 if none).
    std::vector<double> basePathTotals;
    // Set when the two sides are cohorts of one collection (Compare Cohorts…).
    std::shared_ptr<const CohortSignificance> cohorts;

    // Runs the analyses and the comparison (the expensive part: call it on a worker thread).
    static std::shared_ptr<const ComparisonData> create(std::shared_ptr<const xsprof::Profile> base, QString baseName,
                                                        std::shared_ptr<const xsprof::Profile> next, QString nextName);
    // The same with the profiles' whole-profile analyses already made (an open tab's).
    static std::shared_ptr<const ComparisonData> create(std::shared_ptr<const xsprof::Profile> base,
                                                        std::shared_ptr<const xsprof::ProfileAnalysis> baseAnalysis,
                                                        QString baseName, std::shared_ptr<const xsprof::Profile> next,
                                                        std::shared_ptr<const xsprof::ProfileAnalysis> nextAnalysis,
                                                        QString nextName);
    // Two cohorts of the collection at `path` (--where expressions; "" is every trace), merged
    // and compared; throws SqliteError or std::runtime_error (a bad expression, a cohort without
    // trace or without duration).
    static std::shared_ptr<const ComparisonData> createForCohorts(const QString& path, const QString& baseWhere,
                                                                  const QString& newWhere);
    const xsprof::Profile& side(xsprof::Side s) const { return s == xsprof::Side::Base ? *base : *next; }
    const xsprof::ProfileAnalysis& analysis(xsprof::Side s) const
    {
        return s == xsprof::Side::Base ? *baseAnalysis : *nextAnalysis;
    }
};

using ComparisonDataPtr = std::shared_ptr<const ComparisonData>;
