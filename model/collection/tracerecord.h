#pragma once
// What a collection keeps of one trace (DESIGN.md "Collections and cohorts"): its numbers
// as that file opened alone gives them, per function, and its sampled call paths with their
// self time, from which merged profiles are rebuilt. Functions are keyed by (name, url, line,
// column), so that they meet across traces.
#include "model/profile.h"
#include "model/profileanalysis.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace xsprof::collection {

struct FunctionKey {
    std::string name, url;
    int32_t line = 0, column = 0; // 1-based, 0 unknown

    auto operator<=>(const FunctionKey&) const = default;
};

struct TraceFunctionCosts {
    uint32_t function = 0; // index into TraceRecord::functions
    double self = 0.0, inclusive = 0.0, total = 0.0;
    uint32_t selfSamples = 0, inclusiveSamples = 0;
};

// A sampled call path: parents come before their children.
struct TraceStack {
    static constexpr uint32_t noParent = UINT32_MAX;
    uint32_t parent = noParent; // index into TraceRecord::stacks
    uint32_t function = 0;      // index into TraceRecord::functions
    double self = 0.0;          // µs
    uint32_t selfSamples = 0;
};

struct TraceRecord {
    std::string format;
    std::optional<double> startTime; // µs, as the file states it
    double duration = 0.0;           // µs
    size_t sampleCount = 0;
    std::vector<FunctionKey> functions;
    std::vector<TraceFunctionCosts> costs; // one per function
    std::vector<TraceStack> stacks;
};

// Empty with `problem` set when the profile cannot join a collection (no call paths).
std::optional<TraceRecord> summarizeTrace(const Profile& profile, const ProfileAnalysis& analysis,
                                          std::string* problem);

} // namespace xsprof::collection
