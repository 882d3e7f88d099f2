#pragma once
// What the editor inspects at a break: stackTrace (the machine's frames, sources mapped to the
// workspace), scopes (Locals, Closure, Globals, Modules, as the window shows them), variables
// (expanded lazily: a collapsed object is toggled in the machine, which keeps the expansion and
// re-sends the scope), evaluate (compiled by xsc and run in the frame, as the window's console
// does) and source (for a path the editor cannot open).
//
// Requests to one machine that wait for its answer (select, toggle, eval) run one at a time,
// in order, through its DebuggeeInspector (protocol/, shared with the window). Frame ids and variable references hold while the machine stays at its break; a
// resume makes them stale and they are answered with an error, never a stale value.
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

class DapMachines;

class DapInspection : public QObject {
    Q_OBJECT

public:
    using Reply = std::function<void(const nlohmann::json& body)>;
    using Fail = std::function<void(const QString& message)>;

    DapInspection(DapMachines* machines, QObject* parent = nullptr);
    void setPaths(const DapPaths& paths) { m_paths = paths; }
    // How long an answer of the machine is waited for (toggle, select); eval waits for xsc too.
    void setAnswerTimeoutMs(int ms) { m_timeoutMs = ms; }

    void stackTrace(const nlohmann::json& arguments, const Reply& reply, const Fail& fail);
    void scopes(const nlohmann::json& arguments, const Reply& reply, const Fail& fail);
    void variables(const nlohmann::json& arguments, const Reply& reply, const Fail& fail);
    void evaluate(const nlohmann::json& arguments, const Reply& reply, const Fail& fail);
    void source(const nlohmann::json& arguments, const Reply& reply, const Fail& fail);

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
    Debuggee* threadSession(int threadId, const Fail& fail) const;
    // Frame id -> thread and frame index (ids encode both).
    static int frameId(int thread, int index) { return thread * 100000 + index + 1; }
    bool decodeFrame(qint64 id, int& thread, int& index) const;
    int newReference(Reference reference);

    // The thread's machine's inspector (made at its first request), which runs its requests in order.
    DebuggeeInspector* inspector(int thread, Debuggee* debuggee);
    static DebuggeeInspector::Scope inspectorScope(Scope scope);
    static const QList<xsbug::Property>& scopeList(const Debuggee& debuggee, Scope scope);
    nlohmann::json children(const QList<xsbug::Property>& list, int parent, const Reference& reference);

    DapMachines* m_machines;
    DapPaths m_paths;
    int m_timeoutMs = 5000;
    int m_nextReference = 1;
    std::map<int, Reference> m_references;
    QHash<int, QString> m_sources; // sourceReference -> machine path
    QHash<QString, int> m_sourceIds;
    QHash<QString, QString> m_evalSources; // "#N" -> the text the machine compiled (the last machine's)
    std::map<int, DebuggeeInspector*> m_inspectors; // children, by thread
};
