#include "dapprofiling.h"

#include "model/cpuprofilewriter.h"
#include "model/profileloader.h"
#include "protocol/machinesession.h"

#include <QDir>
#include <QFileInfo>
#include <QPointer>
#include <QRegularExpression>
#include <QTimer>

#include <memory>

namespace {

// Hosts that read the debugger's commands only at their pauses (a break, a debugger statement).
bool readsCommandsOnlyAtPauses(const MachineSession* session)
{
    return session->name() == QLatin1String("xst") || session->name() == QLatin1String("xsl");
}

const QString& fileProfilerNote()
{
    static const QString note = QStringLiteral(
        "a stock xst (built with the file profiler, mxProfile) sends no samples over the connection: it writes "
        "XS-yy-mm-dd-hh-mm-ss-mmm.cpuprofile in its own working folder when it stops profiling (a stop read at "
        "its next pause) or exits");
    return note;
}

} // namespace

void DapProfiling::request(MachineSession* session, const DapArgs::Profile& arguments, const QString& defaultFolder,
                           const Reply& reply, const Fail& fail)
{
    const QString& action = arguments.action;
    if (action != QLatin1String("start") && action != QLatin1String("stop")) {
        fail(QStringLiteral("xsprof/profile takes \"action\": \"start\" or \"stop\""));
        return;
    }
    const bool start = action == QLatin1String("start");
    if (!session) { // no machine is connected
        if (!start && !m_armed) {
            fail(QStringLiteral("no machine is connected to profile"));
            return;
        }
        m_armed = start;
        emit loginAnswerChanged();
        reply({{"profiling", false},
               {"armed", start},
               {"message", start ? "armed: the next machine that connects starts profiling at its login (xst too: "
                                   "its login answer carries the start, before its first line runs)"
                                 : "no longer armed: no machine had connected"}});
        return;
    }
    if (!start) {
        QString path = arguments.path.isEmpty() ? defaultPath(session, defaultFolder) : arguments.path;
        stop(session, path, reply, fail);
        return;
    }
    if (session->isProfiling()) {
        reply({{"profiling", true}});
        return;
    }
    const QString message = startMessage(session);
    session->startProfiling(); // a stopped machine resumes, as in xsbug
    m_askedAny = true;
    nlohmann::json body = {{"profiling", true}}; // asked: the machine says so with its first <pt start>
    if (!message.isEmpty())
        body["message"] = message.toStdString();
    reply(body);
}

QString DapProfiling::startMessage(const MachineSession* session)
{
    if (session->state() == MachineSession::State::Broken)
        return QStringLiteral("requested at a break: the machine resumes (as in xsbug), but XS sends no samples for a "
                              "profile started at a break; start before the machine connects, or give "
                              "\"profileOnStart\": true, to profile from its first line");
    if (readsCommandsOnlyAtPauses(session))
        return QStringLiteral("requested: xst reads it at its next pause (a breakpoint, a debugger statement); ") +
               fileProfilerNote() + QStringLiteral(". To profile from the first line, start before it connects or give "
                                                   "\"profileOnStart\": true");
    return {};
}

void DapProfiling::stop(MachineSession* session, const QString& path, const Reply& reply, const Fail& fail)
{
    if (!session->isProfiling()) {
        if (session->finishedProfiles().size() > size_t(m_writtenOf.value(session))) {
            write(session, path, reply, fail); // stopped already (by the machine, or a request before)
            return;
        }
        if (readsCommandsOnlyAtPauses(session)) {
            session->stopProfiling();
            fail(QStringLiteral("%1 is not profiling, as far as its connection tells (no samples came): %2; asked "
                                "to stop, it writes it at its next pause")
                     .arg(session->name(), fileProfilerNote()));
            return;
        }
        fail(QStringLiteral("the machine is not profiling: send xsprof/profile with \"action\": \"start\" first"));
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
    m_writtenOf.insert(session, int(finished.size()));
    reply({{"path", path.toStdString()},
           {"samples", profile->samples.size()},
           {"durationMs", profile->duration() / 1000.0}});
}

QString DapProfiling::defaultPath(const MachineSession* session, const QString& folder)
{
    QString name = session->name();
    name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]")), QStringLiteral("_"));
    const QString stem = QDir(folder).absoluteFilePath(
        QStringLiteral("%1-%2").arg(name, QDateTime::currentDateTime().toString(QStringLiteral("yyyyMMdd-hhmmss"))));
    QString path = stem + QStringLiteral(".cpuprofile");
    for (int n = 2; QFileInfo::exists(path); ++n) // Workers of one name, leaving in one second
        path = stem + QStringLiteral("-%1.cpuprofile").arg(n);
    return path;
}

// --- machines that connect later -------------------------------------------------------------

void DapProfiling::setProfileOnStart(bool on)
{
    if (on == m_profileOnStart)
        return;
    m_profileOnStart = on;
    emit loginAnswerChanged();
}

void DapProfiling::follow(MachineSession* session, const QString& folder)
{
    if (startsAtLogin())
        m_askedAny = true;
    if (m_armed) { // for one machine
        m_armed = false;
        emit loginAnswerChanged();
    }
    connect(session, &MachineSession::disconnected, this, [this, session, folder] { onLeaving(session, folder); });
}

void DapProfiling::onLeaving(MachineSession* session, const QString& folder)
{
    const auto finished = session->finishedProfiles();
    std::vector<std::shared_ptr<xsprof::Profile>> unwritten;
    for (size_t i = size_t(m_writtenOf.value(session)); i < finished.size(); ++i)
        unwritten.push_back(session->finishedProfile(int(i)));
    if (session->isProfiling()) // left without a stop
        unwritten.push_back(session->profileSnapshot());
    m_writtenOf.remove(session);
    bool anySamples = false;
    for (const std::shared_ptr<xsprof::Profile>& profile : unwritten) {
        if (!profile || profile->samples.size() == 0)
            continue;
        anySamples = true;
        profile->info.name = session->name().toStdString();
        const QString path = defaultPath(session, folder);
        std::string error;
        if (xsprof::saveCpuProfile(*profile, QDir::toNativeSeparators(path).toStdString(), &error))
            emit written(path, qsizetype(profile->samples.size()), session->name());
        else
            emit note(QStringLiteral("%1's profile could not be written: %2").arg(session->name(), QString::fromStdString(error)));
    }
    if (!anySamples && finished.empty() && m_askedAny && readsCommandsOnlyAtPauses(session))
        emit note(session->name() + QStringLiteral(" left without sending samples: ") + fileProfilerNote() +
                  QStringLiteral(" (for a launched program, said when it ends)"));
}

void DapProfiling::collectFileProfiles(const QString& folder, const QDateTime& since)
{
    if (!m_askedAny)
        return;
    const QFileInfoList files =
        QDir(folder).entryInfoList({QStringLiteral("XS-*.cpuprofile")}, QDir::Files, QDir::Time | QDir::Reversed);
    for (const QFileInfo& file : files) {
        if (file.lastModified() < since)
            continue;
        const xsprof::LoadResult loaded = xsprof::loadProfileFile(file.absoluteFilePath().toStdString());
        emit written(file.absoluteFilePath(), loaded.ok() ? qsizetype(loaded.profile->samples.size()) : 0,
                     QStringLiteral("the program (its own file profiler)"));
    }
}
