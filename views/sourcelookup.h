#pragma once
// Opens a function's source for a profile page: in the user's editor when one is set and the
// file is here (under a path mapping too), else in the page's source pane with the function's
// self time per line; the original source a source map embeds; or it says why not.
#include "views/document/pathmappings.h"

#include "model/ids.h"

#include <QObject>
#include <QString>

#include <functional>

class ProfileDocument;
class SourceMapSwitch;
class SourcePane;

class SourceLookup : public QObject
{
    Q_OBJECT
public:
    // Opens a local file outside the built-in pane; false lets the pane show it.
    using EditorOpener = std::function<bool(const QString& path, int line)>;

    SourceLookup(ProfileDocument* document, SourceMapSwitch* sourceMaps, SourcePane* pane, QObject* parent = nullptr);

    // Where to look for sources recorded on another machine (File › Preferences).
    void setPathMappings(const PathMappings& mappings) { m_pathMappings = mappings; }
    void setEditorOpener(EditorOpener opener) { m_editorOpener = std::move(opener); }

    // Go to source (double-click, Enter): the editor, else the pane, else the status bar
    // and sourceUnavailable say why not.
    void open(xsprof::FrameId f);
    // The pane follows the selected function (a single click): it shows the function's
    // source, or says in the pane why there is none here; never the editor.
    void preview(xsprof::FrameId f);

signals:
    void statusMessage(const QString& message);
    // The function's file is not here (nor under a path mapping): the window offers to map it.
    void sourceUnavailable(const QString& url);

private:
    struct Place {
        QString url;
        QString path; // local, after the path mappings; empty when not here
        int line = 0;
    };
    Place placeOf(xsprof::FrameId f) const;
    // Shows the place in the pane: a local file, or the original a source map embeds.
    bool showInPane(xsprof::FrameId f, const Place& place);
    void showLineCosts(xsprof::FrameId f);

    ProfileDocument* m_document;
    SourceMapSwitch* m_sourceMaps;
    SourcePane* m_pane;
    PathMappings m_pathMappings;
    EditorOpener m_editorOpener;
};
