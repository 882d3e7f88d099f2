#pragma once
// A Debuggee without an engine, for the debugger panes' and the DAP adapter's unit tests: the
// test scripts what the machine sends (a break with its frames and scopes, the rows an object
// opens to, an evaluation's answer, a frame's locals) and reads back the commands it was given.
// Answers come later, as a machine's do (queued), never inside the call that asked.
#include "protocol/debuggee.h"

#include <QHash>
#include <QStringList>

#include <deque>
#include <functional>

class FakeDebuggee : public Debuggee {
    Q_OBJECT

public:
    explicit FakeDebuggee(const QString& name = QStringLiteral("fake"), QObject* parent = nullptr);

    // --- the machine's side, scripted by the test -----------------------------------------
    // Logged in and running.
    void logIn();
    // Stops at `at` with these frames and scopes (the top frame inspected): framesChanged,
    // variablesChanged, stateChanged, broke, in a machine's order.
    void breakAt(const xsbug::Break& at, const xsbug::Frames& frames, const xsbug::Local& local,
                 const xsbug::Global& global = {}, const xsbug::Grammar& grammar = {});
    // What toggle(address) opens to: rows one level deeper than the row of that address.
    void setChildren(const QString& address, const QList<xsbug::Property>& children);
    // What select(frameAddress) makes the inspected scope.
    void setFrameLocal(const QString& frameAddress, const xsbug::Local& local);
    // What evaluating `expression` answers (properties, or text for an exception); with `frame`,
    // only while that frame is the inspected one (a machine evaluates where it inspects).
    void setEvalResult(const QString& expression, const xsbug::EvalResult& result, const QString& frame = {});
    // An evaluation the machine answers that is reported failed (a guarded path whose name is
    // not defined there): evalFailed(answered), then the scopes again, as after a result.
    void setEvalFailure(const QString& expression, const QString& message, const QString& frame = {});
    void setCompilerPath(const QString& path) { m_compilerPath = path; }
    // Breakpoints its login answer left out (told by breakpointNotSent too, as a machine does).
    void setNotSentAtLogin(const QList<BreakpointNotSent>& notSent);
    // A row as the machine sends it: ' ' leaf, '+' closed object, '-' open one.
    static xsbug::Property property(const QString& name, const QString& value, QChar state = QLatin1Char(' '));
    // Nothing answered from now on (a machine that hangs): the asker's timeouts run.
    void setSilent(bool silent) { m_silent = silent; }
    // Each answer arrives this long after the one before (0: on the next turn of the event loop).
    void setLatencyMs(int ms) { m_latencyMs = ms; }
    // Source text compiled at run time (eval, new Function), as the machine tells it.
    void compileAtRunTime(const QString& path, const QString& source) { emit evalSourced({path, source}); }
    void log(const QString& text);
    void leave();

    // The commands given, in order: "go", "step", "select @1", "toggle @2", "eval x",
    // "set-breakpoint main.js:3", "clear-breakpoint main.js:3", "set-special exceptions", …
    QStringList commands() const { return m_commands; }

    // --- Debuggee -----------------------------------------------------------------------------
    State state() const override { return m_state; }
    QString name() const override { return m_name; }
    QString displayName() const override { return m_name + QStringLiteral(" (fake)"); }
    const xsbug::Break& lastBreak() const override { return m_break; }
    const xsbug::Frames& frames() const override { return m_frames; }
    const xsbug::Local& local() const override { return m_local; }
    const xsbug::Global& global() const override { return m_global; }
    const xsbug::Grammar& grammar() const override { return m_grammar; }
    void go() override { resume(QStringLiteral("go")); }
    void step() override { resume(QStringLiteral("step")); }
    void stepInside() override { resume(QStringLiteral("step-inside")); }
    void stepOutside() override { resume(QStringLiteral("step-outside")); }
    void abort() override;
    void logout() override;
    void select(const QString& frameAddress) override;
    void toggle(const QString& address) override;
    void setBreakpoint(const Breakpoint& breakpoint) override;
    void clearBreakpoint(const Breakpoint& breakpoint) override;
    void setSpecialBreakpoint(const QString& name) override;
    void clearSpecialBreakpoint(const QString& name) override;
    QList<BreakpointNotSent> breakpointsNotSentAtLogin() const override { return m_notSentAtLogin; }
    void evaluate(const QString& expression) override;
    QString compilerPath() const override { return m_compilerPath; }

private:
    void resume(const QString& command);
    void setState(State state);
    // Opens or closes the row of `address` in `list`; false when no row has it.
    bool toggleIn(QList<xsbug::Property>& list, const QString& address);
    void later(std::function<void()> answer);
    void scheduleNext();
    void sendNext();

    QString m_name;
    QString m_compilerPath = QStringLiteral("/fake/xsc");
    State m_state = State::AwaitingLogin;
    bool m_silent = false;
    int m_latencyMs = 0;
    bool m_sendScheduled = false;
    std::deque<std::function<void()>> m_outbox;
    xsbug::Break m_break;
    xsbug::Frames m_frames;
    xsbug::Local m_local;
    xsbug::Global m_global;
    xsbug::Grammar m_grammar;
    QHash<QString, QList<xsbug::Property>> m_children;
    QHash<QString, xsbug::Local> m_frameLocals;
    // By "frame\nexpression" ("\nexpression": any frame).
    QHash<QString, xsbug::EvalResult> m_evalResults;
    QHash<QString, QString> m_evalFailures;
    QList<BreakpointNotSent> m_notSentAtLogin;
    QStringList m_commands;
};
