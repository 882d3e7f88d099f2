#include "app/cli/collectioncommands.h"

#include "app/cli/commandlineoptions.h"
#include "app/cli/commandlinepaths.h"

#include "model/collection/collectionexport.h"
#include "model/collection/collector.h"
#include "model/collection/mergedprofile.h"
#include "model/collection/tracefilter.h"
#include "model/pprofwriter.h"
#include "model/profileanalysis.h"
#include "model/report.h"

#include <QDir>
#include <QFileInfo>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <map>

#include <unistd.h>

namespace CollectionCommands {

namespace {

using namespace xsprof::collection;

bool write(const std::string& text)
{
    if (std::fwrite(text.data(), 1, text.size(), stdout) != text.size() || std::fflush(stdout) != 0) {
        std::fprintf(stderr, "xsprof: cannot write the report: %s\n", std::strerror(errno));
        return false;
    }
    return true;
}

// The q-quantile with linear interpolation between the closest ranks (numpy's and DuckDB's
// quantile_cont): the median is q = 0.5.
double quantile(std::vector<double> values, double q)
{
    if (values.empty())
        return 0.0;
    std::sort(values.begin(), values.end());
    const double position = q * double(values.size() - 1);
    const auto below = size_t(std::floor(position));
    const size_t above = std::min(below + 1, values.size() - 1);
    return values[below] + (position - double(below)) * (values[above] - values[below]);
}

nlohmann::ordered_json distribution(const std::vector<double>& shares)
{
    return {{"median", quantile(shares, 0.5)},
            {"p90", quantile(shares, 0.9)},
            {"max", shares.empty() ? 0.0 : *std::max_element(shares.begin(), shares.end())}};
}

std::string perTraceText(const std::vector<FunctionShares>& shares, size_t traceCount)
{
    std::string text = "\nPer trace (share of each trace's duration, 0 where absent; " + std::to_string(traceCount) +
                       " traces):\n";
    char line[512];
    std::snprintf(line, sizeof line, "%8s %9s %9s %9s %9s  %s\n", "traces", "median %", "p90 %", "max %", "incl med %",
                  "function");
    text += line;
    std::vector<const FunctionShares*> order;
    for (const FunctionShares& f : shares)
        order.push_back(&f);
    std::sort(order.begin(), order.end(), [](const FunctionShares* a, const FunctionShares* b) {
        const double ma = quantile(a->selfShare, 0.5), mb = quantile(b->selfShare, 0.5);
        return ma != mb ? ma > mb : a->key < b->key;
    });
    for (const FunctionShares* f : order) {
        std::snprintf(line, sizeof line, "%8zu %9.2f %9.2f %9.2f %9.2f  %s\n", f->traces, 100 * quantile(f->selfShare, 0.5),
                      100 * quantile(f->selfShare, 0.9),
                      100 * *std::max_element(f->selfShare.begin(), f->selfShare.end()),
                      100 * quantile(f->inclusiveShare, 0.5), f->key.name.empty() ? "(anonymous)" : f->key.name.c_str());
        text += line;
    }
    return text;
}

// The progress of a collect on stderr: one line, rewritten in place on a terminal (ten times a
// second at most), else a line every five seconds; never a line per input.
class CollectProgress {
public:
    void reading(const std::string& input)
    {
        ++m_inputs;
        const auto now = std::chrono::steady_clock::now();
        if (m_inputs > 1 && now - m_shown < (m_terminal ? std::chrono::milliseconds(100) : std::chrono::milliseconds(5000)))
            return;
        m_shown = now;
        std::fprintf(stderr, m_terminal ? "\r\033[Kxsprof: %zu input%s read, now %s" : "xsprof: %zu input%s read, now %s\n",
                     m_inputs, m_inputs == 1 ? "" : "s", input.c_str());
        m_open = m_terminal;
    }
    void finish()
    {
        if (m_open)
            std::fprintf(stderr, "\r\033[Kxsprof: %zu input%s read\n", m_inputs, m_inputs == 1 ? "" : "s");
        m_open = false;
    }

private:
    const bool m_terminal = isatty(fileno(stderr)) != 0;
    size_t m_inputs = 0;
    bool m_open = false;
    std::chrono::steady_clock::time_point m_shown;
};

} // namespace

bool isDatabase(const QString& path)
{
    return looksLikeSqliteDatabase(CommandLinePaths::native(path));
}

FunctionKey functionKeyOf(const nlohmann::ordered_json& function)
{
    return {function.at("name"), function.at("url"), function.at("line"), function.at("column")};
}

void addReportOptions(QCommandLineParser& parser)
{
    parser.addOption({QStringLiteral("where"),
                      QStringLiteral("Collections: only the traces whose attributes match EXPR, e.g. "
                                     "'release = \"2.4\" and duration_us > 500000'."),
                      QStringLiteral("EXPR")});
    parser.addOption({QStringLiteral("per-trace"),
                      QStringLiteral("Collections: each function's share across the traces (median, p90, max).")});
}

int collect(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Reads profiles into a collection (an SQLite database, created when missing). INPUT is a "
                       "profile file of any format xsprof reads, a folder (searched recursively; a traces.csv in it "
                       "gives its files' attributes), or an NDJSON file of {\"trace\": PROFILE, \"name\": value, …} "
                       "lines. Inputs already read and unchanged are skipped."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("collect"), QStringLiteral("The command."));
    parser.addPositionalArgument(QStringLiteral("DB"), QStringLiteral("The collection."));
    parser.addPositionalArgument(QStringLiteral("INPUT"), QStringLiteral("Profiles, folders, NDJSON files."),
                                 QStringLiteral("INPUT..."));
    parser.addOption({QStringLiteral("quiet"), QStringLiteral("Do not show the progress line.")});
    parser.addOption({QStringLiteral("source-maps"),
                      QStringLiteral("Give the traces read now their original names and positions from the source maps "
                                     "(.map files) in DIR, and those beside or named by local scripts (repeatable)."),
                      QStringLiteral("DIR")});
    if (const std::optional<int> done = CommandLineOptions::parseOrHelp(parser, arguments))
        return *done;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() < 3)
        return CommandLineOptions::usageError(parser, QStringLiteral("collect takes a DB and at least one INPUT"));
    std::vector<std::string> inputs;
    for (const QString& input : positional.mid(2))
        inputs.push_back(CommandLinePaths::native(input));
    const std::string database = CommandLinePaths::native(positional[1]);
    try {
        CollectionStore store(database, true);
        CollectOptions options;
        CollectProgress progress;
        if (!parser.isSet(QStringLiteral("quiet")))
            options.progress = [&progress](const std::string& input) { progress.reading(input); };
        if (parser.isSet(QStringLiteral("source-maps"))) {
            xsprof::sourcemaps::SourceMapOptions maps;
            for (const QString& folder : parser.values(QStringLiteral("source-maps")))
                maps.folders.push_back(CommandLinePaths::native(folder));
            options.sourceMaps = std::move(maps);
        }
        const CollectSummary summary = xsprof::collection::collect(store, inputs, options);
        progress.finish();
        for (const std::string& problem : summary.problems)
            std::fprintf(stderr, "xsprof: %s\n", problem.c_str());
        for (const std::string& problem : summary.mapProblems)
            std::fprintf(stderr, "xsprof: source map %s\n", problem.c_str());
        if (options.sourceMaps)
            std::fprintf(stderr, "xsprof: %zu functions mapped to their original sources\n", summary.functionsMapped);
        std::printf("%s: %zu traces added (%zu replacing changed inputs), %zu inputs unchanged, %zu could not be read; "
                    "%zu traces in the collection\n",
                    database.c_str(), summary.added, summary.replaced, summary.unchanged, summary.failed,
                    store.traceCount());
        if (summary.sameLines > 0)
            std::printf("%s: %zu NDJSON lines already collected (the same text in another file or line) were not "
                        "read again\n",
                        database.c_str(), summary.sameLines);
        return summary.failed > 0 && summary.added == 0 && summary.unchanged == 0 ? 1 : 0;
    } catch (const SqliteError& e) {
        std::fprintf(stderr, "xsprof: %s\n", e.what());
        return 1;
    }
}

namespace {

// Whether OUT names one pprof file (by its extension, as convert's OUT): the merged profile.
// Otherwise OUT is a folder for one file per trace.
bool namesPprofFile(const QString& out)
{
    return out.endsWith(QLatin1String(".pb.gz")) || out.endsWith(QLatin1String(".pb")) ||
           out.endsWith(QLatin1String(".pprof"));
}

// The merged profile of `traces` as one gzipped pprof file.
int exportMergedPprof(CollectionStore& store, const std::vector<StoredTrace>& traces, const QString& database,
                      const QString& out)
{
    const MergedTraces merged = mergeTraces(store, traces, QFileInfo(database).fileName().toStdString());
    for (const std::string& p : merged.problems)
        std::fprintf(stderr, "xsprof: %s\n", p.c_str());
    std::string error;
    if (!xsprof::savePprof(merged.profile, CommandLinePaths::native(out), &error)) {
        std::fprintf(stderr, "xsprof: %s\n", error.c_str());
        return 1;
    }
    std::printf("%s: the merged profile of %zu traces\n", qPrintable(out), merged.traceCount);
    return 0;
}

// One gzipped pprof per trace in the folder `out`: trace-ID.pb.gz, ID the trace_id of the
// csv and ndjson exports' tables.
int exportPprofPerTrace(CollectionStore& store, const std::vector<StoredTrace>& traces, const QString& out)
{
    if (!QDir().mkpath(out)) {
        std::fprintf(stderr, "xsprof: cannot create the folder %s\n", qPrintable(out));
        return 1;
    }
    size_t written = 0, failed = 0;
    for (const StoredTrace& trace : traces) {
        const std::string name = QFileInfo(QString::fromStdString(trace.file)).fileName().toStdString();
        const MergedTraces alone = mergeTraces(store, {trace}, name);
        for (const std::string& p : alone.problems)
            std::fprintf(stderr, "xsprof: %s\n", p.c_str());
        if (alone.traceCount == 0) {
            ++failed;
            continue;
        }
        const QString path = QDir(out).filePath(QStringLiteral("trace-%1.pb.gz").arg(trace.id));
        std::string error;
        if (!xsprof::savePprof(alone.profile, CommandLinePaths::native(path), &error)) {
            std::fprintf(stderr, "xsprof: %s\n", error.c_str());
            return 1;
        }
        ++written;
    }
    std::printf("%s: %zu pprof files, trace-ID.pb.gz for each trace_id%s\n", qPrintable(out), written,
                failed ? (", " + std::to_string(failed) + " traces left out").c_str() : "");
    return failed > 0 ? 1 : 0;
}

int exportPprof(CollectionStore& store, const std::vector<StoredTrace>& traces, const QString& database,
                const QString& out)
{
    if (traces.empty()) {
        std::fprintf(stderr, "xsprof: %s: no trace matches the --where expression\n", qPrintable(database));
        return 1;
    }
    return namesPprofFile(out) ? exportMergedPprof(store, traces, database, out)
                               : exportPprofPerTrace(store, traces, out);
}

} // namespace

int exportTables(const QStringList& arguments)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Writes a collection as two flat tables in the folder OUT (created when missing): traces.EXT, one row per "
        "trace with its attributes, and costs.EXT, one row per trace and function with the trace's attributes, "
        "the function's name, url, line and column, and its self, inclusive and divided-total time (µs) and "
        "sample counts. docs/collections.md gives the SQL (DuckDB, Spark, BigQuery) that reproduces report's "
        "numbers from them. With --format pprof, for go tool pprof, Pyroscope or Parca: an OUT ending in .pb.gz, .pb "
        "or .pprof is one gzipped pprof file, the merged profile of the traces selected (--where); another OUT is "
        "a folder of one gzipped pprof per trace, OUT/trace-ID.pb.gz (ID: the traces table's trace_id)."));
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("export"), QStringLiteral("The command."));
    parser.addPositionalArgument(QStringLiteral("DB"), QStringLiteral("The collection."));
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("The folder to write (pprof: or the file)."));
    parser.addOption({QStringLiteral("format"), QStringLiteral("csv (default), ndjson or pprof."), QStringLiteral("FORMAT"),
                      QStringLiteral("csv")});
    parser.addOption({QStringLiteral("where"), QStringLiteral("Only the traces whose attributes match EXPR."),
                      QStringLiteral("EXPR")});
    if (const std::optional<int> done = CommandLineOptions::parseOrHelp(parser, arguments))
        return *done;
    const QStringList positional = parser.positionalArguments();
    if (positional.size() != 3)
        return CommandLineOptions::usageError(parser, QStringLiteral("export takes a DB and an OUT folder"));
    const QString formatName = parser.value(QStringLiteral("format"));
    const bool pprof = formatName == QLatin1String("pprof");
    if (formatName != QLatin1String("csv") && formatName != QLatin1String("ndjson") && !pprof)
        return CommandLineOptions::usageError(parser, QStringLiteral("--format is csv, ndjson or pprof, not ") + formatName);
    const std::string database = CommandLinePaths::native(positional[1]);
    if (!isDatabase(positional[1])) {
        std::fprintf(stderr, "xsprof: %s is not a collection (xsprof collect makes one)\n", database.c_str());
        return 1;
    }
    std::string problem;
    const std::optional<TraceFilter> filter = parseTraceFilter(parser.value(QStringLiteral("where")).toStdString(), &problem);
    if (!filter) {
        std::fprintf(stderr, "xsprof: --where: %s\n", problem.c_str());
        return 2;
    }
    if (!pprof && !QDir().mkpath(positional[2])) {
        std::fprintf(stderr, "xsprof: cannot create the folder %s\n", qPrintable(positional[2]));
        return 1;
    }
    try {
        CollectionStore store(database, false);
        if (const std::string wrong = filterProblem(store, *filter); !wrong.empty()) {
            std::fprintf(stderr, "xsprof: --where: %s\n", wrong.c_str());
            return 2;
        }
        if (pprof)
            return exportPprof(store, store.traces(filter->sql, filter->parameters), positional[1], positional[2]);
        const ExportSummary summary =
            exportCollection(store, store.traces(filter->sql, filter->parameters),
                             formatName == QLatin1String("csv") ? ExportFormat::Csv : ExportFormat::Ndjson,
                             CommandLinePaths::native(positional[2]));
        for (const auto& [attribute, column] : summary.renamed)
            std::fprintf(stderr, "xsprof: the attribute %s is written as the column %s (%s is a built-in column)\n",
                         attribute.c_str(), column.c_str(), attribute.c_str());
        std::printf("%s: %zu traces\n%s: %zu rows (trace, function)\n", summary.tracesFile.c_str(), summary.traces,
                    summary.costsFile.c_str(), summary.costRows);
        return 0;
    } catch (const std::exception& e) { // SqliteError or a file that cannot be written
        std::fprintf(stderr, "xsprof: %s\n", e.what());
        return 1;
    }
}

int report(const QCommandLineParser& parser, const QString& path, const xsprof::ReportOptions& options)
{
    const std::string database = CommandLinePaths::native(path);
    std::string problem;
    const std::optional<TraceFilter> filter = parseTraceFilter(parser.value(QStringLiteral("where")).toStdString(), &problem);
    if (!filter) {
        std::fprintf(stderr, "xsprof: --where: %s\n", problem.c_str());
        return 2;
    }
    try {
        CollectionStore store(database, false);
        if (const std::string wrong = filterProblem(store, *filter); !wrong.empty()) {
            std::fprintf(stderr, "xsprof: --where: %s\n", wrong.c_str());
            return 2;
        }
        const std::vector<StoredTrace> traces = store.traces(filter->sql, filter->parameters);
        if (traces.empty()) {
            std::fprintf(stderr, "xsprof: %s: no trace matches%s\n", database.c_str(),
                         filter->sql.empty() ? "" : " the --where expression");
            return 1;
        }
        MergedTraces merged = mergeTraces(store, traces, QFileInfo(path).fileName().toStdString());
        for (const std::string& p : merged.problems)
            std::fprintf(stderr, "xsprof: %s\n", p.c_str());
        const xsprof::ProfileAnalysis analysis = xsprof::ProfileAnalysis::compute(merged.profile);
        const bool perTrace = parser.isSet(QStringLiteral("per-trace"));
        const std::vector<FunctionShares> shares = perTrace ? functionShares(store, traces) : std::vector<FunctionShares>{};
        if (!parser.isSet(QStringLiteral("json"))) {
            // The table of any profile, under a header that speaks of traces: the merged profile's
            // own "samples" are its paths, one per path of each trace.
            const std::string table = xsprof::formatTextReport(merged.profile, analysis, options);
            const size_t tableStart = table.find("\n\n");
            char header[512];
            std::snprintf(header, sizeof header,
                          "collection: %s\ntraces:     %zu%s%s\nsamples:    %zu   duration: %.3f ms   functions: %zu\n",
                          database.c_str(), merged.traceCount, filter->sql.empty() ? "" : " where ",
                          parser.value(QStringLiteral("where")).toUtf8().constData(), merged.profile.samples.size(),
                          analysis.functions.duration() / 1000.0, analysis.functions.functions().size());
            std::string text = header + (tableStart == std::string::npos ? table : table.substr(tableStart + 1));
            if (perTrace)
                text += perTraceText(shares, merged.traceCount);
            return write(text) ? 0 : 1;
        }
        nlohmann::ordered_json json = xsprof::jsonReport(merged.profile, analysis, options);
        json["trace_count"] = merged.traceCount;
        if (perTrace) {
            std::map<FunctionKey, const FunctionShares*> byKey;
            for (const FunctionShares& f : shares)
                byKey.emplace(f.key, &f);
            for (nlohmann::ordered_json& function : json["functions"]) {
                const auto found = byKey.find(functionKeyOf(function));
                if (found == byKey.end())
                    continue;
                function["traces"] = {{"present", found->second->traces},
                                      {"self_share", distribution(found->second->selfShare)},
                                      {"inclusive_share", distribution(found->second->inclusiveShare)}};
            }
        }
        return write(xsprof::printJson(json)) ? 0 : 1;
    } catch (const SqliteError& e) {
        std::fprintf(stderr, "xsprof: %s\n", e.what());
        return 1;
    }
}

} // namespace CollectionCommands
