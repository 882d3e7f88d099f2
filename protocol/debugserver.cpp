#include "debugserver.h"

#include "loginanswers.h"
#include "logindesk.h"
#include "threadhandoff.h"

#include <QTcpSocket>

DebugServer::DebugServer(QObject* parent)
    : QObject(parent), m_answers(std::make_shared<LoginAnswers>()), m_desk(new LoginDesk(thread()))
{
    m_deskThread.setObjectName(QStringLiteral("xsprof login desk"));
    m_desk->moveToThread(&m_deskThread);
    connect(&m_deskThread, &QThread::finished, m_desk, &QObject::deleteLater);
    // Said on the desk's thread, handed over to this one (threadhandoff: seen by ThreadSanitizer).
    connect(
        m_desk, &LoginDesk::arrived, this,
        [this](QTcpSocket* socket, std::shared_ptr<XsbugMessageReader> received, bool answered) {
            threadhandoff::post(this, [this, socket, received = std::move(received), answered]() mutable {
                onArrived(socket, std::move(received), answered);
            });
        },
        Qt::DirectConnection);
    connect(
        m_desk, &LoginDesk::rejected, this,
        [this](const QString& reason) { threadhandoff::post(this, [this, reason] { emit connectionRejected(reason); }); },
        Qt::DirectConnection);
    m_deskThread.start();
    setSessionSettings(SessionSettings{});
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

DebugServer::~DebugServer()
{
    m_deskThread.quit();
    m_deskThread.wait();
}

SessionSettings DebugServer::sessionSettings() const
{
    std::lock_guard lock(m_settingsMutex);
    return m_settings;
}

void DebugServer::setSessionSettings(const SessionSettings& settings)
{
    {
        std::lock_guard lock(m_settingsMutex);
        m_settings = settings;
        m_settings.loginAnswers = m_answers; // sessions (and serial machines given these settings) share it
        m_answers->setSettings(m_settings);
    }
    LoginDesk::Answer answer;
    answer.answers = m_answers;
    answer.loginTimeoutMs = settings.loginTimeoutMs;
    answer.maxMessageBytes = settings.maxMessageBytes;
    m_desk->setAnswer(answer);
}

bool DebugServer::listen(const QHostAddress& address, quint16 port)
{
    // The desk binds on its thread; what it says comes back with the call (threadhandoff::call).
    bool ok = false, inUse = false;
    QString error;
    quint16 bound = 0;
    QHostAddress boundAddress;
    threadhandoff::call(m_desk, [&] {
        ok = m_desk->listen(address, port, &error, &inUse);
        bound = ok ? m_desk->port() : 0;
        boundAddress = m_desk->address();
    });
    if (!ok) {
        error = tr("cannot listen on %1:%2: %3").arg(address.toString()).arg(port).arg(error);
        if (inUse)
            error += tr(" (another debugger, such as xsbug, may be running: choose another port)");
    } else {
        error.clear();
    }
    std::lock_guard lock(m_listenMutex);
    m_port = bound;
    m_address = boundAddress;
    m_error = error;
    return ok;
}

void DebugServer::close()
{
    threadhandoff::call(m_desk, [this] { m_desk->close(); });
    std::lock_guard lock(m_listenMutex);
    m_port = 0;
}

quint16 DebugServer::port() const
{
    std::lock_guard lock(m_listenMutex);
    return m_port;
}

QHostAddress DebugServer::address() const
{
    std::lock_guard lock(m_listenMutex);
    return m_address;
}

QString DebugServer::errorString() const
{
    std::lock_guard lock(m_listenMutex);
    return m_error;
}

void DebugServer::onArrived(QTcpSocket* socket, std::shared_ptr<XsbugMessageReader> received, bool answered)
{
    auto* session = new MachineSession(socket, sessionSettings(), this);
    session->takeOver(std::move(received), answered);
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
