#include "debuggeeinspector.h"

#include <QTimer>

#include <memory>

DebuggeeInspector::DebuggeeInspector(Debuggee* debuggee, QObject* parent) : QObject(parent), m_debuggee(debuggee)
{
    if (!debuggee)
        return;
    connect(debuggee, &Debuggee::variablesChanged, this, [this] { m_scopesOwed = false; });
    connect(debuggee, &Debuggee::stateChanged, this, [this] { m_scopesOwed = false; });
}

void DebuggeeInspector::afterOwedScopes(std::function<void()> command, Then then)
{
    if (!m_scopesOwed) {
        awaitScopes(std::move(then));
        return command();
    }
    QPointer<DebuggeeInspector> self(this);
    awaitScopes([self, command, then](bool) {
        // In, or not in time: either way the command goes now, if the machine is still there.
        if (!self || !self->m_debuggee || !self->m_debuggee->isBroken())
            return then(false);
        self->m_scopesOwed = false;
        self->afterOwedScopes(command, then);
    });
}

QString DebuggeeInspector::notStoppedMessage()
{
    return tr("the machine is not stopped at a break (it resumed or left): frames and variables are known only at "
              "a break");
}

void DebuggeeInspector::enqueue(Task task)
{
    m_tasks.push_back(std::move(task));
    if (!m_busy)
        runNext();
}

void DebuggeeInspector::runNext()
{
    if (m_tasks.empty()) {
        m_busy = false;
        return;
    }
    m_busy = true;
    Task task = std::move(m_tasks.front());
    m_tasks.pop_front();
    auto once = std::make_shared<bool>(false);
    task([self = QPointer<DebuggeeInspector>(this), once] {
        if (*once || !self)
            return;
        *once = true;
        // Later, not inside the machine's signal that finished this one.
        QTimer::singleShot(0, self, &DebuggeeInspector::runNext);
    });
}

void DebuggeeInspector::awaitScopes(Then then)
{
    auto* context = new QObject(this);
    auto fired = std::make_shared<bool>(false);
    auto finish = [context, fired, then](bool ok) {
        if (*fired)
            return;
        *fired = true;
        context->deleteLater();
        // local, global and grammar come in one message, signalled one after another.
        QTimer::singleShot(0, context->parent(), [then, ok] { then(ok); });
    };
    connect(m_debuggee, &Debuggee::variablesChanged, context, [finish] { finish(true); });
    connect(m_debuggee, &Debuggee::stateChanged, context, [finish] { finish(false); });
    connect(m_debuggee, &Debuggee::destroyed, context, [finish] { finish(false); });
    QTimer::singleShot(m_timeoutMs, context, [finish] { finish(false); });
}

void DebuggeeInspector::selectFrame(const QString& frame, Then then)
{
    if (!m_debuggee || !m_debuggee->isBroken())
        return then(false);
    if (frame.isEmpty() || m_debuggee->local().address == frame)
        return then(true);
    QPointer<Debuggee> debuggee = m_debuggee;
    afterOwedScopes([debuggee, frame] { debuggee->select(frame); }, std::move(then));
}

void DebuggeeInspector::toggle(const QString& address, Then then)
{
    if (!m_debuggee || !m_debuggee->isBroken())
        return then(false);
    QPointer<Debuggee> debuggee = m_debuggee;
    afterOwedScopes([debuggee, address] { debuggee->toggle(address); }, std::move(then));
}

void DebuggeeInspector::expand(Scope scope, const QStringList& path, Then then)
{
    expandFrom(scope, path, 0, std::move(then));
}

void DebuggeeInspector::expandFrom(Scope scope, const QStringList& path, int from, Then then)
{
    if (!m_debuggee || !m_debuggee->isBroken())
        return then(false);
    if (from >= path.size())
        return then(true);
    const QList<xsbug::Property>& list = scopeList(*m_debuggee, scope);
    const int row = find(list, path.mid(0, from + 1));
    if (row < 0)
        return then(false);
    if (list[row].isExpanded())
        return expandFrom(scope, path, from + 1, std::move(then));
    if (!list[row].isExpandable())
        return then(false);
    QPointer<DebuggeeInspector> self(this);
    toggle(list[row].value, [self, scope, path, from, then](bool ok) {
        if (!ok || !self)
            return then(false);
        self->expandFrom(scope, path, from + 1, then);
    });
}

void DebuggeeInspector::evaluate(const QString& frame, const QString& expression, Answer done)
{
    QPointer<DebuggeeInspector> self(this);
    selectFrame(frame, [self, expression, done](bool ok) {
        if (!ok || !self || !self->m_debuggee)
            return done(nullptr, notStoppedMessage());
        auto* context = new QObject(self);
        auto fired = std::make_shared<bool>(false);
        auto finish = [context, fired, done](const xsbug::EvalResult* result, const QString& error) {
            if (*fired)
                return;
            *fired = true;
            context->deleteLater();
            done(result, error);
        };
        Debuggee* debuggee = self->m_debuggee;
        connect(debuggee, &Debuggee::evaluated, context,
                [self, expression, finish](const QString& e, const xsbug::EvalResult& result) {
                    if (e != expression)
                        return;
                    if (self)
                        self->m_scopesOwed = true;
                    finish(&result, {});
                });
        connect(debuggee, &Debuggee::evalFailed, context,
                [self, expression, finish](const QString& e, const QString& message, bool answered) {
                    if (e != expression)
                        return;
                    if (self && answered)
                        self->m_scopesOwed = true; // a guarded path's "not defined": the machine answered
                    finish(nullptr, message);
                });
        connect(debuggee, &Debuggee::disconnected, context,
                [finish] { finish(nullptr, tr("the machine left before answering")); });
        // xsc may take its own time limit, then the machine answers.
        QTimer::singleShot(self->m_timeoutMs + 10000, context,
                           [finish] { finish(nullptr, tr("the machine did not answer the evaluation in time")); });
        debuggee->evaluate(expression);
    });
}

const QList<xsbug::Property>& DebuggeeInspector::scopeList(const Debuggee& debuggee, Scope scope)
{
    switch (scope) {
    case Scope::Globals: return debuggee.global().properties;
    case Scope::Modules: return debuggee.grammar().modules;
    case Scope::Locals: break;
    }
    return debuggee.local().properties;
}

int DebuggeeInspector::find(const QList<xsbug::Property>& list, const QStringList& path)
{
    if (path.isEmpty())
        return -1;
    int start = 0, end = int(list.size()), found = -1;
    for (int level = 0; level < path.size(); ++level) {
        found = -1;
        for (int i = start; i < end; ++i) {
            if (list[i].depth == level && list[i].name == path[level]) {
                found = i;
                break;
            }
        }
        if (found < 0)
            return -1;
        start = found + 1;
        end = start;
        while (end < list.size() && list[end].depth > level)
            ++end;
    }
    return found;
}
