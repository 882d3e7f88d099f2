#include "sessionexpressions.h"

#include "machinesession.h"
#include "xsbugcommandwriter.h"
#include "xsccompiler.h"

#include <QPointer>

#include <memory>

SessionExpressions::SessionExpressions(MachineSession* session, const QString& xscPath)
    : QObject(session), m_session(session), m_compiler(new XscCompiler(xscPath, this))
{
    connect(session, &MachineSession::evalResult, this, &SessionExpressions::onResult);
    connect(session, &MachineSession::stateChanged, this, [this] { ++m_breakSerial; });
}

void SessionExpressions::setCompilerPath(const QString& path)
{
    m_compiler->setPath(path);
}

QString SessionExpressions::problemWith(const XscResult& result) const
{
    return XscCompiler::problemFor(result, m_session->version());
}

void SessionExpressions::evaluate(const QString& expression)
{
    if (m_session->state() != MachineSession::State::Broken) {
        emit evalFailed(expression, tr("Evaluating needs the machine stopped at a break."));
        return;
    }
    const quint64 serial = m_breakSerial;
    QPointer<SessionExpressions> self(this);
    m_compiler->compile(expression, [self, expression, serial](const XscResult& result) {
        if (!self)
            return;
        if (const QString problem = self->problemWith(result); !problem.isEmpty()) {
            emit self->evalFailed(expression, problem);
            return;
        }
        if (serial != self->m_breakSerial || self->m_session->state() != MachineSession::State::Broken) {
            emit self->evalFailed(expression, tr("Not evaluated: the machine left the break."));
            return;
        }
        // The inspected frame: <local value> follows the frame selected in the call stack.
        QString frame = self->m_session->local().address;
        if (frame.isEmpty() && !self->m_session->frames().frames.isEmpty())
            frame = self->m_session->frames().frames.first().address;
        if (frame.isEmpty()) {
            emit self->evalFailed(expression, tr("Not evaluated: the break has no frame."));
            return;
        }
        const int line = self->m_nextEvalLine++;
        self->m_pendingEvals.insert(line, expression);
        self->m_session->sendCommand(XsbugCommandWriter::eval(frame, result.hex, line));
    });
}

void SessionExpressions::onResult(const xsbug::EvalResult& result)
{
    const QString expression = m_pendingEvals.take(result.line);
    emit evaluated(expression, result);
}

void SessionExpressions::compileBreakpoint(const Breakpoint& breakpoint, std::function<void(const QByteArray&)> done)
{
    struct Pending {
        QByteArray condition, trace;
        int left = 0;
        QString problem;
    };
    auto pending = std::make_shared<Pending>();
    pending->left = int(!breakpoint.condition.isEmpty()) + int(!breakpoint.logMessage.isEmpty());
    QPointer<SessionExpressions> self(this);
    auto one = [self, pending, breakpoint, done](bool isCondition, const XscResult& result) {
        if (!self)
            return;
        if (const QString problem = self->problemWith(result); !problem.isEmpty() && pending->problem.isEmpty())
            pending->problem = (isCondition ? tr("condition: ") : tr("log message: ")) + problem;
        (isCondition ? pending->condition : pending->trace) = result.hex;
        if (--pending->left > 0)
            return;
        if (!pending->problem.isEmpty()) {
            emit self->breakpointNotSent(breakpoint, pending->problem);
            done({});
            return;
        }
        done(XsbugCommandWriter::setBreakpoint(breakpoint, pending->condition, pending->trace));
    };
    if (pending->left == 0) {
        QMetaObject::invokeMethod(this, [breakpoint, done] { done(XsbugCommandWriter::setBreakpoint(breakpoint)); },
                                  Qt::QueuedConnection);
        return;
    }
    if (!breakpoint.condition.isEmpty())
        m_compiler->compile(breakpoint.condition, [one](const XscResult& r) { one(true, r); });
    if (!breakpoint.logMessage.isEmpty())
        m_compiler->compile(breakpoint.logMessage, [one](const XscResult& r) { one(false, r); });
}

void SessionExpressions::setBreakpoint(const Breakpoint& breakpoint)
{
    QPointer<MachineSession> session(m_session);
    compileBreakpoint(breakpoint, [session](const QByteArray& command) {
        if (session && !command.isEmpty())
            session->sendCommand(command);
    });
}

void SessionExpressions::compileBreakpoints(const BreakpointList& breakpoints,
                                            std::function<void(const QByteArray&)> done)
{
    auto commands = std::make_shared<QList<QByteArray>>(breakpoints.size());
    auto left = std::make_shared<int>(int(breakpoints.size()));
    if (*left == 0) {
        QMetaObject::invokeMethod(this, [done] { done({}); }, Qt::QueuedConnection);
        return;
    }
    for (qsizetype i = 0; i < breakpoints.size(); ++i) {
        // In the list's order, whatever order the compilations finish in.
        compileBreakpoint(breakpoints[i], [commands, left, i, done](const QByteArray& command) {
            (*commands)[i] = command;
            if (--*left == 0)
                done(commands->join());
        });
    }
}
