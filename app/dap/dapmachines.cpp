#include "dapmachines.h"

#include "protocol/machinesession.h"
#include "protocol/quietmachines.h"
#include "protocol/serial/serialconnection.h"

DapMachines::DapMachines(QObject* parent)
    : QObject(parent),
      m_quiet(new QuietMachines(
          QuietMachines::defaultGraceMs,
          [this](MachineSession* session, const QuietMachines::Held&, const xsbug::Log*) {
              session->setParent(this);
              threadFor(session);
          },
          [this](MachineSession* session, const QuietMachines::Held&) { onLeft(session); },
          // The editor's debug console shows every line: output alone earns no thread.
          [] { return true; }, this))
{
    connect(&m_server, &DebugServer::machineConnected, this, &DapMachines::onMachine);
    connect(&m_server, &DebugServer::connectionRejected, this, &DapMachines::note);
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
    if (m_server.isListening())
        return true;
    if (!m_server.listen(address, port)) {
        error = m_server.errorString();
        return false;
    }
    return true;
}

bool DapMachines::openSerial(const SerialPortSpec& spec, QString& error)
{
    auto* port = new SerialConnection(spec, this);
    port->setSessionSettings(m_server.sessionSettings());
    connect(port, &SerialConnection::machineConnected, this, &DapMachines::onMachine);
    connect(port, &SerialConnection::deviceLog, this, [this, port](const QString& text, bool isNote) {
        const QString name = port->portName().isEmpty() ? port->spec().describe() : port->portName();
        emit note(name + (isNote ? QStringLiteral(": ") : QStringLiteral(" | ")) + text);
    });
    if (!port->open(SerialConnection::WhenAbsent::Wait)) {
        error = port->errorString();
        delete port;
        return false;
    }
    m_serial << port;
    return true;
}

bool DapMachines::restartSerial()
{
    for (SerialConnection* port : std::as_const(m_serial))
        port->restart();
    return !m_serial.isEmpty();
}

void DapMachines::setSessionSettings(const SessionSettings& settings)
{
    m_server.setSessionSettings(settings);
    for (SerialConnection* port : std::as_const(m_serial))
        port->setSessionSettings(m_server.sessionSettings()); // the server's compiled answers too
}

void DapMachines::onMachine(MachineSession* session)
{
    ++m_seen;
    m_connected << session;
    session->setParent(this);
    m_labels.insert(session, [&] {
        const QString label = m_names.labelFor(session->name());
        return label.isEmpty() ? session->name() : label;
    }());
    connect(session, &MachineSession::disconnected, this, [this, session] {
        if (m_threadOf.contains(session))
            onLeft(session);
        // A held one is told of by QuietMachines (then onLeft).
    });
    emit machineConnected(session);
    if (!session->isConnected()) // it left inside the signal
        return;
    if (m_namesSeen[session->name()]++ == 0)
        threadFor(session);
    else
        m_quiet->hold(session, m_labels.value(session));
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

void DapMachines::closeServer()
{
    m_server.close();
}
