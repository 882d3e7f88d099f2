#include "profileanalysis.h"

namespace xsprof {

ProfileAnalysis ProfileAnalysis::compute(const Profile& profile, SampleRange range)
{
    ProfileAnalysis a;
    a.range = range.clampedTo(profile.samples.size());
    if (profile.hasStacks())
        a.callTree = CallTree(profile, a.range);
    a.functions = FunctionAnalysis(profile, a.callTree, a.range);
    return a;
}

} // namespace xsprof
