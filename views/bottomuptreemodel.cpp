#include "bottomuptreemodel.h"

void BottomUpTreeModel::dataReplaced()
{
    m_tree = profileData() ? profileData()->bottomUpSeed : xsprof::BottomUpTree();
}

QList<CostTreeModel::Cost> BottomUpTreeModel::costColumns(const ProfileData&) const
{
    return {Cost::Time};
}

void BottomUpTreeModel::appendChildren(const Node& node, std::vector<Child>& out) const
{
    auto& tree = m_tree;
    const auto nodes = node.item == noItem ? tree.roots() : tree.children(node.item);
    for (auto n : nodes)
        out.push_back({n});
}

bool BottomUpTreeModel::nodeHasChildren(const Node& node) const
{
    return m_tree.hasChildren(node.item);
}

xsprof::FrameId BottomUpTreeModel::frameOf(const Node& node) const
{
    return node.item == noItem ? xsprof::FrameId() : m_tree.frame(node.item);
}

double BottomUpTreeModel::cost(const Node& node, Cost) const
{
    return m_tree.time(node.item);
}

double BottomUpTreeModel::hotCost(const Node& node) const
{
    return m_tree.time(node.item);
}
