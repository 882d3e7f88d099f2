#pragma once
// A serial port with XS machines on it (xsbug-protocol.md §2.7): opens the port (8N1), splits
// what arrives with SerialDemux, and runs each machine as a MachineSession over its own
// SerialMachineChannel, as a TCP machine. The device's own output becomes log lines. It also
// restarts the board (the binary command, and the DTR/RTS pulse the boards' auto-reset
// circuits expect), retries a start-up where no machine logs in, reopens a port that went away
// when it comes back, and carries the binary requests of Appendix A (request()).
#include "protocol/machinesession.h"
#include "protocol/serial/serialbinary.h"
#include "protocol/serial/serialdemux.h"
#include "protocol/serial/serialportspec.h"
#include "protocol/sessionsettings.h"

#include <QHash>
#include <QObject>
#include <QPointer>
#include <QSerialPort>
#include <QTimer>

#include <functional>

class SerialMachineChannel;

class SerialConnection : public QObject {
    Q_OBJECT

public:
    struct Options {
        bool resetOnOpen = true;       // pulse DTR/RTS after opening (a running board restarts and logs in)
        int stallTimeoutMs = 5000;     // no login this long after opening or restarting: restart again
        int stallRetries = 3;          // then give up (and say so)
        int reconnectIntervalMs = 500; // while the port is gone: look for it this often
        int idleFlushMs = 300;         // quiet this long: partial log lines shown, cut frames dropped
        int requestTimeoutMs = 5000;   // a binary request unanswered this long fails
    };
    enum class State { Closed, Open, WaitingForPort };
    Q_ENUM(State)

    struct Result {
        bool ok = false;
        qint16 code = 0;
        QByteArray data;
        QString error; // in words, when !ok
    };
    using ReplyHandler = std::function<void(const Result& result)>;

    explicit SerialConnection(const SerialPortSpec& spec, QObject* parent = nullptr);
    ~SerialConnection() override;

    void setOptions(const Options& options) { m_options = options; }
    // Applies to machines that appear from now on.
    void setSessionSettings(const SessionSettings& settings) { m_settings = settings; }
    const SessionSettings& sessionSettings() const { return m_settings; }

    enum class WhenAbsent { Fail, Wait };
    // False (and errorString()) when the port cannot be opened. With WhenAbsent::Wait a port
    // that is not there (a board not yet plugged in, a VID:PID no port has) is waited for:
    // true, state WaitingForPort, and it opens when it appears.
    bool open(WhenAbsent whenAbsent = WhenAbsent::Fail);
    // Closes the port; its machines end (their profiles stay with their sessions).
    void close();
    State state() const { return m_state; }
    bool isOpen() const { return m_state == State::Open; }
    const SerialPortSpec& spec() const { return m_spec; }
    QString portName() const { return m_location; }
    QString errorString() const { return m_error; }

    // The machines on the port now, in the order they appeared.
    QList<MachineSession*> sessions() const;
    // Where binary requests go: the first machine logged in, else the first open one; 0: none.
    quint32 commandMachine() const;

    // The binary restart to the machine that answers, and the DTR/RTS pulse; with neither
    // (no machine, no modem lines) the port is reopened, which resets many USB boards.
    void restart();
    // Sends a binary request (Appendix A) to commandMachine(); `done` runs once: with the
    // reply, or with an error in words (no machine, no answer in time, the board restarted).
    void request(SerialBinary::Command command, const QByteArray& payload, ReplyHandler done, int timeoutMs = 0);

signals:
    void machineConnected(MachineSession* session); // logged in; parented to this connection
    void deviceLog(const QString& text, bool note); // the device's own line, or our note
    void stateChanged(SerialConnection::State state);
    void machinesChanged();

private:
    struct Pending {
        SerialBinary::Command command;
        quint32 machine;
        ReplyHandler done;
    };
    bool openPort();
    void startOpened(); // the port has just opened: say so, restart the board, watch for stalls
    void onReadyRead();
    void onError(QSerialPort::SerialPortError error);
    void dispatch(std::vector<SerialDemux::Event> events);
    void openMachine(quint32 id);
    void closeMachine(quint32 id);
    void endAllMachines(const QString& why);
    void onBinaryFrame(quint32 machine, const QByteArray& frame);
    void failPending(const QString& why, quint32 machine = 0); // 0: all
    bool pulseReset();
    void onStall();
    void tryReconnect();
    void setClock(quint32 machine);
    void write(const QByteArray& bytes);
    void note(const QString& text) { emit deviceLog(text, true); }
    void setState(State state);

    SerialPortSpec m_spec;
    Options m_options;
    SessionSettings m_settings;
    QSerialPort* m_port;
    SerialDemux m_demux;
    State m_state = State::Closed;
    QString m_location;
    QString m_error;
    bool m_lineControls = true;
    bool m_lineControlsNoted = false;
    QHash<quint32, QPointer<SerialMachineChannel>> m_channels;
    QList<QPointer<MachineSession>> m_sessions;
    QHash<quint16, Pending> m_pending;
    quint16 m_nextRequestId = 1;
    QTimer m_idle;
    QTimer m_stall;
    QTimer m_reconnect;
    int m_stallCount = 0;
    bool m_reopening = false; // closed on purpose (restart): no "is back" note
    bool m_portAbsent = false; // the last openPort() failed because the port is not there
    bool m_neverOpened = false; // waiting for a port to appear for the first time
};
