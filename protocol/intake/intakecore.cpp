#include "intakecore.h"

#include "protocol/machinesession.h"

IntakeCore::IntakeCore(Policy policy, QObject* parent)
    : QObject(parent), m_policy(std::move(policy)),
      m_names(m_policy.names ? m_policy.names : std::make_shared<MachineNames>()),
      m_quiet(new QuietMachines(
          m_policy.graceMs,
          [this](MachineSession* session, const QuietMachines::Held& held, const xsbug::Log* log) {
              emit machineShown(session, held.label, held.connectedAt, log);
          },
          [this](MachineSession* session, const QuietMachines::Held& held) {
              emit quietMachineLeft(session, held.label, held.connectedAt);
          },
          m_policy.outputSeen, this))
{
    connect(&m_server, &DebugServer::machineConnected, this, &IntakeCore::onMachine);
    connect(&m_server, &DebugServer::connectionRejected, this, &IntakeCore::connectionRejected);
}

IntakeCore::~IntakeCore()
{
    deleteSerialPorts(); // before the server and the held machines
}

void IntakeCore::deleteSerialPorts()
{
    qDeleteAll(std::exchange(m_serial, {}));
}

bool IntakeCore::listen(const QHostAddress& address, quint16 port, QString& error)
{
    if (m_server.isListening())
        return true;
    if (!m_server.listen(address, port)) {
        error = m_server.errorString();
        return false;
    }
    return true;
}

void IntakeCore::setSessionSettings(const SessionSettings& settings)
{
    m_server.setSessionSettings(settings);
    for (SerialConnection* port : std::as_const(m_serial))
        port->setSessionSettings(m_server.sessionSettings()); // the server's compiled answers too
}

SerialConnection* IntakeCore::addSerial(const SerialPortSpec& spec, const DebugServer* answeredBy)
{
    auto* port = new SerialConnection(spec, this);
    port->setSessionSettings((answeredBy ? answeredBy : &m_server)->sessionSettings());
    connect(port, &SerialConnection::machineConnected, this, &IntakeCore::onMachine);
    connect(port, &SerialConnection::deviceLog, this, [this, port](const QString& text, bool note) {
        emit serialLog(port->portName().isEmpty() ? port->spec().describe() : port->portName(), text, note);
    });
    m_serial << port;
    return port;
}

void IntakeCore::removeSerial(SerialConnection* port)
{
    if (m_serial.removeOne(port))
        port->deleteLater();
}

void IntakeCore::onMachine(MachineSession* session)
{
    const QString label = labelFor(session->name());
    emit machineConnected(session, label);
    if (!session->isConnected()) // it left inside the signal
        return;
    if (!m_policy.holdQuiet || label.isEmpty())
        emit machineShown(session, label, QDateTime::currentDateTime(), nullptr);
    else
        m_quiet->hold(session, label);
}
