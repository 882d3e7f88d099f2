#pragma once
// Where XS machines are received: accepts their connections and answers their logins on a
// thread of its own, so that a machine waiting for that answer (a Moddable app's
// `new Worker()` waits with it) never waits for the window, whatever the window is doing.
// Then it hands the connection, with every byte read so far, over to the thread that made it
// (DebugServer makes a MachineSession of it). A login whose answer needs breakpoints compiled
// waits for LoginAnswers, on no thread of the window's.
#include <QByteArray>
#include <QHostAddress>
#include <QObject>
#include <QTcpServer>

#include <memory>
#include <mutex>

#include <unordered_map>

class LoginAnswers;
class QTcpSocket;
class XsbugMessageReader;
class QThread;

class LoginDesk : public QObject {
    Q_OBJECT

public:
    struct Answer {
        std::shared_ptr<LoginAnswers> answers; // what logins are answered with; null: the session answers
        int loginTimeoutMs = 10000;
        qsizetype maxMessageBytes = 64 << 20;
    };

    // `handOverTo`: the thread arrived() connections belong to.
    explicit LoginDesk(QThread* handOverTo);
    ~LoginDesk() override;

    // On the desk's thread.
    bool listen(const QHostAddress& address, quint16 port, QString* error, bool* addressInUse);
    void close();
    quint16 port() const { return m_server.serverPort(); }
    QHostAddress address() const { return m_server.serverAddress(); }

    // Any thread: what logins are answered with from now on.
    void setAnswer(const Answer& answer);

signals:
    // Both said on the desk's thread: connect directly and hand over with threadhandoff::post
    // (a queued signal's arguments cross threads unseen by ThreadSanitizer).
    // `socket` (now on the hand-over thread, without parent) logged in or ended before it:
    // `received` was fed everything read from it so far and holds its messages, the login
    // first (parsed once: the session parses on with it); `answered` says the login was answered.
    void arrived(QTcpSocket* socket, std::shared_ptr<XsbugMessageReader> received, bool answered);
    void rejected(const QString& reason);

private:
    struct Arrival;
    void onNewConnection();
    void onReadyRead(QTcpSocket* socket);
    void handOver(QTcpSocket* socket, bool answered);
    void handOverLater(QTcpSocket* socket, Arrival& arrival, bool answered);
    void answerLater(QTcpSocket* socket, Arrival& arrival, LoginAnswers& answers, const QString& version);
    Answer answer() const;

    QThread* m_handOverTo;
    QTcpServer m_server;
    std::unordered_map<QTcpSocket*, std::unique_ptr<Arrival>> m_arrivals;
    mutable std::mutex m_mutex; // guards m_answer
    Answer m_answer;
};
