#include "views/sourcelookup.h"

#include "views/document/profiledocument.h"
#include "views/document/sourcemapswitch.h"
#include "views/sourcepane.h"

#include "model/linecosts.h"
#include "model/sampletimes.h"

#include <QFileInfo>
#include <QMap>
#include <QUrl>

SourceLookup::SourceLookup(ProfileDocument* document, SourceMapSwitch* sourceMaps, SourcePane* pane, QObject* parent)
    : QObject(parent), m_document(document), m_sourceMaps(sourceMaps), m_pane(pane)
{
}

SourceLookup::Place SourceLookup::placeOf(xsprof::FrameId f) const
{
    const ProfileData& whole = *m_document->whole();
    Place place;
    place.url = whole.frameUrl(f);
    if (place.url.isEmpty())
        return place;
    const QString baseDir = whole.path.startsWith(QLatin1String(":/")) ? QString()
                                                                        : QFileInfo(whole.path).absolutePath();
    place.path = SourcePane::localPath(place.url, baseDir, m_pathMappings);
    if (place.path.isEmpty() && whole.path.startsWith(QLatin1String(":/"))) {
        // A bundled example's scripts are bundled beside it.
        const QString bundled = QFileInfo(whole.path).path() + QLatin1Char('/') + QFileInfo(QUrl(place.url).path()).fileName();
        if (QFileInfo(bundled).isFile())
            place.path = bundled;
    }
    place.line = whole.profile.frames.line[f.value];
    return place;
}

bool SourceLookup::showInPane(xsprof::FrameId f, const Place& place)
{
    if (const QString embedded = m_sourceMaps->originalSource(place.url); place.path.isEmpty() && !embedded.isNull()) {
        m_pane->showText(place.url, embedded, place.line); // the original source, as its map embeds it
        return true;
    }
    if (place.path.isEmpty() || !m_pane->showFile(place.path, place.line))
        return false;
    showLineCosts(f);
    return true;
}

void SourceLookup::open(xsprof::FrameId f)
{
    const Place place = placeOf(f);
    if (place.url.isEmpty()) {
        emit statusMessage(tr("%1 has no source file.").arg(m_document->whole()->frameName(f)));
        return;
    }
    const bool onDisk = !place.path.isEmpty() && !place.path.startsWith(QLatin1String(":/"));
    if (onDisk && m_editorOpener && m_editorOpener(place.path, place.line))
        return;
    if (!showInPane(f, place)) {
        emit statusMessage(tr("%1 is not available locally: map its folder to a local one in "
                              "Preferences › Source files.").arg(place.url));
        emit sourceUnavailable(place.url);
        return;
    }
    m_pane->show();
}

void SourceLookup::preview(xsprof::FrameId f)
{
    if (!f.isValid())
        return;
    const QString name = m_document->whole()->frameName(f);
    const QString shown = name.isEmpty() ? tr("(anonymous)") : name;
    const Place place = placeOf(f);
    if (place.url.isEmpty())
        m_pane->showMessage(tr("%1 has no source file.").arg(shown),
                            tr("Select a function of a script to see its source here."));
    else if (!showInPane(f, place))
        m_pane->showMessage(tr("%1: %2 is not available locally.").arg(shown, place.url),
                            tr("Sources recorded on another machine open here once File › Preferences › Source "
                               "files maps their folder to a local one."));
}

// The function's per-line self time from the loaded file's positionTicks (transforms keep
// the frames but not the ticks); over the selected range when no transform moved the samples.
void SourceLookup::showLineCosts(xsprof::FrameId f)
{
    const xsprof::Profile& loaded = m_document->loaded()->profile;
    const bool available = xsprof::hasLineTicks(loaded);
    QMap<int, double> costs;
    if (available && f.value < loaded.frames.size()) {
        xsprof::SampleRange range;
        const ProfileDocument::Selection& selection = m_document->results().selection;
        if (selection.hasRange() && m_document->transforms().isEmpty())
            range = SampleTimes(loaded).range(selection.start, selection.end);
        for (const xsprof::LineCost& line : xsprof::lineCosts(loaded, f, range).lines)
            costs.insert(line.line, line.self);
    }
    m_pane->setLineCosts(costs, available);
}
