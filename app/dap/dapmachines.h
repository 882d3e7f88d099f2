#pragma once
// The machines of a DAP session as the editor's threads. Machines connect to the adapter's
// own debug server (a free loopback port for `launch`, the attach port otherwise) or come
// from a serial port. Each machine that has something to show is a thread named as the
// window names its tab ("simpleworker", "simpleworker #2"): the first of a name at once,
// further ones (Workers) by the window's rule (the intake core's quiet machines): when they
// break, send samples or stay 1.5 s; those that log in, run and leave before that never become
// threads, so a storm of Workers does not flood the editor. A thread's machine that leaves ends
// its thread. The server, ports, names and that rule are the IntakeCore's (protocol/intake/).
#include "protocol/intake/intakecore.h"

#include <QHash>
#include <QHostAddress>
#include <QList>
#include <QObject>
#include <QPair>

class MachineSession;

class DapMachines : public QObject {
    Q_OBJECT

public:
    explicit DapMachines(QObject* parent = nullptr);
    ~DapMachines() override;

    // Port 0: a free one. False with `error` when it cannot listen.
    bool listen(const QHostAddress& address, quint16 port, QString& error);
    quint16 port() const { return m_intake.server()->port(); }
    // Opens (or waits for) a serial port; false with `error` when it cannot.
    bool openSerial(const SerialPortSpec& spec, QString& error);
    // Restarts the boards of the serial ports (false: none).
    bool restartSerial();

    // Logins from now on are answered with these (breakpoints, exceptions, start).
    void setSessionSettings(const SessionSettings& settings);
    SessionSettings sessionSettings() const { return m_intake.sessionSettings(); }

    // The thread of `session`, announcing it now if it is not yet (a held Worker that broke).
    int threadFor(MachineSession* session);
    MachineSession* session(int threadId) const;
    // Threads in the order they started: (id, name).
    QList<QPair<int, QString>> threads() const;
    // Every machine connected, threads and held Workers.
    QList<MachineSession*> connected() const { return m_connected; }
    int machinesSeen() const { return m_seen; }

    // Lets every machine go on undebugged (logout), or ends them (abort).
    void letGoAll();
    void abortAll();

signals:
    // Every machine as it logs in, before anything else is heard of it.
    void machineConnected(MachineSession* session);
    void threadStarted(int threadId, MachineSession* session);
    void threadExited(int threadId);
    // A machine left (thread or not); `remaining` machines are still connected.
    void machineLeft(MachineSession* session, int remaining);
    void note(const QString& text); // serial ports' own notes and device lines

private:
    void onMachine(MachineSession* session, const QString& label);
    void onLeft(MachineSession* session);

    IntakeCore m_intake;
    QHash<MachineSession*, QString> m_labels;
    QHash<MachineSession*, int> m_threadOf;
    QList<QPair<int, MachineSession*>> m_threads;
    QList<MachineSession*> m_connected;
    int m_nextThread = 1;
    int m_seen = 0;
};
