#include "diffreport.h"

#include "measuretext.h"
#include "readers/formatreaders.h"
#include "report.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace xsprof {

namespace {

using Json = nlohmann::ordered_json;

std::string signedText(const MeasureText& text, std::optional<double> value)
{
    return value ? text(*value, true) : std::string("-");
}

// The keys' suffix: "us" for time, as before measures; "bytes", "count".
std::string keySuffix(const DiffInput& base)
{
    return std::string(measureKeySuffix(base.profile->info.measure));
}

Json sideJson(const DiffInput& input, const Comparison& c, Side side)
{
    Json j;
    j["file"] = input.file;
    j["format"] = toString(input.profile->info.format);
    const Measure measure = input.profile->info.measure;
    j["measure"] = toString(measure);
    j[measure == Measure::Time ? std::string("duration_us") : "sum_" + std::string(measureKeySuffix(measure))] =
        c.duration(side);
    j["sample_count"] = c.sampleCount(side);
    return j;
}

Json costsJson(const std::optional<SideCosts>& costs, const std::string& unit)
{
    if (!costs)
        return nullptr;
    Json j;
    j["self_" + unit] = costs->self;
    j["total_" + unit] = costs->total;
    j["inclusive_" + unit] = costs->inclusive ? Json(*costs->inclusive) : Json(nullptr);
    return j;
}

} // namespace

std::string formatJsonDiff(const Comparison& c, const DiffInput& base, const DiffInput& next, const DiffOptions& options)
{
    return printJson(jsonDiff(c, base, next, options));
}

Json jsonDiff(const Comparison& c, const DiffInput& base, const DiffInput& next, const DiffOptions& options)
{
    const std::string unit = keySuffix(base);
    Json j;
    j["base"] = sideJson(base, c, Side::Base);
    j["new"] = sideJson(next, c, Side::New);
    Json functions = Json::array();
    for (uint32_t r : c.order(options.sort, options.top)) {
        const ComparedFunction& f = c.functions()[r];
        Json fn;
        fn["name"] = f.name;
        fn["url"] = f.url;
        fn["line"] = f.line;
        fn["column"] = f.column;
        fn["base"] = costsJson(f.base(), unit);
        fn["new"] = costsJson(f.next(), unit);
        Json delta;
        delta["self_" + unit] = *c.delta(f, CostKind::Self);
        delta["total_" + unit] = *c.delta(f, CostKind::Total);
        const std::optional<double> inclusive = c.delta(f, CostKind::Inclusive);
        delta["inclusive_" + unit] = inclusive ? Json(*inclusive) : Json(nullptr);
        fn["delta"] = std::move(delta);
        functions.push_back(std::move(fn));
    }
    j["functions"] = std::move(functions);
    return j;
}

std::string formatTextDiff(const Comparison& c, const DiffInput& base, const DiffInput& next, const DiffOptions& options)
{
    const MeasureText ms(base.profile->info.measure);
    std::string out;
    char line[512];
    const auto header = [&](const char* label, const DiffInput& in, Side side) {
        std::snprintf(line, sizeof line, "%-5s %s (%s, %zu samples, %s %s)\n", label, in.file.c_str(),
                      std::string(toString(in.profile->info.format)).c_str(), c.sampleCount(side),
                      ms(c.duration(side)).c_str(), ms.unit);
        out += line;
    };
    header("base:", base, Side::Base);
    header("new:", next, Side::New);
    std::snprintf(line, sizeof line, "delta: %s %s   functions: %zu\n",
                  signedText(ms, c.duration(Side::New) - c.duration(Side::Base)).c_str(), ms.unit, c.functions().size());
    out += line;
    if (!c.hasInclusive(Side::Base) || !c.hasInclusive(Side::New))
        out += "inclusive: not available (a graph-encoded profile has no per-path stacks)\n";
    out += "\n";
    std::snprintf(line, sizeof line, "%10s %10s %10s  %10s %10s %10s  %10s %10s %10s  %s\n", "self base", "self new",
                  (std::string("self Δ") + ms.unit).c_str(), "total base", "total new", (std::string("total Δ") + ms.unit).c_str(), "incl. base",
                  "incl. new", (std::string("incl. Δ") + ms.unit).c_str(), "function  location");
    out += line;
    const auto side = [&ms](const std::optional<SideCosts>& s, CostKind kind) -> std::string {
        if (!s)
            return "—";
        if (kind == CostKind::Self)
            return ms(s->self);
        if (kind == CostKind::Total)
            return ms(s->total);
        return s->inclusive ? ms(*s->inclusive) : std::string("-");
    };
    for (uint32_t r : c.order(options.sort, options.top)) {
        const ComparedFunction& f = c.functions()[r];
        for (CostKind kind : {CostKind::Self, CostKind::Total, CostKind::Inclusive}) {
            std::snprintf(line, sizeof line, "%10s %10s %10s  ", side(f.base(), kind).c_str(), side(f.next(), kind).c_str(),
                          signedText(ms, c.delta(f, kind)).c_str());
            out += line;
        }
        out += f.name.empty() ? std::string("(anonymous)") : f.name;
        if (!f.url.empty()) {
            std::string_view file = f.url;
            if (const auto slash = file.find_last_of('/'); slash != std::string_view::npos && slash + 1 < file.size())
                file = file.substr(slash + 1);
            out += "  " + std::string(file);
            if (f.line > 0)
                out += " (" + std::to_string(f.line) + ")";
        }
        out += '\n';
    }
    return out;
}

} // namespace xsprof
