#pragma once
// The "go to source" pane: a title with the file and line, and the file's text.
#include "views/document/pathmappings.h"

#include <QMap>
#include <QWidget>

class QLabel;
class SourceView;

class SourcePane : public QWidget
{
    Q_OBJECT
public:
    explicit SourcePane(QWidget* parent = nullptr);

    // A local file for a frame url: a file:// URL, an absolute path, or a path relative to
    // `baseDir` (the profile's folder), after the user's path mappings. Empty when no such
    // file exists here.
    static QString localPath(const QString& url, const QString& baseDir, const PathMappings& mappings = {});

    // Loads `path` and highlights `line` (1-based); false when the file cannot be read.
    bool showFile(const QString& path, int line);
    // Shows `text` as the file `name` (a source map's embedded original source).
    void showText(const QString& name, const QString& text, int line);
    // No file: `text` says why (the selected function has none here), in place of the title;
    // `hint`, where the text would be, what to do. The pane then asks no more height than
    // that takes (the views above get the room), until a file shows again.
    void showMessage(const QString& text, const QString& hint);
    bool showsMessage() const { return m_showsMessage; }
    int messageHeight() const; // the title and three lines of the text area
    QString currentPath() const { return m_path; }
    QString title() const;

    // The shown function's self time per line (µs), as a heat column in the gutter; its
    // hottest line is scrolled into view. `available` false: the profile has no per-line
    // ticks, which the pane says (once, above the text) instead of showing costs.
    void setLineCosts(const QMap<int, double>& selfUs, bool available);
    QLabel* notice() const { return m_notice; }
    SourceView* view() const { return m_view; }

signals:
    void closeRequested();
    void showsMessageChanged(bool message);

private:
    void setShowsMessage(bool message);

    QLabel* m_title;
    QLabel* m_notice;
    SourceView* m_view;
    QString m_path;
    bool m_showsMessage = false;
};
