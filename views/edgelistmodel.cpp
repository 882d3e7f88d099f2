#include "views/edgelistmodel.h"

#include "views/costformat.h"

EdgeListModel::EdgeListModel(Direction direction, QObject* parent) : QAbstractTableModel(parent), m_direction(direction) {}

void EdgeListModel::setEdges(ProfileSource source, std::vector<xsprof::EdgeCost> edges)
{
    beginResetModel();
    m_source = std::move(source);
    m_edges = std::move(edges);
    endResetModel();
}

xsprof::FrameId EdgeListModel::frame(int row) const
{
    return row >= 0 && size_t(row) < m_edges.size() ? m_edges[size_t(row)].function : xsprof::FrameId();
}

int EdgeListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_edges.size());
}

int EdgeListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant EdgeListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_edges.size() || !m_source.isValid())
        return {};
    const xsprof::EdgeCost& e = m_edges[size_t(index.row())];
    const double duration = m_source.analysis->functions.duration();
    if (role == FrameRole)
        return e.function.value;
    if (index.column() == Name) {
        const QString name = QString::fromUtf8(m_source.profile->frameName(e.function));
        const QString shown = name.isEmpty() ? tr("(anonymous)") : name;
        if (role == SortRole)
            return shown;
        if (role == Qt::DisplayRole) {
            const QString where = QString::fromStdString(m_source.profile->location(e.function));
            return where.isEmpty() ? shown : shown + QStringLiteral("  ") + where;
        }
        if (role == Qt::ToolTipRole)
            return QString::fromStdString(m_source.profile->location(e.function));
        return {};
    }
    const bool available = index.column() == Share || e.inclusive.has_value();
    const double value = index.column() == Share ? e.share : e.inclusive.value_or(0.0);
    switch (role) {
    case Qt::DisplayRole: return available ? CostFormat::valueAndPercent(value, duration, m_source.profile->info.measure)
                                       : QStringLiteral("-");
    case SortRole: return value;
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
        if (index.column() == Share)
            return tr("The divided total this edge carries: total(callee) / number of callers of the callee");
        return available ? tr("The %1 of the samples whose stack holds this call at least once")
                               .arg(CostFormat::quantity(m_source.profile->info.measure))
                         : tr("Not available: a graph-encoded profile has no per-path stacks");
    default: return {};
    }
}

QVariant EdgeListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name: return m_direction == Direction::Callers ? tr("Caller") : tr("Callee");
    case Share: return tr("Divided share");
    case PairInclusive: return tr("Inclusive (pair)");
    default: return {};
    }
}
