#pragma once
// One connected XS machine: its socket, login handshake, state, console, break data and live
// profile. The bytes it receives are parsed, and the profile recorded, on a worker thread
// (SessionParser, one chunk at a time, in order); the GUI thread gets the other messages.
// Commands are sent in single writes (xsbug-protocol.md §2.3). Debuggers see it as a Debuggee.
#include "debuggee.h"
#include "sessionexpressions.h"
#include "sessionparser.h"
#include "sessionsettings.h"
#include "xsbugmessages.h"

#include <QObject>
#include <QPointer>
#include <QTcpSocket>
#include <QTimer>

#include <deque>
#include <functional>
#include <memory>

class LoginAnswers;

class MachineSession : public Debuggee, private SessionExpressions::Host {
    Q_OBJECT

public:

    // Takes ownership of `socket`.
    MachineSession(QTcpSocket* socket, SessionSettings settings, QObject* parent = nullptr);
    // Any other stream (a machine of a serial port): takes ownership of `device`, which ends
    // with readChannelFinished; `peer` names where it is ("/dev/ttyUSB0 3FFB1A2C").
    MachineSession(QIODevice* device, const QString& peer, SessionSettings settings, QObject* parent = nullptr);
    ~MachineSession() override;

    State state() const override { return m_state; }
    QString name() const override { return m_login.name; }
    QString version() const override { return m_login.version; }
    QString peer() const { return m_peer; }
    QString lastError() const { return m_error; }
    QString displayName() const override;

    // Follows the engine's <pt> messages, not the commands sent.
    bool isProfiling() const { return m_profiling; }
    // A copy of the profile being recorded, else of the last one finished; null before any.
    // Everything parsed so far, which may be ahead of the messages signalled.
    std::shared_ptr<xsprof::Profile> profileSnapshot() const;
    // profileSnapshot() as a function safe to call on any thread, even after the session is gone.
    std::function<std::shared_ptr<const xsprof::Profile>()> profileSource() const;
    bool hasProfile() const;
    // The crash-safety journal of this connection (SessionSettings::journalDirectory), or "".
    QString journalPath() const;
    // Profiling sessions already stopped (start..stop), oldest first, and a copy of one.
    std::vector<SessionParser::SessionSummary> finishedProfiles() const;
    std::shared_ptr<xsprof::Profile> finishedProfile(int index) const;
    // finishedProfiles() and, last, the session being recorded.
    std::vector<SessionParser::SessionSummary> profileSummaries() const;
    // Blocks until everything received so far (the socket's buffer included) is parsed, for
    // a last snapshot (`listen` at SIGINT); false when that takes longer than `timeoutMs`.
    bool catchUp(int timeoutMs);
    quint64 profileRevision() const { return m_profileRevision; }
    // Times reading stopped because the worker had too much to parse (TCP then holds the rest).
    int readPauses() const { return m_readPauses; }

    // The handshake of `settings` when no breakpoint needs compiling; else empty (LoginAnswers
    // answers then).
    static QByteArray immediateLoginAnswer(const SessionSettings& settings);
    // What answers this machine's login and compiles its breakpoints: the server's, shared by
    // its machines, else one of its own.
    std::shared_ptr<LoginAnswers> loginAnswers() override;
    // Set by the server before anything is parsed: `reader` was fed everything that came before
    // the socket was handed over (its messages not taken), and the login in it was answered
    // already when `loginAnswered`. The session parses on with it: nothing is parsed twice.
    void takeOver(std::shared_ptr<XsbugMessageReader> reader, bool loginAnswered);

    // Set by the server: asked at the login whether the machine may be announced now. When
    // not, the session waits for admit(), keeping what came after the login in order, so that
    // whoever shows the machine sees every message (the server admits one machine per turn
    // of the event loop: fifty logging in at once do not freeze a window).
    void setAdmission(std::function<bool(MachineSession*)> mayEnterNow) { m_admission = std::move(mayEnterNow); }
    void admit();
    // Stops handing parsed messages out until resumeDelivery() (they wait, in order), so that the
    // session can move to another thread (moveToThread, from its own) between two messages and
    // whoever takes it there connects first and misses nothing. Safe inside any of its signals.
    void holdDelivery() { m_deliveryHeld = true; }
    // On the session's thread: hands out what waited, then goes on as before.
    void resumeDelivery();
    // Bytes received and not yet parsed.
    qsizetype bytesWaitingForParser() const;
    int profileSessionCount() const;

    const xsbug::Break& lastBreak() const override { return m_break; }
    const xsbug::Frames& frames() const override { return m_frames; }
    const xsbug::Local& local() const override { return m_local; }
    const xsbug::Global& global() const override { return m_global; }
    const xsbug::Grammar& grammar() const override { return m_grammar; }
    const xsbug::Instruments& instruments() const { return m_instruments; }
    // The instruments' samples since their declaration, the newest instrumentHistoryLimit: a
    // panel made later (a Worker held before its tab) starts with what came before it.
    const std::deque<xsbug::InstrumentSamples>& instrumentHistory() const { return m_instrumentHistory; }
    static constexpr size_t instrumentHistoryLimit = 3600; // an hour at xsbug's one a second

    void go() override;
    void step() override;
    void stepInside() override;
    void stepOutside() override;
    void abort() override;
    void logout() override;
    void startProfiling(); // resumes a broken machine first, as xsbug does
    void stopProfiling();
    void select(const QString& frameAddress) override;
    void toggle(const QString& address) override;
    // A breakpoint with a condition or log message is compiled first (expressions()).
    void setBreakpoint(const Breakpoint& breakpoint) override;
    void clearBreakpoint(const Breakpoint& breakpoint) override;
    void setSpecialBreakpoint(const QString& name) override;
    void clearSpecialBreakpoint(const QString& name) override;
    void evaluate(const QString& expression) override;
    QString compilerPath() const override;
    // Compiled evaluations and breakpoints for this machine (console, conditions, log points).
    SessionExpressions* expressions() const { return m_expressions; }
    // One command as built by XsbugCommandWriter. Commands go in the order given: one sent
    // while an earlier one is still being built (compiled) waits for it.
    void sendCommand(const QByteArray& command) override { send(command); }
    // A place in that order for a command being built; fillCommand() sends it (empty: nothing),
    // then whatever waited behind it.
    quint64 reserveCommand() override;
    void fillCommand(quint64 place, const QByteArray& command) override;

signals:
    void loggedIn();
    void instrumentsDeclared(const xsbug::Instruments& instruments);
    void instrumentSamples(const xsbug::InstrumentSamples& samples);
    void profilingChanged(bool profiling);
    void profileUpdated();
    void errorOccurred(const QString& message);

private:
    bool isBroken() const override { return m_state == State::Broken; }
    QString inspectedFrame() const override;
    struct Pipeline;
    void onReadyRead();
    void onDisconnected();
    void post(const QByteArray& bytes);
    void onParsed(const SessionParser::Result& result);
    void completeLogin();
    void deliverHeld(); // what waited for admission or a hold, in order, until held again
    void handle(const SessionParser::Event& event, bool& sawLogin);
    void fail(const QString& error);
    void send(const QByteArray& command);
    void write(const QByteArray& bytes);
    void setState(State state);
    void resume(const QByteArray& command);

    void startReading(QIODevice* device); // what both constructors share
    void abortDevice();

    QPointer<QIODevice> m_socket;
    SessionSettings m_settings;
    std::shared_ptr<Pipeline> m_pipeline; // shared with the worker, which may outlive us
    bool m_profiling = false;
    bool m_finishing = false;  // the input has ended: waiting for the worker to finish
    bool m_readPaused = false; // the worker is behind: TCP holds the rest
    int m_readPauses = 0;
    QTimer m_loginTimer{this}; // a child: it moves to another thread with the session
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
    std::deque<xsbug::InstrumentSamples> m_instrumentHistory;
    quint64 m_profileRevision = 0;
    SessionExpressions* m_expressions = nullptr;
    bool m_loginAnswered = false;  // by the server, before the session was made
    std::function<bool(MachineSession*)> m_admission;
    bool m_awaitingAdmission = false;
    bool m_deliveryHeld = false;
    std::deque<SessionParser::Result> m_held; // parsed while awaiting admission, in order
    struct Outgoing {
        quint64 place = 0; // 0: ready
        QByteArray bytes;
    };
    std::deque<Outgoing> m_outbox; // behind a command being built, in order
    quint64 m_lastPlace = 0;
};
