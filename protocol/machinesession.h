#pragma once
// One connected XS machine: its socket, message reader, login handshake, state, console,
// break data and live profile. Commands are sent in single writes (xsbug-protocol.md §2.3).
#include "sessionsettings.h"
#include "xsbugmessagereader.h"
#include "xsbugmessages.h"

#include "model/xsprofilerecorder.h"

#include <QObject>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

class MachineSession : public QObject {
    Q_OBJECT

public:
    enum class State { AwaitingLogin, Running, Broken, Disconnected };
    Q_ENUM(State)

    // Takes ownership of `socket`.
    MachineSession(QTcpSocket* socket, SessionSettings settings, QObject* parent = nullptr);
    ~MachineSession() override;

    State state() const { return m_state; }
    bool isConnected() const { return m_state != State::Disconnected; }
    QString name() const { return m_login.name; }
    QString version() const { return m_login.version; }
    QString peer() const { return m_peer; }
    QString lastError() const { return m_error; }
    // "name (peer)" for messages and tab titles.
    QString displayName() const;

    // Follows the engine's <pt> messages, not the commands sent.
    bool isProfiling() const { return m_recorder.isRecording(); }
    // The profile being recorded, else the last one finished; null before any.
    const xsprof::Profile* profile();
    quint64 profileRevision() const { return m_profileRevision; }
    int profileSessionCount() const;

    const xsbug::Break& lastBreak() const { return m_break; }
    const xsbug::Frames& frames() const { return m_frames; }
    const xsbug::Local& local() const { return m_local; }
    const xsbug::Global& global() const { return m_global; }
    const xsbug::Grammar& grammar() const { return m_grammar; }
    const xsbug::Instruments& instruments() const { return m_instruments; }
    const XsbugMessageReader& reader() const { return m_reader; }

    void go();
    void step();
    void stepInside();
    void stepOutside();
    void abort();  // terminates the machine
    void logout(); // leaves it running, undebugged
    void startProfiling(); // resumes a broken machine first, as xsbug does
    void stopProfiling();
    void select(const QString& frameAddress);
    void toggle(const QString& address);
    void setBreakpoint(const QString& path, int line);
    void clearBreakpoint(const QString& path, int line);

signals:
    void loggedIn();
    void stateChanged(MachineSession::State state);
    void logged(const xsbug::Log& log);
    void broke(const xsbug::Break& at);
    void framesChanged();
    void variablesChanged();
    void evalResult(const xsbug::EvalResult& result);
    void bubbled(const xsbug::Bubble& bubble);
    void instrumentsDeclared(const xsbug::Instruments& instruments);
    void instrumentSamples(const xsbug::InstrumentSamples& samples);
    void profilingChanged(bool profiling);
    void profileUpdated();
    void errorOccurred(const QString& message);
    void disconnected();

private:
    void onReadyRead();
    void onDisconnected();
    void handle(const xsbug::Message& message, bool& sawLogin, bool& sawProfile);
    void send(const QByteArray& command);
    void setState(State state);
    void resume(const QByteArray& command);

    QPointer<QTcpSocket> m_socket;
    SessionSettings m_settings;
    XsbugMessageReader m_reader;
    xsprof::XsProfileRecorder m_recorder;
    QTimer m_loginTimer;
    State m_state = State::AwaitingLogin;
    QString m_peer;
    QString m_error;
    xsbug::Login m_login;
    xsbug::Break m_break;
    xsbug::Frames m_frames;
    xsbug::Local m_local;
    xsbug::Global m_global;
    xsbug::Grammar m_grammar;
    xsbug::Instruments m_instruments;
    quint64 m_profileRevision = 0;
};
