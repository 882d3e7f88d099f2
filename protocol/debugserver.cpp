#include "debugserver.h"

#include <QNetworkProxy>
#include <QTcpSocket>

DebugServer::DebugServer(QObject* parent) : QObject(parent)
{
    m_server.setProxy(QNetworkProxy::NoProxy);
    connect(&m_server, &QTcpServer::newConnection, this, &DebugServer::onNewConnection);
    m_turn.setSingleShot(true);
    m_turn.setInterval(0);
    connect(&m_turn, &QTimer::timeout, this, [this] {
        m_admittedThisTurn = false;
        admitNext();
    });
}

bool DebugServer::mayEnterNow(MachineSession* session)
{
    if (!m_admittedThisTurn && m_waiting.isEmpty()) {
        m_admittedThisTurn = true;
        m_turn.start();
        return true;
    }
    m_waiting << session;
    if (!m_turn.isActive())
        m_turn.start();
    return false;
}

void DebugServer::admitNext()
{
    while (!m_waiting.isEmpty()) {
        const QPointer<MachineSession> session = m_waiting.takeFirst();
        if (!session)
            continue; // gone meanwhile
        m_admittedThisTurn = true;
        m_turn.start();
        session->admit();
        return;
    }
}

bool DebugServer::listen(quint16 port, bool acceptOtherDevices)
{
    return listen(acceptOtherDevices ? QHostAddress(QHostAddress::Any) : QHostAddress(QHostAddress::LocalHost), port);
}

bool DebugServer::listen(const QHostAddress& address, quint16 port)
{
    m_server.close();
    if (m_server.listen(address, port)) {
        m_error.clear();
        return true;
    }
    m_error = tr("cannot listen on %1:%2: %3").arg(address.toString()).arg(port).arg(m_server.errorString());
    if (m_server.serverError() == QAbstractSocket::AddressInUseError)
        m_error += tr(" (another debugger, such as xsbug, may be running: choose another port)");
    return false;
}

void DebugServer::close()
{
    m_server.close();
}

void DebugServer::onNewConnection()
{
    while (QTcpSocket* socket = m_server.nextPendingConnection()) {
        auto* session = new MachineSession(socket, m_settings, this);
        session->setAdmission([this](MachineSession* s) { return mayEnterNow(s); });
        connect(session, &MachineSession::loggedIn, this, [this, session] { emit machineConnected(session); });
        connect(session, &MachineSession::disconnected, this, [this, session] {
            if (session->name().isEmpty() && session->profileSessionCount() == 0) {
                emit connectionRejected(session->lastError().isEmpty()
                                            ? tr("%1 closed the connection before logging in").arg(session->peer())
                                            : session->lastError());
                session->deleteLater();
            }
        });
    }
}
