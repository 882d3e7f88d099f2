#include "bottomuptreemodel.h"

QList<CostTreeModel::Cost> BottomUpTreeModel::costColumns(const ProfileData&) const
{
    return {Cost::Time};
}

void BottomUpTreeModel::appendChildren(const Node& node, std::vector<Child>& out) const
{
    const auto& tree = profile().bottomUp;
    const auto nodes = node.item == noItem ? tree.roots() : tree.children(node.item);
    for (auto n : nodes)
        out.push_back({n});
}

bool BottomUpTreeModel::nodeHasChildren(const Node& node) const
{
    return profile().bottomUp.hasChildren(node.item);
}

xsprof::FrameId BottomUpTreeModel::frameOf(const Node& node) const
{
    return node.item == noItem ? xsprof::FrameId() : profile().bottomUp.frame(node.item);
}

double BottomUpTreeModel::cost(const Node& node, Cost) const
{
    return profile().bottomUp.time(node.item);
}

double BottomUpTreeModel::hotCost(const Node& node) const
{
    return profile().bottomUp.time(node.item);
}
