#pragma once
// Merge and drop on a graph-encoded (xst -p) profile, which has a function graph and leaf
// samples but no per-path stacks (DESIGN.md "Transforms and comparison").
#include "profile.h"

#include <vector>

namespace xsprof::graphtransforms {

// The frame table of both is compacted: removed functions leave the profile.
// Merge (function or file): each merged function's callers call its callees directly, and
// its samples go to its callers, split in equal parts when it has several (the split the
// divided total makes); a function without callers takes its samples away with it.
Profile mergeFunctions(const Profile& profile, const std::vector<FrameId>& frames);
// Drop: the function's samples go, with its links, and so do the samples and links of every
// function reachable from the roots only through it (every stack of those held it).
Profile dropFunctions(const Profile& profile, const std::vector<FrameId>& frames);

} // namespace xsprof::graphtransforms
