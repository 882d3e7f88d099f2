#include "breakpointsmodel.h"

#include "protocol/machinesession.h"

#include <QFileInfo>

BreakpointsModel::BreakpointsModel(QObject* parent) : QAbstractListModel(parent) {}

void BreakpointsModel::setBreakpoints(const BreakpointList& breakpoints)
{
    beginResetModel();
    m_breakpoints.clear();
    for (const Breakpoint& b : breakpoints) {
        if (!m_breakpoints.contains(b) && !b.path.isEmpty() && b.line > 0)
            m_breakpoints << b;
    }
    endResetModel();
    emit changed();
}

int BreakpointsModel::rowOf(const QString& path, int line) const
{
    return int(m_breakpoints.indexOf(Breakpoint{path, line}));
}

bool BreakpointsModel::toggle(const QString& path, int line)
{
    if (contains(path, line)) {
        remove(path, line);
        return false;
    }
    add(path, line);
    return true;
}

void BreakpointsModel::add(const QString& path, int line)
{
    if (path.isEmpty() || line <= 0 || contains(path, line))
        return;
    const int row = int(m_breakpoints.size());
    beginInsertRows({}, row, row);
    m_breakpoints << Breakpoint{path, line, true};
    endInsertRows();
    sendSet(path, line);
    emit changed();
}

void BreakpointsModel::remove(const QString& path, int line)
{
    const int row = rowOf(path, line);
    if (row >= 0)
        removeRow(row);
}

void BreakpointsModel::removeRow(int row)
{
    if (row < 0 || row >= m_breakpoints.size())
        return;
    const Breakpoint b = m_breakpoints.at(row);
    beginRemoveRows({}, row, row);
    m_breakpoints.removeAt(row);
    endRemoveRows();
    if (b.enabled)
        sendClear(b.path, b.line);
    emit changed();
}

void BreakpointsModel::removeAll()
{
    if (m_breakpoints.isEmpty())
        return;
    const BreakpointList old = m_breakpoints;
    beginResetModel();
    m_breakpoints.clear();
    endResetModel();
    // One clear per breakpoint, not <clear-all-breakpoints/>, which the session does not offer.
    for (const Breakpoint& b : old) {
        if (b.enabled)
            sendClear(b.path, b.line);
    }
    emit changed();
}

void BreakpointsModel::setEnabled(int row, bool enabled)
{
    if (row < 0 || row >= m_breakpoints.size() || m_breakpoints.at(row).enabled == enabled)
        return;
    Breakpoint& b = m_breakpoints[row];
    b.enabled = enabled;
    emit dataChanged(index(row), index(row), {Qt::CheckStateRole});
    if (enabled)
        sendSet(b.path, b.line);
    else
        sendClear(b.path, b.line);
    emit changed();
}

QList<int> BreakpointsModel::linesIn(const QString& path) const
{
    QList<int> lines;
    for (const Breakpoint& b : m_breakpoints) {
        if (b.path == path)
            lines << b.line;
    }
    return lines;
}

void BreakpointsModel::setBreakOnStart(bool on)
{
    if (m_breakOnStart == on)
        return;
    m_breakOnStart = on; // used at the next login only, as in xsbug
    emit changed();
}

void BreakpointsModel::setBreakOnExceptions(bool on)
{
    if (m_breakOnExceptions == on)
        return;
    m_breakOnExceptions = on;
    // Sent at once to every machine (xsbug-protocol.md §5.6).
    if (on)
        sendSet(QStringLiteral("exceptions"), 0);
    else
        sendClear(QStringLiteral("exceptions"), 0);
    emit changed();
}

BreakpointList BreakpointsModel::enabledBreakpoints() const
{
    BreakpointList list;
    for (const Breakpoint& b : m_breakpoints) {
        if (b.enabled)
            list << b;
    }
    return list;
}

SessionSettings BreakpointsModel::sessionSettings(SessionSettings base) const
{
    base.breakpoints = enabledBreakpoints();
    base.breakOnStart = m_breakOnStart;
    base.breakOnExceptions = m_breakOnExceptions;
    return base;
}

void BreakpointsModel::attach(MachineSession* session)
{
    if (!session || m_sessions.contains(session))
        return;
    m_sessions.removeIf([](const QPointer<MachineSession>& s) { return s.isNull(); });
    m_sessions << session;
}

void BreakpointsModel::sendSet(const QString& path, int line)
{
    for (const QPointer<MachineSession>& s : std::as_const(m_sessions)) {
        if (s && s->state() != MachineSession::State::AwaitingLogin && s->isConnected())
            s->setBreakpoint(path, line);
    }
}

void BreakpointsModel::sendClear(const QString& path, int line)
{
    for (const QPointer<MachineSession>& s : std::as_const(m_sessions)) {
        if (s && s->state() != MachineSession::State::AwaitingLogin && s->isConnected())
            s->clearBreakpoint(path, line);
    }
}

int BreakpointsModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : int(m_breakpoints.size());
}

QVariant BreakpointsModel::data(const QModelIndex& index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Breakpoint& b = m_breakpoints.at(index.row());
    switch (role) {
    case Qt::DisplayRole: return QString(QFileInfo(b.path).fileName() + QLatin1Char(':') + QString::number(b.line));
    case Qt::ToolTipRole: return QString(b.path + QLatin1Char(':') + QString::number(b.line));
    case Qt::CheckStateRole: return b.enabled ? Qt::Checked : Qt::Unchecked;
    case PathRole: return b.path;
    case LineRole: return b.line;
    default: return {};
    }
}

bool BreakpointsModel::setData(const QModelIndex& index, const QVariant& value, int role)
{
    if (role != Qt::CheckStateRole || !checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return false;
    setEnabled(index.row(), value.toInt() == Qt::Checked);
    return true;
}

Qt::ItemFlags BreakpointsModel::flags(const QModelIndex& index) const
{
    if (!index.isValid())
        return Qt::NoItemFlags;
    return Qt::ItemIsEnabled | Qt::ItemIsSelectable | Qt::ItemIsUserCheckable | Qt::ItemNeverHasChildren;
}
