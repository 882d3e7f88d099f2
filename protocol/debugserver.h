#pragma once
// Listens for XS machines (default 127.0.0.1:5002). A connection becomes a machine when it
// logs in; one that never does is closed by its session's timeout and never announced.
// Machines logging in together are announced one per turn of the event loop. Connections are
// accepted and logins answered on a thread of the server's own (LoginDesk): a machine waits for
// that answer, never for the thread that announces it.
//
// Threads: the server lives on one thread (the window's intake thread, or the command's main
// one), where it announces machines. listen(), close() and the listening state (isListening,
// port, address, errorString), like the session settings, may be used from any thread but the
// desk's: the window binds from its own thread while the server runs on the intake's. listen()
// and close() wait for the desk; the state is written and read under a lock.
#include "machinesession.h"
#include "sessionsettings.h"

#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QThread>
#include <QTimer>

#include <memory>
#include <mutex>

class LoginAnswers;
class LoginDesk;

class DebugServer : public QObject {
    Q_OBJECT

public:
    static constexpr quint16 defaultPort = 5002;

    explicit DebugServer(QObject* parent = nullptr);
    ~DebugServer() override;

    // Binds 127.0.0.1 unless `acceptOtherDevices`; false and errorString() when it can't.
    bool listen(quint16 port = defaultPort, bool acceptOtherDevices = false);
    bool listen(const QHostAddress& address, quint16 port);
    void close();
    bool isListening() const { return port() != 0; }
    quint16 port() const;
    QHostAddress address() const;
    QString errorString() const;

    // Machines logged in and not announced yet (they come one per turn of the event loop); on
    // the server's thread.
    int machinesWaiting() const { return int(m_waiting.size()); }

    // Both from any thread (the server may live on a thread of its own, its owner on another).
    SessionSettings sessionSettings() const;
    // Applies to machines that connect from now on.
    void setSessionSettings(const SessionSettings& settings);

signals:
    // The session is parented to the server; reparent it to keep it beyond the server.
    void machineConnected(MachineSession* session);
    void connectionRejected(const QString& reason);

private:
    void onArrived(QTcpSocket* socket, std::shared_ptr<XsbugMessageReader> received, bool answered);
    // One machine announced per turn of the event loop; the others wait in line.
    bool mayEnterNow(MachineSession* session);
    void admitNext();

    std::shared_ptr<LoginAnswers> m_answers; // outlives the desk, which uses it
    QThread m_deskThread;
    LoginDesk* m_desk; // on m_deskThread
    mutable std::mutex m_listenMutex; // guards m_port, m_address and m_error
    quint16 m_port = 0;               // 0: not listening
    QHostAddress m_address;
    QString m_error;
    QList<QPointer<MachineSession>> m_waiting;
    bool m_admittedThisTurn = false;
    QTimer m_turn; // 0 ms: the next turn of the event loop
    mutable std::mutex m_settingsMutex; // guards m_settings
    SessionSettings m_settings;
};
