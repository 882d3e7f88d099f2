#include "views/document/profileloader.h"

#include "model/profileloader.h"

#include <QFile>
#include <QFileInfo>

struct ProfileLoader::Outcome {
    std::shared_ptr<ProfileData> data;
    QString error;
    bool cancelled = false;
    QStringList choices;
    int suggested = 0;
    std::shared_ptr<const xsprof::ParsedProfiles> parsed;
};

namespace {
QString fromStd(const std::string& text)
{
    return QString::fromStdString(text);
}

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

ProfileLoader::ProfileLoader(QObject* parent) : QObject(parent) {}

ProfileLoader::~ProfileLoader()
{
    m_cancel = true;
    if (m_worker.joinable())
        m_worker.join(); // results it posted die with this object
}

void ProfileLoader::load(const QString& path, int profileIndex)
{
    m_queue.enqueue({path, profileIndex, nullptr});
    if (!isBusy())
        startNext();
}

void ProfileLoader::cancel()
{
    m_queue.clear();
    if (isBusy())
        m_cancel = true;
}

void ProfileLoader::startNext()
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
    m_cancel = false;
    m_permille = -1;
    const unsigned generation = ++m_generation;
    emit started(m_current.path);
    emit progressChanged(0);
    m_worker = std::thread([this, request = m_current, generation] { run(request, generation); });
}

// Worker thread: touches only the request, the atomics and its own outcome.
void ProfileLoader::run(Request request, unsigned generation)
{
    auto outcome = std::make_shared<Outcome>();
    xsprof::TaskControl control;
    control.cancelFlag = &m_cancel;
    control.onProgress = [this](double fraction) {
        const int permille = int(fraction * 900.0); // the last tenth is the analysis
        if (m_permille.exchange(permille) != permille)
            QMetaObject::invokeMethod(this, [this, permille] { emit progressChanged(permille); }, Qt::QueuedConnection);
    };
    xsprof::LoadOptions options;
    options.profileIndex = request.profileIndex;
    options.listOnlyWhenSeveral = true; // the user picks one, converted from what was parsed
    xsprof::LoadResult result =
        request.parsed ? request.parsed->convert(request.profileIndex) : readProfile(request.path, options, control);

    if (result.cancelled || m_cancel) {
        outcome->cancelled = true;
    } else if (request.profileIndex < 0 && result.available.size() > 1 && !result.error) {
        // Listed, not converted (listOnlyWhenSeveral): the user picks one.
        for (const auto& summary : result.available)
            outcome->choices << tr("%1 (%n sample(s))", nullptr, int(summary.sampleCount)).arg(fromStd(summary.name));
        outcome->suggested = int(result.chosenIndex);
        outcome->parsed = result.parsed;
    } else if (!result.ok()) {
        outcome->error = result.error ? fromStd(result.error->toString()) : tr("Unknown error");
    } else {
        control.report(0.95);
        const int index = result.available.size() > 1 ? int(result.chosenIndex) : -1;
        outcome->data = ProfileData::create(std::move(*result.profile), request.path, index);
    }
    QMetaObject::invokeMethod(this, [this, generation, outcome] { complete(generation, outcome); },
                              Qt::QueuedConnection);
}

void ProfileLoader::complete(unsigned generation, const std::shared_ptr<Outcome>& outcome)
{
    if (generation != m_generation)
        return;
    if (m_worker.joinable())
        m_worker.join(); // it has posted its last event: returns at once
    const Request request = m_current;
    m_current = {};
    // A cancel that arrived after the worker finished still wins: the user asked for it.
    if (outcome->cancelled || m_cancel)
        emit cancelled(request.path);
    else if (!outcome->error.isEmpty())
        emit failed(request.path, outcome->error);
    else if (!outcome->choices.isEmpty()) {
        m_parsedPath = request.path;
        m_parsed = outcome->parsed;
        emit profileChoiceNeeded(request.path, outcome->choices, outcome->suggested);
    }
    else
        emit loaded(outcome->data);
    startNext();
}
