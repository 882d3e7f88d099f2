#include "servercontroller.h"

#include "app/preferences.h"

#include <QTcpServer>

ServerController::ServerController(Preferences* preferences, QObject* parent)
    : QObject(parent), m_preferences(preferences), m_server(m_intake.server())
{
    m_statusDelay.setSingleShot(true);
    m_statusDelay.setInterval(200);
    connect(&m_statusDelay, &QTimer::timeout, this, &ServerController::statusChanged);
    connect(m_server, &DebugServer::connectionRejected, this, [this](const QString& reason) {
        m_refused.add(reason);
        if (!m_statusDelay.isActive())
            m_statusDelay.start();
    });
    connect(m_preferences, &Preferences::listeningChanged, this, [this] {
        if (m_started)
            start();
    });
    connect(m_preferences, &Preferences::profileOnStartChanged, this, &ServerController::applySessionSettings);
    connect(m_preferences, &Preferences::xscPathChanged, this, &ServerController::applySessionSettings);
    applySessionSettings();
}

void ServerController::applySessionSettings()
{
    SessionSettings settings = m_server->sessionSettings();
    settings.profileOnStart = m_preferences->profileOnStart();
    settings.xscPath = m_preferences->xscPath();
    m_server->setSessionSettings(settings);
}

bool ServerController::start()
{
    m_started = true;
    // Machines already connected keep their sockets: only the listening socket changes.
    m_server->close();
    const bool ok = m_server->listen(m_preferences->port(), m_preferences->acceptOtherDevices());
    m_portInUse = false;
    if (!ok) {
        // The status bar names the usual cause in few words; the full error is its tooltip.
        QTcpServer probe;
        m_portInUse = !probe.listen(m_preferences->acceptOtherDevices() ? QHostAddress(QHostAddress::Any)
                                                                        : QHostAddress(QHostAddress::LocalHost),
                                    m_preferences->port())
                      && probe.serverError() == QAbstractSocket::AddressInUseError;
    }
    emit statusChanged();
    return ok;
}

QString ServerController::statusText() const
{
    if (!m_started)
        return tr("Not listening");
    if (m_server->isListening()) {
        const QString address = m_server->address() == QHostAddress::Any || m_server->address() == QHostAddress::AnyIPv4
                                    ? tr("all interfaces")
                                    : m_server->address().toString();
        const QString listening = tr("Listening on %1:%2").arg(address).arg(m_server->port());
        const int refused = m_refused.count();
        if (refused == 0)
            return listening;
        return listening + (refused == 1 ? tr(" · 1 connection refused") : tr(" · %1 connections refused").arg(refused));
    }
    if (m_portInUse)
        return tr("Port %1 is in use: not listening for XS machines").arg(m_preferences->port());
    return tr("Cannot listen on port %1: not listening for XS machines").arg(m_preferences->port());
}
