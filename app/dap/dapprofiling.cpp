#include "dapprofiling.h"

#include "app/dap/dapmessages.h"
#include "model/cpuprofilewriter.h"
#include "protocol/machinesession.h"

#include <QDateTime>
#include <QDir>
#include <QPointer>
#include <QRegularExpression>
#include <QTimer>

#include <memory>

void DapProfiling::request(MachineSession* session, const DapArgs::Profile& arguments, const QString& defaultFolder,
                           const Reply& reply, const Fail& fail)
{
    const QString& action = arguments.action;
    if (action == QLatin1String("start")) {
        if (session->isProfiling()) {
            reply({{"profiling", true}});
            return;
        }
        session->startProfiling(); // a stopped machine resumes, as in xsbug
        reply({{"profiling", true}});
        return;
    }
    if (action != QLatin1String("stop")) {
        fail(QStringLiteral("xsprof/profile takes \"action\": \"start\" or \"stop\""));
        return;
    }
    QString path = arguments.path;
    if (path.isEmpty()) {
        QString name = session->name();
        name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
        path = QDir(defaultFolder).absoluteFilePath(
            QStringLiteral("%1-%2.cpuprofile").arg(name, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-hhmmss"))));
    }
    if (!session->isProfiling()) {
        if (session->finishedProfiles().empty()) {
            fail(QStringLiteral("the machine is not profiling: send xsprof/profile with \"action\": \"start\" first"));
            return;
        }
        write(session, path, reply, fail); // stopped already (by the machine, or a request before)
        return;
    }
    auto* context = new QObject(this);
    auto fired = std::make_shared<bool>(false);
    QPointer<MachineSession> guard(session);
    auto finish = [this, context, fired, guard, path, reply, fail](bool stopped) {
        if (*fired)
            return;
        *fired = true;
        context->deleteLater();
        if (!guard) {
            fail(QStringLiteral("the machine left before its profile was written"));
            return;
        }
        if (!stopped && guard->isProfiling()) {
            fail(QStringLiteral("the machine did not stop profiling in time: a host that reads commands only at "
                                "its pauses (xst) stops at its next pause"));
            return;
        }
        write(guard, path, reply, fail);
    };
    connect(session, &MachineSession::profilingChanged, context, [finish](bool profiling) {
        if (!profiling)
            finish(true);
    });
    connect(session, &MachineSession::disconnected, context, [finish] { finish(true); });
    QTimer::singleShot(m_timeoutMs, context, [finish] { finish(false); });
    session->stopProfiling();
}

void DapProfiling::write(MachineSession* session, const QString& path, const Reply& reply, const Fail& fail)
{
    const auto finished = session->finishedProfiles();
    std::shared_ptr<xsprof::Profile> profile =
        finished.empty() ? session->profileSnapshot() : session->finishedProfile(int(finished.size()) - 1);
    if (!profile || profile->samples.size() == 0) {
        fail(QStringLiteral("the machine recorded no profile samples (is its host built with the instrument "
                            "profiler, mxInstrument?)"));
        return;
    }
    profile->info.name = session->name().toStdString();
    std::string error;
    if (!xsprof::saveCpuProfile(*profile, QDir::toNativeSeparators(path).toStdString(), &error)) {
        fail(QString::fromStdString(error));
        return;
    }
    reply({{"path", path.toStdString()},
           {"samples", profile->samples.size()},
           {"durationMs", profile->duration() / 1000.0}});
}
