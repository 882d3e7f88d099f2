#include "views/sourcelookup.h"

#include "views/document/profiledocument.h"
#include "views/document/sourcemapswitch.h"
#include "views/sourcepane.h"

#include "model/linecosts.h"
#include "model/sampletimes.h"

#include <QFileInfo>
#include <QMap>

SourceLookup::SourceLookup(ProfileDocument* document, SourceMapSwitch* sourceMaps, SourcePane* pane, QObject* parent)
    : QObject(parent), m_document(document), m_sourceMaps(sourceMaps), m_pane(pane)
{
}

void SourceLookup::open(xsprof::FrameId f)
{
    const ProfileData& whole = *m_document->whole();
    const QString url = whole.frameUrl(f);
    if (url.isEmpty()) {
        emit statusMessage(tr("%1 has no source file.").arg(whole.frameName(f)));
        return;
    }
    const QString baseDir = whole.path.startsWith(QLatin1String(":/")) ? QString()
                                                                        : QFileInfo(whole.path).absolutePath();
    const QString path = SourcePane::localPath(url, baseDir, m_pathMappings);
    const int line = whole.profile.frames.line[f.value];
    if (!path.isEmpty() && m_editorOpener && m_editorOpener(path, line))
        return;
    if (const QString embedded = m_sourceMaps->originalSource(url); path.isEmpty() && !embedded.isNull()) {
        m_pane->showText(url, embedded, line); // the original source, as its map embeds it
        m_pane->show();
        return;
    }
    if (path.isEmpty() || !m_pane->showFile(path, line)) {
        emit statusMessage(tr("%1 is not available locally: map its folder to a local one in "
                              "Preferences › Source files.").arg(url));
        emit sourceUnavailable(url);
        return;
    }
    showLineCosts(f);
    m_pane->show();
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
