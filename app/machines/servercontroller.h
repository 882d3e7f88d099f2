#pragma once
// Runs the DebugServer the way the preferences say: listens on start(), listens again when
// the port or address changes, and hands profile-on-start to machines that connect next.
// A port that cannot be bound is a status, not an error: the window still opens files.
// Connections refused before a login are counted (never tabs).
#include "protocol/debugserver.h"
#include "refusedconnections.h"

#include <QObject>
#include <QTimer>

class Preferences;

class ServerController : public QObject
{
    Q_OBJECT
public:
    ServerController(Preferences* preferences, QObject* parent = nullptr);

    DebugServer* server() { return &m_server; }
    bool isListening() const { return m_server.isListening(); }
    QString errorString() const { return m_server.errorString(); }
    // "Listening on 127.0.0.1:5002" (and how many connections were refused) or why not.
    QString statusText() const;
    const RefusedConnections& refused() const { return m_refused; }

    // (Re)binds with the current preferences; false when the port cannot be bound.
    bool start();

signals:
    void statusChanged();
    void machineConnected(MachineSession* session);

private:
    void applySessionSettings();

    Preferences* m_preferences;
    DebugServer m_server;
    bool m_started = false;
    bool m_portInUse = false;
    RefusedConnections m_refused;
    QTimer m_statusDelay; // a burst of refusals (a flood of connects) updates the status once
};
