#pragma once
// Shared by the per-path transforms (transforms.cpp) and the function-graph ones
// (graphtransforms.cpp): a copy of a profile's frames, and new samples with given durations.
#include "profile.h"

#include <vector>

namespace xsprof::transformsupport {

// A profile with `p`'s info, strings, frames and key ranks, and no stacks or samples.
Profile withFramesOf(const Profile& p);

// Sets `out`'s samples to `stacks`, sample i lasting `durations[i]` µs under `p`'s duration
// rule: times are laid end to end from where `p`'s samples start (gaps left by removed
// samples close up).
void setSamplesWithDurations(Profile& out, const Profile& p, std::vector<StackId> stacks,
                             const std::vector<double>& durations);

} // namespace xsprof::transformsupport
