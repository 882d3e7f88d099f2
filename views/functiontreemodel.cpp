#include "functiontreemodel.h"

#include "costformat.h"
#include "totalcolumns.h"

#include <algorithm>

using xsprof::FrameId;

FunctionTreeModel::FunctionTreeModel(Order order, QObject* parent) : CostTreeModel(parent), m_order(order)
{
}

QList<CostTreeModel::Cost> FunctionTreeModel::costColumns(const ProfileData& data) const
{
    if (data.analysis.functions.hasInclusive())
        return {Cost::Self, Cost::Total, Cost::Inclusive, Cost::SummedPaths};
    return {Cost::Self, Cost::Total};
}

std::span<const uint32_t> FunctionTreeModel::edgesOf(FrameId f) const
{
    const auto& graph = profile().analysis.functions.graph();
    return m_order == Order::TopDown ? graph.calleeEdges(f) : graph.callerEdges(f);
}

FrameId FunctionTreeModel::otherEnd(uint32_t edge) const
{
    const auto& e = profile().analysis.functions.graph().edge(edge);
    return m_order == Order::TopDown ? e.callee : e.caller;
}

void FunctionTreeModel::appendChildren(const Node& node, std::vector<Child>& out) const
{
    const auto& functions = profile().analysis.functions;
    if (node.item == noItem) {
        if (m_order == Order::TopDown) {
            for (FrameId f : functions.graph().roots())
                out.push_back({f.value});
            return;
        }
        std::vector<FrameId> hot;
        for (FrameId f : functions.functions()) {
            if (functions.self(f) > 0.0)
                hot.push_back(f);
        }
        std::stable_sort(hot.begin(), hot.end(),
                         [&](FrameId a, FrameId b) { return functions.self(a) > functions.self(b); });
        for (FrameId f : hot)
            out.push_back({f.value});
        return;
    }
    const FrameId f(node.item);
    // The graph drops self-edges; a self-recursive function still gets its "(recursive)" leaf.
    if (functions.graph().isSelfRecursive(f))
        out.push_back({f.value, noItem, true});
    for (uint32_t edge : edgesOf(f)) {
        const FrameId next = otherEnd(edge);
        out.push_back({next.value, edge, frameOnPath(node, next)});
    }
}

bool FunctionTreeModel::nodeHasChildren(const Node& node) const
{
    const FrameId f(node.item);
    return profile().analysis.functions.graph().isSelfRecursive(f) || !edgesOf(f).empty();
}

double FunctionTreeModel::cost(const Node& node, Cost cost) const
{
    const auto& functions = profile().analysis.functions;
    const FrameId f(node.item);
    switch (cost) {
    case Cost::Self: return functions.self(f);
    case Cost::Total: return functions.total(f);
    case Cost::Inclusive: return functions.hasInclusive() ? functions.inclusive(f) : 0.0;
    case Cost::SummedPaths: return functions.hasInclusive() ? functions.summedPathTotal(f) : 0.0;
    case Cost::Time: break;
    }
    return 0.0;
}

bool FunctionTreeModel::isChoosable(Cost cost) const
{
    return TotalColumns::isChoosable(cost);
}

QString FunctionTreeModel::costHeader(Cost cost) const
{
    switch (cost) {
    case Cost::Total: return tr("Total (xsbug)");
    case Cost::Inclusive: return tr("Inclusive (Chrome)");
    default: return CostTreeModel::costHeader(cost);
    }
}

QString FunctionTreeModel::costHeaderToolTip(Cost cost) const
{
    return TotalColumns::explanation(cost, measure()) + QStringLiteral("\n\n") + wholeProfileNote();
}

// A Chrome DevTools user reads a callee row as the time under that caller; here it is not.
QString FunctionTreeModel::wholeProfileNote() const
{
    return tr("Functions view (xsbug's): every row, a callee under a caller too, shows the function's numbers over "
              "the whole profile, not the %1 under that caller. The Call Tree shows the %2 of each call path.")
        .arg(measure() == xsprof::Measure::Time ? tr("time it spent") : CostFormat::quantity(measure()),
             CostFormat::quantity(measure()));
}

QString FunctionTreeModel::functionHeaderToolTip() const
{
    return CostTreeModel::functionHeaderToolTip() + QStringLiteral("\n\n") + wholeProfileNote();
}

// Top-down, the hot path follows the largest Total shown, as a reader would. Bottom-up, a
// caller's own numbers say nothing about the row below it; what that callee passes up does.
double FunctionTreeModel::hotCost(const Node& node) const
{
    const auto& functions = profile().analysis.functions;
    if (node.recursive)
        return 0.0;
    const FrameId f(node.item);
    if (m_order == Order::TopDown)
        return functions.total(f);
    if (node.aux != noItem)
        return functions.graph().share(functions.graph().edge(node.aux));
    return functions.self(f);
}

QString FunctionTreeModel::rowToolTip(const Node& node) const
{
    QString tip = CostTreeModel::rowToolTip(node);
    if (node.aux == noItem || node.recursive)
        return tip;
    const auto& graph = profile().analysis.functions.graph();
    const auto& edge = graph.edge(node.aux);
    const QString share = CostFormat::valueAndPercent(graph.share(edge), profile().duration(),
                                                        profile().profile.info.measure);
    if (edge.removed)
        return tip + QLatin1Char('\n') + tr("This call closes a cycle: it carries nothing up.");
    if (m_order == Order::TopDown)
        return tip + QLatin1Char('\n') + tr("Passes %1 of its total up to this caller.").arg(share);
    return tip + QLatin1Char('\n') + tr("Receives %1 of the callee's total.").arg(share);
}
