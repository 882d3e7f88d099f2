#pragma once
// What one machine gets in compiled form: console evaluations in the inspected frame and
// breakpoints with a condition or a log message (xsbug-protocol.md §4.3, §4.5). Evaluations
// are compiled by the machine's own XscCompiler, breakpoints by the LoginAnswers its machines
// share (each expression once for them all, kept), and sent only when the compiler's version
// and ID size match the machine's login; otherwise the reason is signalled and nothing is sent.
// It reaches its machine through Host (what MachineSession implements), not the session itself.
#include "protocol/breakpoint.h"
#include "protocol/loginanswers.h"
#include "protocol/xsbugmessages.h"

#include <QHash>
#include <QObject>

#include <functional>
#include <memory>
#include <optional>
#include <utility>

class XscCompiler;
struct XscResult;

class SessionExpressions : public QObject {
    Q_OBJECT

public:
    // What the expressions need of their machine.
    class Host {
    public:
        virtual QString version() const = 0; // the login's "XS 17.9.1 64-bit LE 32-bit ID"
        virtual bool isBroken() const = 0;
        // The frame evaluations run in: the inspected one, else the top; "" without a frame.
        virtual QString inspectedFrame() const = 0;
        virtual void sendCommand(const QByteArray& command) = 0;
        // A place in the command order, filled later (MachineSession::reserveCommand).
        virtual quint64 reserveCommand() = 0;
        virtual void fillCommand(quint64 place, const QByteArray& command) = 0;
        virtual std::shared_ptr<LoginAnswers> loginAnswers() = 0;
        // The break and the inspected frame's listings (what an exception break may evaluate).
        virtual const xsbug::Break& lastBreak() const = 0;
        virtual const xsbug::Local& local() const = 0;
        virtual const xsbug::Global& global() const = 0;

    protected:
        ~Host() = default;
    };

    // `host` outlives this object (it is its parent's).
    SessionExpressions(Host* host, const QString& xscPath, QObject* parent);

    XscCompiler* compiler() const { return m_compiler; }
    void setCompilerPath(const QString& path);

    // Evaluates in the inspected frame of the current break: evaluated() or evalFailed().
    // At a break on a throw only names and paths, made unable to throw (exceptionbreakguard.h).
    void evaluate(const QString& expression);
    // Sends set-breakpoint with the condition and log message compiled: at once when they
    // are compiled already, else once they are, before any command sent after this call.
    void setBreakpoint(const Breakpoint& breakpoint);

    // Breakpoints the login answer left out, and why (signalled as breakpointNotSent too).
    void reportNotSent(const QList<LoginAnswer::NotSent>& notSent);
    const QList<LoginAnswer::NotSent>& notSentAtLogin() const { return m_notSentAtLogin; }

    // Empty when `result` may go to this machine; else why not.
    QString problemWith(const XscResult& result) const;

    // The machine's side, told by the host: an <eval> answer, and a change of state (an
    // evaluation compiled across it is not sent).
    void takeResult(const xsbug::EvalResult& result);
    void stateChanged() { ++m_breakSerial; }

signals:
    void evaluated(const QString& expression, const xsbug::EvalResult& result);
    // `answered`: the machine evaluated it and answered (a guarded path whose name is not
    // defined), so its scopes follow as after a result; false: never sent.
    void evalFailed(const QString& expression, const QString& message, bool answered);
    void breakpointNotSent(const Breakpoint& breakpoint, const QString& reason);

private:
    void compileBreakpoint(const Breakpoint& breakpoint, std::function<void(const QByteArray&)> done);
    // The command, or the reason it cannot be sent, when its expressions are compiled already.
    std::optional<std::pair<QByteArray, QString>> compiledNow(const Breakpoint& breakpoint) const;
    QString problemWith(const XscResult* condition, const XscResult* trace) const;

    Host* m_host;
    XscCompiler* m_compiler;
    struct PendingEval {
        QString expression;
        QString guardedRoot; // at an exception break: the path's first name
    };
    QHash<int, PendingEval> m_pendingEvals; // by <eval line>
    int m_nextEvalLine = 1;
    quint64 m_breakSerial = 0; // an evaluation compiled across a resume is dropped
    QList<LoginAnswer::NotSent> m_notSentAtLogin;
};
