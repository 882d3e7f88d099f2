#pragma once
#include "views/document/pathmappings.h"
// The debugger's source pane: the file of the current frame with its break line
// highlighted, breakpoint markers in the line-number gutter (a click sets or clears
// one in the BreakpointsModel), and Find (Ctrl+F). The file is read from disk at every
// location shown; lines changed since the machine loaded it are marked in the gutter.
#include "app/debugger/sourcechanges.h"

#include <QWidget>

class BreakpointsModel;
class QLabel;
class SearchBar;
class SourceView;

class DebuggerSourcePane : public QWidget
{
    Q_OBJECT
public:
    explicit DebuggerSourcePane(BreakpointsModel* breakpoints, QWidget* parent = nullptr);

    // Shows the machine's `path` (read from this computer's disk) at `line`; 0 = no
    // highlight. False when the file cannot be read here.
    bool showLocation(const QString& path, int line);
    // Opens a file of this computer before any machine ran it (File › Open Source…, the
    // Sources list): the gutter sets breakpoints under the path the machine will report
    // (the path mappings applied in reverse). False when it cannot be read.
    bool openLocalFile(const QString& localPath);
    QString title() const;
    // The gutter's right-click menu for `line` (Add/Remove, Conditional…, Log Point…, Edit…).
    void showGutterMenu(int line, const QPoint& globalPos);
    // Opens the breakpoint editor for a new or existing breakpoint at `line` of this file.
    void editBreakpoint(int line, int focus);
    // Recorded paths are kept (breakpoints need them); only the file read is mapped.
    void setPathMappings(const PathMappings& mappings) { m_pathMappings = mappings; }
    QString currentPath() const { return m_path; }
    bool isLoaded() const { return m_loaded; }
    SourceView* view() const { return m_view; }
    SearchBar* searchBar() const { return m_search; }
    bool find(const QString& text, bool backward = false);
    // When the machine started: a file modified later may not be what it runs.
    void setMachineStart(const QDateTime& start) { m_changes.setMachineStart(start); }
    // Why lines are marked (or that the file changed), as the title says; empty when unchanged.
    QString changeNote() const { return m_changeNote; }
    QLabel* titleLabel() const { return m_title; } // the file, its line and the change note

private:
    PathMappings m_pathMappings;
    void updateMarkers();

    BreakpointsModel* m_breakpoints;
    QLabel* m_title;
    SourceView* m_view;
    SearchBar* m_search;
    QString m_path;
    bool m_loaded = false;
    SourceChanges m_changes; // each file's first reading, to mark what changed since
    QString m_changeNote;
};
