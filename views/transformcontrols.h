#pragma once
// The transforms of one profile page: the breadcrumb above the views and a TransformMenu on
// every view (trees, flame graph/chart). Requests go to the page's ProfileDocument, which
// recomputes every view from the transformed profile on its job runner; Backspace anywhere
// in the page (outside a text field) undoes the last step.
#include "views/transformmenu.h"

#include <QObject>

class CostTreeView;
class FlameGraphView;
class ProfileDocument;
class TransformBreadcrumb;
class QWidget;

class TransformControls : public QObject
{
    Q_OBJECT
public:
    // `page` hosts the Backspace shortcut; the breadcrumb is for the page to lay out.
    TransformControls(ProfileDocument* document, QWidget* page);

    TransformBreadcrumb* breadcrumb() const { return m_breadcrumb; }
    // `perPath`: the view's rows are call paths (offers Focus on subtree).
    void addTreeView(CostTreeView* view, bool perPath);
    void addFlameGraph(FlameGraphView* view);
    const std::vector<TransformMenu*>& menus() const { return m_menus; }

    void undoLast();

signals:
    void callersCalleesRequested(xsprof::FrameId frame);
    void statusMessage(const QString& message);

private:
    void add(TransformMenu* menu);
    void showTransforms();

    ProfileDocument* m_document;
    TransformBreadcrumb* m_breadcrumb;
    std::vector<TransformMenu*> m_menus;
};
