// FlameGraphView: the keyboard, the selected frame and what it tells a screen reader.
#include "flamegraphview.h"

#include "costformat.h"
#include "model/flamegraphnavigation.h"
#include "model/sampletimes.h"

#include <QAccessible>
#include <QKeyEvent>
#include <QPainter>

#include <algorithm>

using Box = FlameGraphLayout::Box;

namespace {
constexpr double keyZoomIn = 0.5;      // + halves the chart's window
constexpr double keyPan = 0.25;        // A/D move it by a quarter
constexpr double minimumFlameWindow = 10.0; // µs
} // namespace

int FlameGraphView::selectedIndex() const
{
    if (!m_selected)
        return -1;
    ensureLayout();
    return FlameGraphNavigation::find(m_layout, *m_selected, m_selectedOrigin);
}

const Box* FlameGraphView::selectedBox() const
{
    const int index = selectedIndex();
    return index < 0 ? nullptr : &m_layout.boxes()[size_t(index)];
}

void FlameGraphView::selectBox(int index)
{
    ensureLayout();
    if (index < 0 || size_t(index) >= m_layout.boxes().size())
        m_selected.reset();
    else
        m_selected = m_layout.boxes()[size_t(index)];
    m_selectedOrigin = m_layout.origin();
    update();
    updateAccessibleDescription();
    emit selectionChanged();
}

QRect FlameGraphView::selectedRect() const
{
    const Box* box = selectedBox();
    return box ? rectOf(*box).toAlignedRect() : QRect();
}

QString FlameGraphView::describe(const Box& box) const
{
    if (!m_data)
        return {};
    if (!box.frame.isValid())
        return tr("%n small frame(s), together %1", nullptr, int(box.merged)).arg(CostFormat::time(box.width));
    QString text = nameOf(box.frame);
    const auto& functions = m_data->analysis.functions;
    if (m_layout.source() == FlameGraphLayout::Source::CallTree) {
        const xsprof::StackId s(box.node);
        text += tr(", self %1, total %2")
                    .arg(CostFormat::time(m_data->analysis.callTree.self(s)),
                         CostFormat::time(m_data->analysis.callTree.total(s)));
    } else if (m_layout.source() == FlameGraphLayout::Source::TimeOrder) {
        text += tr(", ran %1").arg(CostFormat::time(box.width));
    } else if (functions.contains(box.frame)) {
        text += tr(", self %1, total %2")
                    .arg(CostFormat::time(functions.self(box.frame)), CostFormat::time(functions.total(box.frame)));
    }
    return text;
}

void FlameGraphView::updateAccessibleDescription()
{
    const Box* box = selectedBox();
    setAccessibleDescription(box ? tr("Selected: %1").arg(describe(*box)) : tr("No frame selected; arrows choose one"));
    if (QAccessible::isActive()) {
        QAccessibleEvent event(this, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&event);
    }
}

void FlameGraphView::paintSelection(QPainter& painter) const
{
    if (hasFocus()) {
        // The keyboard is here: a frame around the part of the graph on screen.
        painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(visibleRegion().boundingRect().adjusted(1, 1, -1, -1));
    }
    if (const Box* box = selectedBox()) {
        painter.setPen(QPen(palette().color(QPalette::Highlight), 3));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rectOf(*box).adjusted(1.5, 1.5, -2.5, -2.5));
    }
}

bool FlameGraphView::moveSelection(int key)
{
    using FlameGraphNavigation::Direction;
    const int from = selectedIndex();
    int to = -1;
    if (from < 0) {
        to = FlameGraphNavigation::first(layout());
    } else {
        const Direction direction = key == Qt::Key_Up ? Direction::Parent
            : key == Qt::Key_Down                     ? Direction::Child
            : key == Qt::Key_Left                     ? Direction::Previous
                                                      : Direction::Next;
        to = FlameGraphNavigation::step(m_layout, from, direction);
    }
    if (to < 0)
        return false;
    selectBox(to);
    return true;
}

void FlameGraphView::setChartWindow(double t0, double t1)
{
    const double size = t1 - t0;
    if (size >= m_t1 - m_t0) {
        // The whole range again: the keyboard windows go.
        while (!m_chartZooms.empty() && m_chartZooms.back().byKeys)
            m_chartZooms.pop_back();
    } else {
        t0 = std::clamp(t0, m_t0, m_t1 - size);
        t1 = t0 + size;
        const double start = m_data ? SampleTimes(m_data->profile).start() : 0.0; // as the timeline's axis
        ChartZoom zoom{t0, t1, tr("%1 – %2").arg(CostFormat::time(t0 - start), CostFormat::time(t1 - start)), true};
        if (!m_chartZooms.empty() && m_chartZooms.back().byKeys)
            m_chartZooms.back() = zoom;
        else
            m_chartZooms.push_back(zoom);
    }
    invalidate();
    emit zoomChanged();
}

void FlameGraphView::zoomChartWindow(double factor)
{
    if (!m_data || m_mode != Mode::Chart)
        return;
    const double t0 = m_chartZooms.empty() ? m_t0 : m_chartZooms.back().t0;
    const double t1 = m_chartZooms.empty() ? m_t1 : m_chartZooms.back().t1;
    const Box* box = selectedBox();
    const double middle = box ? m_layout.origin() + box->x + box->width / 2 : (t0 + t1) / 2;
    const double size = std::clamp((t1 - t0) * factor, std::min(minimumFlameWindow, m_t1 - m_t0), m_t1 - m_t0);
    setChartWindow(middle - size / 2, middle + size / 2);
}

void FlameGraphView::panChartWindow(double fraction)
{
    if (!m_data || m_mode != Mode::Chart || m_chartZooms.empty())
        return;
    const double t0 = m_chartZooms.back().t0, t1 = m_chartZooms.back().t1;
    const double shift = (t1 - t0) * fraction;
    setChartWindow(t0 + shift, t1 + shift);
}

void FlameGraphView::keyPressEvent(QKeyEvent* event)
{
    const bool chart = m_mode == Mode::Chart && chartAvailable();
    const int levels = int(breadcrumb().size());
    switch (event->key()) {
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Left:
    case Qt::Key_Right: moveSelection(event->key()); return;
    case Qt::Key_Return:
    case Qt::Key_Enter:
        if (const Box* box = selectedBox()) {
            zoomInto(*box);
            selectBox(FlameGraphNavigation::first(layout()));
        }
        return;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
    case Qt::Key_W:
        if (chart) {
            zoomChartWindow(keyZoomIn);
        } else if (const Box* box = selectedBox()) {
            zoomInto(*box);
            selectBox(FlameGraphNavigation::first(layout()));
        }
        return;
    case Qt::Key_Minus:
    case Qt::Key_S:
        if (chart && !m_chartZooms.empty() && m_chartZooms.back().byKeys)
            zoomChartWindow(1.0 / keyZoomIn);
        else if (levels > 1)
            zoomOutTo(levels - 2);
        return;
    case Qt::Key_A:
    case Qt::Key_D: panChartWindow(event->key() == Qt::Key_A ? -keyPan : keyPan); return;
    case Qt::Key_Backspace:
        if (levels > 1)
            zoomOutTo(levels - 2);
        return;
    case Qt::Key_0: resetZoom(); return;
    default: break;
    }
    QWidget::keyPressEvent(event);
}

void FlameGraphView::focusInEvent(QFocusEvent* event)
{
    QWidget::focusInEvent(event);
    updateAccessibleDescription();
    update();
}

void FlameGraphView::focusOutEvent(QFocusEvent* event)
{
    QWidget::focusOutEvent(event);
    update();
}
