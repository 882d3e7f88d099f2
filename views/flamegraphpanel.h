#pragma once
// The "Flame Graph" tab: a graph / chart switch, colour by category or file, the zoom
// breadcrumb, and the flame graph in a vertical scroll area.
#include "flamegraphview.h"

#include <QWidget>

class QAbstractButton;
class QComboBox;
class QLabel;
class QScrollArea;

class FlameGraphPanel : public QWidget
{
    Q_OBJECT
public:
    explicit FlameGraphPanel(QWidget* parent = nullptr);

    FlameGraphView* view() const { return m_view; }
    void setData(ProfileDataPtr data, double t0, double t1, FlameGraphView::Zoom zoom = FlameGraphView::Zoom::Reset);
    void setMatches(std::vector<char> matches) { m_view->setMatches(std::move(matches)); }
    QLabel* breadcrumbLabel() const { return m_breadcrumb; }
    QAbstractButton* chartButton() const { return m_chartButton; }
    QComboBox* coloringBox() const { return m_coloring; }

protected:
    void resizeEvent(QResizeEvent* event) override;

private:
    void updateBreadcrumb();

    FlameGraphView* m_view;
    QScrollArea* m_scroll;
    QAbstractButton* m_graphButton;
    QAbstractButton* m_chartButton;
    QComboBox* m_coloring;
    QLabel* m_breadcrumb;
    QLabel* m_notice;
};
