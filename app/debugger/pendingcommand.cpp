#include "app/debugger/pendingcommand.h"

#include "protocol/machinesession.h"

PendingCommand* PendingCommand::of(MachineSession* session)
{
    if (auto* existing = session->findChild<PendingCommand*>(QString(), Qt::FindDirectChildrenOnly))
        return existing;
    return new PendingCommand(session);
}

PendingCommand::PendingCommand(MachineSession* session) : QObject(session), m_session(session)
{
    connect(session, &MachineSession::stateChanged, this, &PendingCommand::clear);
    connect(session, &MachineSession::broke, this, &PendingCommand::clear);
    connect(session, &MachineSession::profilingChanged, this, &PendingCommand::clear);
    connect(session, &MachineSession::disconnected, this, &PendingCommand::clear);
}

void PendingCommand::note(const QString& what)
{
    if (m_session->state() != MachineSession::State::Running)
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
