#include "diffreport.h"

#include "readers/formatreaders.h"
#include "report.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace xsprof {

namespace {

using Json = nlohmann::ordered_json;

std::string ms(double us)
{
    char b[32];
    std::snprintf(b, sizeof b, "%.3f", us / 1000.0);
    return b;
}

std::string signedMs(std::optional<double> us)
{
    if (!us)
        return "-";
    char b[32];
    std::snprintf(b, sizeof b, *us == 0.0 ? "%.3f" : "%+.3f", *us / 1000.0);
    return b;
}

Json sideJson(const DiffInput& input, const Comparison& c, Side side)
{
    Json j;
    j["file"] = input.file;
    j["format"] = toString(input.profile->info.format);
    j["duration_us"] = c.duration(side);
    j["sample_count"] = c.sampleCount(side);
    return j;
}

Json costsJson(const std::optional<SideCosts>& costs)
{
    if (!costs)
        return nullptr;
    Json j;
    j["self_us"] = costs->self;
    j["total_us"] = costs->total;
    j["inclusive_us"] = costs->inclusive ? Json(*costs->inclusive) : Json(nullptr);
    return j;
}

} // namespace

std::string formatJsonDiff(const Comparison& c, const DiffInput& base, const DiffInput& next, const DiffOptions& options)
{
    return printJson(jsonDiff(c, base, next, options));
}

Json jsonDiff(const Comparison& c, const DiffInput& base, const DiffInput& next, const DiffOptions& options)
{
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
        fn["base"] = costsJson(f.base());
        fn["new"] = costsJson(f.next());
        Json delta;
        delta["self_us"] = *c.delta(f, CostKind::Self);
        delta["total_us"] = *c.delta(f, CostKind::Total);
        const std::optional<double> inclusive = c.delta(f, CostKind::Inclusive);
        delta["inclusive_us"] = inclusive ? Json(*inclusive) : Json(nullptr);
        fn["delta"] = std::move(delta);
        functions.push_back(std::move(fn));
    }
    j["functions"] = std::move(functions);
    return j;
}

std::string formatTextDiff(const Comparison& c, const DiffInput& base, const DiffInput& next, const DiffOptions& options)
{
    std::string out;
    char line[512];
    const auto header = [&](const char* label, const DiffInput& in, Side side) {
        std::snprintf(line, sizeof line, "%-5s %s (%s, %zu samples, %s ms)\n", label, in.file.c_str(),
                      std::string(toString(in.profile->info.format)).c_str(), c.sampleCount(side),
                      ms(c.duration(side)).c_str());
        out += line;
    };
    header("base:", base, Side::Base);
    header("new:", next, Side::New);
    std::snprintf(line, sizeof line, "delta: %s ms   functions: %zu\n",
                  signedMs(c.duration(Side::New) - c.duration(Side::Base)).c_str(), c.functions().size());
    out += line;
    if (!c.hasInclusive(Side::Base) || !c.hasInclusive(Side::New))
        out += "inclusive: not available (a graph-encoded profile has no per-path stacks)\n";
    out += "\n";
    std::snprintf(line, sizeof line, "%10s %10s %10s  %10s %10s %10s  %10s %10s %10s  %s\n", "self base", "self new",
                  "self Δms", "total base", "total new", "total Δms", "incl. base", "incl. new", "incl. Δms",
                  "function  location");
    out += line;
    const auto side = [](const std::optional<SideCosts>& s, CostKind kind) -> std::string {
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
                          signedMs(c.delta(f, kind)).c_str());
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
