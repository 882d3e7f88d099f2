#include "dapmachines.h"

#include "protocol/machinesession.h"

namespace {
IntakeCore::Policy dapIntakePolicy()
{
    IntakeCore::Policy policy;
    policy.outputSeen = [] { return true; }; // the editor's debug console shows every line: output alone earns no thread
    return policy;
}
} // namespace

DapMachines::DapMachines(QObject* parent) : QObject(parent), m_intake(dapIntakePolicy())
{
    connect(&m_intake, &IntakeCore::machineConnected, this, &DapMachines::onMachine);
    connect(&m_intake, &IntakeCore::machineShown, this, [this](MachineSession* session) {
        session->setParent(this);
        threadFor(session);
    });
    connect(&m_intake, &IntakeCore::quietMachineLeft, this, [this](MachineSession* session) { onLeft(session); });
    connect(&m_intake, &IntakeCore::connectionRejected, this, &DapMachines::note);
    connect(&m_intake, &IntakeCore::serialLog, this, [this](const QString& port, const QString& text, bool isNote) {
        emit note(port + (isNote ? QStringLiteral(": ") : QStringLiteral(" | ")) + text);
    });
}

DapMachines::~DapMachines()
{
    // Sessions go before the server and ports they belong to; none is left stopped (the
    // adapter lets them go first).
    for (MachineSession* session : std::as_const(m_connected))
        disconnect(session, nullptr, this, nullptr);
}

bool DapMachines::listen(const QHostAddress& address, quint16 port, QString& error)
{
    return m_intake.listen(address, port, error);
}

bool DapMachines::openSerial(const SerialPortSpec& spec, QString& error)
{
    SerialConnection* port = m_intake.addSerial(spec);
    if (!port->open(SerialConnection::WhenAbsent::Wait)) {
        error = port->errorString();
        m_intake.removeSerial(port);
        return false;
    }
    return true;
}

bool DapMachines::restartSerial()
{
    const QList<SerialConnection*> ports = m_intake.serialPorts();
    for (SerialConnection* port : ports)
        port->restart();
    return !ports.isEmpty();
}

void DapMachines::setSessionSettings(const SessionSettings& settings)
{
    m_intake.setSessionSettings(settings);
}

// Every machine as it logs in; the intake core then shows it (a thread) or holds it.
void DapMachines::onMachine(MachineSession* session, const QString& label)
{
    ++m_seen;
    m_connected << session;
    session->setParent(this);
    m_labels.insert(session, label.isEmpty() ? session->name() : label);
    connect(session, &MachineSession::disconnected, this, [this, session] {
        if (m_threadOf.contains(session))
            onLeft(session);
        // A held one is told of by the intake core (then onLeft).
    });
    emit machineConnected(session);
}

int DapMachines::threadFor(MachineSession* session)
{
    if (const auto it = m_threadOf.constFind(session); it != m_threadOf.constEnd())
        return *it;
    if (!m_connected.contains(session))
        return 0;
    const int id = m_nextThread++;
    m_threadOf.insert(session, id);
    m_threads.append({id, session});
    emit threadStarted(id, session);
    return id;
}

MachineSession* DapMachines::session(int threadId) const
{
    for (const auto& [id, session] : m_threads) {
        if (id == threadId)
            return session;
    }
    return nullptr;
}

QList<QPair<int, QString>> DapMachines::threads() const
{
    QList<QPair<int, QString>> list;
    for (const auto& [id, session] : m_threads)
        list.append({id, m_labels.value(session, session->name())});
    return list;
}

void DapMachines::onLeft(MachineSession* session)
{
    if (!m_connected.removeOne(session))
        return;
    m_labels.remove(session);
    if (const auto it = m_threadOf.find(session); it != m_threadOf.end()) {
        const int id = *it;
        m_threadOf.erase(it);
        for (qsizetype i = 0; i < m_threads.size(); ++i) {
            if (m_threads[i].first == id) {
                m_threads.removeAt(i);
                break;
            }
        }
        emit threadExited(id);
        session->deleteLater();
    }
    emit machineLeft(session, int(m_connected.size()));
}

void DapMachines::letGoAll()
{
    for (MachineSession* session : std::as_const(m_connected)) {
        if (session->isConnected())
            session->logout();
    }
}

void DapMachines::abortAll()
{
    for (MachineSession* session : std::as_const(m_connected)) {
        if (session->isConnected())
            session->abort();
    }
}
