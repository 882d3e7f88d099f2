#pragma once
// Where XS machines come in: the debug server and the machines without a tab live on a thread
// of their own (MachineReception), so that a machine never waits for the window and a storm of
// Workers costs the window a few batches a second. This object, on the window's thread, starts
// and ends that thread and hands on what it says. It owns the serial connection too (the Devices
// pane is a view of it). That connection and its machines still run on the window's thread (a
// board's link is a few tens of KB/s at most; its sessions share the port's channel, so they
// cannot move alone): through a second IntakeCore there, with the same rule and the same names.
#include "app/machines/machinereception.h"
#include "protocol/intake/intakecore.h"

#include <QObject>
#include <QThread>

#include <atomic>
#include <memory>

class DebugServer;
class SerialConnection;
struct SerialPortSpec;

class MachineIntake : public QObject {
    Q_OBJECT
public:
    explicit MachineIntake(QObject* parent = nullptr);
    ~MachineIntake() override;

    // Lives on the intake's thread; its listen(), close() and session settings may be used from here.
    DebugServer* server() const { return m_reception->server(); }
    // The label of the next machine of `name` ("" for the first, "name #N" after): any thread.
    QString labelFor(const QString& name);
    void setOutputSeen(bool seen);
    void setMaxLines(int lines) { m_reception->setMaxLines(lines); }
    // Machines connected and without a tab, as of the last batch.
    int held() const { return m_held; }

    // Makes the connection to `spec`'s port (not yet open), replacing the one before; its machines
    // log in with the server's session settings (breakpoints, preferences).
    SerialConnection* openSerial(const SerialPortSpec& spec);
    SerialConnection* serial() const { return m_serial; }

signals:
    // As MachineReception's, on this thread.
    void machineReady(MachineSession* session, const QString& label, const QDateTime& connectedAt,
                      const QList<xsbug::Log>& earnedBy);
    void batchReady(const IntakeBatch& batch);
    // A machine of the serial connection logged in ("" for the first of its name); it earned a
    // tab (the first of a name at once; `earnedBy`: the console line that did, else null); it left
    // without (deleted after).
    void serialMachineConnected(MachineSession* session, const QString& label);
    void serialMachineShown(MachineSession* session, const QString& label, const QDateTime& connectedAt,
                            const xsbug::Log* earnedBy);
    void serialMachineLeft(MachineSession* session, const QString& label, const QDateTime& connectedAt);

private:
    static IntakeCore::Policy serialPolicy(std::shared_ptr<MachineNames> names, const std::atomic<bool>* outputSeen);

    QThread m_thread;
    std::shared_ptr<MachineNames> m_names = std::make_shared<MachineNames>(); // any thread
    std::atomic<bool> m_outputSeen{false};
    MachineReception* m_reception = nullptr; // on m_thread
    int m_held = 0;
    IntakeCore m_serialIntake; // on this thread: the serial connection
    SerialConnection* m_serial = nullptr; // m_serialIntake's
};
