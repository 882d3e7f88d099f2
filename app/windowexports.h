#pragma once
// File › Export: the flame graph or chart and the timeline of the tab in front as SVG or
// PNG, and the table in front (any tree view: cost trees, call stack, variables) copied as
// tab-separated text or Markdown.
#include "views/treeexport.h"

#include <QObject>

class FlameGraphView;
class QMenu;
class QSettings;
class QTreeView;
class QWidget;
class WindowTabs;

class WindowExports : public QObject
{
    Q_OBJECT
public:
    // Fills `menu`; its actions act on the tab in front of `tabs`. `window` parents the file
    // dialogs; `settings` holds the folder last saved to.
    WindowExports(WindowTabs* tabs, QSettings* settings, QWidget* window, QMenu* menu);

    // The view an action exports in `tab`: the flame graph or chart shown (or last shown), the
    // timeline, and the tree with the focus, else the visible one.
    static FlameGraphView* flameView(QWidget* tab);
    static QWidget* timeline(QWidget* tab);
    static QTreeView* tableInFront(QWidget* tab);

    // Copies the table in front to the clipboard; false when there is none.
    bool copyTable(TreeExport::Format format);
    // The file name Export suggests for `what` ("flame-graph") of the tab in front.
    QString suggestedName(const QString& what) const;

signals:
    void statusMessage(const QString& text, int timeout);

private:
    void updateActions();
    void exportImage(QWidget* view, const QString& what); // asks where, then saves
    void save(QWidget* view, const QString& path, const QString& filter);

    WindowTabs* m_tabs;
    QSettings* m_settings;
    QWidget* m_window;
    QMenu* m_menu;
};
