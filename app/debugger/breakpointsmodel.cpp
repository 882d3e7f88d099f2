#include "app/debugger/breakpointsmodel.h"

#include "app/debugger/pendingcommand.h"

#include "protocol/relativebreakpoints.h"
#include "protocol/xsbugcommandwriter.h"

#include <QFileInfo>

BreakpointsModel::BreakpointsModel(QObject* parent) : QAbstractListModel(parent) {}

void BreakpointsModel::setBreakpoints(const BreakpointList& breakpoints)
{
    beginResetModel();
    m_breakpoints.clear();
    for (Breakpoint b : breakpoints) {
        if (m_breakpoints.contains(b) || b.path.isEmpty() || (b.function ? b.line != 0 : b.line <= 0))
            continue;
        if (!Breakpoint::isValidHitCount(b.hitCount))
            b.hitCount.clear();
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
    insert(Breakpoint{path, line});
}

bool BreakpointsModel::addBreakpoint(const Breakpoint& breakpoint)
{
    if (!XsbugCommandWriter::isSendablePath(breakpoint.path) || (!breakpoint.function && breakpoint.line <= 0))
        return false;
    if (!breakpoint.hitCount.isEmpty() && !Breakpoint::isValidHitCount(breakpoint.hitCount))
        return false;
    const int row = int(m_breakpoints.indexOf(breakpoint));
    if (row >= 0)
        return update(row, breakpoint);
    insert(breakpoint);
    return true;
}

bool BreakpointsModel::update(int row, const Breakpoint& edited)
{
    if (row < 0 || row >= m_breakpoints.size() || (!edited.hitCount.isEmpty() && !Breakpoint::isValidHitCount(edited.hitCount)))
        return false;
    Breakpoint& b = m_breakpoints[row];
    const Breakpoint before = b;
    b.enabled = edited.enabled;
    b.condition = edited.condition.trimmed();
    b.hitCount = edited.hitCount.trimmed();
    b.logMessage = edited.logMessage.trimmed();
    if (b.enabled == before.enabled && b.condition == before.condition && b.hitCount == before.hitCount &&
        b.logMessage == before.logMessage)
        return true;
    emit dataChanged(index(row), index(row));
    if (b.enabled)
        sendSet(b); // replaces the machine's record (a set-breakpoint at the same place)
    else if (before.enabled)
        sendClear(b);
    emit changed();
    return true;
}

bool BreakpointsModel::addFunction(const QString& name)
{
    const Breakpoint b{name.trimmed(), 0, true, true};
    if (!XsbugCommandWriter::isSendablePath(b.path))
        return false;
    if (!m_breakpoints.contains(b))
        insert(b);
    return true;
}

void BreakpointsModel::insert(const Breakpoint& breakpoint)
{
    const int row = int(m_breakpoints.size());
    beginInsertRows({}, row, row);
    m_breakpoints << breakpoint;
    endInsertRows();
    sendSet(breakpoint);
    emit changed();
}

bool BreakpointsModel::setHitCount(int row, const QString& hitCount)
{
    if (row < 0 || row >= m_breakpoints.size() || (!hitCount.isEmpty() && !Breakpoint::isValidHitCount(hitCount)))
        return false;
    Breakpoint& b = m_breakpoints[row];
    if (b.hitCount == hitCount)
        return true;
    b.hitCount = hitCount;
    emit dataChanged(index(row), index(row));
    if (b.enabled)
        sendSet(b); // replaces the machine's record for this breakpoint
    emit changed();
    return true;
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
        sendClear(b);
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
            sendClear(b);
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
        sendSet(b);
    else
        sendClear(b);
    emit changed();
}

QList<int> BreakpointsModel::linesIn(const QString& path) const
{
    QList<int> lines;
    for (const Breakpoint& b : m_breakpoints) {
        if (!b.function && b.path == path)
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
    sendToMachines([on](Debuggee* s) {
        if (on)
            s->setSpecialBreakpoint(QStringLiteral("exceptions"));
        else
            s->clearSpecialBreakpoint(QStringLiteral("exceptions"));
    });
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

void BreakpointsModel::attach(Debuggee* session)
{
    if (!session || m_sessions.contains(session))
        return;
    m_sessions.removeIf([](const QPointer<Debuggee>& s) { return s.isNull(); });
    m_sessions << session;
    // ticks.js:4 stops in the machine's /build/app/ticks.js once the machine reports that path.
    RelativeBreakpoints::of(session)->add(enabledBreakpoints());
}

void BreakpointsModel::sendSet(const Breakpoint& breakpoint)
{
    const QString note = tr("Breakpoint %1 set").arg(shortName(breakpoint));
    sendToMachines([&breakpoint, &note](Debuggee* s) {
        if (RelativeBreakpoints::isRelative(breakpoint))
            RelativeBreakpoints::of(s)->add(breakpoint);
        else
            s->setBreakpoint(breakpoint);
        PendingCommand::of(s)->note(note); // a running xst reads it at its next pause only
    });
}

void BreakpointsModel::sendClear(const Breakpoint& breakpoint)
{
    const QString note = tr("Breakpoint %1 cleared").arg(shortName(breakpoint));
    sendToMachines([&breakpoint, &note](Debuggee* s) {
        if (RelativeBreakpoints::isRelative(breakpoint))
            RelativeBreakpoints::of(s)->remove(breakpoint);
        else
            s->clearBreakpoint(breakpoint);
        PendingCommand::of(s)->note(note);
    });
}

QString BreakpointsModel::shortName(const Breakpoint& breakpoint)
{
    return breakpoint.function ? breakpoint.path
                               : QFileInfo(breakpoint.path).fileName() + QLatin1Char(':') + QString::number(breakpoint.line);
}

void BreakpointsModel::sendToMachines(const std::function<void(Debuggee*)>& command)
{
    for (const QPointer<Debuggee>& s : std::as_const(m_sessions)) {
        if (s && s->state() != Debuggee::State::AwaitingLogin && s->isConnected())
            command(s);
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
    QString hits = b.hitCount.isEmpty() ? QString() : tr("  · hit count %1").arg(b.hitCount);
    if (!b.condition.isEmpty())
        hits += tr("  · if %1").arg(b.condition);
    if (!b.logMessage.isEmpty())
        hits += tr("  · log %1").arg(b.logMessage);
    switch (role) {
    case Qt::DisplayRole:
        if (b.function)
            return QString(b.path + QStringLiteral("()") + hits);
        return QString(QFileInfo(b.path).fileName() + QLatin1Char(':') + QString::number(b.line) + hits);
    case Qt::ToolTipRole:
        if (b.function)
            return QString(tr("Stops on entry to any function named %1").arg(b.path) + hits);
        return QString(b.path + QLatin1Char(':') + QString::number(b.line) + hits);
    case Qt::CheckStateRole: return b.enabled ? Qt::Checked : Qt::Unchecked;
    case PathRole: return b.path;
    case LineRole: return b.line;
    case FunctionRole: return b.function;
    case HitCountRole: return b.hitCount;
    case ConditionRole: return b.condition;
    case LogMessageRole: return b.logMessage;
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
