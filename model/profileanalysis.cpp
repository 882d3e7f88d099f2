#include "profileanalysis.h"

#include "parallel.h"

namespace xsprof {

ProfileAnalysis ProfileAnalysis::compute(const Profile& profile, SampleRange range)
{
    ProfileAnalysis a;
    a.range = range.clampedTo(profile.samples.size());
    // Two passes over the samples, per path and per function, one on each core.
    FunctionAnalysis::SelfTimes self;
    runInParallelIf(
        a.range.end - a.range.begin >= parallelWorkMinimum && profile.hasStacks(),
        [&] {
            if (profile.hasStacks())
                a.callTree = CallTree(profile, a.range);
        },
        [&] { self = FunctionAnalysis::selfTimesOf(profile, a.range); });
    a.functions = FunctionAnalysis(profile, a.callTree, a.range, std::move(self));
    return a;
}

} // namespace xsprof
