#pragma once
// Inspecting a Debuggee at a break, for every front end (the window's Variables and Console,
// the DAP adapter): requests that wait for the machine's answer (select a frame, open an object
// row, evaluate) run one at a time in the order given, since the machine answers each with its
// whole scope and knows nothing of who asked. A task gets the machine when it starts (null when
// it left) and calls `done` when finished; the next task starts on a later turn of the event loop.
// A machine answers an evaluation with its result and then the frame's scopes again (also when
// the answer is reported as a failure: evalFailed's `answered`): a select or toggle after it
// waits for those before it is sent, so as not to take them for its own answer.
#include "protocol/debuggee.h"

#include <QPointer>
#include <QStringList>

#include <deque>
#include <functional>

class DebuggeeInspector : public QObject {
    Q_OBJECT

public:
    enum class Scope { Locals, Globals, Modules };
    using Task = std::function<void(std::function<void()> done)>;
    using Then = std::function<void(bool ok)>;
    using Answer = std::function<void(const xsbug::EvalResult* result, const QString& error)>;

    explicit DebuggeeInspector(Debuggee* debuggee, QObject* parent = nullptr);

    // Null once the machine is gone.
    Debuggee* debuggee() const { return m_debuggee; }
    // How long an answer of the machine is waited for (select, toggle); evaluate waits for xsc too.
    void setAnswerTimeoutMs(int ms) { m_timeoutMs = ms; }

    void enqueue(Task task);

    // Inside a task. Each calls `then(false)` when the machine resumed, left or did not answer.
    // Makes `frame` the inspected one (nothing to do when it is, or "").
    void selectFrame(const QString& frame, Then then);
    // Opens the rows named by `path` (names from the scope's top level) one after another.
    void expand(Scope scope, const QStringList& path, Then then);
    // Opens or closes the row of `address` and waits for the scope sent again.
    void toggle(const QString& address, Then then);
    // Evaluates `expression` in `frame`: `done` gets the result or an error message.
    void evaluate(const QString& frame, const QString& expression, Answer done);

    static const QList<xsbug::Property>& scopeList(const Debuggee& debuggee, Scope scope);
    // The index of the row named by `path`, -1 when absent; `path` empty: -1 (the top).
    static int find(const QList<xsbug::Property>& list, const QStringList& path);
    static QString notStoppedMessage();

private:
    void runNext();
    // Calls `then(true)` once the machine has re-sent its scopes, `then(false)` if it resumed,
    // left or did not answer in time.
    void awaitScopes(Then then);
    void expandFrom(Scope scope, const QStringList& path, int from, Then then);
    // Runs `command` once the scopes an answered evaluation owes have come (the machine sends
    // <result>, then the frame's scopes again): else they would be taken for the command's answer.
    void afterOwedScopes(std::function<void()> command, Then then);

    QPointer<Debuggee> m_debuggee;
    int m_timeoutMs = 5000;
    std::deque<Task> m_tasks;
    bool m_busy = false;
    bool m_scopesOwed = false; // an evaluation was answered; its scopes are not in yet
};
