#include "connectedmachines.h"

#include "protocol/machinesession.h"

void ConnectedMachines::add(MachineSession* session)
{
    if (session->state() == MachineSession::State::Disconnected || m_sessions.contains(session))
        return;
    m_sessions.insert(session);
    connect(session, &MachineSession::disconnected, this, [this, session] { remove(session); });
    connect(session, &QObject::destroyed, this, &ConnectedMachines::remove);
    emit countChanged(count());
}

void ConnectedMachines::remove(QObject* session)
{
    if (!m_sessions.remove(session))
        return;
    disconnect(session, nullptr, this, nullptr);
    emit countChanged(count());
}

void ConnectedMachines::setHeldElsewhere(int count)
{
    if (count == m_heldElsewhere)
        return;
    m_heldElsewhere = count;
    emit countChanged(this->count());
}
