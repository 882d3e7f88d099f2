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

    void open(xsprof::FrameId f);

signals:
    void statusMessage(const QString& message);
    // The function's file is not here (nor under a path mapping): the window offers to map it.
    void sourceUnavailable(const QString& url);

private:
    void showLineCosts(xsprof::FrameId f);

    ProfileDocument* m_document;
    SourceMapSwitch* m_sourceMaps;
    SourcePane* m_pane;
    PathMappings m_pathMappings;
    EditorOpener m_editorOpener;
};
