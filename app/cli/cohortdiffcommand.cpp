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

// p and q of a function judged; null for one in too few traces (no test was made).
nlohmann::ordered_json probability(const CohortFunction& f, double value)
{
    return f.judged ? nlohmann::ordered_json(value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json statsJson(const CohortFunction& f, const ShareChange& c, const char* prefix)
{
    nlohmann::ordered_json stats;
    stats["base_traces"] = f.baseTraces;
    stats["new_traces"] = f.newTraces;
    stats["too_few_traces"] = !f.judged;
    stats[std::string(prefix) + "_share_shift"] = pp(c.shift);
    stats[std::string(prefix) + "_share_ci95"] = {pp(c.low), pp(c.high)};
    stats["p"] = probability(f, c.p);
    stats["q"] = probability(f, c.q);
    stats["significant"] = c.significant;
    stats["test_only"] = c.testOnly;
    return stats;
}

nlohmann::ordered_json aggregateJson(const CohortFunction& f)
{
    const AggregateChange& a = f.aggregate;
    return {{"base_share", pp(a.baseShare)},
            {"new_share", pp(a.newShare)},
            {"shift", pp(a.change.shift)},
            {"ci95", {number(pp(a.change.low)), number(pp(a.change.high))}},
            {"p", probability(f, a.change.p)},
            {"q", probability(f, a.change.q)},
            {"significant", a.change.significant}};
}

nlohmann::ordered_json timeJson(const CohortFunction& f)
{
    const TimeChange& t = f.time;
    return {{"base_us_per_trace", t.baseMean},
            {"new_us_per_trace", t.newMean},
            {"shift_us", t.change.shift},
            {"ci95", {number(t.change.low), number(t.change.high)}},
            {"p", probability(f, t.change.p)},
            {"q", probability(f, t.change.q)},
            {"rose", t.change.low > 0.0}};
}

const char* boundName(GateBound bound)
{
    return bound == GateBound::Interval ? "lower end of the 95 % interval" : "estimate";
}

nlohmann::ordered_json gateJson(const GateVerdict& verdict, GateBound bound)
{
    return {{"measure", gateMeasureName(verdict.measure)},
            {"bound", bound == GateBound::Interval ? "ci95_low" : "estimate"},
            {"value", pp(verdict.bound)}};
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

// An interval of microseconds.
std::string intervalOf(double low, double high)
{
    if (!std::isfinite(low) || !std::isfinite(high))
        return "[n/a]";
    char text[64];
    std::snprintf(text, sizeof text, "[%+.0f, %+.0f]", low, high);
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
        "    duration; shift = new - base with its 95 % interval, p = t on a variance pooled over both cohorts;\n"
        "  time: its own self time per trace, new - base in us (no other function's change moves it);\n"
        "    + = it rose (its 95 % interval above 0);\n"
        "  q = Benjamini-Hochberg over the functions judged, for each measure; * = significant (q < 0.05 and\n"
        "    the interval leaves out 0); ~ = the U test differs while the shift's interval holds 0 (ties at 0:\n"
        "    the function appears in a different part of the traces, its shares did not shift); not significant.\n"
        "  A function in fewer than " +
        std::to_string(comparison.minimumTraces) +
        " traces of a cohort is not judged (\"too few traces\", never gated on).\n"
        "  Changed significantly by either share measure first, the larger shift first.\n";
    char line[1024];
    std::snprintf(line, sizeof line, "%9s  %-21s %9s %1s  %9s %9s  %-21s %9s %1s  %11s %1s %13s  %s  %s\n", "trace pp",
                  "95 % interval", "q", "", "agg base%", "agg pp", "95 % interval", "q", "", "time us/tr", "", "traces b/n",
                  "function", "location");
    text += line;
    const auto mark = [](const ShareChange& c) { return c.significant ? "*" : c.testOnly ? "~" : ""; };
    for (const CohortFunction* f : order) {
        char traces[64];
        std::snprintf(traces, sizeof traces, "%zu/%zu", f->baseTraces, f->newTraces);
        const ShareChange& a = f->aggregate.change;
        char selfQ[32] = "-", aggregateQ[32] = "-";
        if (f->judged) {
            std::snprintf(selfQ, sizeof selfQ, "%9.3g", f->self.q);
            std::snprintf(aggregateQ, sizeof aggregateQ, "%9.3g", a.q);
        }
        std::snprintf(line, sizeof line, "%+9.3f  %-21s %9s %1s  %9.3f %+9.3f  %-21s %9s %1s  %+11.0f %1s %13s  %s  %s%s\n",
                      pp(f->self.shift), interval(f->self.low, f->self.high).c_str(), selfQ, mark(f->self),
                      pp(f->aggregate.baseShare), pp(a.shift), interval(a.low, a.high).c_str(), aggregateQ, mark(a),
                      f->time.change.shift, f->judged && f->time.change.low > 0.0 ? "+" : "", traces,
                      f->key.name.empty() ? "(anonymous)" : f->key.name.c_str(), location(f->key).c_str(),
                      f->judged ? "" : "  (too few traces)");
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
        "summed duration, t with a variance pooled over both cohorts), and as its own time per trace (Student's t), "
        "each with Benjamini-Hochberg q-values over the functions that appear in --min-traces traces of each cohort. "
        "A cohort without traces or without duration is refused (exit status 2)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("diff"), QStringLiteral("The command."));
    parser.addPositionalArgument(QStringLiteral("DB"), QStringLiteral("A collection (with --base EXPR --new EXPR)."),
                                 QStringLiteral("[DB]"));
    parser.addOption({QStringLiteral("json"), QStringLiteral("Print JSON instead of tables.")});
    parser.addOption({QStringLiteral("sort"), QStringLiteral("Order the sums by the change of self, total or inclusive."),
                      QStringLiteral("KEY"), QStringLiteral("total")});
    parser.addOption({QStringLiteral("top"), QStringLiteral("Show only the first N functions."), QStringLiteral("N")});
    parser.addOption({QStringLiteral("fail-on-regression"),
                      QStringLiteral("Exit with status 3 when a function's own self time per trace rose and its self share "
                                     "grew significantly, by either measure (per trace or aggregate), with the lower end "
                                     "of its 95 % interval above PCT percentage points."),
                      QStringLiteral("PCT")});
    parser.addOption({QStringLiteral("gate-on"),
                      QStringLiteral("What --fail-on-regression compares with PCT: interval (the lower end of the 95 % "
                                     "interval, the default) or estimate (the shift itself)."),
                      QStringLiteral("BOUND"), QStringLiteral("interval")});
    parser.addOption({QStringLiteral("min-traces"),
                      QStringLiteral("Judge a function only when it appears in at least K traces of each cohort "
                                     "(default 5); below, it is reported as too few traces, never gated on."),
                      QStringLiteral("K"), QStringLiteral("5")});
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
    GateBound gateBound = GateBound::Interval;
    if (const QString bound = parser.value(QStringLiteral("gate-on")); bound == QLatin1String("estimate"))
        gateBound = GateBound::Estimate;
    else if (bound != QLatin1String("interval"))
        return usageError(parser, QStringLiteral("--gate-on takes interval or estimate, not ") + bound);
    CohortOptions cohortOptions;
    {
        bool ok = false;
        const uint minimum = parser.value(QStringLiteral("min-traces")).toUInt(&ok);
        if (!ok || minimum < 1)
            return usageError(parser, QStringLiteral("--min-traces takes a whole number of traces, 1 or more, not ") +
                                          parser.value(QStringLiteral("min-traces")));
        cohortOptions.minimumTraces = minimum;
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
        // A cohort without traces or without duration has no shares to compare: refused, named.
        for (const auto& [traces, name] : {std::pair{&cohorts.base, "the base cohort"}, std::pair{&cohorts.next, "the new cohort"}}) {
            const std::string which = std::string(name) + " (" + (traces == &cohorts.base ? cohorts.baseName : cohorts.newName) + ")";
            if (const std::string problem = cohortProblem(*traces, which); !problem.empty()) {
                std::fprintf(stderr, "xsprof: %s\n", problem.c_str());
                return 2;
            }
        }
        if (const std::vector<StoredTrace> shared = sharedTraces(cohorts.base, cohorts.next); !shared.empty()) {
            std::string names;
            for (size_t i = 0; i < shared.size() && i < 5; ++i)
                names += (i ? ", " : "") + shared[i].file;
            std::fprintf(stderr, "xsprof: warning: %zu trace%s in both cohorts (%s%s): they are compared with themselves\n",
                         shared.size(), shared.size() == 1 ? " is" : "s are", names.c_str(), shared.size() > 5 ? ", …" : "");
        }

        const MergedTraces base = mergeTraces(*store, cohorts.base, cohorts.baseName);
        const MergedTraces next = mergeTraces(*store, cohorts.next, cohorts.newName);
        const xsprof::ProfileAnalysis baseAnalysis = xsprof::ProfileAnalysis::compute(base.profile);
        const xsprof::ProfileAnalysis newAnalysis = xsprof::ProfileAnalysis::compute(next.profile);
        const xsprof::Comparison sums(base.profile, baseAnalysis, next.profile, newAnalysis);
        const CohortComparison statistics = compareCohorts(*store, cohorts.base, cohorts.next, cohortOptions);
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
                    function["stats"]["aggregate"] = aggregateJson(*found->second);
                    function["stats"]["time"] = timeJson(*found->second);
                    if (failAbove >= 0.0) {
                        const GateVerdict verdict = gateVerdict(*found->second, failAbove / 100.0, gateBound);
                        function["stats"]["regression"] =
                            verdict.fired() ? gateJson(verdict, gateBound) : nlohmann::ordered_json(nullptr);
                    }
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
                const GateVerdict verdict = gateVerdict(f, failAbove / 100.0, gateBound);
                if (!verdict.fired())
                    continue;
                const ShareChange& a = f.aggregate.change;
                std::fprintf(stderr,
                             "xsprof: regression: %s (%s:%d): the %s self share's %s, %+.3f pp, is above %g pp; its own "
                             "time rose by %+.0f us a trace %s. Per trace %+.3f pp %s, q = %.3g%s; aggregate %.3f%% -> "
                             "%.3f%%, %+.3f pp %s, q = %.3g%s\n",
                             f.key.name.c_str(), f.key.url.c_str(), f.key.line, gateMeasureName(verdict.measure),
                             boundName(gateBound), pp(verdict.bound), failAbove, f.time.change.shift,
                             intervalOf(f.time.change.low, f.time.change.high).c_str(), pp(f.self.shift),
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
