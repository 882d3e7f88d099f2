#include "dapprogram.h"

#include "app/dap/dapmessages.h"
#include "app/dap/dapterminal.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>

#include <unistd.h>

bool DapProgram::read(const nlohmann::json& arguments, Spec& spec, QString& error)
{
    spec.program = QString::fromStdString(DapJson::string(arguments, "program"));
    if (spec.program.isEmpty()) {
        error = QStringLiteral("launch needs \"program\": the command to run (xst, mcsim, ...)");
        return false;
    }
    spec.arguments.clear();
    if (const auto it = arguments.find("args"); it != arguments.end() && !it->is_null()) {
        if (!it->is_array()) {
            error = QStringLiteral("\"args\" must be an array of strings");
            return false;
        }
        for (const nlohmann::json& a : *it) {
            if (!a.is_string()) {
                error = QStringLiteral("\"args\" must be an array of strings, not holding %1")
                            .arg(QString::fromStdString(a.dump()));
                return false;
            }
            spec.arguments << QString::fromStdString(a.get<std::string>());
        }
    }
    spec.workingDirectory = QString::fromStdString(DapJson::string(arguments, "cwd"));
    if (!spec.workingDirectory.isEmpty() && !QFileInfo(spec.workingDirectory).isDir()) {
        error = QStringLiteral("\"cwd\" %1 is not a folder").arg(spec.workingDirectory);
        return false;
    }
    spec.environment = QProcessEnvironment::systemEnvironment();
    if (const auto it = arguments.find("env"); it != arguments.end() && !it->is_null()) {
        if (!it->is_object()) {
            error = QStringLiteral("\"env\" must be an object {\"NAME\": \"value\"}");
            return false;
        }
        for (const auto& [name, value] : it->items()) {
            if (value.is_null())
                spec.environment.remove(QString::fromStdString(name));
            else if (value.is_string())
                spec.environment.insert(QString::fromStdString(name), QString::fromStdString(value.get<std::string>()));
            else {
                error = QStringLiteral("\"env\": %1 must be a string or null").arg(QString::fromStdString(name));
                return false;
            }
        }
    }
    return !executable(spec, error).isEmpty();
}

QString DapProgram::executable(const Spec& spec, QString& error)
{
    // A relative program is found from the working folder when it names a folder, else on PATH.
    QString program = spec.program;
    const QString directory = spec.workingDirectory.isEmpty() ? QDir::currentPath() : spec.workingDirectory;
    if (!QDir::isAbsolutePath(program) && program.contains(QLatin1Char('/')))
        program = QDir(directory).absoluteFilePath(program);
    else if (!QDir::isAbsolutePath(program))
        program = QStandardPaths::findExecutable(program, spec.environment.value(QStringLiteral("PATH")).split(QLatin1Char(':')));
    if (program.isEmpty() || !QFileInfo(program).isExecutable() || QFileInfo(program).isDir()) {
        error = QStringLiteral("\"program\" %1 is not an executable file%2")
                    .arg(spec.program, program.isEmpty() ? QStringLiteral(" (nor on PATH)") : QString());
        return {};
    }
    return program;
}

DapProgram::DapProgram(QObject* parent) : QObject(parent) {}

DapProgram::~DapProgram()
{
    if (isRunning()) {
        m_process->disconnect(this);
        m_process->kill();
        m_process->waitForFinished(2000);
    }
}

bool DapProgram::start(const Spec& spec, quint16 debugPort, QString& error)
{
    if (isRunning()) {
        error = QStringLiteral("the program is running already");
        return false;
    }
    if (m_process)
        m_process->deleteLater(); // perhaps inside its own finished signal (a restart)
    m_process = new QProcess(this);
    QProcess* process = m_process;
    QProcessEnvironment environment = spec.environment;
    // XS's own tools (xst, xsl: xs/tools) read XSBUG_HOST as "host:port"; the platform hosts
    // (mcsim and the simulators' apps: xs/platforms/*_xs.c) read a host name from XSBUG_HOST and
    // the port from XSBUG_PORT, and would fail to resolve "host:port".
    const QString base = QFileInfo(spec.program).completeBaseName();
    const bool hostWithPort = base == QLatin1String("xst") || base == QLatin1String("xsl");
    environment.insert(QStringLiteral("XSBUG_HOST"), hostWithPort ? QStringLiteral("127.0.0.1:%1").arg(debugPort)
                                                                  : QStringLiteral("127.0.0.1"));
    environment.insert(QStringLiteral("XSBUG_PORT"), QString::number(debugPort));
    m_process->setProcessEnvironment(environment);
    if (!spec.workingDirectory.isEmpty())
        m_process->setWorkingDirectory(spec.workingDirectory);
    const QString program = executable(spec, error);
    if (program.isEmpty())
        return false;
    // Standard output on a pseudo-terminal (line-buffered: print() arrives when printed), or
    // a pipe when none can be opened.
    delete m_terminal;
    m_terminal = new DapTerminal(this);
    QString terminalError;
    if (m_terminal->open(terminalError)) {
        connect(m_terminal, &DapTerminal::data, this,
                [this](const QByteArray& bytes) { emit output(QStringLiteral("stdout"), QString::fromLocal8Bit(bytes)); });
        const int end = m_terminal->programEnd();
        m_process->setChildProcessModifier([end] { ::dup2(end, STDOUT_FILENO); });
        m_process->setStandardOutputFile(QProcess::nullDevice()); // no pipe for it
    } else {
        delete m_terminal;
        m_terminal = nullptr;
        emit output(QStringLiteral("console"), terminalError + QStringLiteral(": the program's output comes through a pipe\n"));
        connect(process, &QProcess::readyReadStandardOutput, this, [this, process] {
            emit output(QStringLiteral("stdout"), QString::fromLocal8Bit(process->readAllStandardOutput()));
        });
    }
    connect(process, &QProcess::readyReadStandardError, this, [this, process] {
        emit output(QStringLiteral("stderr"), QString::fromLocal8Bit(process->readAllStandardError()));
    });
    connect(process, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        if (m_terminal)
            m_terminal->drain(); // its last lines before its exit
        // Killed by a signal: the shell's 128 + its number (Qt gives the number as the exit code).
        emit finished(status == QProcess::CrashExit ? 128 + exitCode : exitCode);
    });
    m_process->start(program, spec.arguments);
    const bool started = m_process->waitForStarted(10000);
    if (m_terminal)
        m_terminal->closeProgramEnd();
    if (!started) {
        error = QStringLiteral("cannot start %1: %2").arg(program, m_process->errorString());
        return false;
    }
    return true;
}

void DapProgram::terminate(int graceMs)
{
    if (!isRunning())
        return;
    if (graceMs > 0) {
        QTimer::singleShot(graceMs, m_process, [this] { terminate(0); });
        return;
    }
    m_process->terminate();
    QTimer::singleShot(2000, m_process, [process = m_process] {
        if (process->state() != QProcess::NotRunning)
            process->kill();
    });
}
