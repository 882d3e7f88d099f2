#pragma once
// How the text reports (report, diff) write a profile's measure: µs as ms, bytes as KB,
// counts whole; the unit's short name for column headers.
#include "profile.h"

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
    std::string operator()(double value, bool sign = false) const;
    // `label` and the unit: "self ms".
    std::string header(const char* label) const { return std::string(label) + " " + unit; }
};

} // namespace xsprof
