#pragma once
// Listens for XS machines (default 127.0.0.1:5002). A connection becomes a machine when it
// logs in; one that never does is closed by its session's timeout and never announced.
// Machines logging in together are announced one per turn of the event loop.
#include "machinesession.h"
#include "sessionsettings.h"

#include <QHostAddress>
#include <QObject>
#include <QPointer>
#include <QTcpServer>
#include <QTimer>

class DebugServer : public QObject {
    Q_OBJECT

public:
    static constexpr quint16 defaultPort = 5002;

    explicit DebugServer(QObject* parent = nullptr);

    // Binds 127.0.0.1 unless `acceptOtherDevices`; false and errorString() when it can't.
    bool listen(quint16 port = defaultPort, bool acceptOtherDevices = false);
    bool listen(const QHostAddress& address, quint16 port);
    void close();
    bool isListening() const { return m_server.isListening(); }
    quint16 port() const { return m_server.serverPort(); }
    QHostAddress address() const { return m_server.serverAddress(); }
    QString errorString() const { return m_error; }

    // Machines logged in and not announced yet (they come one per turn of the event loop).
    int machinesWaiting() const { return int(m_waiting.size()); }

    const SessionSettings& sessionSettings() const { return m_settings; }
    // Applies to machines that connect from now on.
    void setSessionSettings(const SessionSettings& settings) { m_settings = settings; }

signals:
    // The session is parented to the server; reparent it to keep it beyond the server.
    void machineConnected(MachineSession* session);
    void connectionRejected(const QString& reason);

private:
    void onNewConnection();
    // One machine announced per turn of the event loop; the others wait in line.
    bool mayEnterNow(MachineSession* session);
    void admitNext();

    QTcpServer m_server;
    QList<QPointer<MachineSession>> m_waiting;
    bool m_admittedThisTurn = false;
    QTimer m_turn; // 0 ms: the next turn of the event loop
    SessionSettings m_settings;
    QString m_error;
};
