#include "sessionexpressions.h"

#include "exceptionbreakguard.h"
#include "xsbugcommandwriter.h"
#include "xsccompiler.h"

#include <QPointer>

#include <memory>

SessionExpressions::SessionExpressions(Host* host, const QString& xscPath, QObject* parent)
    : QObject(parent), m_host(host), m_compiler(new XscCompiler(xscPath, this))
{
}

void SessionExpressions::setCompilerPath(const QString& path)
{
    m_compiler->setPath(path);
}

QString SessionExpressions::problemWith(const XscResult& result) const
{
    return XscCompiler::problemFor(result, m_host->version());
}

void SessionExpressions::evaluate(const QString& expression)
{
    if (!m_host->isBroken()) {
        emit evalFailed(expression, tr("Evaluating needs the machine stopped at a break."), false);
        return;
    }
    // At a break on a throw, only what cannot throw is evaluated (exceptionbreakguard.h).
    QString source = expression;
    QString guardedRoot;
    if (ExceptionBreakGuard::isExceptionBreak(m_host->lastBreak().message)) {
        const auto guarded =
            ExceptionBreakGuard::guard(expression, ExceptionBreakGuard::knownNames(m_host->local()));
        if (!guarded) {
            emit evalFailed(expression, ExceptionBreakGuard::refusal(), false);
            return;
        }
        source = guarded->source;
        guardedRoot = guarded->root;
    }
    const quint64 serial = m_breakSerial;
    QPointer<SessionExpressions> self(this);
    m_compiler->compile(source, [self, expression, guardedRoot, serial](const XscResult& result) {
        if (!self)
            return;
        if (const QString problem = self->problemWith(result); !problem.isEmpty()) {
            emit self->evalFailed(expression, problem, false);
            return;
        }
        if (serial != self->m_breakSerial || !self->m_host->isBroken()) {
            emit self->evalFailed(expression, tr("Not evaluated: the machine left the break."), false);
            return;
        }
        const QString frame = self->m_host->inspectedFrame();
        if (frame.isEmpty()) {
            emit self->evalFailed(expression, tr("Not evaluated: the break has no frame."), false);
            return;
        }
        const int line = self->m_nextEvalLine++;
        self->m_pendingEvals.insert(line, {expression, guardedRoot});
        self->m_host->sendCommand(XsbugCommandWriter::eval(frame, result.hex, line));
    });
}

void SessionExpressions::takeResult(const xsbug::EvalResult& result)
{
    const PendingEval pending = m_pendingEvals.take(result.line);
    if (!pending.guardedRoot.isEmpty() && ExceptionBreakGuard::isUndefinedName(result)) {
        // The machine answered: its scopes follow, as after any result.
        emit evalFailed(pending.expression, tr("ReferenceError: %1 is not defined").arg(pending.guardedRoot), true);
        return;
    }
    emit evaluated(pending.expression, result);
}

QString SessionExpressions::problemWith(const XscResult* condition, const XscResult* trace) const
{
    if (condition)
        if (const QString problem = problemWith(*condition); !problem.isEmpty())
            return tr("condition: ") + problem;
    if (trace)
        if (const QString problem = problemWith(*trace); !problem.isEmpty())
            return tr("log message: ") + problem;
    return {};
}

std::optional<std::pair<QByteArray, QString>> SessionExpressions::compiledNow(const Breakpoint& breakpoint) const
{
    const std::shared_ptr<LoginAnswers> answers = m_host->loginAnswers();
    std::optional<XscResult> condition, trace;
    if (!breakpoint.condition.isEmpty() && !(condition = answers->compiledNow(breakpoint.condition)))
        return std::nullopt;
    if (!breakpoint.logMessage.isEmpty() && !(trace = answers->compiledNow(breakpoint.logMessage)))
        return std::nullopt;
    const QString problem = problemWith(condition ? &*condition : nullptr, trace ? &*trace : nullptr);
    if (!problem.isEmpty())
        return std::pair{QByteArray(), problem};
    return std::pair{XsbugCommandWriter::setBreakpoint(breakpoint, condition ? condition->hex : QByteArray(),
                                                       trace ? trace->hex : QByteArray()),
                     QString()};
}

void SessionExpressions::compileBreakpoint(const Breakpoint& breakpoint, std::function<void(const QByteArray&)> done)
{
    struct Pending {
        std::optional<XscResult> condition, trace;
        int left = 0;
    };
    auto pending = std::make_shared<Pending>();
    pending->left = int(!breakpoint.condition.isEmpty()) + int(!breakpoint.logMessage.isEmpty());
    QPointer<SessionExpressions> self(this);
    auto one = [self, pending, breakpoint, done](bool isCondition, const XscResult& result) {
        (isCondition ? pending->condition : pending->trace) = result;
        if (--pending->left > 0)
            return;
        if (!self) {
            done({});
            return;
        }
        const QString problem = self->problemWith(pending->condition ? &*pending->condition : nullptr,
                                                  pending->trace ? &*pending->trace : nullptr);
        if (!problem.isEmpty()) {
            emit self->breakpointNotSent(breakpoint, problem);
            done({});
            return;
        }
        done(XsbugCommandWriter::setBreakpoint(breakpoint, pending->condition ? pending->condition->hex : QByteArray(),
                                               pending->trace ? pending->trace->hex : QByteArray()));
    };
    // Compiled once for all the machines sharing these answers (a storm of Workers runs xsc once).
    const std::shared_ptr<LoginAnswers> answers = m_host->loginAnswers();
    if (!breakpoint.condition.isEmpty())
        answers->compile(breakpoint.condition, this, [one](const XscResult& r) { one(true, r); });
    if (!breakpoint.logMessage.isEmpty())
        answers->compile(breakpoint.logMessage, this, [one](const XscResult& r) { one(false, r); });
}

void SessionExpressions::setBreakpoint(const Breakpoint& breakpoint)
{
    if (!breakpoint.needsCompiler()) {
        m_host->sendCommand(XsbugCommandWriter::setBreakpoint(breakpoint));
        return;
    }
    // Compiled already (at a login, for another machine): sent now, before whatever follows
    // (at a break, the <go/> that may come next).
    if (const auto now = compiledNow(breakpoint)) {
        if (now->second.isEmpty())
            m_host->sendCommand(now->first);
        else
            emit breakpointNotSent(breakpoint, now->second);
        return;
    }
    const quint64 place = m_host->reserveCommand();
    // The host is alive while this object is (its parent): a null done() means it is gone.
    QPointer<SessionExpressions> self(this);
    compileBreakpoint(breakpoint, [self, place](const QByteArray& command) {
        if (self)
            self->m_host->fillCommand(place, command);
    });
}

void SessionExpressions::reportNotSent(const QList<LoginAnswer::NotSent>& notSent)
{
    m_notSentAtLogin += notSent;
    for (const LoginAnswer::NotSent& n : notSent)
        emit breakpointNotSent(n.breakpoint, n.reason);
}
