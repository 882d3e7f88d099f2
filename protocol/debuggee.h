#pragma once
// A machine as a debugger sees it: its state, what it sent at its last break, the commands that
// drive it and evaluation in the inspected frame. The window's panes and the DAP adapter talk to
// this, never to how the machine is reached (MachineSession: a socket or a serial channel, its
// parser and profile), so that tests drive them with a fake machine (tests/support) and either
// front end shares the inspection built on it (DebuggeeInspector). The engine-and-views split of
// Qt Creator's debugger plugin, kept to what XS machines do.
#include "protocol/breakpoint.h"
#include "protocol/xsbugmessages.h"

#include <QObject>
#include <QString>

class Debuggee : public QObject {
    Q_OBJECT

public:
    enum class State { AwaitingLogin, Running, Broken, Disconnected };
    Q_ENUM(State)

    using QObject::QObject;

    virtual State state() const = 0;
    bool isConnected() const { return state() != State::Disconnected; }
    bool isBroken() const { return state() == State::Broken; }
    virtual QString name() const = 0;
    // "name (peer)" for messages and titles.
    virtual QString displayName() const = 0;

    // What the machine sent: valid at a break (stale once it runs).
    virtual const xsbug::Break& lastBreak() const = 0;
    virtual const xsbug::Frames& frames() const = 0;
    virtual const xsbug::Local& local() const = 0; // the inspected frame's
    virtual const xsbug::Global& global() const = 0;
    virtual const xsbug::Grammar& grammar() const = 0;

    virtual void go() = 0;
    virtual void step() = 0;
    virtual void stepInside() = 0;
    virtual void stepOutside() = 0;
    virtual void abort() = 0;  // terminates the machine
    virtual void logout() = 0; // leaves it running, undebugged
    // Inspects another frame: local() follows (variablesChanged).
    virtual void select(const QString& frameAddress) = 0;
    // Opens or closes an object row: the machine sends the scope again (variablesChanged).
    virtual void toggle(const QString& address) = 0;
    virtual void setBreakpoint(const Breakpoint& breakpoint) = 0;
    virtual void clearBreakpoint(const Breakpoint& breakpoint) = 0;
    virtual void setSpecialBreakpoint(const QString& name) = 0; // "exceptions" or "start"
    virtual void clearSpecialBreakpoint(const QString& name) = 0;
    // The breakpoints its login answer left out, and why (told before anyone could listen;
    // breakpointNotSent tells those left out since, and these too as the answer is made).
    virtual QList<BreakpointNotSent> breakpointsNotSentAtLogin() const = 0;

    // Evaluates in the inspected frame of the current break: evaluated() or evalFailed(). After
    // evaluated(), and after evalFailed() with `answered`, the machine sends the frame's scopes
    // again (variablesChanged): those are no answer to a later select or toggle.
    virtual void evaluate(const QString& expression) = 0;
    // The XS compiler evaluations use; empty when none is available.
    virtual QString compilerPath() const = 0;

signals:
    void stateChanged(Debuggee::State state);
    void broke(const xsbug::Break& at);
    void framesChanged();
    void variablesChanged(); // local(), global() or grammar() changed
    void logged(const xsbug::Log& log);
    void bubbled(const xsbug::Bubble& bubble);
    // Source text compiled at run time (eval, new Function), tagged "#N" as frames will name it.
    void evalSourced(const xsbug::EvalSource& source);
    void evaluated(const QString& expression, const xsbug::EvalResult& result);
    // `answered`: the machine evaluated it (its scopes follow); false: it was not sent, or the
    // machine left or resumed first.
    void evalFailed(const QString& expression, const QString& message, bool answered);
    // A breakpoint with a condition or log message that could not be compiled for this machine.
    void breakpointNotSent(const Breakpoint& breakpoint, const QString& reason);
    void disconnected();
};
