#pragma once
// `xsprof listen`: the debug server without a window. Answers the handshake, prints breaks
// and continues them (after evaluating --eval expressions), sends --breakpoint/--logpoint,
// prints the console with --log, saves each machine's profile.
#include "protocol/breakpoint.h"
#include "protocol/intake/intakecore.h"

#include <QHash>
#include <QSet>
#include <QObject>
#include <QString>
#include <QStringList>
#include <QTimer>

class ListenDebugging;

class ListenCommand : public QObject {
    Q_OBJECT

public:
    struct Options {
        QHostAddress host = QHostAddress(QHostAddress::LocalHost);
        quint16 port = DebugServer::defaultPort;
        bool profileOnStart = false;
        QString savePath;
        QString jsonPath;
        bool report = false;
        bool log = false;
        bool once = false;
        double durationSeconds = 0;
        bool breakOnExceptions = true;
        QString xscPath;         // for conditions, log points and --eval
        BreakpointList breakpoints; // --breakpoint and --logpoint
        QStringList evals;       // evaluated at each break, in the top frame
        QString journalDirectory; // crash-safety journals of the machines' profiler messages
        QList<SerialPortSpec> serialPorts; // --serial: devices on serial ports
        bool tcp = true;           // false: --serial without --port/--host
    };

    // Parses argv (arguments[0] program, [1] "listen"); 2 on a usage error.
    static int run(const QStringList& arguments);

    explicit ListenCommand(Options options, QObject* parent = nullptr);
    bool start(); // false: could not listen (message printed)
    int exitCode() const { return m_exitCode; }

private:
    void onMachine(MachineSession* session);
    void finishMachine(MachineSession* session);
    void finishAll();
    // PATH for the first profile written, then PATH's stem + "-NAME-N" (the N-th machine of
    // that name) + its suffix: a user finds a Worker's profile by its name and number.
    QString machinePath(const QString& path, MachineSession* session) const;
    void printLog(MachineSession* session, const QString& text);

    Options m_options;
    IntakeCore m_intake; // every machine shown as it logs in: listen prints them all
    ListenDebugging* m_debugging;
    QTimer m_signalPoll;
    QTimer m_deadline;
    QList<MachineSession*> m_sessions;
    QHash<MachineSession*, QString> m_partialLines;
    QHash<MachineSession*, bool> m_finished;
    QHash<MachineSession*, int> m_numbers;  // the N-th machine of its name
    QHash<QString, int> m_machinesByName;
    int m_machinesSeen = 0;
    int m_profilesWritten = 0;
    int m_skipped = 0; // machines that left without profile samples: nothing written
    QSet<QString> m_namesLeftEmpty; // names of which one machine left without samples (said once)
    int m_exitCode = 0;
};
