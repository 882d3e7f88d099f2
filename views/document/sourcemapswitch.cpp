#include "views/document/sourcemapswitch.h"

#include "views/document/profiledocument.h"

#include "model/sourcemaps/sourcemapper.h"

namespace {
struct Outcome {
    ProfileDataPtr mapped; // null: no function has a map
    QString summary;
    QStringList problems;
    QHash<QString, QString> contents;
};
} // namespace

SourceMapSwitch::SourceMapSwitch(ProfileDocument* document, QObject* parent)
    : QObject(parent), m_document(document), m_generated(document->loaded())
{
}

void SourceMapSwitch::setFolder(const QString& folder)
{
    m_folder = folder;
    search();
}

void SourceMapSwitch::addMapFile(const QString& path)
{
    if (!m_files.contains(path))
        m_files.prepend(path); // the latest dropped map wins over older ones
    search();
}

void SourceMapSwitch::setShowsOriginal(bool original)
{
    original = original && m_mapped;
    if (original == m_original)
        return;
    m_original = original;
    m_document->setSelectedFunction(xsprof::FrameId()); // frame ids differ between the two
    m_document->setLoaded(original ? m_mapped : m_generated);
    emit showsOriginalChanged(original);
}

QString SourceMapSwitch::originalSource(const QString& url) const
{
    return m_original ? m_contents.value(url) : QString();
}

void SourceMapSwitch::search()
{
    if (m_generated->profile.identifiesByXsId()) { // XS profiles carry their own locations
        emit searched(false);
        return;
    }
    xsprof::sourcemaps::SourceMapOptions options;
    if (!m_folder.isEmpty())
        options.folders.push_back(m_folder.toStdString());
    for (const QString& file : std::as_const(m_files))
        options.files.push_back(file.toStdString());
    m_runner.run<Outcome>(
        [generated = m_generated, options](const xsprof::TaskControl&) {
            xsprof::sourcemaps::SourceMapper mapper(options);
            xsprof::sourcemaps::SourceMapReport report;
            Outcome outcome;
            if (std::optional<xsprof::Profile> mapped = mapper.apply(generated->profile, report)) {
                std::shared_ptr<ProfileData> data = ProfileData::create(std::move(*mapped), generated->path,
                                                                        generated->profileIndex);
                data->warnings = generated->warnings;
                outcome.mapped = std::move(data);
            }
            outcome.summary = QObject::tr("%n function(s) mapped by %1", nullptr, int(report.functionsMapped))
                                  .arg(QObject::tr("%n source map(s)", nullptr, int(report.mapsUsed)));
            for (const std::string& problem : report.problems)
                outcome.problems << QString::fromStdString(problem);
            for (const auto& [url, text] : report.sourcesContent)
                outcome.contents.insert(QString::fromStdString(url), QString::fromStdString(text));
            return outcome;
        },
        [this](JobResult<Outcome> result) {
            if (!result.ok()) {
                emit problem(result.error);
                emit searched(false);
                return;
            }
            for (const QString& p : std::as_const(result.value->problems))
                emit problem(tr("Source map %1").arg(p));
            const bool wasOriginal = m_original;
            m_summary = result.value->summary;
            if (m_original) { // back to the generated one before the new map replaces the old
                m_original = false;
                m_document->setLoaded(m_generated);
            }
            m_mapped = result.value->mapped;
            m_contents = result.value->contents;
            if (m_mapped)
                setShowsOriginal(true); // maps found: the original sources, as the issue asks
            else if (wasOriginal)
                emit showsOriginalChanged(false);
            emit searched(m_mapped != nullptr);
        });
}
