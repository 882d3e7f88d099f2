#include "fakedebuggee.h"

#include <QTimer>

FakeDebuggee::FakeDebuggee(const QString& name, QObject* parent) : Debuggee(parent), m_name(name) {}

xsbug::Property FakeDebuggee::property(const QString& name, const QString& value, QChar state)
{
    xsbug::Property p;
    p.name = name;
    p.value = value;
    p.flags = state + QStringLiteral("cew_");
    return p;
}

void FakeDebuggee::later(std::function<void()> answer)
{
    if (m_silent)
        return;
    // In the order asked, as over one socket; each `m_latencyMs` after the one before.
    m_outbox.push_back(std::move(answer));
    scheduleNext();
}

void FakeDebuggee::scheduleNext()
{
    if (m_sendScheduled || m_outbox.empty())
        return;
    m_sendScheduled = true;
    QTimer::singleShot(m_latencyMs, this, &FakeDebuggee::sendNext);
}

void FakeDebuggee::sendNext()
{
    m_sendScheduled = false;
    if (m_outbox.empty())
        return;
    std::function<void()> answer = std::move(m_outbox.front());
    m_outbox.pop_front();
    answer();
    scheduleNext();
}

void FakeDebuggee::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

void FakeDebuggee::logIn()
{
    setState(State::Running);
}

void FakeDebuggee::breakAt(const xsbug::Break& at, const xsbug::Frames& frames, const xsbug::Local& local,
                           const xsbug::Global& global, const xsbug::Grammar& grammar)
{
    m_break = at;
    m_frames = frames;
    m_local = local;
    m_global = global;
    m_grammar = grammar;
    emit framesChanged();
    emit variablesChanged();
    setState(State::Broken);
    emit broke(at);
}

void FakeDebuggee::setChildren(const QString& address, const QList<xsbug::Property>& children)
{
    m_children.insert(address, children);
}

void FakeDebuggee::setFrameLocal(const QString& frameAddress, const xsbug::Local& local)
{
    m_frameLocals.insert(frameAddress, local);
}

void FakeDebuggee::setEvalResult(const QString& expression, const xsbug::EvalResult& result, const QString& frame)
{
    m_evalResults.insert(frame + QLatin1Char('\n') + expression, result);
}

void FakeDebuggee::setEvalFailure(const QString& expression, const QString& message, const QString& frame)
{
    m_evalFailures.insert(frame + QLatin1Char('\n') + expression, message);
}

void FakeDebuggee::setNotSentAtLogin(const QList<BreakpointNotSent>& notSent)
{
    m_notSentAtLogin += notSent;
    for (const BreakpointNotSent& n : notSent)
        emit breakpointNotSent(n.breakpoint, n.reason);
}

void FakeDebuggee::log(const QString& text)
{
    emit logged({text, {}, 0});
}

void FakeDebuggee::leave()
{
    if (m_state == State::Disconnected)
        return;
    setState(State::Disconnected);
    emit disconnected();
}

void FakeDebuggee::resume(const QString& command)
{
    m_commands << command;
    if (m_state == State::Broken)
        setState(State::Running);
}

void FakeDebuggee::abort()
{
    m_commands << QStringLiteral("abort");
    later([this] { leave(); });
}

void FakeDebuggee::logout()
{
    m_commands << QStringLiteral("logout");
    later([this] { leave(); });
}

void FakeDebuggee::select(const QString& frameAddress)
{
    m_commands << QStringLiteral("select ") + frameAddress;
    if (m_state != State::Broken || !m_frameLocals.contains(frameAddress))
        return;
    later([this, frameAddress] {
        m_local = m_frameLocals.value(frameAddress);
        m_local.address = frameAddress;
        emit variablesChanged();
    });
}

bool FakeDebuggee::toggleIn(QList<xsbug::Property>& list, const QString& address)
{
    for (qsizetype row = 0; row < list.size(); ++row) {
        xsbug::Property& p = list[row];
        if (p.value != address || !p.isExpandable())
            continue;
        const int depth = p.depth;
        if (p.isExpanded()) {
            p.flags[0] = QLatin1Char('+');
            qsizetype end = row + 1;
            while (end < list.size() && list[end].depth > depth)
                ++end;
            list.remove(row + 1, end - row - 1);
        } else {
            p.flags[0] = QLatin1Char('-');
            QList<xsbug::Property> children = m_children.value(address);
            for (xsbug::Property& child : children)
                child.depth = depth + 1;
            for (qsizetype i = 0; i < children.size(); ++i)
                list.insert(row + 1 + i, children[i]);
        }
        return true;
    }
    return false;
}

void FakeDebuggee::toggle(const QString& address)
{
    m_commands << QStringLiteral("toggle ") + address;
    if (m_state != State::Broken)
        return;
    later([this, address] {
        // The machine sends every scope again, the row's one opened or closed.
        toggleIn(m_local.properties, address) || toggleIn(m_global.properties, address) ||
            toggleIn(m_grammar.modules, address);
        emit variablesChanged();
    });
}

void FakeDebuggee::setBreakpoint(const Breakpoint& breakpoint)
{
    m_commands << QStringLiteral("set-breakpoint %1:%2").arg(breakpoint.path).arg(breakpoint.line);
}

void FakeDebuggee::clearBreakpoint(const Breakpoint& breakpoint)
{
    m_commands << QStringLiteral("clear-breakpoint %1:%2").arg(breakpoint.path).arg(breakpoint.line);
}

void FakeDebuggee::setSpecialBreakpoint(const QString& name)
{
    m_commands << QStringLiteral("set-special ") + name;
}

void FakeDebuggee::clearSpecialBreakpoint(const QString& name)
{
    m_commands << QStringLiteral("clear-special ") + name;
}

void FakeDebuggee::evaluate(const QString& expression)
{
    m_commands << QStringLiteral("eval ") + expression;
    if (m_compilerPath.isEmpty()) {
        later([this, expression] { emit evalFailed(expression, QStringLiteral("no XS compiler"), false); });
        return;
    }
    if (m_state != State::Broken) {
        later([this, expression] { emit evalFailed(expression, QStringLiteral("not at a break"), false); });
        return;
    }
    // The inspected frame's answer, else any frame's.
    const QString here = m_local.address + QLatin1Char('\n') + expression, anywhere = QLatin1Char('\n') + expression;
    const QString key = m_evalResults.contains(here) || m_evalFailures.contains(here) ? here : anywhere;
    if (!m_evalResults.contains(key) && !m_evalFailures.contains(key))
        return; // like a machine that never answers
    // A machine sends the frame's scopes again after the result, read later than it.
    later([this, expression, key] {
        if (m_evalFailures.contains(key))
            emit evalFailed(expression, m_evalFailures.value(key), true);
        else
            emit evaluated(expression, m_evalResults.value(key));
        later([this] {
            if (m_state == State::Broken)
                emit variablesChanged();
        });
    });
}
