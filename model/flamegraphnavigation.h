#pragma once
// Moving between the frames of a laid-out flame graph by keyboard (root at the top): up to
// the parent, down to the widest child, left and right to the neighbours under the same
// parent. Boxes are indices into FlameGraphLayout::boxes(); merged runs of thin frames are
// skipped, and -1 means "nowhere to go".
#include "model/flamegraphlayout.h"

namespace FlameGraphNavigation {

enum class Direction { Parent, Child, Previous, Next };

// The box `direction` from `from`, or -1.
int step(const FlameGraphLayout& layout, int from, Direction direction);
// Where to start without a selection: the widest box of the top row, or -1.
int first(const FlameGraphLayout& layout);
// The box in `layout` that shows what `box` showed in an earlier layout of the same data whose
// left edge was at `origin` (same row, node and a shared time), else the same call-tree path
// on any row (after a zoom), or -1.
int find(const FlameGraphLayout& layout, const FlameGraphLayout::Box& box, double origin);

} // namespace FlameGraphNavigation
