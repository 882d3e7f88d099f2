#include "model/flamegraphnavigation.h"

#include <algorithm>

namespace FlameGraphNavigation {
namespace {

using Box = FlameGraphLayout::Box;

int indexOf(const FlameGraphLayout& layout, const Box* box)
{
    return box ? int(box - layout.boxes().data()) : -1;
}

// The widest real frame on `depth` inside [x0, x1), or -1.
int widestIn(const FlameGraphLayout& layout, int depth, double x0, double x1)
{
    const Box* best = nullptr;
    for (const Box& b : layout.row(depth)) {
        if (b.x + b.width <= x0 || b.x >= x1 || !b.frame.isValid())
            continue;
        if (!best || b.width > best->width)
            best = &b;
    }
    return indexOf(layout, best);
}

} // namespace

int step(const FlameGraphLayout& layout, int from, Direction direction)
{
    const auto& boxes = layout.boxes();
    if (from < 0 || size_t(from) >= boxes.size())
        return -1;
    const Box& box = boxes[size_t(from)];
    const int depth = int(box.depth);
    const double middle = box.x + box.width / 2;
    switch (direction) {
    case Direction::Parent: return depth == 0 ? -1 : indexOf(layout, layout.boxAt(middle, depth - 1));
    case Direction::Child: return widestIn(layout, depth + 1, box.x, box.x + box.width);
    case Direction::Previous:
    case Direction::Next: {
        // Siblings share the parent's span; the top row's boxes are all siblings.
        const Box* parent = depth == 0 ? nullptr : layout.boxAt(middle, depth - 1);
        const double lo = parent ? parent->x : -1e300;
        const double hi = parent ? parent->x + parent->width : 1e300;
        const auto row = layout.row(depth);
        const int at = int(&box - row.data());
        const int delta = direction == Direction::Next ? 1 : -1;
        for (int i = at + delta; i >= 0 && i < int(row.size()); i += delta) {
            const Box& b = row[size_t(i)];
            if (b.x < lo || b.x >= hi)
                break;
            if (b.frame.isValid())
                return indexOf(layout, &b);
        }
        return -1;
    }
    }
    return -1;
}

int first(const FlameGraphLayout& layout)
{
    return layout.depthCount() > 0 ? widestIn(layout, 0, -1e300, 1e300) : -1;
}

int find(const FlameGraphLayout& layout, const Box& box, double origin)
{
    const double shift = origin - layout.origin(); // old x to new x
    for (const Box& b : layout.row(int(box.depth))) {
        if (b.node == box.node && b.frame == box.frame && b.x < box.x + shift + box.width
            && box.x + shift < b.x + b.width)
            return indexOf(layout, &b);
    }
    if (layout.source() != FlameGraphLayout::Source::CallTree || box.node == FlameGraphLayout::noNode)
        return -1;
    const auto& boxes = layout.boxes();
    const auto it = std::find_if(boxes.begin(), boxes.end(), [&](const Box& b) { return b.node == box.node; });
    return it == boxes.end() ? -1 : int(it - boxes.begin());
}

} // namespace FlameGraphNavigation
