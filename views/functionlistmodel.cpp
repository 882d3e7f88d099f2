#include "views/functionlistmodel.h"

#include "views/costformat.h"
#include "views/totalcolumns.h"

FunctionListModel::FunctionListModel(QObject* parent) : QAbstractTableModel(parent) {}

void FunctionListModel::setSource(ProfileSource source)
{
    beginResetModel();
    m_source = std::move(source);
    m_frames.clear();
    m_rowOfFrame.clear();
    if (m_source.isValid()) {
        m_frames = m_source.analysis->functions.functions();
        m_rowOfFrame.assign(m_source.profile->frames.size(), -1);
        for (size_t r = 0; r < m_frames.size(); ++r)
            m_rowOfFrame[m_frames[r].value] = int(r);
    }
    endResetModel();
}

xsprof::FrameId FunctionListModel::frame(int row) const
{
    return row >= 0 && size_t(row) < m_frames.size() ? m_frames[size_t(row)] : xsprof::FrameId();
}

int FunctionListModel::rowOf(xsprof::FrameId frame) const
{
    return frame.isValid() && frame.value < m_rowOfFrame.size() ? m_rowOfFrame[frame.value] : -1;
}

int FunctionListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_frames.size());
}

int FunctionListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant FunctionListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || size_t(index.row()) >= m_frames.size())
        return {};
    const xsprof::FrameId f = m_frames[size_t(index.row())];
    const xsprof::FunctionAnalysis& a = m_source.analysis->functions;
    if (role == FrameRole)
        return f.value;
    if (index.column() == Name) {
        const QString name = QString::fromUtf8(m_source.profile->frameName(f));
        const QString shown = name.isEmpty() ? tr("(anonymous)") : name;
        if (role == SortRole)
            return shown;
        if (role == Qt::DisplayRole) {
            const QString where = QString::fromStdString(m_source.profile->location(f));
            return where.isEmpty() ? shown : shown + QStringLiteral("  ") + where;
        }
        if (role == Qt::ToolTipRole)
            return QString::fromStdString(m_source.profile->location(f));
        return {};
    }
    const bool available = index.column() != Inclusive || a.hasInclusive();
    const double value = index.column() == Self ? a.self(f) : index.column() == Total ? a.total(f)
                                                            : available               ? a.inclusive(f)
                                                                                      : 0.0;
    switch (role) {
    case Qt::DisplayRole: return available ? CostFormat::valueAndPercent(value, a.duration(), m_source.profile->info.measure)
                                       : tr("n/a");
    case SortRole: return value;
    case Qt::TextAlignmentRole: return int(Qt::AlignRight | Qt::AlignVCenter);
    default: return {};
    }
}

QVariant FunctionListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::ToolTipRole) {
        using Cost = CostTreeModel::Cost;
        const xsprof::Measure measure = m_source.profile ? m_source.profile->info.measure : xsprof::Measure::Time;
        switch (section) {
        case Self: return TotalColumns::explanation(Cost::Self, measure);
        case Total: return TotalColumns::explanation(Cost::Total, measure);
        case Inclusive: return TotalColumns::explanation(Cost::Inclusive, measure);
        default: return {};
        }
    }
    if (role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Name: return tr("Function");
    case Self: // another measure than time named once, as the trees' headers do
        if (m_source.profile && m_source.profile->info.measure != xsprof::Measure::Time)
            return tr("Self (%1)").arg(CostFormat::unitName(m_source.profile->info.measure));
        return tr("Self");
    case Total: return tr("Total");
    case Inclusive: return tr("Inclusive");
    default: return {};
    }
}
