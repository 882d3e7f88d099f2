#include "machineintake.h"

#include "protocol/debugserver.h"
#include "protocol/serial/serialconnection.h"

MachineIntake::MachineIntake(QObject* parent) : QObject(parent)
{
    m_thread.setObjectName(QStringLiteral("xsprof machine intake"));
    m_thread.start();
    // Made on its thread, so that the server hands connections over to that thread.
    QThread* window = thread();
    auto* onThread = new QObject;
    onThread->moveToThread(&m_thread);
    QMetaObject::invokeMethod(
        onThread,
        [this, window, onThread] {
            m_reception = new MachineReception(window, [this](const QString& name) { return nameFor(name); },
                                               [this](const QString& name, const QString& label) { releaseName(name, label); },
                                               QuietMachines::defaultGraceMs);
            onThread->deleteLater();
        },
        Qt::BlockingQueuedConnection);
    connect(m_reception, &MachineReception::machineReady, this, &MachineIntake::machineReady);
    connect(m_reception, &MachineReception::batchReady, this, [this](const IntakeBatch& batch) {
        m_held = batch.held;
        emit batchReady(batch);
    });
}

MachineIntake::~MachineIntake()
{
    delete m_serial; // its requests still waiting are answered (failed) while their askers live
    // The reception and every machine still held end on their thread.
    QMetaObject::invokeMethod(m_reception, [reception = m_reception] { delete reception; }, Qt::BlockingQueuedConnection);
    m_thread.quit();
    m_thread.wait();
}

MachineNames::Name MachineIntake::nameFor(const QString& name)
{
    std::lock_guard lock(m_namesMutex);
    return m_names.take(name);
}

void MachineIntake::releaseName(const QString& name, const QString& label)
{
    std::lock_guard lock(m_namesMutex);
    m_names.release(name, label);
}

SerialConnection* MachineIntake::openSerial(const SerialPortSpec& spec)
{
    if (m_serial)
        m_serial->deleteLater();
    m_serial = new SerialConnection(spec, this);
    m_serial->setSessionSettings(server()->sessionSettings());
    connect(m_serial, &SerialConnection::machineConnected, this, &MachineIntake::serialMachineConnected);
    return m_serial;
}
