#pragma once
// The editor's breakpoints (setBreakpoints per source, setFunctionBreakpoints,
// setExceptionBreakpoints) as the machines know them (protocol/Breakpoint): a source line
// under the machine's path (DapPaths), a condition, a hit condition ("5", ">=5", "%3": what
// the machine counts) and a log point, whose DAP `logMessage` ("n is {n}") becomes a template
// literal (`n is ${n}`) compiled by xsc like the window's log points. All of them are in every
// login answer (the machines' session settings), so a machine that reads commands only at
// pauses (xst) stops at them; changes go to the machines connected at once.
#include "app/dap/dapargs.h"
#include "app/dap/dappaths.h"
#include "protocol/breakpoint.h"

#include <nlohmann/json.hpp>

#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>

class Debuggee;

class DapBreakpoints : public QObject {
    Q_OBJECT

public:
    explicit DapBreakpoints(QObject* parent = nullptr);

    // Breakpoints set before (an editor sends them before launch or attach) move under the new mapping.
    void setPaths(const DapPaths& paths);
    // Why conditions and log points cannot be compiled ("" when they can: the default until a
    // launch or attach names the compiler), and why no breakpoint can be set at all (a launch or
    // attach that failed). Breakpoints they concern become unverified with that reason (and back),
    // told in breakpoint events.
    void setCompilerProblem(const QString& problem);
    void setSessionProblem(const QString& problem);

    // The `breakpoints` array of a setBreakpoints response (same order as asked).
    nlohmann::json setSource(const QString& localPath, const std::vector<DapArgs::SourceBreakpoint>& requested);
    nlohmann::json setFunctions(const std::vector<DapArgs::FunctionBreakpoint>& requested);
    // False with `error` for an unknown filter id.
    bool setExceptionFilters(const QStringList& filters, QString& error);

    bool breakOnExceptions() const { return m_breakOnExceptions; }
    // Every enabled breakpoint, for the login answer.
    BreakpointList all() const;
    // The DAP id of the breakpoint at the machine's `path`:`line`, or 0.
    int idAt(const QString& machinePath, int line) const;
    // The DAP id of the function breakpoint of the function `name` ("f", "C.prototype.f"), or 0.
    int functionIdFor(const QString& name) const;

    // Follows a connected machine: changes are sent to it, refusals reported.
    void follow(Debuggee* session);

    // "n is {n}" -> `n is ${n}`: literal text escaped for a template literal, {expression}
    // interpolated (braces inside an expression nest); "" when the braces do not close.
    static QString logMessageExpression(const QString& message);

signals:
    // A breakpoint the machines refused or could not be sent (DAP `breakpoint` event, reason changed).
    void breakpointChanged(const nlohmann::json& breakpoint);
    // The set changed: the login answer must follow.
    void changed();

private:
    struct Entry {
        int id = 0;
        Breakpoint breakpoint; // the machine's path
        bool verified = true;
        QString message;
        QString blockedBy; // the session's or the compiler's problem, when it concerns this one

        bool usable() const { return verified && blockedBy.isEmpty(); }
    };
    QString blockReason(const Entry& entry) const;
    void reconsiderBlocked();
    nlohmann::json describe(const Entry& entry, const QString& localPath) const;
    Entry make(const QString& path, int line, bool function, const QString& condition, const QString& hitCondition,
               const QString& logMessage);
    void apply(const QList<Entry>& before, const QList<Entry>& after);
    void onNotSent(const Breakpoint& breakpoint, const QString& reason);

    DapPaths m_paths;
    QString m_compilerProblem;
    QString m_sessionProblem;
    bool m_breakOnExceptions = true;
    int m_nextId = 1;
    QHash<QString, QList<Entry>> m_bySource; // local path -> its breakpoints
    QList<Entry> m_functions;
    QList<QPointer<Debuggee>> m_sessions;
};
