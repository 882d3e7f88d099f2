#pragma once
// The program a `launch` runs: `xst`, `mcsim` with an app, or any command, with the adapter's
// debug port in its environment (XSBUG_HOST=127.0.0.1, XSBUG_PORT=the port) so that its
// machines connect to the adapter. Its standard output and error become DAP output; both are
// pseudo-terminals: C's stdio sends each line when printed, and a program let go (release())
// that writes after the adapter ended gets an error, not the SIGPIPE of a pipe with no reader.
#include "app/dap/dapargs.h"

#include <QDateTime>
#include <QObject>
#include <QProcess>
#include <QString>
#include <QStringList>

class DapTerminal;

class DapProgram : public QObject {
    Q_OBJECT

public:
    struct Spec {
        QString program;
        QStringList arguments;
        QString workingDirectory;
        QProcessEnvironment environment;
    };
    // From launch's "program", "args", "cwd" and "env"; false with `error` naming the attribute.
    static bool read(const DapArgs::Launch& arguments, Spec& spec, QString& error);
    // The program's file (found from the working folder or on PATH), or "" with `error`.
    static QString executable(const Spec& spec, QString& error);

    explicit DapProgram(QObject* parent = nullptr);
    ~DapProgram() override;

    // Starts it with the debug port; false with `error` when it cannot start.
    bool start(const Spec& spec, quint16 debugPort, QString& error);
    bool isRunning() const { return m_process && m_process->state() != QProcess::NotRunning; }
    // After `graceMs` (time for a machine told to abort to end its process itself): SIGTERM,
    // then SIGKILL after 2 s.
    void terminate(int graceMs = 0);
    qint64 processId() const { return m_process ? m_process->processId() : 0; }
    // When the running program started (invalid before).
    QDateTime startedAt() const { return m_startedAt; }
    // Lets the running program go on after the adapter ends (disconnect with terminateDebuggee
    // false): no finished() from now on, and it is never killed. Its process id, or 0.
    qint64 release();

signals:
    void output(const QString& category, const QString& text);
    void finished(int exitCode);

private:
    // Standard output or error (`fd`) on a new pseudo-terminal whose data is output of
    // `category`; null (a pipe then) when none could be opened.
    DapTerminal* openTerminal(const QString& category, QString& error);

    QProcess* m_process = nullptr;
    DapTerminal* m_terminal = nullptr;      // the program's standard output
    DapTerminal* m_errorTerminal = nullptr; // its standard error
    QDateTime m_startedAt;
};
