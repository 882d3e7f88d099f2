#pragma once
// The breakpoints of all machines, as xsbug keeps them (xsbug-protocol.md §4.3, §5.6):
// path:line and function rows that can be disabled and given a hit count, plus Break on
// start / Break on exceptions. Machines get them at login (sessionSettings()); attached
// machines get each change at once, through the Debuggee interface (protocol/debuggee.h).
#include "protocol/breakpoint.h"
#include "protocol/debuggee.h"
#include "protocol/sessionsettings.h"

#include <QAbstractListModel>
#include <QPointer>

#include <functional>


class BreakpointsModel : public QAbstractListModel
{
    Q_OBJECT
public:
    enum Role { PathRole = Qt::UserRole + 1, LineRole, FunctionRole, HitCountRole, ConditionRole, LogMessageRole };

    explicit BreakpointsModel(QObject* parent = nullptr);

    const BreakpointList& breakpoints() const { return m_breakpoints; }
    // Replaces everything without telling machines (loading settings).
    void setBreakpoints(const BreakpointList& breakpoints);
    bool contains(const QString& path, int line) const { return rowOf(path, line) >= 0; }
    int rowOf(const QString& path, int line) const;
    // Adds an enabled breakpoint, or removes the existing one; true when it now exists.
    bool toggle(const QString& path, int line);
    void add(const QString& path, int line);
    // Adds `breakpoint` with its condition, hit count and log message (or replaces the one
    // at the same place); false for one the machine cannot take.
    bool addBreakpoint(const Breakpoint& breakpoint);
    // Replaces row's enabled flag, condition, hit count and log message; machines follow.
    // False (nothing changes) for an invalid hit count.
    bool update(int row, const Breakpoint& edited);
    // Stops on entry to any function of that name; false for a name the machine cannot take.
    bool addFunction(const QString& name);
    // "" for every hit; false (nothing changes) unless Breakpoint::isValidHitCount().
    bool setHitCount(int row, const QString& hitCount);
    void remove(const QString& path, int line);
    void removeRow(int row);
    void removeAll();
    void setEnabled(int row, bool enabled);
    QList<int> linesIn(const QString& path) const;

    bool breakOnStart() const { return m_breakOnStart; }
    void setBreakOnStart(bool on);
    bool breakOnExceptions() const { return m_breakOnExceptions; }
    void setBreakOnExceptions(bool on);

    // The enabled breakpoints, for the login handshake.
    BreakpointList enabledBreakpoints() const;
    // `base` with this model's breakpoints and flags.
    SessionSettings sessionSettings(SessionSettings base = {}) const;

    // Changes from now on are sent to `session` (set-breakpoint / clear-breakpoint) once it
    // has logged in; relative paths (ticks.js:4) as it reports the paths they match.
    void attach(Debuggee* session);

    int rowCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    bool setData(const QModelIndex& index, const QVariant& value, int role) override;
    Qt::ItemFlags flags(const QModelIndex& index) const override;

signals:
    // Anything that should be saved changed.
    void changed();

private:
    void insert(const Breakpoint& breakpoint);
    void sendSet(const Breakpoint& breakpoint);
    // "prog.js:3", or the function's name, for notes.
    static QString shortName(const Breakpoint& breakpoint);
    void sendClear(const Breakpoint& breakpoint);
    void sendToMachines(const std::function<void(Debuggee*)>& command);

    BreakpointList m_breakpoints;
    bool m_breakOnStart = false;
    bool m_breakOnExceptions = true;
    QList<QPointer<Debuggee>> m_sessions;
};
