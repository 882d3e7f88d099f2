#pragma once
// The "Flame Graph" tab: a graph / chart switch, colour by category or file, the zoom
// breadcrumb, and the flame graph in a vertical scroll area. It shows its document's results
// (the selected range, or the whole profile) and follows them by itself.
#include "flamegraphview.h"

#include <QWidget>

#include <vector>

class ProfileDocument;
class QAbstractButton;
class QComboBox;
class QLabel;
class QScrollArea;

class FlameGraphPanel : public QWidget
{
    Q_OBJECT
public:
    explicit FlameGraphPanel(ProfileDocument* document, QWidget* parent = nullptr);

    FlameGraphView* view() const { return m_view; }
    void setMatches(std::vector<char> matches) { m_view->setMatches(std::move(matches)); }
    QLabel* breadcrumbLabel() const { return m_breadcrumb; }
    QAbstractButton* chartButton() const { return m_chartButton; }
    QComboBox* coloringBox() const { return m_coloring; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void showResults(FlameGraphView::Zoom zoom);
    void updateBreadcrumb();

    ProfileDocument* m_document;
    FlameGraphView* m_view;
    QScrollArea* m_scroll;
    QAbstractButton* m_graphButton;
    QAbstractButton* m_chartButton;
    QComboBox* m_coloring;
    QLabel* m_breadcrumb;
    QLabel* m_notice;
};
