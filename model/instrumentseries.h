#pragma once
// A machine's instruments (xsbug-protocol.md §7) over a profile's time: what <instruments>
// declared (name and unit of each) and every <samples> received while the profile was
// recorded, each at the profile's clock when it arrived (µs, the samples' time base), so
// that frames drawn, heap and GCs line up with where the CPU went.
#include "samplecolumn.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

struct InstrumentStats {
    int64_t min = 0;
    int64_t max = 0;
    double mean = 0.0;
    size_t count = 0; // samples in the range
};

struct InstrumentSeries {
    std::vector<std::string> names;
    std::vector<std::string> units; // as declared: " / " pairs a "used" with the next "available"
    // Columns that a snapshot shares (SampleColumn), as the samples' are: a machine sends its
    // instruments every second of an hour-long session.
    SampleColumn<double> times;                // one per <samples>, ascending
    std::vector<SampleColumn<int64_t>> values; // per instrument, one per time

    size_t instrumentCount() const { return names.size(); }
    size_t sampleCount() const { return times.size(); }
    bool empty() const { return names.empty(); }

    // The series so far, its columns shared (O(instruments), not O(samples)).
    InstrumentSeries share();
    // A new declaration: the history starts again (xsbug-protocol.md §7.3).
    void declare(std::vector<std::string> declaredNames, std::vector<std::string> declaredUnits);
    // One <samples>: missing values count as 0, extra ones are ignored (as xsbug does).
    void append(double time, const std::vector<int64_t>& sample);
    // The unit shown for instrument `i`, trimmed: a " / " takes its partner's ("bytes").
    std::string displayUnit(size_t i) const;
    // min / max / mean of instrument `i` over the samples received in [t0, t1]; count 0 when none.
    InstrumentStats stats(size_t i, double t0, double t1) const;
    InstrumentStats stats(size_t i) const;
    // The value in force at time t: the last sample at or before it; none before the first.
    std::optional<int64_t> valueAt(size_t i, double t) const;
    // Every time moved by `offset` (a file's times are relative to its startTime).
    void shiftTimes(double offset);
};

// The integers of a <samples> text ("0,1,32768,…"); what is not an integer counts as 0.
std::vector<int64_t> parseInstrumentSamples(std::string_view text);

} // namespace xsprof
