#pragma once
// Merge and drop on a graph-encoded (xst -p) profile, which has a function graph and leaf
// samples but no per-path stacks (DESIGN.md "Transforms and comparison").
#include "profile.h"
#include "transforms.h"

#include <vector>

namespace xsprof::graphtransforms {

// Merge (function or file): each merged function's callers call its callees directly, and
// its samples go to its callers, split in equal parts when it has several (the split the
// divided total makes); a function without callers takes its samples away with it.
// Drop: the function's samples go, with its links, and so do the samples and links of every
// function reachable from the roots only through it (every stack of those held it).
// The frame table is compacted: removed functions leave the profile.
Profile apply(const Profile& profile, TransformKind kind, const std::vector<FrameId>& frames);

} // namespace xsprof::graphtransforms
