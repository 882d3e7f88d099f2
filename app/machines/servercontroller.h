#pragma once
// Runs the machine intake's DebugServer the way the preferences say: listens on start(), listens again when
// the port or address changes, and hands profile-on-start to machines that connect next.
// A port that cannot be bound is a status, not an error: the window still opens files.
// Connections refused before a login are counted (never tabs).
#include "app/machines/machineintake.h"
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

    MachineIntake* intake() { return &m_intake; }
    DebugServer* server() { return m_server; }
    bool isListening() const { return m_server->isListening(); }
    QString errorString() const { return m_server->errorString(); }
    // "Listening on 127.0.0.1:5002" (and how many connections were refused) or why not.
    QString statusText() const;
    const RefusedConnections& refused() const { return m_refused; }

    // (Re)binds with the current preferences; false when the port cannot be bound.
    bool start();

signals:
    void statusChanged();

private:
    void applySessionSettings();

    Preferences* m_preferences;
    MachineIntake m_intake;
    DebugServer* m_server; // m_intake's, on its thread
    bool m_started = false;
    bool m_portInUse = false;
    RefusedConnections m_refused;
    QTimer m_statusDelay; // a burst of refusals (a flood of connects) updates the status once
};
