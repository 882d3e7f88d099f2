#pragma once
// What one machine gets in compiled form: console evaluations in the inspected frame and
// breakpoints with a condition or a log message (xsbug-protocol.md §4.3, §4.5). Each is
// compiled by the machine's own XscCompiler and sent only when the compiler's version and
// ID size match the machine's login; otherwise the reason is signalled and nothing is sent.
#include "protocol/breakpoint.h"
#include "protocol/xsbugmessages.h"

#include <QHash>
#include <QObject>

#include <functional>

class MachineSession;
class XscCompiler;
struct XscResult;

class SessionExpressions : public QObject {
    Q_OBJECT

public:
    SessionExpressions(MachineSession* session, const QString& xscPath);

    XscCompiler* compiler() const { return m_compiler; }
    void setCompilerPath(const QString& path);

    // Evaluates in the inspected frame of the current break: evaluated() or evalFailed().
    void evaluate(const QString& expression);
    // Compiles the condition and log message, then sends set-breakpoint.
    void setBreakpoint(const Breakpoint& breakpoint);
    // The set-breakpoint commands for `breakpoints` (those needing a compiler), in one
    // buffer, once all are compiled; those that cannot be sent are signalled.
    void compileBreakpoints(const BreakpointList& breakpoints, std::function<void(const QByteArray&)> done);

    // Empty when `result` may go to this machine; else why not.
    QString problemWith(const XscResult& result) const;

signals:
    void evaluated(const QString& expression, const xsbug::EvalResult& result);
    void evalFailed(const QString& expression, const QString& message);
    void breakpointNotSent(const Breakpoint& breakpoint, const QString& reason);

private:
    void compileBreakpoint(const Breakpoint& breakpoint, std::function<void(const QByteArray&)> done);
    void onResult(const xsbug::EvalResult& result);

    MachineSession* m_session;
    XscCompiler* m_compiler;
    QHash<int, QString> m_pendingEvals; // <eval line> -> expression
    int m_nextEvalLine = 1;
    quint64 m_breakSerial = 0; // an evaluation compiled across a resume is dropped
};
