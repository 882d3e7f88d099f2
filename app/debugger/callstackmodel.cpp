#include "app/debugger/callstackmodel.h"

#include "views/plaintext.h"

#include <QFileInfo>
#include <QFont>

CallStackModel::CallStackModel(QObject* parent) : QAbstractTableModel(parent) {}

void CallStackModel::setFrames(const xsbug::Frames& frames)
{
    // Each break brings a new stack: a reset is the honest change.
    beginResetModel();
    m_frames = frames;
    endResetModel();
}

void CallStackModel::setCurrentAddress(const QString& address)
{
    if (m_current == address)
        return;
    const int before = rowOfAddress(m_current);
    m_current = address;
    const int after = rowOfAddress(m_current);
    for (int row : {before, after}) {
        if (row >= 0)
            emit dataChanged(index(row, 0), index(row, ColumnCount - 1), {Qt::FontRole});
    }
}

int CallStackModel::rowOfAddress(const QString& address) const
{
    if (address.isEmpty())
        return -1;
    for (qsizetype i = 0; i < m_frames.frames.size(); ++i) {
        if (m_frames.frames.at(i).address.compare(address, Qt::CaseInsensitive) == 0)
            return int(i);
    }
    return -1;
}

int CallStackModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_frames.frames.size());
}

int CallStackModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CallStackModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const xsbug::Frame& f = m_frames.frames.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        if (index.column() == FunctionColumn)
            return f.name;
        if (f.path.isEmpty())
            return QString();
        return QString(QFileInfo(f.path).fileName() + QLatin1Char(':') + QString::number(f.line));
    case Qt::ToolTipRole:
        return PlainText::toolTip(f.path.isEmpty() ? f.name : QString(f.path + QLatin1Char(':') + QString::number(f.line)));
    case Qt::FontRole:
        if (!m_current.isEmpty() && f.address.compare(m_current, Qt::CaseInsensitive) == 0) {
            QFont font;
            font.setBold(true);
            return font;
        }
        return {};
    case AddressRole: return f.address;
    case PathRole: return f.path;
    case LineRole: return f.line;
    default: return {};
    }
}

QVariant CallStackModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case FunctionColumn: return tr("Function");
    case LocationColumn: return tr("Location");
    default: return {};
    }
}
