#include "views/document/profileopenjob.h"

#include "views/document/modeltext.h"

#include "model/profileloader.h"

#include <QFile>
#include <QFileInfo>
#include <QTimer>

struct ProfileOpenJob::Outcome {
    std::shared_ptr<ProfileData> data;
    QString error;
    bool cancelled = false;
    QStringList choices;
    int suggested = 0;
    std::shared_ptr<const xsprof::ParsedProfiles> parsed;
};

namespace {
xsprof::LoadResult readProfile(const QString& path, const xsprof::LoadOptions& options,
                               const xsprof::TaskControl& control)
{
    // Qt resources (the bundled example) are not files the model's reader can open.
    if (path.startsWith(QLatin1String(":/"))) {
        QFile file(path);
        if (!file.open(QIODevice::ReadOnly)) {
            xsprof::LoadResult result;
            result.error = xsprof::LoadError{path.toStdString(), file.errorString().toStdString(), {}};
            return result;
        }
        const QByteArray bytes = file.readAll();
        return xsprof::loadProfileData(std::string_view(bytes.constData(), size_t(bytes.size())),
                                       QFileInfo(path).fileName().toStdString(), options, &control);
    }
    return xsprof::loadProfileFile(QFile::encodeName(path).toStdString(), options, &control);
}
} // namespace

ProfileOpenJob::ProfileOpenJob(QObject* parent) : QObject(parent)
{
    connect(&m_runner, &JobRunner::progressChanged, this, &ProfileOpenJob::progressChanged);
}

void ProfileOpenJob::load(const QString& path, int profileIndex)
{
    m_queue.enqueue({path, profileIndex, nullptr});
    if (!isBusy())
        startNext();
}

void ProfileOpenJob::cancel()
{
    m_queue.clear();
    if (!isBusy())
        return;
    m_runner.cancel(); // the reader sees the flag; its result is dropped
    const QString path = std::exchange(m_current, {}).path;
    // Told after the caller returns, as a finished load would be.
    QTimer::singleShot(0, this, [this, path] {
        emit cancelled(path);
        if (!isBusy())
            emit finished();
    });
}

void ProfileOpenJob::startNext()
{
    if (m_queue.isEmpty()) {
        emit finished();
        return;
    }
    m_current = m_queue.dequeue();
    if (m_current.profileIndex >= 0 && m_current.path == m_parsedPath)
        m_current.parsed = m_parsed;
    m_parsedPath.clear();
    m_parsed.reset();
    emit started(m_current.path);
    m_runner.run<Outcome>(
        [request = m_current](const xsprof::TaskControl& control) {
            return open(request, control);
        },
        [this](JobResult<Outcome> result) {
            if (!result.ok()) { // what the reader or the analysis threw (out of memory...)
                result.value.emplace();
                result.value->error = result.error;
            }
            complete(*result.value);
        });
}

void ProfileOpenJob::complete(const Outcome& outcome)
{
    const Request request = std::exchange(m_current, {});
    if (outcome.cancelled)
        emit cancelled(request.path);
    else if (!outcome.error.isEmpty())
        emit failed(request.path, outcome.error);
    else if (!outcome.choices.isEmpty()) {
        m_parsedPath = request.path;
        m_parsed = outcome.parsed;
        emit profileChoiceNeeded(request.path, outcome.choices, outcome.suggested);
    }
    else
        emit loaded(outcome.data);
    startNext();
}

ProfileOpenJob::Outcome ProfileOpenJob::open(const Request& request, const xsprof::TaskControl& job)
{
    const QString& path = request.path;
    const int profileIndex = request.profileIndex;
    ProfileOpenJob::Outcome outcome;
    xsprof::TaskControl control;
    control.cancelFlag = job.cancelFlag;
    control.onProgress = [&job](double fraction) { job.report(fraction * 0.9); }; // the last tenth: analysis
    xsprof::LoadOptions options;
    options.profileIndex = profileIndex;
    options.listOnlyWhenSeveral = true; // the user picks one, converted from what was parsed
    xsprof::LoadResult result = request.parsed ? request.parsed->convert(profileIndex) : readProfile(path, options, control);

    if (result.cancelled || job.isCancelled()) {
        outcome.cancelled = true;
    } else if (profileIndex < 0 && result.available.size() > 1 && !result.error) {
        // Listed, not converted (listOnlyWhenSeveral): the user picks one.
        for (const auto& summary : result.available)
            outcome.choices << tr("%1 (%n sample(s))", nullptr, int(summary.sampleCount)).arg(fromStd(summary.name));
        outcome.suggested = int(result.chosenIndex);
        outcome.parsed = result.parsed;
    } else if (!result.ok()) {
        outcome.error = result.error ? fromStd(result.error->toString()) : tr("Unknown error");
    } else {
        job.report(0.95);
        const int index = result.available.size() > 1 ? int(result.chosenIndex) : -1;
        std::shared_ptr<ProfileData> data = ProfileData::create(std::move(*result.profile), path, index);
        for (const std::string& warning : result.warnings)
            data->warnings << fromStd(warning);
        outcome.data = std::move(data);
    }
    return outcome;
}
