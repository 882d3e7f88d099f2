#pragma once
// What the editor inspects at a break: stackTrace (the machine's frames, sources mapped to the
// workspace), scopes (Locals, Closure, Globals, Modules, as the window shows them), variables
// (expanded lazily: a collapsed object is toggled in the machine, which keeps the expansion and
// re-sends the scope), evaluate (compiled by xsc and run in the frame, as the window's console
// does), source (for a path the editor cannot open), exceptionInfo (what was thrown, at a stop
// on a throw), setVariable (an assignment evaluated in the frame, to the variable's
// evaluateName) and completions (the names the frame sees: locals, closure, globals).
// Each takes its typed arguments (DapArgs) and answers `reply`, or `fail` with an error kind.
//
// Requests to one machine that wait for its answer (select, toggle, eval) run one at a time,
// in order, through its DebuggeeInspector (protocol/, shared with the window). Frame ids and variable references hold while the machine stays at its break; a
// resume makes them stale and they are answered with an error, never a stale value.
#include "app/dap/dapargs.h"
#include "app/dap/daperror.h"
#include "app/dap/dappaths.h"
#include "protocol/debuggeeinspector.h"
#include "protocol/xsbugmessages.h"

#include <nlohmann/json.hpp>

#include <QHash>
#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>

class DapInspection : public QObject {
    Q_OBJECT

public:
    using Reply = std::function<void(const nlohmann::json& body)>;
    using Fail = std::function<void(DapError kind, const QString& message)>;
    // The editor's threads: each one's machine (null once it left), and the ids in the order
    // they started (DapMachines's in the adapter, fake machines' in tests).
    struct Threads {
        std::function<Debuggee*(int threadId)> debuggee;
        std::function<QList<int>()> ids;
    };

    explicit DapInspection(Threads threads, QObject* parent = nullptr);
    void setPaths(const DapPaths& paths) { m_paths = paths; }
    // How long an answer of the machine is waited for (toggle, select); eval waits for xsc too.
    void setAnswerTimeoutMs(int ms) { m_timeoutMs = ms; }

    void stackTrace(const DapArgs::StackTrace& arguments, const Reply& reply, const Fail& fail);
    void scopes(const DapArgs::Scopes& arguments, const Reply& reply, const Fail& fail);
    void variables(const DapArgs::Variables& arguments, const Reply& reply, const Fail& fail);
    void evaluate(const DapArgs::Evaluate& arguments, const Reply& reply, const Fail& fail);
    void source(const DapArgs::Source& arguments, const Reply& reply, const Fail& fail);
    // At a stop on a throw: the thrown value as the machine rendered it ("RangeError: value 5 is
    // too large"), its type and message when it is an error, and the stack.
    void exceptionInfo(const DapArgs::ExceptionInfo& arguments, const Reply& reply, const Fail& fail);
    // `evaluateName = (value)` in the variable's frame; the answer is the new value. Refused at
    // a stop on a throw (an assignment can throw, and XS would lose the program's exception).
    void setVariable(const DapArgs::SetVariable& arguments, const Reply& reply, const Fail& fail);
    // The names the frame sees that start with the word before the cursor: locals, then the
    // closure's, then globals (an inner name hides an outer one). None after a "." (members
    // would need an evaluation) or when no machine is stopped.
    void completions(const DapArgs::Completions& arguments, const Reply& reply, const Fail& fail);

    // The thread left its break (or ended): its frames and references are stale.
    void forget(int threadId);
    // A DAP Source for a machine's path.
    nlohmann::json sourceOf(const QString& machinePath);
    // Follows a machine's run-time sources ("#N": eval, new Function), served by `source`.
    void follow(Debuggee* debuggee);

    // `parent`.name or `parent`[i] for a property the machine named `name`; "" when the name is
    // an internal slot, an accessor or a symbol, or `parent` is "".
    static QString childExpression(const QString& parent, const QString& name);
    // An expression evaluated again to open what it returned: without calls, assignments,
    // increments, new or delete (XS sends an eval's value one level deep and keeps nothing).
    static bool isSafeToEvaluateAgain(const QString& expression);
    // The address of the outermost frame that has a source (the script's own), or "".
    static QString outermostScriptFrame(const Debuggee* session);
    // True for a failure saying a name is not defined ("ReferenceError: get x: undefined variable").
    static bool isUndefinedName(const QString& failure);

private:
    enum class Scope { Locals, Globals, Modules, Result };
    struct Reference {
        int thread = 0;
        Scope scope = Scope::Locals;
        QString frame;     // Locals: the frame's address
        QStringList path;  // names from the scope's top level
        QList<xsbug::Property> result; // Result: the eval's properties (empty: evaluate `expression`)
        QString expression; // what evaluates to this value ("" when unknown)
    };
    Debuggee* threadSession(std::int64_t threadId, const Fail& fail) const;
    // The thread and frame a frameId names, or the first stopped machine's top frame when there
    // is none; false when answered with an error.
    bool frameOf(const std::optional<std::int64_t>& frameId, int& thread, int& index, const Fail& fail) const;
    // The machine of variablesReference `id`, stopped, and what the reference is; null when
    // answered with an error (unknown or stale, the machine gone or running).
    Debuggee* referencedSession(std::int64_t id, Reference& reference, const Fail& fail) const;
    // The expression naming `name` inside `reference` ("" when it has none: a module, an internal slot).
    static QString memberExpression(const Reference& reference, const QString& name);
    // Why an evaluation failed (the machine's exception, or `error` when it did not answer); "" when it did not.
    static QString failureOf(const xsbug::EvalResult* result, const QString& error);
    // The body of an evaluation's answer (result or value, and a reference when it opens).
    nlohmann::json resultBody(int thread, const QString& frame, const xsbug::EvalResult& result, const QString& expression,
                              const char* textKey);
    // Frame id -> thread and frame index (ids encode both).
    static int frameId(int thread, int index) { return thread * 100000 + index + 1; }
    bool decodeFrame(qint64 id, int& thread, int& index) const;
    int newReference(Reference reference);

    // The thread's machine's inspector (made at its first request), which runs its requests in order.
    DebuggeeInspector* inspector(int thread, Debuggee* debuggee);
    static DebuggeeInspector::Scope inspectorScope(Scope scope);
    static const QList<xsbug::Property>& scopeList(const Debuggee& debuggee, Scope scope);
    nlohmann::json children(const QList<xsbug::Property>& list, int parent, const Reference& reference);

    Threads m_threads;
    DapPaths m_paths;
    int m_timeoutMs = 5000;
    int m_nextReference = 1;
    std::map<int, Reference> m_references;
    QHash<int, QString> m_sources; // sourceReference -> machine path
    QHash<QString, int> m_sourceIds;
    QHash<QString, QString> m_evalSources; // "#N" -> the text the machine compiled (the last machine's)
    std::map<int, DebuggeeInspector*> m_inspectors; // children, by thread
};
