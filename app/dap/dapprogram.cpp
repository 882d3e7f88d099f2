#include "dapprogram.h"

#include "app/dap/dapterminal.h"

#include <QDir>
#include <QFileInfo>
#include <QStandardPaths>
#include <QTimer>

#include <unistd.h>

bool DapProgram::read(const DapArgs::Launch& arguments, Spec& spec, QString& error)
{
    spec.program = arguments.program;
    if (spec.program.isEmpty()) {
        error = QStringLiteral("launch needs \"program\": the command to run (xst, mcsim, ...)");
        return false;
    }
    spec.arguments = arguments.args;
    spec.workingDirectory = arguments.cwd;
    if (!spec.workingDirectory.isEmpty() && !QFileInfo(spec.workingDirectory).isDir()) {
        error = QStringLiteral("\"cwd\" %1 is not a folder").arg(spec.workingDirectory);
        return false;
    }
    spec.environment = QProcessEnvironment::systemEnvironment();
    for (const auto& [name, value] : arguments.env) {
        if (value)
            spec.environment.insert(name, *value);
        else
            spec.environment.remove(name);
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
    // Standard output and error on pseudo-terminals (line-buffered: print() arrives when
    // printed), or pipes when none can be opened.
    delete m_terminal;
    delete m_errorTerminal;
    QString terminalError;
    m_terminal = openTerminal(QStringLiteral("stdout"), terminalError);
    m_errorTerminal = m_terminal ? openTerminal(QStringLiteral("stderr"), terminalError) : nullptr;
    if (m_terminal) {
        const int out = m_terminal->programEnd();
        const int err = m_errorTerminal ? m_errorTerminal->programEnd() : -1;
        m_process->setChildProcessModifier([out, err] {
            ::dup2(out, STDOUT_FILENO);
            if (err >= 0)
                ::dup2(err, STDERR_FILENO);
        });
        m_process->setStandardOutputFile(QProcess::nullDevice()); // no pipe for it
        if (m_errorTerminal)
            m_process->setStandardErrorFile(QProcess::nullDevice());
    } else {
        emit output(QStringLiteral("console"), terminalError + QStringLiteral(": the program's output comes through a pipe\n"));
        connect(process, &QProcess::readyReadStandardOutput, this, [this, process] {
            emit output(QStringLiteral("stdout"), QString::fromLocal8Bit(process->readAllStandardOutput()));
        });
    }
    if (!m_errorTerminal) {
        connect(process, &QProcess::readyReadStandardError, this, [this, process] {
            emit output(QStringLiteral("stderr"), QString::fromLocal8Bit(process->readAllStandardError()));
        });
    }
    connect(process, &QProcess::finished, this, [this](int exitCode, QProcess::ExitStatus status) {
        for (DapTerminal* terminal : {m_terminal, m_errorTerminal}) {
            if (terminal)
                terminal->drain(); // its last lines before its exit
        }
        // Killed by a signal: the shell's 128 + its number (Qt gives the number as the exit code).
        emit finished(status == QProcess::CrashExit ? 128 + exitCode : exitCode);
    });
    m_process->start(program, spec.arguments);
    const bool started = m_process->waitForStarted(10000);
    for (DapTerminal* terminal : {m_terminal, m_errorTerminal}) {
        if (terminal)
            terminal->closeProgramEnd();
    }
    m_startedAt = QDateTime::currentDateTime();
    if (!started) {
        error = QStringLiteral("cannot start %1: %2").arg(program, m_process->errorString());
        return false;
    }
    return true;
}

DapTerminal* DapProgram::openTerminal(const QString& category, QString& error)
{
    auto* terminal = new DapTerminal(this);
    if (!terminal->open(error)) {
        delete terminal;
        return nullptr;
    }
    connect(terminal, &DapTerminal::data, this,
            [this, category](const QByteArray& bytes) { emit output(category, QString::fromLocal8Bit(bytes)); });
    return terminal;
}

qint64 DapProgram::release()
{
    if (!isRunning())
        return 0;
    const qint64 pid = m_process->processId();
    // Destroying a QProcess kills its program: this one is left undestroyed on purpose (the
    // adapter ends soon after), its signals cut off.
    m_process->disconnect();
    m_process->setParent(nullptr);
    m_process = nullptr;
    return pid;
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
