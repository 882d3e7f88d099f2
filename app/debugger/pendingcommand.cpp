#include "app/debugger/pendingcommand.h"

#include "protocol/debuggee.h"

PendingCommand* PendingCommand::of(Debuggee* session)
{
    if (auto* existing = session->findChild<PendingCommand*>(QString(), Qt::FindDirectChildrenOnly))
        return existing;
    return new PendingCommand(session);
}

PendingCommand::PendingCommand(Debuggee* session) : QObject(session), m_session(session)
{
    connect(session, &Debuggee::stateChanged, this, &PendingCommand::clear);
    connect(session, &Debuggee::broke, this, &PendingCommand::clear);
    connect(session, &Debuggee::disconnected, this, &PendingCommand::clear);
}

void PendingCommand::note(const QString& what)
{
    if (m_session->state() != Debuggee::State::Running)
        return;
    m_text = tr("%1 — the machine acts on it at its next pause").arg(what);
    emit changed(m_text);
}

void PendingCommand::clear()
{
    if (m_text.isEmpty())
        return;
    m_text.clear();
    emit changed(m_text);
}
