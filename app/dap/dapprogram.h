#pragma once
// The program a `launch` runs: `xst`, `mcsim` with an app, or any command, with the adapter's
// debug port in its environment (XSBUG_HOST=127.0.0.1, XSBUG_PORT=the port) so that its
// machines connect to the adapter. Its standard output (on a pseudo-terminal, so that C's stdio
// sends each line when printed) and error become DAP output.
#include <nlohmann/json.hpp>

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
    // From launch arguments ("program", "args", "cwd", "env"); false with `error` naming the field.
    static bool read(const nlohmann::json& arguments, Spec& spec, QString& error);
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

signals:
    void output(const QString& category, const QString& text);
    void finished(int exitCode);

private:
    QProcess* m_process = nullptr;
    DapTerminal* m_terminal = nullptr; // the program's standard output
};
