#pragma once
// Per-line costs of one function from a .cpuprofile's "positionTicks" (DevTools' and VS
// Code's line costs): each node's self time is split over its lines in proportion to its
// ticks there, and the shares of every node of the function are summed per line.
#include "profile.h"
#include "samplerange.h"

#include <string>
#include <vector>

namespace xsprof {

struct LineCost {
    int32_t line = 0;   // 1-based, as in the file
    double self = 0.0;  // µs
    uint64_t ticks = 0; // positionTicks summed over the function's nodes
};

struct FunctionLineCosts {
    FrameId frame;
    double self = 0.0;         // the function's self time over the range (µs)
    double unattributed = 0.0; // self time of its nodes that carry no positionTicks
    std::vector<LineCost> lines; // ascending line

    const LineCost* hottest() const; // the line with the most self time; null without lines
};

// Whether the profile has per-line ticks at all (V8 .cpuprofile files usually do; XS,
// Self-Profiling and trace events do not).
inline bool hasLineTicks(const Profile& profile) { return profile.lineTicks.size() > 0; }

FunctionLineCosts lineCosts(const Profile& profile, FrameId frame, SampleRange range = {});

// The per-line table `xsprof report --lines NAME` prints: one block per function with that
// exact name (line, self ms, share of the function's self time). Empty when none has it.
std::string formatLineReport(const Profile& profile, std::string_view name);

} // namespace xsprof
