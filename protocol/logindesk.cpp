#include "logindesk.h"

#include "loginanswers.h"
#include "lowlatency.h"
#include "xsbugmessagereader.h"

#include <QCoreApplication>
#include <QNetworkProxy>
#include <QTcpSocket>
#include <QThread>
#include <QTimer>

#include <atomic>

namespace {
// Bytes read without a login before the connection is left to its session (which then fails
// it, or finds the login further on).
constexpr qsizetype maxBytesBeforeLogin = 1 << 20;
} // namespace

struct LoginDesk::Arrival {
    explicit Arrival(qsizetype maxMessageBytes) : reader(std::make_shared<XsbugMessageReader>(maxMessageBytes)) {}
    std::shared_ptr<XsbugMessageReader> reader; // everything read, parsed; its messages go on to the session
    qsizetype receivedBytes = 0;
    size_t scannedMessages = 0; // of reader's pending messages, those looked at for the login
    QTimer* timeout = nullptr; // a child of the socket: it may end inside its own signal
    bool handingOver = false;  // logged in: goes to its session once out of the socket's signal
    bool awaitingAnswer = false; // logged in: its answer is being compiled
    quint64 serial = 0;          // tells it from a later connection at the same address
    bool answered = false;     // its login was answered here
};

LoginDesk::LoginDesk(QThread* handOverTo) : m_handOverTo(handOverTo), m_server(this) // a child: it moves with the desk
{
    m_server.setProxy(QNetworkProxy::NoProxy);
    connect(&m_server, &QTcpServer::newConnection, this, &LoginDesk::onNewConnection);
}

LoginDesk::~LoginDesk()
{
    for (auto& [socket, arrival] : m_arrivals)
        delete socket; // its timer with it
}

bool LoginDesk::listen(const QHostAddress& address, quint16 port, QString* error, bool* addressInUse)
{
    m_server.close();
    if (m_server.listen(address, port))
        return true;
    *error = m_server.errorString();
    *addressInUse = m_server.serverError() == QAbstractSocket::AddressInUseError;
    return false;
}

void LoginDesk::close()
{
    m_server.close();
}

void LoginDesk::setAnswer(const Answer& answer)
{
    std::lock_guard lock(m_mutex);
    m_answer = answer;
}

LoginDesk::Answer LoginDesk::answer() const
{
    std::lock_guard lock(m_mutex);
    return m_answer;
}

void LoginDesk::onNewConnection()
{
    const Answer now = answer();
    while (QTcpSocket* socket = m_server.nextPendingConnection()) {
        socket->setParent(nullptr); // owned by the desk's list, then by the session
        LowLatency::configure(socket);
        auto arrival = std::make_unique<Arrival>(now.maxMessageBytes);
        arrival->timeout = new QTimer(socket);
        arrival->timeout->setSingleShot(true);
        connect(arrival->timeout, &QTimer::timeout, this, [this, socket, ms = now.loginTimeoutMs] {
            const QString peer = socket->peerAddress().toString() + QLatin1Char(':') + QString::number(socket->peerPort());
            m_arrivals.erase(socket);
            socket->disconnect(this);
            socket->abort();
            socket->deleteLater();
            emit rejected(tr("%1 did not log in within %2 s").arg(peer).arg(ms / 1000.0));
        });
        arrival->timeout->start(now.loginTimeoutMs);
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        // Queued: the socket must not be handed over inside its own signal.
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] { handOver(socket, false); }, Qt::QueuedConnection);
        m_arrivals.emplace(socket, std::move(arrival));
        if (socket->bytesAvailable() > 0)
            onReadyRead(socket);
    }
}

void LoginDesk::onReadyRead(QTcpSocket* socket)
{
    const auto it = m_arrivals.find(socket);
    if (it == m_arrivals.end())
        return;
    Arrival& arrival = *it->second;
    const QByteArray bytes = socket->readAll();
    LowLatency::afterRead(socket);
    arrival.receivedBytes += bytes.size();
    const bool framed = arrival.reader->feed(bytes);
    if (arrival.handingOver || arrival.awaitingAnswer)
        return; // what follows the login goes to the session with it
    arrival.timeout->start(); // a slow link (a byte a second) is still alive
    const std::vector<xsbug::Message>& messages = arrival.reader->pendingMessages();
    for (; arrival.scannedMessages < messages.size(); ++arrival.scannedMessages) {
        const auto* login = std::get_if<xsbug::Login>(&messages[arrival.scannedMessages]);
        if (!login)
            continue;
        const std::shared_ptr<LoginAnswers> answers = answer().answers;
        if (!answers) {
            handOverLater(socket, arrival, false);
        } else if (const auto now = answers->answerNow(login->version)) {
            socket->write(now->bytes);
            socket->flush();
            handOverLater(socket, arrival, true);
        } else {
            answerLater(socket, arrival, *answers, login->version);
        }
        return;
    }
    if (!framed || arrival.receivedBytes > maxBytesBeforeLogin)
        handOverLater(socket, arrival, false); // the session says why it ends
}

// Moving the socket to the session's thread inside its own readyRead would race with what
// QIODevice still does after the slot returns: the hand-over waits for the event loop.
void LoginDesk::handOverLater(QTcpSocket* socket, Arrival& arrival, bool answered)
{
    arrival.handingOver = true;
    arrival.answered = answered;
    arrival.timeout->stop();
    QMetaObject::invokeMethod(this, [this, socket, answered] { handOver(socket, answered); }, Qt::QueuedConnection);
}

// The machine waits for its conditions and log points to be compiled (at most
// SessionSettings::loginCompileTimeoutMs); so does what it sends meanwhile.
void LoginDesk::answerLater(QTcpSocket* socket, Arrival& arrival, LoginAnswers& answers, const QString& version)
{
    static std::atomic<quint64> serials{0};
    arrival.serial = ++serials;
    arrival.awaitingAnswer = true;
    arrival.timeout->stop();
    answers.answer(version, this, [this, socket, serial = arrival.serial](const LoginAnswer& answer) {
        const auto it = m_arrivals.find(socket);
        if (it == m_arrivals.end() || it->second->serial != serial)
            return; // gone meanwhile: its session answers, or knows it left
        socket->write(answer.bytes);
        socket->flush();
        handOverLater(socket, *it->second, true);
    });
}

void LoginDesk::handOver(QTcpSocket* socket, bool answered)
{
    const auto it = m_arrivals.find(socket);
    if (it == m_arrivals.end())
        return;
    std::shared_ptr<XsbugMessageReader> received = std::move(it->second->reader);
    answered = answered || it->second->answered; // a disconnection may come first
    delete it->second->timeout; // not to fire on the other thread
    m_arrivals.erase(it);
    socket->disconnect(this);
    socket->moveToThread(m_handOverTo);
    emit arrived(socket, std::move(received), answered);
}
