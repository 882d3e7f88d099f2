#pragma once
// How the text reports (report, diff) write a profile's measure: µs as ms, bytes as KB,
// counts whole; the unit's short name for column headers.
#include "profile.h"

#include <charconv>
#include <string>

namespace xsprof {

struct MeasureText {
    const char* unit; // "ms", "KB", "n"
    double per;       // model values per unit
    int decimals;

    explicit MeasureText(Measure measure)
        : unit(measure == Measure::Time ? "ms" : measure == Measure::Bytes ? "KB" : "n"),
          per(measure == Measure::Time ? 1000.0 : measure == Measure::Bytes ? 1024.0 : 1.0),
          decimals(measure == Measure::Count ? 0 : 3)
    {
    }
    // "12.345"; with `sign`, "+12.345" for a positive value (a delta).
    std::string operator()(double value, bool sign = false) const
    {
        char b[400]; // room for any double: at most 309 digits before the point
        const auto [end, ec] = std::to_chars(b, b + sizeof b, value / per, std::chars_format::fixed, decimals);
        const std::string text = ec == std::errc() ? std::string(b, end) : std::string("?");
        return sign && value > 0.0 ? "+" + text : text;
    }
    // `label` and the unit: "self ms".
    std::string header(const char* label) const { return std::string(label) + " " + unit; }
};

} // namespace xsprof
