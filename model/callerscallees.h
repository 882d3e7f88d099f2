#pragma once
// One function's callers and callees with what each edge carries (Hotspot's caller/callee
// page, speedscope's sandwich): the divided share total(callee) / |callers(callee)| that the
// divided total passes up the edge, and the inclusive time of the caller -> callee pair,
// the samples whose stack holds that direct call at least once.
#include "profile.h"
#include "profileanalysis.h"

#include <optional>
#include <vector>

namespace xsprof {

struct EdgeCost {
    FrameId function;                // the caller (in callers) or the callee (in callees)
    double share = 0.0;              // divided share; 0 for an edge removed to break a cycle
    std::optional<double> inclusive; // absent for graph-encoded profiles
};

struct CallersCallees {
    std::vector<EdgeCost> callers; // largest share first, then largest pair inclusive
    std::vector<EdgeCost> callees;
};

CallersCallees callersAndCallees(const Profile& profile, const ProfileAnalysis& analysis, FrameId function);

} // namespace xsprof
