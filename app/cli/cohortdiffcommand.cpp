#include "app/cli/cohortdiffcommand.h"

#include "app/cli/collectioncommands.h"
#include "app/cli/commandlineoptions.h"
#include "app/cli/commandlinepaths.h"

#include "model/collection/cohortcomparison.h"
#include "model/collection/collector.h"
#include "model/collection/tracefilter.h"
#include "model/comparison.h"
#include "model/diffreport.h"
#include "model/profileanalysis.h"
#include "model/report.h"

#include <QCommandLineParser>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

namespace CohortDiffCommand {

namespace {

using namespace xsprof::collection;
using CommandLineOptions::usageError;

// "--base A B --new C" (or --base=A): the groups taken out of the arguments.
struct CohortArguments {
    QStringList rest, base, next;
};

CohortArguments splitCohorts(const QStringList& arguments)
{
    CohortArguments split;
    QStringList* group = nullptr;
    for (const QString& argument : arguments) {
        if (argument == QLatin1String("--base") || argument == QLatin1String("--new")) {
            group = argument == QLatin1String("--base") ? &split.base : &split.next;
        } else if (argument.startsWith(QLatin1String("--base=")) || argument.startsWith(QLatin1String("--new="))) {
            (argument.startsWith(QLatin1String("--base=")) ? split.base : split.next) << argument.section(QLatin1Char('='), 1);
            group = nullptr;
        } else if (group && !argument.startsWith(QLatin1String("--"))) {
            *group << argument;
        } else {
            group = nullptr;
            split.rest << argument;
        }
    }
    return split;
}

struct Cohorts {
    std::vector<StoredTrace> base, next;
    std::string baseName, newName;
};

// The traces of one cohort; `problem` set, naming the option, when its expression is malformed
// or cannot mean what it says in this collection (a misspelled attribute, mixed types).
std::vector<StoredTrace> matching(CollectionStore& store, const char* option, const QString& expression,
                                  std::string& problem)
{
    const std::optional<TraceFilter> filter = parseTraceFilter(expression.toStdString(), &problem);
    if (filter)
        problem = filterProblem(store, *filter);
    if (!problem.empty()) {
        problem = std::string(option) + ": " + problem;
        return {};
    }
    return store.traces(filter->sql, filter->parameters);
}

double pp(double share)
{
    return 100.0 * share;
}

// A number for JSON: NaN and infinities (an interval a cohort of one trace cannot give) are null.
nlohmann::ordered_json number(double value)
{
    return std::isfinite(value) ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json statsJson(const CohortFunction& f, const ShareChange& c, const char* prefix)
{
    nlohmann::ordered_json stats;
    stats["base_traces"] = f.baseTraces;
    stats["new_traces"] = f.newTraces;
    stats[std::string(prefix) + "_share_shift"] = pp(c.shift);
    stats[std::string(prefix) + "_share_ci95"] = {pp(c.low), pp(c.high)};
    stats["p"] = c.p;
    stats["q"] = c.q;
    stats["significant"] = c.significant;
    return stats;
}

nlohmann::ordered_json aggregateJson(const AggregateChange& a)
{
    return {{"base_share", pp(a.baseShare)},
            {"new_share", pp(a.newShare)},
            {"shift", pp(a.change.shift)},
            {"ci95", {number(pp(a.change.low)), number(pp(a.change.high))}},
            {"p", a.change.p},
            {"q", a.change.q},
            {"significant", a.change.significant}};
}

std::string location(const FunctionKey& key)
{
    std::string where = key.url;
    if (const auto slash = where.find_last_of('/'); slash != std::string::npos && slash + 1 < where.size())
        where = where.substr(slash + 1);
    if (key.line > 0)
        where += ":" + std::to_string(key.line) + (key.column > 0 ? ":" + std::to_string(key.column) : std::string());
    return where;
}

std::string interval(double low, double high)
{
    if (!std::isfinite(low) || !std::isfinite(high))
        return "[n/a]";
    char text[64];
    std::snprintf(text, sizeof text, "[%+.3f, %+.3f]", pp(low), pp(high));
    return text;
}

std::string statisticsText(const CohortComparison& comparison, size_t top)
{
    std::vector<const CohortFunction*> order;
    for (const CohortFunction& f : comparison.functions)
        order.push_back(&f);
    std::stable_sort(order.begin(), order.end(),
                     [](const CohortFunction* a, const CohortFunction* b) { return cohortRank(*a) > cohortRank(*b); });
    if (top && order.size() > top)
        order.resize(top);
    std::string text =
        "\nCohorts, each function's self time as a share of duration, in percentage points (pp):\n"
        "  per trace (did the typical trace change?): its share of each trace (0 where absent); shift =\n"
        "    Hodges-Lehmann estimate of new - base with its 95 % interval, p = Mann-Whitney U;\n"
        "  aggregate (did the total time in it change?): its summed self time over the cohort's summed\n"
        "    duration; shift = new - base with its 95 % interval, p = Welch's t on the ratio estimator;\n"
        "  q = Benjamini-Hochberg over the " +
        std::to_string(comparison.functions.size()) +
        " functions, for each measure; * = significant (q < 0.05).\n"
        "  Changed significantly by either measure first, the larger shift first.\n";
    char line[1024];
    std::snprintf(line, sizeof line, "%9s  %-21s %9s %1s  %9s %9s  %-21s %9s %1s %13s  %s  %s\n", "trace pp", "95 % interval",
                  "q", "", "agg base%", "agg pp", "95 % interval", "q", "", "traces b/n", "function", "location");
    text += line;
    for (const CohortFunction* f : order) {
        char traces[32];
        std::snprintf(traces, sizeof traces, "%zu/%zu", f->baseTraces, f->newTraces);
        const ShareChange& a = f->aggregate.change;
        std::snprintf(line, sizeof line, "%+9.3f  %-21s %9.3g %1s  %9.3f %+9.3f  %-21s %9.3g %1s %13s  %s  %s\n",
                      pp(f->self.shift), interval(f->self.low, f->self.high).c_str(), f->self.q,
                      f->self.significant ? "*" : "", pp(f->aggregate.baseShare), pp(a.shift),
                      interval(a.low, a.high).c_str(), a.q, a.significant ? "*" : "", traces,
                      f->key.name.empty() ? "(anonymous)" : f->key.name.c_str(), location(f->key).c_str());
        text += line;
    }
    return text;
}

} // namespace

bool isCohortDiff(const QStringList& arguments)
{
    for (const QString& argument : arguments)
        if (argument == QLatin1String("--base") || argument == QLatin1String("--new") ||
            argument.startsWith(QLatin1String("--base=")) || argument.startsWith(QLatin1String("--new=")))
            return true;
    return false;
}

int run(const QStringList& arguments)
{
    const CohortArguments split = splitCohorts(arguments);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Compares two cohorts of traces: those of a collection DB matching --base EXPR and --new EXPR, or the profile "
        "files after --base and after --new. Besides the summed times of `diff`, each function's self time is compared "
        "as a share of duration by two measures: per trace (did the typical trace change? Mann-Whitney U, the "
        "Hodges-Lehmann shift with its 95 % interval) and aggregate (did the total time in it change? summed self over "
        "summed duration, the ratio estimator and Welch's t), each with Benjamini-Hochberg q-values over the "
        "functions."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("diff"), QStringLiteral("The command."));
    parser.addPositionalArgument(QStringLiteral("DB"), QStringLiteral("A collection (with --base EXPR --new EXPR)."),
                                 QStringLiteral("[DB]"));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of tables.")});
    parser.addOption({QStringLiteral("sort"), QStringLiteral("Order the sums by the change of self, total or inclusive."),
                      QStringLiteral("KEY"), QStringLiteral("total")});
    parser.addOption({QStringLiteral("top"), QStringLiteral("Show only the first N functions."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("fail-on-regression"),
                      QStringLiteral("Exit with status 3 when a function's self share grew significantly by more than "
                                     "PCT percentage points, by either measure: per trace or aggregate."),
                      QStringLiteral("PCT")});
    if (const std::optional<int> done = CommandLineOptions::parseOrHelp(parser, split.rest))
        return *done;
    xsprof::DiffOptions options;
    for (const QString& problem : {CommandLineOptions::readSort(parser, options.sort), CommandLineOptions::readTop(parser, options.top)})
        if (!problem.isEmpty())
            return usageError(parser, problem);
    double failAbove = -1.0;
    if (parser.isSet(QStringLiteral("fail-on-regression"))) {
        bool ok = false;
        failAbove = parser.value(QStringLiteral("fail-on-regression")).toDouble(&ok);
        if (!ok || !std::isfinite(failAbove) || failAbove < 0.0)
            return usageError(parser, QStringLiteral("--fail-on-regression takes a finite number of percentage points, "
                                                     "0 or more, not ") +
                                          parser.value(QStringLiteral("fail-on-regression")));
    }
    const QStringList positional = parser.positionalArguments();
    if (split.base.isEmpty() || split.next.isEmpty())
        return usageError(parser, QStringLiteral("a cohort diff takes --base and --new"));
    if (positional.size() > 2)
        return usageError(parser, QStringLiteral("a cohort diff takes one DB, or files after --base and --new"));

    try {
        const bool fromDatabase = positional.size() == 2;
        std::unique_ptr<CollectionStore> store;
        Cohorts cohorts;
        if (fromDatabase) {
            if (split.base.size() != 1 || split.next.size() != 1)
                return usageError(parser, QStringLiteral("with a DB, --base and --new take one expression each"));
            store = std::make_unique<CollectionStore>(CommandLinePaths::native(positional[1]), false);
            std::string problem;
            cohorts.base = matching(*store, "--base", split.base[0], problem);
            if (problem.empty())
                cohorts.next = matching(*store, "--new", split.next[0], problem);
            if (!problem.empty()) {
                std::fprintf(stderr, "xsprof: %s\n", problem.c_str());
                return 2;
            }
            cohorts.baseName = positional[1].toStdString() + " where " + split.base[0].toStdString();
            cohorts.newName = positional[1].toStdString() + " where " + split.next[0].toStdString();
        } else {
            // Files: an in-memory collection, the base's traces first.
            store = std::make_unique<CollectionStore>(":memory:", true);
            auto add = [&](const QStringList& files, std::vector<StoredTrace>& into) {
                std::vector<std::string> inputs;
                for (const QString& file : files)
                    inputs.push_back(CommandLinePaths::native(file));
                const size_t before = store->traceCount();
                const CollectSummary summary = collect(*store, inputs);
                for (const std::string& problem : summary.problems)
                    std::fprintf(stderr, "xsprof: %s\n", problem.c_str());
                const std::vector<StoredTrace> all = store->traces();
                into.assign(all.begin() + std::ptrdiff_t(before), all.end());
                return summary.unchanged == 0;
            };
            if (!add(split.base, cohorts.base) || !add(split.next, cohorts.next)) {
                std::fprintf(stderr, "xsprof: a file cannot be in both cohorts\n");
                return 2;
            }
            cohorts.baseName = std::to_string(split.base.size()) + " inputs after --base";
            cohorts.newName = std::to_string(split.next.size()) + " inputs after --new";
        }
        if (cohorts.base.empty() || cohorts.next.empty()) {
            const bool base = cohorts.base.empty();
            std::fprintf(stderr, "xsprof: the %s cohort has no trace%s%s\n", base ? "base" : "new",
                         fromDatabase ? ": no trace matches " : "",
                         fromDatabase ? (base ? split.base[0] : split.next[0]).toUtf8().constData() : "");
            return 1;
        }

        const MergedTraces base = mergeTraces(*store, cohorts.base, cohorts.baseName);
        const MergedTraces next = mergeTraces(*store, cohorts.next, cohorts.newName);
        const xsprof::ProfileAnalysis baseAnalysis = xsprof::ProfileAnalysis::compute(base.profile);
        const xsprof::ProfileAnalysis newAnalysis = xsprof::ProfileAnalysis::compute(next.profile);
        const xsprof::Comparison sums(base.profile, baseAnalysis, next.profile, newAnalysis);
        const CohortComparison statistics = compareCohorts(*store, cohorts.base, cohorts.next);
        const xsprof::DiffInput baseInput{cohorts.baseName, &base.profile}, newInput{cohorts.newName, &next.profile};

        std::string text;
        if (parser.isSet(QStringLiteral("json"))) {
            nlohmann::ordered_json json = xsprof::jsonDiff(sums, baseInput, newInput, options);
            json["base"]["trace_count"] = base.traceCount;
            json["new"]["trace_count"] = next.traceCount;
            std::map<FunctionKey, const CohortFunction*> byKey;
            for (const CohortFunction& f : statistics.functions)
                byKey.emplace(f.key, &f);
            for (nlohmann::ordered_json& function : json["functions"]) {
                if (const auto found = byKey.find(CollectionCommands::functionKeyOf(function)); found != byKey.end()) {
                    function["stats"] = statsJson(*found->second, found->second->self, "self");
                    function["stats"]["aggregate"] = aggregateJson(found->second->aggregate);
                    function["inclusive_stats"] = statsJson(*found->second, found->second->inclusive, "inclusive");
                }
            }
            text = xsprof::printJson(json);
        } else {
            text = formatTextDiff(sums, baseInput, newInput, options) + statisticsText(statistics, options.top);
        }
        std::fwrite(text.data(), 1, text.size(), stdout);
        std::fflush(stdout);

        if (failAbove >= 0.0) {
            int regressions = 0;
            for (const CohortFunction& f : statistics.functions) {
                if (!isRegression(f, failAbove / 100.0))
                    continue;
                const ShareChange& a = f.aggregate.change;
                std::fprintf(stderr,
                             "xsprof: regression: %s (%s:%d) self share per trace %+.3f pp %s, q = %.3g%s; aggregate "
                             "%.3f%% -> %.3f%%, %+.3f pp %s, q = %.3g%s\n",
                             f.key.name.c_str(), f.key.url.c_str(), f.key.line, pp(f.self.shift),
                             interval(f.self.low, f.self.high).c_str(), f.self.q, f.self.significant ? " (significant)" : "",
                             pp(f.aggregate.baseShare), pp(f.aggregate.newShare), pp(a.shift),
                             interval(a.low, a.high).c_str(), a.q, a.significant ? " (significant)" : "");
                ++regressions;
            }
            if (regressions > 0)
                return 3;
        }
        return 0;
    } catch (const SqliteError& e) {
        std::fprintf(stderr, "xsprof: %s\n", e.what());
        return 1;
    }
}

} // namespace CohortDiffCommand
