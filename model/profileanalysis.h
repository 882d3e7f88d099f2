#pragma once
// Everything the views and the report show, computed in one pass over a sample range.
#include "calltree.h"
#include "functionanalysis.h"
#include "profile.h"
#include "samplerange.h"

namespace xsprof {

struct ProfileAnalysis {
    SampleRange range;
    CallTree callTree;          // per path; empty for graph-encoded profiles
    FunctionAnalysis functions; // self, inclusive, divided total, function graph

    static ProfileAnalysis compute(const Profile& profile, SampleRange range = {});
};

} // namespace xsprof
