#include "report.h"

#include "measuretext.h"
#include "parallel.h"
#include "readers/formatreaders.h"
#include "sampletimes.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstdio>

namespace xsprof {

namespace {

// Fixed-point text of `value`, as printf's "%.*f" writes it. std::to_chars: glibc's printf
// converts a double through multiple-precision arithmetic, which was most of the report's time.
std::string fixed(double value, int decimals)
{
    char b[400]; // room for any double: at most 309 digits before the point
    const auto [end, ec] = std::to_chars(b, b + sizeof b, value, std::chars_format::fixed, decimals);
    return ec == std::errc() ? std::string(b, end) : std::string("?");
}

// `text` right-aligned in `width` columns, as printf's "%*s".
void appendRightAligned(std::string& out, const std::string& text, size_t width)
{
    if (text.size() < width)
        out.append(width - text.size(), ' ');
    out += text;
}

// One line of the text report: self, total, inclusive, (VS Code's total,) total %, name and
// location.
void appendReportLine(std::string& out, const Profile& profile, const FunctionAnalysis& a, FrameId f, double duration,
                      bool allTotals)
{
    const MeasureText text(profile.info.measure);
    const std::string inclusive = a.hasInclusive() ? text(a.inclusive(f)) : std::string("-");
    const double percent = duration > 0 ? 100.0 * a.total(f) / duration : 0.0;
    std::string name(profile.frameName(f));
    if (name.empty())
        name = "(anonymous)";
    appendRightAligned(out, text(a.self(f)), 12);
    out += ' ';
    appendRightAligned(out, text(a.total(f)), 12);
    out += ' ';
    appendRightAligned(out, inclusive, 12);
    out += ' ';
    if (allTotals) {
        appendRightAligned(out, a.hasInclusive() ? text(a.summedPathTotal(f)) : std::string("-"), 12);
        out += ' ';
    }
    appendRightAligned(out, fixed(percent, 1), 6);
    out += "%  ";
    out += name;
    if (const std::string where = profile.location(f); !where.empty())
        out += "  " + where;
    out += '\n';
}

// The machine's instruments: when each <samples> came (µs from the profile's start, as the
// timeline shows it) and per instrument its values with their min / max / mean.
nlohmann::ordered_json instrumentsJson(const Profile& profile)
{
    const InstrumentSeries& in = profile.instruments;
    const double origin = SampleTimes(profile).start();
    nlohmann::ordered_json times = nlohmann::ordered_json::array();
    for (double t : in.times)
        times.push_back(t - origin);
    nlohmann::ordered_json tracks = nlohmann::ordered_json::array();
    for (size_t i = 0; i < in.instrumentCount(); ++i) {
        const InstrumentStats stats = in.stats(i);
        nlohmann::ordered_json track;
        track["name"] = in.names[i];
        track["unit"] = in.displayUnit(i);
        track["min"] = stats.min;
        track["max"] = stats.max;
        track["mean"] = stats.mean;
        track["values"] = in.values[i].toVector();
        tracks.push_back(std::move(track));
    }
    nlohmann::ordered_json j;
    j["sample_count"] = in.sampleCount();
    j["times_us"] = std::move(times);
    j["tracks"] = std::move(tracks);
    return j;
}

} // namespace

std::vector<FrameId> reportOrder(const Profile& profile, const FunctionAnalysis& a, const ReportOptions& options)
{
    std::vector<FrameId> order = a.functions();
    auto value = [&](FrameId f) {
        switch (options.sort) {
        case ReportSort::Self: return a.self(f);
        case ReportSort::Inclusive: return a.hasInclusive() ? a.inclusive(f) : a.total(f);
        case ReportSort::Total: break;
        }
        return a.total(f);
    };
    std::stable_sort(order.begin(), order.end(), [&](FrameId x, FrameId y) {
        const double vx = value(x), vy = value(y);
        if (vx != vy)
            return vx > vy;
        return profile.keyLess(x, y);
    });
    if (options.top > 0 && order.size() > options.top)
        order.resize(options.top);
    return order;
}

std::string noSamplesExplanation(const Profile& profile)
{
    if (profile.samples.size() > 0)
        return {};
    const bool xs = profile.info.durationRule == DurationRule::OwnDelta || profile.info.format == SourceFormat::Live ||
                    profile.info.format == SourceFormat::XsbugTranscript;
    if (xs)
        return "this profile has no samples: XS sends them in batches of 8, so a run shorter than one batch "
               "records none";
    return "this profile has no samples";
}

std::string formatTextReport(const Profile& profile, const ProfileAnalysis& analysis, const ReportOptions& options)
{
    const FunctionAnalysis& a = analysis.functions;
    const double duration = a.duration();
    const MeasureText unit(profile.info.measure);
    const bool time = profile.info.measure == Measure::Time;
    std::string out;
    char line[512];
    out += "profile:   " + profile.info.name + "\n";
    if (!profile.info.description.empty())
        out += "source:    " + profile.info.description + "\n";
    std::snprintf(line, sizeof line, "format:    %s (%s encoding, %s sample durations)\n",
                  std::string(toString(profile.info.format)).c_str(), std::string(toString(profile.info.encoding)).c_str(),
                  std::string(toString(profile.info.durationRule)).c_str());
    out += line;
    std::snprintf(line, sizeof line, "samples:   %zu   %s: %s %s   functions: %zu\n", a.sampleCount(),
                  time ? "duration" : "total", unit(duration).c_str(), unit.unit, a.functions().size());
    out += line;
    if (!time)
        out += "measure:   " + std::string(toString(profile.info.measure)) +
               (profile.info.measureName.empty() ? std::string() : " (" + profile.info.measureName + ")") +
               (profile.info.hasTimeline ? std::string() : ", no timeline") + "\n";
    if (const std::string empty = noSamplesExplanation(profile); !empty.empty())
        out += "note:      " + empty + "\n";
    if (!a.hasInclusive())
        out += "inclusive: not available (graph-encoded profile: no per-path stacks)\n";
    out += "\n";
    if (options.allTotals) {
        // Three tools, three "totals" of one profile: say which rule each column follows.
        char totals[1024];
        std::snprintf(totals, sizeof totals,
                      "totals:    xsbug %-3s  xsbug's divided total: self + each callee's total shared equally among its\n"
                      "                      callers; they add up to the run\n"
                      "           chrome %-3s Chrome DevTools' total: %s with the function anywhere on the stack,\n"
                      "                      recursion counted once (xsprof's inclusive)\n"
                      "           vscode %-3s VS Code's total: the sum of the totals of every call path ending in the\n"
                      "                      function, recursion counted at each level: can exceed the run\n\n",
                      unit.unit, unit.unit, time ? "time" : toString(profile.info.measure).data(), unit.unit);
        out += totals;
        std::snprintf(line, sizeof line, "%12s %12s %12s %12s %7s  %s\n", unit.header("self").c_str(),
                      unit.header("xsbug").c_str(), unit.header("chrome").c_str(), unit.header("vscode").c_str(), "xsbug%", "function  location");
    } else {
        std::snprintf(line, sizeof line, "%12s %12s %12s %7s  %s\n", unit.header("self").c_str(),
                      unit.header("total").c_str(), unit.header("incl.").c_str(),
                      "total%", "function  location");
    }
    out += line;
    // One function a line; the lines of a large profile are written in two halves at once.
    const std::vector<FrameId> order = reportOrder(profile, a, options);
    auto writeLines = [&](size_t begin, size_t end, std::string& to) {
        for (size_t k = begin; k < end; ++k)
            appendReportLine(to, profile, a, order[k], duration, options.allTotals);
    };
    const size_t half = order.size() / 2;
    std::string secondHalf;
    runInParallelIf(order.size() >= 4096, [&] { writeLines(0, half, out); },
                    [&] { writeLines(half, order.size(), secondHalf); });
    out += secondHalf;
    return out;
}

std::string printJson(const nlohmann::ordered_json& json)
{
    return json.dump(1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

std::string formatJsonReport(const Profile& profile, const ProfileAnalysis& analysis, const ReportOptions& options)
{
    return printJson(jsonReport(profile, analysis, options));
}

nlohmann::ordered_json jsonReport(const Profile& profile, const ProfileAnalysis& analysis, const ReportOptions& options)
{
    const FunctionAnalysis& a = analysis.functions;
    nlohmann::ordered_json j;
    j["format"] = toString(profile.info.format);
    j["encoding"] = toString(profile.info.encoding);
    // Time keeps its keys (duration_us, self_us...); another measure names its own
    // ("measure": "bytes", sum_bytes, self_bytes...).
    const std::string unit(measureKeySuffix(profile.info.measure));
    const bool time = profile.info.measure == Measure::Time;
    j["measure"] = toString(profile.info.measure);
    if (!profile.info.measureName.empty())
        j["measure_name"] = profile.info.measureName;
    j[time ? "duration_us" : "sum_" + unit] = a.duration();
    j["has_timeline"] = profile.info.hasTimeline;
    j["sample_count"] = a.sampleCount();
    j["function_count"] = a.functions().size();
    nlohmann::ordered_json functions = nlohmann::ordered_json::array();
    for (FrameId f : reportOrder(profile, a, options)) {
        nlohmann::ordered_json fn;
        fn["name"] = profile.frameName(f);
        fn["url"] = profile.frameUrl(f);
        fn["line"] = profile.frames.line[f.value];
        fn["column"] = profile.frames.column[f.value];
        if (profile.identifiesByXsId())
            fn["id"] = profile.frames.xsId[f.value];
        else
            fn["id"] = nullptr;
        fn["self_" + unit] = a.self(f);
        fn["total_" + unit] = a.total(f);
        if (a.hasInclusive())
            fn["inclusive_" + unit] = a.inclusive(f);
        else
            fn["inclusive_" + unit] = nullptr;
        if (options.allTotals) // total_us is xsbug's, inclusive_us Chrome DevTools'
            fn["vscode_total_" + unit] = a.hasInclusive() ? nlohmann::ordered_json(a.summedPathTotal(f)) : nullptr;
        functions.push_back(std::move(fn));
    }
    j["functions"] = std::move(functions);
    if (!profile.instruments.empty())
        j["instruments"] = instrumentsJson(profile);
    return j;
}

} // namespace xsprof
