#include "costtreemodel.h"

#include "costformat.h"
#include "plaintext.h"

#include <algorithm>

CostTreeModel::CostTreeModel(QObject* parent) : QAbstractItemModel(parent)
{
    m_nodes.emplace_back();
}

void CostTreeModel::setProfileData(ProfileDataPtr data)
{
    beginResetModel();
    m_data = std::move(data);
    m_costs = m_data ? costColumns(*m_data) : QList<Cost>();
    m_nodes.clear();
    m_nodes.emplace_back();
    dataReplaced();
    endResetModel();
}

int CostTreeModel::columnOf(Cost cost) const
{
    const auto i = m_costs.indexOf(cost);
    return i < 0 ? -1 : int(i) + 1;
}

quint32 CostTreeModel::nodeNumber(const QModelIndex& index) const
{
    return index.isValid() ? quint32(index.internalId()) : 0;
}

void CostTreeModel::populate(quint32 node) const
{
    if (m_nodes[node].populated)
        return;
    m_scratch.clear();
    if (m_data && !m_nodes[node].recursive)
        appendChildren(m_nodes[node], m_scratch);
    const auto first = quint32(m_nodes.size());
    for (quint32 row = 0; row < m_scratch.size(); ++row) {
        Node child;
        child.parent = node;
        child.row = row;
        child.item = m_scratch[row].item;
        child.aux = m_scratch[row].aux;
        child.recursive = m_scratch[row].recursive;
        m_nodes.push_back(child);
    }
    Node& n = m_nodes[node]; // after the push_backs: they may reallocate
    n.firstChild = first;
    n.childCount = quint32(m_scratch.size());
    n.populated = true;
}

QModelIndex CostTreeModel::index(int row, int column, const QModelIndex& parent) const
{
    if (row < 0 || column < 0 || column >= columnCount(parent) || (parent.isValid() && parent.column() != 0))
        return {};
    const quint32 p = nodeNumber(parent);
    populate(p);
    if (quint32(row) >= m_nodes[p].childCount)
        return {};
    return createIndex(row, column, quintptr(m_nodes[p].firstChild + quint32(row)));
}

QModelIndex CostTreeModel::parent(const QModelIndex& child) const
{
    if (!child.isValid())
        return {};
    const quint32 p = m_nodes[nodeNumber(child)].parent;
    if (p == 0)
        return {};
    return createIndex(int(m_nodes[p].row), 0, quintptr(p));
}

int CostTreeModel::rowCount(const QModelIndex& parent) const
{
    if (!m_data || (parent.isValid() && parent.column() != 0))
        return 0;
    const quint32 p = nodeNumber(parent);
    populate(p);
    return int(m_nodes[p].childCount);
}

int CostTreeModel::columnCount(const QModelIndex& parent) const
{
    if (parent.isValid() && parent.column() != 0)
        return 0;
    return 1 + int(m_costs.size());
}

bool CostTreeModel::hasChildren(const QModelIndex& parent) const
{
    if (!m_data || (parent.isValid() && parent.column() != 0))
        return false;
    const Node& n = m_nodes[nodeNumber(parent)];
    if (n.populated)
        return n.childCount > 0;
    if (!parent.isValid())
        return rowCount(parent) > 0;
    return !n.recursive && nodeHasChildren(n);
}

bool CostTreeModel::canFetchMore(const QModelIndex& parent) const
{
    if (!m_data || !parent.isValid() || parent.column() != 0)
        return false;
    const Node& n = m_nodes[nodeNumber(parent)];
    return !n.populated && !n.recursive && nodeHasChildren(n);
}

void CostTreeModel::fetchMore(const QModelIndex& parent)
{
    if (m_data && (!parent.isValid() || parent.column() == 0))
        populate(nodeNumber(parent)); // no signals: no view has seen this node's rows yet
}

QVariant CostTreeModel::data(const QModelIndex& index, int role) const
{
    if (!m_data || !index.isValid())
        return {};
    const Node& node = m_nodes[nodeNumber(index)];
    switch (role) {
    case FrameRole:
        return frameOf(node).value;
    case RecursiveRole:
        return node.recursive;
    case HotCostRole:
        return hotCost(node);
    case DurationRole:
        return m_data->duration();
    case LevelRole:
        return levelOf(node);
    case Qt::ToolTipRole:
        // Names and urls come from the file: never markup. A cost cell says what its number is,
        // in the profile's measure.
        return PlainText::toolTip(rowToolTip(node)
                                  + (index.column() == 0 ? QString() : costLine(node, costOfColumn(index.column())))
                                  + pathToolTip(node));
    case Qt::AccessibleTextRole:
        // A screen reader reads the row as one sentence, not cell by cell.
        return index.column() == 0 ? rowSentence(node) : QVariant();
    default:
        break;
    }
    if (index.column() == 0)
        return functionData(node, role);
    return costData(node, costOfColumn(index.column()), role);
}

QVariant CostTreeModel::functionData(const Node& node, int role) const
{
    const xsprof::FrameId f = frameOf(node);
    switch (role) {
    case Qt::DisplayRole: {
        // V8 leaves module bodies and callbacks unnamed; the location still tells them apart.
        const QString name = m_data->frameName(f).isEmpty() ? tr("(anonymous)") : m_data->frameName(f);
        return node.recursive ? name + tr(" (recursive)") : name;
    }
    case NameRole:
    case SortRole:
        return m_data->frameName(f);
    case UrlRole:
        return m_data->frameUrl(f);
    case LocationRole:
        return m_data->location(f);
    case LineRole:
        return m_data->profile.frames.line[f.value];
    default:
        return {};
    }
}

QVariant CostTreeModel::costData(const Node& node, Cost kind, int role) const
{
    const double value = cost(node, kind);
    const double duration = m_data->duration();
    switch (role) {
    case Qt::DisplayRole:
        return CostFormat::valueAndPercent(value, duration, m_data->profile.info.measure);
    case SortRole:
    case CostRole:
        return value;
    case MeasureRole:
        return int(m_data->profile.info.measure);
    case FractionRole:
        return duration > 0.0 ? value / duration : 0.0;
    case Qt::TextAlignmentRole:
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    default:
        return {};
    }
}

QString CostTreeModel::rowSentence(const Node& node) const
{
    QString text = PlainText::singleLine(functionData(node, Qt::DisplayRole).toString());
    for (int column = 1; column < columnCount(); ++column) {
        const Cost kind = costOfColumn(column);
        text += QStringLiteral(", %1 %2").arg(headerData(column, Qt::Horizontal).toString().toLower(),
                                             CostFormat::value(cost(node, kind), m_data->profile.info.measure));
    }
    return text;
}

QString CostTreeModel::rowToolTip(const Node& node) const
{
    const xsprof::FrameId f = frameOf(node);
    QString tip = m_data->frameName(f).isEmpty() ? tr("(anonymous)") : m_data->frameName(f);
    const QString url = m_data->frameUrl(f);
    const int line = m_data->profile.frames.line[f.value];
    if (!url.isEmpty()) {
        tip += QLatin1Char('\n') + url;
        if (line > 0)
            tip += tr(", line %1").arg(line);
    } else if (const int script = m_data->profile.scriptIdOf(f); line > 0 && script > 0) {
        tip += QLatin1Char('\n') + tr("Code from eval or new Function: script %1, line %2").arg(script).arg(line);
    } else if (line > 0) {
        tip += QLatin1Char('\n') + tr("Code from eval or new Function, line %1").arg(line);
    }
    if (node.recursive)
        tip += QLatin1Char('\n') + tr("Already on this path: not expanded again.");
    return tip;
}

// "Self — bytes: 1.25 MB, 12.5 % of 10.0 MB in all".
QString CostTreeModel::costLine(const Node& node, Cost kind) const
{
    const xsprof::Measure measure = m_data->profile.info.measure;
    const double value = cost(node, kind), whole = m_data->duration();
    // The bottom-up tree's Time column is the leaf's self cost, whatever the measure.
    const QString column = kind == Cost::Time ? tr("Self") : costHeader(kind);
    return QLatin1Char('\n')
        + tr("%1 — %2: %3, %4 of %5 in all")
              .arg(column, CostFormat::quantity(measure), CostFormat::value(value, measure),
                   CostFormat::share(whole > 0.0 ? value / whole : 0.0), CostFormat::value(whole, measure));
}

int CostTreeModel::levelOf(const Node& node) const
{
    int level = 0;
    for (const Node* n = &node; n != &m_nodes[0]; n = &m_nodes[n->parent])
        ++level;
    return level;
}

// A deep row's way down from its top-level row, one function a line; a run of the same
// function (recursive descent) is one line "name ×N". A tooltip is read, not scrolled: past
// pathLines lines, the middle of the path gives way to a line saying how many it leaves out.
QString CostTreeModel::pathToolTip(const Node& node) const
{
    constexpr int pathLines = 24, headLines = 6;
    const int level = levelOf(node);
    if (level < 2)
        return {};
    struct Run {
        xsprof::FrameId frame;
        int count;
    };
    QList<Run> runs; // from the row up to its top level
    for (const Node* n = &node; n != &m_nodes[0]; n = &m_nodes[n->parent]) {
        const xsprof::FrameId f = frameOf(*n);
        if (!runs.isEmpty() && runs.back().frame == f)
            ++runs.back().count;
        else
            runs.append({f, 1});
    }
    std::reverse(runs.begin(), runs.end());
    const QString arrow = rowsListCallers() ? QStringLiteral("← ") : QStringLiteral("→ ");
    const auto line = [&](const Run& run) -> QString {
        const QString name = m_data->frameName(run.frame).isEmpty() ? tr("(anonymous)") : m_data->frameName(run.frame);
        return arrow + PlainText::singleLine(name) + (run.count > 1 ? tr(" ×%1").arg(run.count) : QString());
    };
    QString text = QLatin1Char('\n') + tr("Level %1, from the top row:").arg(level);
    const qsizetype shown = runs.size() <= pathLines ? runs.size() : pathLines - 1;
    for (qsizetype i = 0; i < shown; ++i) {
        const qsizetype run = runs.size() <= pathLines || i < headLines ? i : runs.size() - (shown - i);
        if (runs.size() > pathLines && i == headLines) {
            int left = 0;
            for (qsizetype skipped = headLines; skipped < runs.size() - (shown - headLines); ++skipped)
                left += runs[skipped].count;
            text += QLatin1Char('\n') + tr("⋯ %1 more calls ⋯").arg(left); // two at least
        }
        text += QLatin1Char('\n') + line(runs[run]);
    }
    return text;
}

QVariant CostTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (section == 0) {
        if (role == Qt::DisplayRole)
            return tr("Function");
        if (role == Qt::ToolTipRole)
            return functionHeaderToolTip();
        return {};
    }
    const Cost kind = costOfColumn(section);
    const xsprof::Measure measure = this->measure();
    if (role == Qt::DisplayRole) {
        // Another measure than time is named once, on the self column, "Self (bytes)": on every
        // column it cut the longer headers ("Inclusive (Chrome) (bytes)") in a narrow window,
        // and the cells carry their unit (KB, MB) anyway.
        if (measure == xsprof::Measure::Time || (kind != Cost::Self && kind != Cost::Time))
            return costHeader(kind);
        return QStringLiteral("%1 (%2)").arg(tr("Self"), CostFormat::unitName(measure));
    }
    if (role == Qt::ToolTipRole) {
        const QString unit = CostFormat::unitNote(measure, m_data ? QString::fromStdString(m_data->profile.info.measureName) : QString());
        const QString explanation = costHeaderToolTip(kind);
        return explanation.isEmpty() || unit.isEmpty() ? QString(explanation + unit)
                                                       : QString(explanation + QStringLiteral("\n\n") + unit);
    }
    if (role == Qt::TextAlignmentRole)
        return QVariant::fromValue(Qt::Alignment(Qt::AlignRight | Qt::AlignVCenter));
    return {};
}

QString CostTreeModel::functionHeaderToolTip() const
{
    return tr("The function, with its file and line in a lighter colour.");
}

QString CostTreeModel::costHeader(Cost cost) const
{
    switch (cost) {
    case Cost::Self: return tr("Self");
    case Cost::Total: return tr("Total");
    case Cost::Inclusive: return tr("Inclusive");
    case Cost::Time: return tr("Time");
    case Cost::SummedPaths: return tr("Total (VS Code)");
    }
    return {};
}

QString CostTreeModel::costHeaderToolTip(Cost cost) const
{
    const QString what = CostFormat::quantity(measure());
    switch (cost) {
    case Cost::Self: return tr("The %1 of the samples with this call path's function itself on top of the stack.").arg(what);
    case Cost::Total: return tr("The %1 of this call path, its callees included (Chrome DevTools' tree).").arg(what);
    case Cost::Time: return tr("Self %1 of the leaf function reached through this chain of callers.").arg(what);
    default: return {};
    }
}

xsprof::Measure CostTreeModel::measure() const
{
    return m_data ? m_data->profile.info.measure : xsprof::Measure::Time;
}

bool CostTreeModel::frameOnPath(const Node& node, xsprof::FrameId frame) const
{
    for (const Node* n = &node; n != &m_nodes[0]; n = &m_nodes[n->parent]) {
        if (frameOf(*n) == frame)
            return true;
    }
    return false;
}
