#include "machineintake.h"

#include "protocol/debugserver.h"
#include "protocol/serial/serialconnection.h"
#include "protocol/threadhandoff.h"

IntakeCore::Policy MachineIntake::serialPolicy(std::shared_ptr<MachineNames> names, const std::atomic<bool>* outputSeen)
{
    IntakeCore::Policy policy;
    policy.names = std::move(names);
    policy.outputSeen = [outputSeen] { return outputSeen->load(); };
    policy.releaseNames = true;
    return policy;
}

MachineIntake::MachineIntake(QObject* parent)
    : QObject(parent), m_serialIntake(serialPolicy(m_names, &m_outputSeen), this)
{
    m_thread.setObjectName(QStringLiteral("xsprof machine intake"));
    m_thread.start();
    // Made on its thread, so that the server hands connections over to that thread.
    QThread* window = thread();
    auto* onThread = new QObject;
    onThread->moveToThread(&m_thread);
    threadhandoff::call(onThread, [this, window, onThread] {
        m_reception = new MachineReception(window, m_names, QuietMachines::defaultGraceMs);
        onThread->deleteLater();
    });
    // Said on the intake's thread, handed to this one (threadhandoff: seen by ThreadSanitizer,
    // as the server's own hand-offs): the machine and what it received, the batch.
    connect(
        m_reception, &MachineReception::machineReady, this,
        [this](MachineSession* session, const QString& label, const QDateTime& connectedAt, const QList<xsbug::Log>& earnedBy) {
            threadhandoff::post(this, [this, session, label, connectedAt, earnedBy] {
                emit machineReady(session, label, connectedAt, earnedBy);
            });
        },
        Qt::DirectConnection);
    connect(
        m_reception, &MachineReception::batchReady, this,
        [this](const IntakeBatch& batch) {
            threadhandoff::post(this, [this, batch] {
                m_held = batch.held;
                emit batchReady(batch);
            });
        },
        Qt::DirectConnection);
    connect(&m_serialIntake, &IntakeCore::machineConnected, this, &MachineIntake::serialMachineConnected);
    connect(&m_serialIntake, &IntakeCore::machineShown, this, &MachineIntake::serialMachineShown);
    connect(&m_serialIntake, &IntakeCore::quietMachineLeft, this, &MachineIntake::serialMachineLeft);
}

MachineIntake::~MachineIntake()
{
    m_serialIntake.deleteSerialPorts(); // their requests still waiting are answered (failed) while their askers live
    m_serial = nullptr;
    // The reception and every machine still held end on their thread.
    threadhandoff::call(m_reception, [reception = m_reception] { delete reception; });
    m_thread.quit();
    m_thread.wait();
}

void MachineIntake::setOutputSeen(bool seen)
{
    m_outputSeen = seen;
    m_reception->setOutputSeen(seen);
}

SerialConnection* MachineIntake::openSerial(const SerialPortSpec& spec)
{
    if (m_serial)
        m_serialIntake.removeSerial(m_serial);
    m_serial = m_serialIntake.addSerial(spec, server()); // the server's answers: its breakpoints, compiled once
    return m_serial;
}
