#pragma once
// xsbug's function-level views over the FunctionGraph. Top-down: the root functions,
// expanding callees. Bottom-up: functions with self time, expanding callers. A row shows
// its function's own numbers; a function already on the path is a "(recursive)" leaf.
#include "costtreemodel.h"

class FunctionTreeModel : public CostTreeModel
{
    Q_OBJECT
public:
    enum class Order { TopDown, BottomUp };

    explicit FunctionTreeModel(Order order, QObject* parent = nullptr);
    Order order() const { return m_order; }
    bool isChoosable(Cost cost) const override;

protected:
    QList<Cost> costColumns(const ProfileData& data) const override;
    void appendChildren(const Node& node, std::vector<Child>& out) const override;
    bool nodeHasChildren(const Node& node) const override;
    xsprof::FrameId frameOf(const Node& node) const override { return xsprof::FrameId(node.item); }
    double cost(const Node& node, Cost cost) const override;
    double hotCost(const Node& node) const override;
    QString rowToolTip(const Node& node) const override;
    bool rowsListCallers() const override { return m_order == Order::BottomUp; }
    QString costHeader(Cost cost) const override;
    QString costHeaderToolTip(Cost cost) const override;
    QString functionHeaderToolTip() const override;

public:
    // What a row under a caller means here, unlike a call tree's (for the header's tooltips).
    QString wholeProfileNote() const;

private:
    std::span<const uint32_t> edgesOf(xsprof::FrameId f) const;
    xsprof::FrameId otherEnd(uint32_t edge) const;

    Order m_order;
};
