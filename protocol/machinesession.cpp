#include "machinesession.h"

#include "loginanswers.h"
#include "lowlatency.h"
#include "sessionexpressions.h"
#include "xsbugcommandwriter.h"
#include "xsccompiler.h"

#include <QCoreApplication>
#include <QDateTime>
#include <QDir>

#include <atomic>

#include <QHostAddress>
#include <QThreadPool>

#include <chrono>
#include <condition_variable>
#include <deque>
#include <utility>

namespace {
// Above this many bytes waiting for the worker, reading stops and TCP pushes back.
constexpr qsizetype maxQueuedBytes = 8 << 20;
} // namespace

// What the session and its worker share. Chunks are parsed in order, one task at a time,
// on the global thread pool; each result is queued to the session while it lives.
struct MachineSession::Pipeline {
    explicit Pipeline(qsizetype maxMessageBytes) : parser(maxMessageBytes) {}

    static void drain(const std::shared_ptr<Pipeline>& pipeline);

    SessionParser parser; // used by one task at a time; its profile is behind a lock
    std::mutex mutex;     // guards what follows
    std::condition_variable idle; // notified when draining stops
    std::deque<QByteArray> input;
    qsizetype queuedBytes = 0;
    bool finishRequested = false;
    bool draining = false;
    MachineSession* owner = nullptr; // null once the session is gone
};

void MachineSession::Pipeline::drain(const std::shared_ptr<Pipeline>& pipeline)
{
    bool journalFlushed = false;
    for (;;) {
        QByteArray chunk;
        bool finish = false;
        {
            std::lock_guard lock(pipeline->mutex);
            if (!pipeline->input.empty()) {
                chunk = std::move(pipeline->input.front());
                pipeline->input.pop_front();
            } else if (pipeline->finishRequested) {
                pipeline->finishRequested = false;
                finish = true;
            } else if (journalFlushed) {
                pipeline->draining = false;
                pipeline->idle.notify_all();
                return;
            }
        }
        if (chunk.isEmpty() && !finish) {
            // Idle: what arrived goes to the kernel at once, outside the lock, so that the
            // socket's reader never waits for a write; then look for more input once more.
            pipeline->parser.flushJournal();
            journalFlushed = true;
            continue;
        }
        journalFlushed = false;
        auto result = std::make_shared<const SessionParser::Result>(finish ? pipeline->parser.finish()
                                                                           : pipeline->parser.feed(chunk));
        std::lock_guard lock(pipeline->mutex);
        pipeline->queuedBytes -= chunk.size();
        // Posted under the lock: the session's destructor cannot run between the check and the post.
        if (MachineSession* owner = pipeline->owner)
            QMetaObject::invokeMethod(owner, [owner, result] { owner->onParsed(*result); }, Qt::QueuedConnection);
    }
}

MachineSession::MachineSession(QTcpSocket* socket, SessionSettings settings, QObject* parent)
    : Debuggee(parent), m_socket(socket), m_settings(std::move(settings)),
      m_pipeline(std::make_shared<Pipeline>(m_settings.maxMessageBytes))
{
    // Bounded reads: a flooding peer is read 1 MB at a time (TCP pushes back), and no more is
    // read while the worker has maxQueuedBytes to parse.
    socket->setReadBufferSize(1 << 20);
    LowLatency::configure(socket);
    m_peer = socket->peerAddress().toString() + QLatin1Char(':') + QString::number(socket->peerPort());
    // Queued: the socket must not be deleted inside its own signal.
    connect(socket, &QTcpSocket::disconnected, this, &MachineSession::onDisconnected, Qt::QueuedConnection);
    startReading(socket);
    if (socket->state() == QAbstractSocket::UnconnectedState) // gone before it was handed over
        QTimer::singleShot(0, this, &MachineSession::onDisconnected);
}

MachineSession::MachineSession(QIODevice* device, const QString& peer, SessionSettings settings, QObject* parent)
    : Debuggee(parent), m_socket(device), m_settings(std::move(settings)),
      m_pipeline(std::make_shared<Pipeline>(m_settings.maxMessageBytes))
{
    m_peer = peer;
    connect(device, &QIODevice::readChannelFinished, this, &MachineSession::onDisconnected, Qt::QueuedConnection);
    startReading(device);
}

void MachineSession::startReading(QIODevice* socket)
{
    m_pipeline->owner = this;
    m_expressions = new SessionExpressions(this, m_settings.xscPath, this);
    connect(m_expressions, &SessionExpressions::evaluated, this, &Debuggee::evaluated);
    connect(m_expressions, &SessionExpressions::evalFailed, this, &Debuggee::evalFailed);
    connect(m_expressions, &SessionExpressions::breakpointNotSent, this, &Debuggee::breakpointNotSent);
    socket->setParent(this);
    if (!m_settings.journalDirectory.isEmpty()) {
        // One journal per connection, named so that the oldest sorts first.
        static std::atomic<int> counter{0};
        const QString name = QStringLiteral("%1-%2-%3.xsj")
                                 .arg(QDateTime::currentDateTimeUtc().toString(QStringLiteral("yyyyMMdd-HHmmss-zzz")))
                                 .arg(QCoreApplication::applicationPid())
                                 .arg(counter++);
        QDir().mkpath(m_settings.journalDirectory);
        m_pipeline->parser.setJournal(QDir(m_settings.journalDirectory).filePath(name)); // made with the first samples
    }
    connect(socket, &QIODevice::readyRead, this, &MachineSession::onReadyRead);
    m_loginTimer.setSingleShot(true);
    connect(&m_loginTimer, &QTimer::timeout, this, [this] {
        m_error = tr("%1 did not log in within %2 s").arg(m_peer).arg(m_settings.loginTimeoutMs / 1000.0);
        emit errorOccurred(m_error);
        abortDevice();
        onDisconnected();
    });
    m_loginTimer.start(m_settings.loginTimeoutMs);
    if (socket->bytesAvailable() > 0)
        QTimer::singleShot(0, this, &MachineSession::onReadyRead);
}

void MachineSession::takeOver(std::shared_ptr<XsbugMessageReader> reader, bool loginAnswered)
{
    m_loginAnswered = loginAnswered;
    // Nothing else uses the parser yet: its messages are taken here (no parsing left to do).
    m_pipeline->parser.adoptReader(std::move(*reader));
    auto result = std::make_shared<const SessionParser::Result>(m_pipeline->parser.feed(QByteArray()));
    QMetaObject::invokeMethod(this, [this, result] { onParsed(*result); }, Qt::QueuedConnection);
}

QByteArray MachineSession::immediateLoginAnswer(const SessionSettings& settings)
{
    return LoginAnswers::expressionsOf(settings).isEmpty() ? LoginAnswers::handshake(settings, {}) : QByteArray();
}

MachineSession::~MachineSession()
{
    {
        std::lock_guard lock(m_pipeline->mutex);
        m_pipeline->owner = nullptr;
        m_pipeline->input.clear(); // nobody will read the results
    }
    if (m_socket)
        m_socket->disconnect(this);
}

QString MachineSession::inspectedFrame() const
{
    // <local value> follows the frame selected in the call stack.
    if (!m_local.address.isEmpty())
        return m_local.address;
    return m_frames.frames.isEmpty() ? QString() : m_frames.frames.first().address;
}

void MachineSession::evaluate(const QString& expression)
{
    m_expressions->evaluate(expression);
}

QString MachineSession::compilerPath() const
{
    return m_expressions->compiler()->isAvailable() ? m_expressions->compiler()->path() : QString();
}

QString MachineSession::displayName() const
{
    return m_login.name.isEmpty() ? m_peer : m_login.name + QStringLiteral(" (") + m_peer + QLatin1Char(')');
}

std::shared_ptr<xsprof::Profile> MachineSession::profileSnapshot() const
{
    return m_pipeline->parser.profileSnapshot();
}

std::function<std::shared_ptr<const xsprof::Profile>()> MachineSession::profileSource() const
{
    return [pipeline = m_pipeline] { return pipeline->parser.profileSnapshot(); };
}

std::vector<SessionParser::SessionSummary> MachineSession::finishedProfiles() const
{
    return m_pipeline->parser.finishedSessions();
}

std::shared_ptr<xsprof::Profile> MachineSession::finishedProfile(int index) const
{
    return m_pipeline->parser.finishedSession(index);
}

std::vector<SessionParser::SessionSummary> MachineSession::profileSummaries() const
{
    return m_pipeline->parser.allSessions();
}

QString MachineSession::journalPath() const
{
    return m_pipeline->parser.journalPath();
}

bool MachineSession::hasProfile() const
{
    return m_pipeline->parser.hasProfile();
}

int MachineSession::profileSessionCount() const
{
    return m_pipeline->parser.profileSessionCount();
}

qsizetype MachineSession::bytesWaitingForParser() const
{
    std::lock_guard lock(m_pipeline->mutex);
    return m_pipeline->queuedBytes;
}

bool MachineSession::catchUp(int timeoutMs)
{
    if (m_socket && !m_finishing && m_socket->bytesAvailable() > 0)
        post(m_socket->readAll());
    std::unique_lock lock(m_pipeline->mutex);
    return m_pipeline->idle.wait_for(lock, std::chrono::milliseconds(timeoutMs),
                                     [this] { return !m_pipeline->draining && m_pipeline->input.empty(); });
}

void MachineSession::post(const QByteArray& bytes)
{
    std::lock_guard lock(m_pipeline->mutex);
    if (!bytes.isEmpty()) {
        m_pipeline->input.push_back(bytes);
        m_pipeline->queuedBytes += bytes.size();
    }
    if (!m_pipeline->draining && (!m_pipeline->input.empty() || m_pipeline->finishRequested)) {
        m_pipeline->draining = true;
        QThreadPool::globalInstance()->start([pipeline = m_pipeline] { Pipeline::drain(pipeline); });
    }
}

void MachineSession::onReadyRead()
{
    if (!m_socket || m_finishing)
        return;
    {
        std::lock_guard lock(m_pipeline->mutex);
        m_readPaused = m_pipeline->queuedBytes > maxQueuedBytes;
    }
    if (m_readPaused) {
        ++m_readPauses;
        return; // onParsed() reads again when the worker has caught up
    }
    if (m_socket->bytesAvailable() <= 0)
        return;
    if (m_state == State::AwaitingLogin)
        m_loginTimer.start(); // a slow link (a byte a second) is still alive; floods hit the reader's bounds
    // In pieces below malloc's mmap threshold: a 1 MB block per read would be mapped and
    // unmapped each time, the kernel zeroing its pages (a fifth of the CPU of a fast stream).
    constexpr qsizetype readPieceBytes = 64 << 10;
    while (m_socket->bytesAvailable() > 0) {
        const QByteArray bytes = m_socket->read(readPieceBytes);
        if (bytes.isEmpty())
            break;
        post(bytes);
    }
    if (auto* tcp = qobject_cast<QTcpSocket*>(m_socket.data()))
        LowLatency::afterRead(tcp);
}

void MachineSession::onParsed(const SessionParser::Result& result)
{
    if (m_state == State::Disconnected)
        return;
    if (m_awaitingAdmission || m_deliveryHeld) {
        m_held.push_back(result);
        return;
    }
    // The rest of `result` after event `i` waits, before anything that came later.
    const auto holdRest = [this, &result](size_t i) {
        SessionParser::Result rest = result;
        rest.events.erase(rest.events.begin(), rest.events.begin() + std::ptrdiff_t(i) + 1);
        m_held.push_front(std::move(rest));
    };
    bool sawLogin = false;
    for (size_t i = 0; i < result.events.size(); ++i) {
        handle(result.events[i], sawLogin);
        if (sawLogin && m_state == State::AwaitingLogin) {
            // Logged in at once, before the messages that came with the login: whoever shows
            // this machine (its tab, the shared console under its numbered label) sees them all.
            if (m_admission && !m_admission(this)) {
                m_awaitingAdmission = true;
                m_loginTimer.stop();
                holdRest(i); // waits for admit()
                return;
            }
            completeLogin();
        }
        if (m_deliveryHeld) { // a signal's receiver is moving the session elsewhere
            holdRest(i);
            return;
        }
    }
    if (result.profileChanged && !result.finished) {
        ++m_profileRevision;
        emit profileUpdated();
    }
    if (result.failed) {
        if (name().isEmpty()) // never an XS machine: nothing to keep, and a short reason
            fail(tr("%1, before any login: %2").arg(m_peer, result.error));
        else
            fail(tr("%1: %2 after message %3; the connection was closed, everything received before is kept")
                     .arg(displayName(), result.error)
                     .arg(result.messageCount));
        return;
    }
    if (result.finished) {
        // Everything received has been parsed: now the machine is gone.
        setState(State::Disconnected);
        if (result.wasRecording) {
            m_profiling = false;
            ++m_profileRevision;
            emit profilingChanged(false);
            emit profileUpdated();
        }
        emit disconnected();
        return;
    }
    if (m_readPaused)
        QTimer::singleShot(0, this, &MachineSession::onReadyRead);
}

void MachineSession::admit()
{
    if (!m_awaitingAdmission)
        return;
    m_awaitingAdmission = false;
    QPointer<MachineSession> alive(this);
    completeLogin();
    if (alive)
        deliverHeld();
}

void MachineSession::resumeDelivery()
{
    if (!m_deliveryHeld)
        return;
    m_deliveryHeld = false;
    deliverHeld();
}

void MachineSession::deliverHeld()
{
    QPointer<MachineSession> alive(this);
    while (alive && !m_awaitingAdmission && !m_deliveryHeld && !m_held.empty()) {
        const SessionParser::Result result = std::move(m_held.front());
        m_held.pop_front();
        onParsed(result);
    }
}

void MachineSession::completeLogin()
{
    // xsbug's handshake, in one write: breakpoints (those with a condition or log message
    // compiled), then profiling if asked for; unless the server answered already.
    const QString version = m_login.version;
    if (!m_loginAnswered) {
        const quint64 place = reserveCommand(); // the machine waits; so do other commands
        loginAnswers()->answer(version, this, [this, place](const LoginAnswer& answer) {
            fillCommand(place, answer.bytes);
            m_expressions->reportNotSent(answer.notSent);
        });
    } else if (const auto answer = loginAnswers()->answerNow(version); answer && !answer->notSent.isEmpty()) {
        // What the server's answer left out is said once the machine is announced.
        QTimer::singleShot(0, m_expressions, [this, notSent = answer->notSent] { m_expressions->reportNotSent(notSent); });
    }
    m_loginTimer.stop();
    setState(State::Running);
    emit loggedIn();
}

std::shared_ptr<LoginAnswers> MachineSession::loginAnswers()
{
    if (!m_settings.loginAnswers) {
        m_settings.loginAnswers = std::make_shared<LoginAnswers>();
        m_settings.loginAnswers->setSettings(m_settings);
    }
    return m_settings.loginAnswers;
}

void MachineSession::handle(const SessionParser::Event& event, bool& sawLogin)
{
    const xsbug::Message& message = event.message;
    if (const auto* login = std::get_if<xsbug::Login>(&message)) {
        if (m_state == State::AwaitingLogin && !sawLogin) {
            m_login = *login;
            sawLogin = true;
        }
        return;
    }
    if (m_state == State::AwaitingLogin && !sawLogin)
        return; // nothing counts before the login
    if (std::holds_alternative<xsbug::ProfileTime>(message)) {
        if (event.recording != m_profiling) {
            m_profiling = event.recording;
            emit profilingChanged(m_profiling);
        }
    } else if (const auto* log = std::get_if<xsbug::Log>(&message)) {
        emit logged(*log);
    } else if (const auto* frames = std::get_if<xsbug::Frames>(&message)) {
        m_frames = *frames;
        emit framesChanged();
    } else if (const auto* local = std::get_if<xsbug::Local>(&message)) {
        m_local = *local;
        emit variablesChanged();
    } else if (const auto* global = std::get_if<xsbug::Global>(&message)) {
        m_global = *global;
        emit variablesChanged();
    } else if (const auto* grammar = std::get_if<xsbug::Grammar>(&message)) {
        m_grammar = *grammar;
        emit variablesChanged();
    } else if (const auto* at = std::get_if<xsbug::Break>(&message)) {
        m_break = *at;
        setState(State::Broken);
        emit broke(*at);
    } else if (const auto* result = std::get_if<xsbug::EvalResult>(&message)) {
        m_expressions->takeResult(*result);
    } else if (const auto* bubble = std::get_if<xsbug::Bubble>(&message)) {
        emit bubbled(*bubble);
    } else if (const auto* source = std::get_if<xsbug::EvalSource>(&message)) {
        emit evalSourced(*source);
    } else if (const auto* instruments = std::get_if<xsbug::Instruments>(&message)) {
        m_instruments = *instruments;
        m_instrumentHistory.clear(); // a new declaration restarts the history (xsbug-protocol.md §7.3)
        emit instrumentsDeclared(*instruments);
    } else if (const auto* samples = std::get_if<xsbug::InstrumentSamples>(&message)) {
        m_instrumentHistory.push_back(*samples);
        if (m_instrumentHistory.size() > instrumentHistoryLimit)
            m_instrumentHistory.pop_front();
        emit instrumentSamples(*samples);
    }
}

void MachineSession::fail(const QString& error)
{
    m_error = error;
    emit errorOccurred(m_error);
    abortDevice();
    onDisconnected();
}

void MachineSession::abortDevice()
{
    if (auto* tcp = qobject_cast<QTcpSocket*>(m_socket.data()))
        tcp->abort();
    else if (m_socket)
        m_socket->close();
}

// The socket is gone (or given up): what it had is parsed, then the session finishes.
void MachineSession::onDisconnected()
{
    if (m_finishing || m_state == State::Disconnected)
        return;
    m_finishing = true;
    m_loginTimer.stop();
    if (m_socket && m_socket->bytesAvailable() > 0)
        post(m_socket->readAll()); // held back while the worker was behind
    {
        std::lock_guard lock(m_pipeline->mutex);
        m_pipeline->finishRequested = true;
    }
    post({});
}

void MachineSession::send(const QByteArray& command)
{
    if (!m_socket || command.isEmpty() || m_state == State::Disconnected)
        return;
    if (!m_outbox.empty()) {
        m_outbox.push_back({0, command});
        return;
    }
    write(command);
}

quint64 MachineSession::reserveCommand()
{
    m_outbox.push_back({++m_lastPlace, {}});
    return m_lastPlace;
}

void MachineSession::fillCommand(quint64 place, const QByteArray& command)
{
    for (Outgoing& outgoing : m_outbox) {
        if (outgoing.place == place) {
            outgoing = {0, command};
            break;
        }
    }
    QByteArray ready; // in one write, as a login answer must be
    while (!m_outbox.empty() && m_outbox.front().place == 0) {
        ready += m_outbox.front().bytes;
        m_outbox.pop_front();
    }
    if (!ready.isEmpty() && m_socket && m_state != State::Disconnected)
        write(ready);
}

void MachineSession::write(const QByteArray& bytes)
{
    qCDebug(lcXsbugWire) << "send" << bytes;
    m_socket->write(bytes);
    if (auto* tcp = qobject_cast<QTcpSocket*>(m_socket.data()))
        tcp->flush();
}

void MachineSession::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    m_expressions->stateChanged();
    emit stateChanged(state);
}

void MachineSession::resume(const QByteArray& command)
{
    send(command);
    if (m_state == State::Broken)
        setState(State::Running);
}

void MachineSession::go() { resume(XsbugCommandWriter::go()); }
void MachineSession::step() { resume(XsbugCommandWriter::step()); }
void MachineSession::stepInside() { resume(XsbugCommandWriter::stepInside()); }
void MachineSession::stepOutside() { resume(XsbugCommandWriter::stepOutside()); }
void MachineSession::abort() { send(XsbugCommandWriter::abort()); }
void MachineSession::logout() { send(XsbugCommandWriter::logout()); }
// As xsbug's stopwatch: <go/> first, in the same write. A start-profiling handled while broken
// makes the engine send `start` then a `resume` without `suspend`, and shift its sampling
// clock by an uninitialised time (xsbug-protocol.md §6.1).
void MachineSession::startProfiling() { resume(XsbugCommandWriter::go() + XsbugCommandWriter::startProfiling()); }
void MachineSession::stopProfiling() { send(XsbugCommandWriter::stopProfiling()); }
void MachineSession::select(const QString& frameAddress) { send(XsbugCommandWriter::select(frameAddress)); }
void MachineSession::toggle(const QString& address) { send(XsbugCommandWriter::toggle(address)); }
void MachineSession::setBreakpoint(const Breakpoint& b)
{
    if (b.needsCompiler())
        m_expressions->setBreakpoint(b);
    else
        send(XsbugCommandWriter::setBreakpoint(b));
}
void MachineSession::clearBreakpoint(const Breakpoint& b) { send(XsbugCommandWriter::clearBreakpoint(b)); }
void MachineSession::setSpecialBreakpoint(const QString& name) { send(XsbugCommandWriter::setSpecialBreakpoint(name)); }
void MachineSession::clearSpecialBreakpoint(const QString& name) { send(XsbugCommandWriter::clearSpecialBreakpoint(name)); }
