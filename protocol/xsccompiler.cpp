#include "xsccompiler.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QPointer>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTimer>

#include <memory>

QString XscResult::versionText() const
{
    return QStringLiteral("xsc %1.%2.%3, %4-bit IDs").arg(info.major).arg(info.minor).arg(info.patch).arg(info.idBits);
}

XscCompiler::XscCompiler(const QString& path, QObject* parent) : QObject(parent), m_path(path) {}

XscCompiler::~XscCompiler()
{
    for (QProcess* process : findChildren<QProcess*>(QString(), Qt::FindDirectChildrenOnly)) {
        process->disconnect(this);
        process->kill();
        process->waitForFinished(1000);
    }
}

void XscCompiler::setPath(const QString& path)
{
    if (path == m_path)
        return;
    m_path = path;
    m_cache.clear();
}

bool XscCompiler::isAvailable() const
{
    const QFileInfo info(m_path);
    return !m_path.isEmpty() && info.isFile() && info.isExecutable();
}

QString XscCompiler::autoDetect()
{
    return autoDetect(qEnvironmentVariable("MODDABLE"), qEnvironmentVariable("PATH"));
}

QString XscCompiler::autoDetect(const QString& moddable, const QString& pathVariable)
{
#ifdef Q_OS_WIN
    const QString exe = QStringLiteral("xsc.exe");
    const QStringList platforms{QStringLiteral("win")};
#elif defined(Q_OS_MACOS)
    const QString exe = QStringLiteral("xsc");
    const QStringList platforms{QStringLiteral("mac")};
#else
    const QString exe = QStringLiteral("xsc");
    const QStringList platforms{QStringLiteral("lin")};
#endif
    if (!moddable.isEmpty()) {
        for (const QString& platform : platforms) {
            for (const char* goal : {"release", "debug"}) {
                const QString candidate =
                    QDir(moddable).filePath(QStringLiteral("build/bin/%1/%2/%3").arg(platform, QLatin1String(goal), exe));
                if (QFileInfo(candidate).isExecutable())
                    return candidate;
            }
        }
    }
    const QStringList folders = pathVariable.split(QDir::listSeparator(), Qt::SkipEmptyParts);
    return QStandardPaths::findExecutable(exe, folders);
}

QString XscCompiler::howToGetOne()
{
    return tr("Evaluating and breakpoint conditions need the XS compiler xsc of your Moddable SDK "
              "($MODDABLE/build/bin/<platform>/release/xsc, built by the SDK's setup). "
              "Set it in Preferences › Debugger › XS compiler.");
}

void XscCompiler::compile(const QString& expression, std::function<void(const XscResult&)> done)
{
    if (auto cached = m_cache.constFind(expression); cached != m_cache.constEnd()) {
        QTimer::singleShot(0, this, [done, result = *cached] { done(result); });
        return;
    }
    XscResult failure;
    if (!isAvailable()) {
        failure.status = XscResult::Status::NoCompiler;
        failure.message = m_path.isEmpty() ? tr("No XS compiler (xsc) is set.")
                                           : tr("The XS compiler %1 is not an executable file.").arg(m_path);
        QTimer::singleShot(0, this, [done, failure] { done(failure); });
        return;
    }
    auto folder = std::make_shared<QTemporaryDir>();
    QFile source(folder->filePath(QStringLiteral("expr.js")));
    if (!folder->isValid() || !source.open(QIODevice::WriteOnly)) {
        failure.message = tr("Cannot write the expression to a temporary folder: %1").arg(source.errorString());
        QTimer::singleShot(0, this, [done, failure] { done(failure); });
        return;
    }
    source.write(expression.toUtf8());
    source.close();

    auto* process = new QProcess(this);
    process->setProcessChannelMode(QProcess::MergedChannels); // xsc reports errors on stderr
    auto* timer = new QTimer(process);
    timer->setSingleShot(true);
    connect(timer, &QTimer::timeout, process, [this, process, expression, done] {
        process->disconnect(this);
        process->kill();
        process->waitForFinished(1000);
        process->deleteLater();
        XscResult result;
        result.status = XscResult::Status::TimedOut;
        result.message = tr("xsc did not finish within %1 s").arg(m_timeoutMs / 1000.0);
        finish(expression, result, done);
    });
    connect(process, &QProcess::errorOccurred, this, [this, process, expression, done](QProcess::ProcessError error) {
        if (error != QProcess::FailedToStart)
            return; // crashes also finish, handled there
        process->disconnect(this);
        process->deleteLater();
        XscResult result;
        result.status = XscResult::Status::NoCompiler;
        result.message = tr("Cannot run %1: %2").arg(m_path, process->errorString());
        finish(expression, result, done);
    });
    connect(process, &QProcess::finished, this,
            [this, process, folder, expression, done](int exitCode, QProcess::ExitStatus status) {
                process->disconnect(this);
                process->deleteLater();
                const QString output = QString::fromLocal8Bit(process->readAll()).trimmed();
                XscResult result;
                if (status != QProcess::NormalExit) {
                    result.message = tr("xsc crashed").append(output.isEmpty() ? QString() : QStringLiteral(": ") + output);
                } else if (exitCode != 0) {
                    result.status = XscResult::Status::CompileError;
                    // "# error: missing property!" lines, then "### 1 error(s)"
                    QStringList messages;
                    for (QString line : output.split(QLatin1Char('\n'), Qt::SkipEmptyParts)) {
                        if (line.startsWith(QLatin1String("###")))
                            continue;
                        line.remove(QRegularExpression(QStringLiteral("^# ")));
                        if (line.endsWith(QLatin1Char('!')))
                            line.chop(1);
                        messages << line.trimmed();
                    }
                    result.message = messages.isEmpty() ? tr("xsc failed with exit code %1").arg(exitCode)
                                                        : messages.join(QStringLiteral("; "));
                } else {
                    QFile xsb(folder->filePath(QStringLiteral("expr.xsb")));
                    if (!xsb.open(QIODevice::ReadOnly)) {
                        result.message = tr("xsc wrote no .xsb file%1").arg(output.isEmpty() ? QString()
                                                                                             : QStringLiteral(": ") + output);
                    } else {
                        const QByteArray data = xsb.readAll();
                        const std::vector<std::uint8_t> bytes(data.begin(), data.end());
                        const xsprof::XsbReadResult read = xsprof::readXsb(bytes);
                        if (read.info) {
                            result.status = XscResult::Status::Ok;
                            result.info = *read.info;
                            result.hex = QByteArray::fromStdString(xsprof::hexEncode(bytes));
                        } else {
                            result.message = tr("xsc's output is not a valid .xsb: %1").arg(QString::fromStdString(read.error));
                        }
                    }
                }
                finish(expression, result, done);
            });
    process->setWorkingDirectory(folder->path());
    process->start(m_path, {source.fileName(), QStringLiteral("-p"), QStringLiteral("-d"), QStringLiteral("-eval"),
                            QStringLiteral("-e"), QStringLiteral("-o"), folder->path(), QStringLiteral("-r"),
                            QStringLiteral("expr")});
    timer->start(m_timeoutMs);
}

void XscCompiler::finish(const QString& expression, const XscResult& result,
                         const std::function<void(const XscResult&)>& done)
{
    if (result.ok())
        m_cache.insert(expression, result);
    done(result);
}

QString XscCompiler::problemFor(const XscResult& result, const QString& loginValue)
{
    if (!result.ok())
        return result.message;
    return QString::fromStdString(
        xsprof::compatibilityProblem(result.info, xsprof::parseXsLoginVersion(loginValue.toStdString())));
}
