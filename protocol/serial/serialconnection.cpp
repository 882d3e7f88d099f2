#include "protocol/serial/serialconnection.h"

#include "protocol/serial/serialmachinechannel.h"

#include <QDateTime>
#include <QFileInfo>

namespace {

QString hex8(quint32 id)
{
    return QStringLiteral("%1").arg(id, 8, 16, QLatin1Char('0')).toUpper();
}

} // namespace

SerialConnection::SerialConnection(const SerialPortSpec& spec, QObject* parent)
    : QObject(parent), m_spec(spec), m_port(new QSerialPort(this))
{
    connect(m_port, &QSerialPort::readyRead, this, &SerialConnection::onReadyRead);
    connect(m_port, &QSerialPort::errorOccurred, this, &SerialConnection::onError);
    m_idle.setSingleShot(true);
    connect(&m_idle, &QTimer::timeout, this, [this] { dispatch(m_demux.flushIdle()); });
    m_stall.setSingleShot(true);
    connect(&m_stall, &QTimer::timeout, this, &SerialConnection::onStall);
    connect(&m_reconnect, &QTimer::timeout, this, &SerialConnection::tryReconnect);
}

SerialConnection::~SerialConnection()
{
    failPending(tr("the port was closed"));
}

bool SerialConnection::open(WhenAbsent whenAbsent)
{
    m_stallCount = 0;
    if (openPort()) {
        startOpened();
        return true;
    }
    if (whenAbsent == WhenAbsent::Fail || !m_portAbsent)
        return false;
    note(tr("Waiting for the port to appear: %1").arg(m_error));
    m_neverOpened = true;
    setState(State::WaitingForPort);
    m_reconnect.start(m_options.reconnectIntervalMs);
    return true;
}

void SerialConnection::startOpened()
{
    note(tr("Connected to %1.").arg(m_spec.describe()));
    if (m_options.resetOnOpen) {
        if (pulseReset())
            note(tr("Restarting the board (DTR/RTS), so that its machines log in."));
    }
    m_stall.start(m_options.stallTimeoutMs);
}

bool SerialConnection::openPort()
{
    QString error;
    m_location = m_spec.resolve(&error);
    m_portAbsent = false;
    if (m_location.isEmpty()) {
        m_error = error;
        m_portAbsent = true;
        return false;
    }
    m_port->setPortName(m_location);
    m_port->setBaudRate(m_spec.baud);
    m_port->setDataBits(QSerialPort::Data8);
    m_port->setParity(QSerialPort::NoParity);
    m_port->setStopBits(QSerialPort::OneStop);
    m_port->setFlowControl(QSerialPort::NoFlowControl);
    if (!m_port->open(QIODevice::ReadWrite)) {
        m_error = tr("cannot open %1: %2").arg(m_location, m_port->errorString());
        m_portAbsent = m_port->error() == QSerialPort::DeviceNotFoundError;
        if (m_port->error() == QSerialPort::PermissionError)
            m_error += tr(" (on Linux, add yourself to the group that owns it, usually dialout, and log in again)");
        m_port->clearError();
        return false;
    }
    if (m_port->baudRate() != m_spec.baud)
        note(tr("The port runs at %1 baud, not the %2 asked for.").arg(m_port->baudRate()).arg(m_spec.baud));
    m_error.clear();
    m_demux = SerialDemux(m_settings.maxMessageBytes);
    setState(State::Open);
    return true;
}

void SerialConnection::close()
{
    m_reconnect.stop();
    m_neverOpened = false;
    m_stall.stop();
    m_idle.stop();
    if (m_port->isOpen()) {
        dispatch(m_demux.flushIdle());
        m_port->close();
    }
    endAllMachines(tr("the port was closed"));
    setState(State::Closed);
}

void SerialConnection::setState(State state)
{
    if (m_state == state)
        return;
    m_state = state;
    emit stateChanged(state);
}

QList<MachineSession*> SerialConnection::sessions() const
{
    QList<MachineSession*> alive;
    for (const QPointer<MachineSession>& s : m_sessions) {
        if (s && s->isConnected())
            alive << s;
    }
    return alive;
}

quint32 SerialConnection::commandMachine() const
{
    quint32 first = 0;
    for (quint32 id : m_demux.openMachines()) {
        const QPointer<SerialMachineChannel> channel = m_channels.value(id);
        const auto* session = channel ? qobject_cast<MachineSession*>(channel->parent()) : nullptr;
        if (session && !session->name().isEmpty() && session->isConnected())
            return id;
        if (first == 0)
            first = id;
    }
    return first;
}

void SerialConnection::onReadyRead()
{
    const QByteArray bytes = m_port->readAll();
    if (bytes.isEmpty())
        return;
    m_idle.start(m_options.idleFlushMs);
    dispatch(m_demux.feed(bytes));
}

void SerialConnection::dispatch(std::vector<SerialDemux::Event> events)
{
    using Kind = SerialDemux::Event::Kind;
    for (SerialDemux::Event& e : events) {
        switch (e.kind) {
        case Kind::MachineOpened: openMachine(e.machine); break;
        case Kind::Message:
            if (const QPointer<SerialMachineChannel> channel = m_channels.value(e.machine))
                channel->deliver(e.bytes);
            break;
        case Kind::MachineClosed: closeMachine(e.machine); break;
        case Kind::Rebooted:
            note(tr("The board restarted."));
            failPending(tr("the board restarted before answering"));
            m_stall.start(m_options.stallTimeoutMs);
            break;
        case Kind::BinaryFrame: onBinaryFrame(e.machine, e.bytes); break;
        case Kind::DeviceLog: emit deviceLog(e.text, false); break;
        case Kind::Note:
            note(e.text.contains(QLatin1String("speed")) ? e.text + tr(" — the port is at %1 baud").arg(m_spec.baud)
                                                         : e.text);
            break;
        }
    }
}

void SerialConnection::openMachine(quint32 id)
{
    // The session (and its channel) may outlive the connection: it goes to a tab.
    auto* channel = new SerialMachineChannel(id, [port = QPointer<SerialConnection>(this)](const QByteArray& bytes) {
        if (port)
            port->write(bytes);
    });
    const QString peer = QFileInfo(m_location).fileName() + QStringLiteral(" #") + hex8(id);
    auto* session = new MachineSession(channel, peer, m_settings, this);
    m_channels.insert(id, channel);
    m_sessions.removeAll(nullptr);
    m_sessions << session;
    connect(session, &MachineSession::loggedIn, this, [this, session, id] {
        m_stall.stop();
        m_stallCount = 0;
        if (sessions().size() == 1)
            setClock(id);
        emit machineConnected(session);
        emit machinesChanged();
    });
    connect(session, &MachineSession::disconnected, this, [this, session, id] {
        emit machinesChanged();
        if (session->name().isEmpty() && session->profileSessionCount() == 0) {
            note(session->lastError().isEmpty() ? tr("Machine %1 left before logging in.").arg(hex8(id))
                                                : session->lastError());
            session->deleteLater();
        }
    });
}

void SerialConnection::closeMachine(quint32 id)
{
    if (const QPointer<SerialMachineChannel> channel = m_channels.take(id))
        channel->finish();
    failPending(tr("the machine left before answering"), id);
}

void SerialConnection::endAllMachines(const QString& why)
{
    for (const QPointer<SerialMachineChannel>& channel : std::as_const(m_channels)) {
        if (channel)
            channel->finish();
    }
    m_channels.clear();
    failPending(why);
}

void SerialConnection::onBinaryFrame(quint32 machine, const QByteArray& frame)
{
    const std::optional<SerialBinary::Reply> reply = SerialBinary::parseReply(frame);
    if (!reply) {
        note(tr("Machine %1 sent a binary frame that is not a reply (%2 bytes); ignored.").arg(hex8(machine)).arg(frame.size()));
        return;
    }
    const auto it = m_pending.find(reply->requestId);
    if (it == m_pending.end()) {
        note(tr("Machine %1 answered request %2, which is not waiting (too late?); ignored.")
                 .arg(hex8(machine))
                 .arg(reply->requestId));
        return;
    }
    const Pending pending = it.value();
    m_pending.erase(it);
    Result result;
    result.ok = reply->code == 0;
    result.code = reply->code;
    result.data = reply->data;
    if (!result.ok)
        result.error = tr("%1: %2").arg(SerialBinary::commandName(pending.command), SerialBinary::codeText(reply->code));
    pending.done(result);
}

void SerialConnection::request(SerialBinary::Command command, const QByteArray& payload, ReplyHandler done, int timeoutMs)
{
    const quint32 machine = commandMachine();
    Result failed;
    if (!isOpen())
        failed.error = tr("%1: the port is not open").arg(SerialBinary::commandName(command));
    else if (machine == 0)
        failed.error = tr("%1: no machine is running on the board to answer (restart it first)")
                           .arg(SerialBinary::commandName(command));
    if (!failed.error.isEmpty()) {
        done(failed);
        return;
    }
    const quint16 id = m_nextRequestId;
    m_nextRequestId = m_nextRequestId == 0xffff ? 1 : quint16(m_nextRequestId + 1);
    m_pending.insert(id, {command, machine, std::move(done)});
    write(SerialBinary::command(machine, command, id, payload));
    const int timeout = timeoutMs > 0 ? timeoutMs : m_options.requestTimeoutMs;
    QTimer::singleShot(timeout, this, [this, id, command, timeout] {
        const auto it = m_pending.find(id);
        if (it == m_pending.end() || it->command != command)
            return;
        const Pending pending = it.value();
        m_pending.erase(it);
        Result result;
        result.error = tr("%1: no answer within %2 s").arg(SerialBinary::commandName(command)).arg(timeout / 1000.0);
        pending.done(result);
    });
}

void SerialConnection::failPending(const QString& why, quint32 machine)
{
    QList<Pending> pending;
    for (auto it = m_pending.begin(); it != m_pending.end();) {
        if (machine == 0 || it->machine == machine) {
            pending << it.value();
            it = m_pending.erase(it);
        } else {
            ++it;
        }
    }
    for (const Pending& p : std::as_const(pending)) {
        Result result;
        result.error = tr("%1: %2").arg(SerialBinary::commandName(p.command), why);
        p.done(result);
    }
}

bool SerialConnection::pulseReset()
{
    if (!m_port->isOpen())
        return false;
    // EN follows RTS and IO0 follows DTR through the boards' two-transistor circuit: RTS
    // alone resets the chip into its application.
    m_lineControls = m_port->setDataTerminalReady(false) && m_port->setRequestToSend(true);
    if (!m_lineControls) {
        m_port->clearError();
        if (!m_lineControlsNoted)
            note(tr("%1 has no modem lines (a pseudo-terminal?): the DTR/RTS reset is skipped.").arg(m_location));
        m_lineControlsNoted = true;
        return false;
    }
    QTimer::singleShot(100, this, [this] {
        if (m_port->isOpen() && !m_port->setRequestToSend(false))
            m_port->clearError();
    });
    return true;
}

void SerialConnection::restart()
{
    if (!isOpen())
        return;
    bool done = false;
    if (const quint32 machine = commandMachine()) {
        write(SerialBinary::command(machine, SerialBinary::Command::Restart, 0));
        note(tr("Restart sent to machine %1.").arg(hex8(machine)));
        done = true;
    }
    if (pulseReset()) {
        note(tr("Board reset through DTR/RTS."));
        done = true;
    }
    if (!done) {
        // Nothing answers and no modem lines: reopening resets many USB boards.
        // Nothing answers and no modem lines: closing and reopening resets many USB boards
        // (given a moment closed).
        note(tr("No machine to ask and no modem lines: reopening %1.").arg(m_location));
        m_port->close();
        endAllMachines(tr("the port was reopened"));
        m_reopening = true;
        setState(State::WaitingForPort);
        m_reconnect.start(m_options.reconnectIntervalMs);
        return;
    }
    m_stall.start(m_options.stallTimeoutMs);
}

void SerialConnection::onStall()
{
    if (!isOpen() || !sessions().isEmpty())
        return;
    if (m_stallCount >= m_options.stallRetries) {
        note(tr("No machine logged in after %1 restarts. Is the app built for debugging (mcconfig -d), and is the "
                "speed right (%2 baud)?")
                 .arg(m_stallCount)
                 .arg(m_spec.baud));
        return;
    }
    ++m_stallCount;
    note(tr("No machine logged in within %1 s: restarting the board (attempt %2 of %3).")
             .arg(m_options.stallTimeoutMs / 1000.0)
             .arg(m_stallCount)
             .arg(m_options.stallRetries));
    restart();
}

void SerialConnection::onError(QSerialPort::SerialPortError error)
{
    // A port that cannot be read or written any more is gone (a pseudo-terminal whose other
    // end closed reports read errors); line controls and timeouts are handled where they happen.
    if (error != QSerialPort::ResourceError && error != QSerialPort::DeviceNotFoundError &&
        error != QSerialPort::ReadError && error != QSerialPort::WriteError)
        return;
    if (m_state != State::Open)
        return;
    const QString reason = m_port->errorString();
    m_port->clearError();
    dispatch(m_demux.flushIdle());
    m_port->close();
    m_stall.stop();
    m_idle.stop();
    endAllMachines(tr("the port went away"));
    note(tr("%1 went away (%2); waiting for it to come back.").arg(m_location, reason));
    setState(State::WaitingForPort);
    m_reconnect.start(m_options.reconnectIntervalMs);
}

void SerialConnection::tryReconnect()
{
    if (m_state != State::WaitingForPort) {
        m_reconnect.stop();
        return;
    }
    QString error;
    const QString location = m_spec.resolve(&error);
    if (location.isEmpty() || (!QFileInfo::exists(location) && location.startsWith(QLatin1Char('/'))))
        return;
    if (!openPort())
        return; // not ready yet (permissions settle after re-enumeration)
    m_reconnect.stop();
    if (std::exchange(m_neverOpened, false)) {
        startOpened();
        return;
    }
    if (!std::exchange(m_reopening, false)) {
        note(tr("%1 is back: reconnected.").arg(m_location));
        m_stallCount = 0;
    }
    m_stall.start(m_options.stallTimeoutMs);
}

void SerialConnection::setClock(quint32 machine)
{
    // As serial2xsbug does at start-up: boards without a clock learn the time (UTC seconds,
    // the zone's offset, the daylight-saving offset; no reply asked).
    const QDateTime now = QDateTime::currentDateTime();
    const qint64 seconds = now.toSecsSinceEpoch();
    const int dst = now.isDaylightTime() ? 3600 : 0;
    const int zone = now.offsetFromUtc() - dst;
    QByteArray payload;
    for (qint64 value : {seconds, qint64(zone), qint64(dst)}) {
        for (int shift = 24; shift >= 0; shift -= 8)
            payload.append(char((value >> shift) & 0xff));
    }
    write(SerialBinary::command(machine, SerialBinary::Command::SetTime, 0, payload));
}

void SerialConnection::write(const QByteArray& bytes)
{
    if (m_port->isOpen())
        m_port->write(bytes);
}
