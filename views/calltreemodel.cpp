#include "calltreemodel.h"

using xsprof::StackId;

QList<CostTreeModel::Cost> CallTreeModel::costColumns(const ProfileData&) const
{
    return {Cost::Self, Cost::Total};
}

void CallTreeModel::appendChildren(const Node& node, std::vector<Child>& out) const
{
    const auto& tree = profile().analysis.callTree;
    const auto stacks = node.item == noItem ? tree.roots() : tree.children(StackId(node.item));
    for (StackId s : stacks)
        out.push_back({s.value});
}

bool CallTreeModel::nodeHasChildren(const Node& node) const
{
    return !profile().analysis.callTree.children(StackId(node.item)).empty();
}

xsprof::FrameId CallTreeModel::frameOf(const Node& node) const
{
    return node.item == noItem ? xsprof::FrameId() : profile().profile.stacks.frame[node.item];
}

double CallTreeModel::cost(const Node& node, Cost cost) const
{
    const auto& tree = profile().analysis.callTree;
    return cost == Cost::Self ? tree.self(StackId(node.item)) : tree.total(StackId(node.item));
}

double CallTreeModel::hotCost(const Node& node) const
{
    return profile().analysis.callTree.total(StackId(node.item));
}
