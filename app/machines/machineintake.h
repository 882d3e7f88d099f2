#pragma once
// Where XS machines come in: the debug server and the machines without a tab live on a thread
// of their own (MachineReception), so that a machine never waits for the window and a storm of
// Workers costs the window a few batches a second. This object, on the window's thread, starts
// and ends that thread and hands on what it says. Serial machines are named here too.
#include "app/machines/machinereception.h"
#include "protocol/machinenames.h"

#include <QObject>
#include <QThread>

#include <mutex>

class DebugServer;

class MachineIntake : public QObject {
    Q_OBJECT
public:
    explicit MachineIntake(QObject* parent = nullptr);
    ~MachineIntake() override;

    // Lives on the intake's thread; its listen(), close() and session settings may be used from here.
    DebugServer* server() const { return m_reception->server(); }
    // The label of the next machine of `name` ("" for the first, "name #N" after): any thread.
    QString labelFor(const QString& name);
    void setOutputSeen(bool seen) { m_reception->setOutputSeen(seen); }
    void setMaxLines(int lines) { m_reception->setMaxLines(lines); }
    // Machines connected and without a tab, as of the last batch.
    int held() const { return m_held; }

signals:
    // As MachineReception's, on this thread.
    void machineReady(MachineSession* session, const QString& label, const QDateTime& connectedAt,
                      const QList<xsbug::Log>& earnedBy);
    void batchReady(const IntakeBatch& batch);

private:
    QThread m_thread;
    MachineReception* m_reception = nullptr; // on m_thread
    std::mutex m_namesMutex;
    MachineNames m_names;
    int m_held = 0;
};
