#pragma once
// A nested tree of objects, each holding its children in an array ("head" of a legacy
// .cpuprofile or a sampling heap profile: {"id": 1, …, "children": [{…}, …]}), walked in
// preorder without recursion (a tree deeper than the stack is read, not a crash). Each node
// is named by a JsonPath built from the walk's JsonTreeTrail only when a problem is named.
#include "jsonfields.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace xsprof {

// Calls visit(node, at, parent) for each node of the tree whose root is `root`, at `rootPath`,
// in preorder. `at` names the node: its path ("head.children[2].children[0]"), its place
// ("PLACE 7": its number in preorder, the number `trail` gives it) and its pointer; `parent`
// is its parent's number (JsonTreeTrail::noParent for the root). Each node must be an object;
// visit returns its children array, if it has one (checked here to be an array). `trail`
// outlives the walk for a reader that names another node: rootPath.treeNode(trail, n, place).
template <class V, class Visit>
void forEachTreeNode(const V& root, const JsonPath& rootPath, const char* place, JsonTreeTrail& trail,
                     const Visit& visit)
{
    struct Pending {
        V node;
        uint32_t parent, index;
    };
    std::vector<Pending> todo{{root, JsonTreeTrail::noParent, 0}};
    while (!todo.empty()) {
        const Pending current = todo.back();
        todo.pop_back();
        const uint32_t number = trail.add(current.parent, current.index);
        const JsonPath at = rootPath.treeNode(trail, number, place);
        const std::optional<V> children = visit(asObject(current.node, at), at, current.parent);
        if (!children)
            continue;
        const size_t first = todo.size();
        uint32_t k = 0;
        asArray(*children, at.key(trail.childrenKey())).forEachElement([&](const V& child) {
            todo.push_back({child, number, k++});
        });
        std::reverse(todo.begin() + std::ptrdiff_t(first), todo.end());
    }
}

} // namespace xsprof
