#include "machinesession.h"

#include "xsbugcommandwriter.h"

#include <QHostAddress>

MachineSession::MachineSession(QTcpSocket* socket, SessionSettings settings, QObject* parent)
    : QObject(parent), m_socket(socket), m_settings(std::move(settings)), m_reader(m_settings.maxMessageBytes)
{
    socket->setParent(this);
    // Bounded reads: a flooding peer is read 1 MB at a time (TCP pushes back), so one event-loop
    // iteration never handles more, and memory stays bounded by the message size limit.
    socket->setReadBufferSize(1 << 20);
    m_peer = socket->peerAddress().toString() + QLatin1Char(':') + QString::number(socket->peerPort());
    connect(socket, &QTcpSocket::readyRead, this, &MachineSession::onReadyRead);
    // Queued: the socket must not be deleted inside its own signal.
    connect(socket, &QTcpSocket::disconnected, this, &MachineSession::onDisconnected, Qt::QueuedConnection);
    m_loginTimer.setSingleShot(true);
    connect(&m_loginTimer, &QTimer::timeout, this, [this] {
        m_error = tr("%1 did not log in within %2 s").arg(m_peer).arg(m_settings.loginTimeoutMs / 1000.0);
        emit errorOccurred(m_error);
        if (m_socket)
            m_socket->abort();
        onDisconnected();
    });
    m_loginTimer.start(m_settings.loginTimeoutMs);
    if (socket->bytesAvailable() > 0)
        QTimer::singleShot(0, this, &MachineSession::onReadyRead);
}

MachineSession::~MachineSession()
{
    if (m_socket)
        m_socket->disconnect(this);
}

QString MachineSession::displayName() const
{
    return m_login.name.isEmpty() ? m_peer : m_login.name + QStringLiteral(" (") + m_peer + QLatin1Char(')');
}

const xsprof::Profile* MachineSession::profile()
{
    if (const xsprof::Profile* p = m_recorder.current())
        return p;
    return m_recorder.sessions().empty() ? nullptr : &m_recorder.sessions().back();
}

int MachineSession::profileSessionCount() const
{
    return int(const_cast<xsprof::XsProfileRecorder&>(m_recorder).sessions().size()) + (m_recorder.isRecording() ? 1 : 0);
}

void MachineSession::onReadyRead()
{
    if (!m_socket || m_state == State::Disconnected)
        return;
    const QByteArray bytes = m_socket->readAll();
    if (m_state == State::AwaitingLogin && !bytes.isEmpty())
        m_loginTimer.start(); // a slow link (a byte a second) is still alive; floods hit the reader's bounds
    const bool framed = m_reader.feed(bytes);
    bool sawLogin = false, sawProfile = false;
    for (const xsbug::Message& message : m_reader.takeMessages())
        handle(message, sawLogin, sawProfile);
    if (sawLogin && m_state == State::AwaitingLogin) {
        // xsbug's handshake, in one write: breakpoints, then profiling if asked for.
        QByteArray answer = XsbugCommandWriter::setAllBreakpoints(m_settings.breakpoints, m_settings.breakOnStart,
                                                                  m_settings.breakOnExceptions);
        if (m_settings.profileOnStart)
            answer += XsbugCommandWriter::startProfiling();
        send(answer);
        m_loginTimer.stop();
        setState(State::Running);
        emit loggedIn();
    }
    if (sawProfile) {
        ++m_profileRevision;
        emit profileUpdated();
    }
    if (!framed) {
        m_error = tr("%1: %2 after message %3; the connection was closed, everything received before is kept")
                      .arg(displayName(), m_reader.error())
                      .arg(m_reader.messageCount());
        emit errorOccurred(m_error);
        if (m_socket)
            m_socket->abort();
        onDisconnected();
    }
}

void MachineSession::handle(const xsbug::Message& message, bool& sawLogin, bool& sawProfile)
{
    if (const auto* login = std::get_if<xsbug::Login>(&message)) {
        if (m_state == State::AwaitingLogin && !sawLogin) {
            m_login = *login;
            sawLogin = true;
        }
        return;
    }
    if (m_state == State::AwaitingLogin && !sawLogin)
        return; // nothing counts before the login
    if (const auto* pt = std::get_if<xsbug::ProfileTime>(&message)) {
        const bool was = m_recorder.isRecording();
        m_recorder.onProfileTime(pt->kind.toStdString(), pt->value.toStdString());
        sawProfile = true;
        if (was != m_recorder.isRecording())
            emit profilingChanged(m_recorder.isRecording());
    } else if (const auto* pr = std::get_if<xsbug::ProfileRecord>(&message)) {
        m_recorder.onProfileRecord(pr->id, pr->name.toStdString(), pr->path.toStdString(), pr->line);
        sawProfile = true;
    } else if (const auto* ps = std::get_if<xsbug::ProfileSamples>(&message)) {
        m_recorder.onProfileSamples(ps->text);
        sawProfile = true;
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
        emit evalResult(*result);
    } else if (const auto* bubble = std::get_if<xsbug::Bubble>(&message)) {
        emit bubbled(*bubble);
    } else if (const auto* instruments = std::get_if<xsbug::Instruments>(&message)) {
        m_instruments = *instruments;
        emit instrumentsDeclared(*instruments);
    } else if (const auto* samples = std::get_if<xsbug::InstrumentSamples>(&message)) {
        emit instrumentSamples(*samples);
    }
}

void MachineSession::onDisconnected()
{
    if (m_state == State::Disconnected)
        return;
    m_loginTimer.stop();
    const bool wasProfiling = m_recorder.isRecording();
    m_recorder.finish(); // keep what was received as a finished session
    setState(State::Disconnected);
    if (wasProfiling) {
        ++m_profileRevision;
        emit profilingChanged(false);
        emit profileUpdated();
    }
    emit disconnected();
}

void MachineSession::send(const QByteArray& command)
{
    if (!m_socket || command.isEmpty() || m_state == State::Disconnected)
        return;
    qCDebug(lcXsbugWire) << "send" << command;
    m_socket->write(command);
    m_socket->flush();
}

void MachineSession::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
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
void MachineSession::setBreakpoint(const QString& path, int line) { send(XsbugCommandWriter::setBreakpoint(path, line)); }
void MachineSession::clearBreakpoint(const QString& path, int line) { send(XsbugCommandWriter::clearBreakpoint(path, line)); }
