#pragma once
// Where XS machines come in, for every front end (the window, `xsprof listen`, `xsprof dap`):
// the debug server, serial ports answered with the server's session settings (its login answers
// and compiled breakpoints shared), the names machines are shown by ("xst", "xst #2") and the
// rule for quiet machines. A front end passes its policy and hears of each machine twice:
// `machineConnected` as it logs in (connect to it there: nothing it says is missed), then
// `machineShown` once it has earned a place in the front end (a tab, a printout, a thread): the
// first machine of a name at once; with `holdQuiet`, a further one (a Worker) only when it
// breaks, prints unread output, sends samples or stays (QuietMachines); most leave before that
// and end in `quietMachineLeft`. The core lives on one thread; its machines live there too.
#include "protocol/debugserver.h"
#include "protocol/machinenames.h"
#include "protocol/quietmachines.h"
#include "protocol/serial/serialconnection.h"

#include <QDateTime>
#include <QHostAddress>
#include <QList>
#include <QObject>

#include <functional>
#include <memory>

class IntakeCore : public QObject {
    Q_OBJECT

public:
    struct Policy {
        // Further machines of a name wait until they have something to show (the window, dap);
        // false: every machine is shown as it logs in (listen prints them all).
        bool holdQuiet = true;
        int graceMs = QuietMachines::defaultGraceMs;
        // Whether console output is read as it comes (then it earns nothing); any thread may answer.
        std::function<bool()> outputSeen = [] { return false; };
        // Names shared with another core (the window's serial ports and its server number alike).
        std::shared_ptr<MachineNames> names;
    };

    explicit IntakeCore(Policy policy, QObject* parent = nullptr);
    ~IntakeCore() override;

    DebugServer* server() { return &m_server; }
    const DebugServer* server() const { return &m_server; }
    // False with `error` when it cannot listen; true when it listens already.
    bool listen(const QHostAddress& address, quint16 port, QString& error);
    // Answers logins from now on with `settings`, on the server and every serial port.
    void setSessionSettings(const SessionSettings& settings);
    SessionSettings sessionSettings() const { return m_server.sessionSettings(); }

    // A connection to `spec`'s port (not yet open: the front end opens it as it likes), answered
    // with the server's session settings, or `answeredBy`'s (the server of a core on another
    // thread, so that both share its login answers); its machines come in as the server's do.
    SerialConnection* addSerial(const SerialPortSpec& spec, const DebugServer* answeredBy = nullptr);
    // Closes and deletes `port` (later: it may be inside one of its signals).
    void removeSerial(SerialConnection* port);
    QList<SerialConnection*> serialPorts() const { return m_serial; }
    // Deletes every port now (their requests still waiting are answered, failed, while the askers live).
    void deleteSerialPorts();

    // The label of the next machine of `name` ("" for the first, "name #N" after): any thread.
    QString labelFor(const QString& name) { return m_names->labelFor(name); }
    // Machines logged in and held (not shown yet).
    int held() const { return m_quiet->count(); }

signals:
    // `label` is "" for the first machine of its name. The session belongs to the server or its
    // port until the front end reparents it; if it left inside this signal, nothing follows.
    void machineConnected(MachineSession* session, const QString& label);
    // It earned its place; `earnedBy` is the console line that did, else null.
    void machineShown(MachineSession* session, const QString& label, const QDateTime& connectedAt,
                      const xsbug::Log* earnedBy);
    // A held machine left with nothing to show; it is deleted after this.
    void quietMachineLeft(MachineSession* session, const QString& label, const QDateTime& connectedAt);
    void connectionRejected(const QString& reason);
    // A serial port's own line ("|") or our note about it (":"), with the port's name.
    void serialLog(const QString& port, const QString& text, bool note);

private:
    void onMachine(MachineSession* session);

    Policy m_policy;
    std::shared_ptr<MachineNames> m_names;
    DebugServer m_server;
    QuietMachines* m_quiet;
    QList<SerialConnection*> m_serial;
};
