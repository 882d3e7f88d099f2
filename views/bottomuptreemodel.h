#pragma once
// Chrome's "Heavy (Bottom Up)": leaf functions, expanding chains of callers (BottomUpTree).
#include "costtreemodel.h"

class BottomUpTreeModel : public CostTreeModel
{
    Q_OBJECT
public:
    using CostTreeModel::CostTreeModel;

protected:
    void dataReplaced() override;
    QList<Cost> costColumns(const ProfileData& data) const override;
    void appendChildren(const Node& node, std::vector<Child>& out) const override;
    bool nodeHasChildren(const Node& node) const override;
    xsprof::FrameId frameOf(const Node& node) const override;
    double cost(const Node& node, Cost cost) const override;
    double hotCost(const Node& node) const override;
    bool rowsListCallers() const override { return true; }

private:
    // Our own copy of the data's seed: expanding it fills it in, on the GUI thread only.
    mutable xsprof::BottomUpTree m_tree;
};
