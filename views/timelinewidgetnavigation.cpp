// The timeline's navigation: the visible window (zoom, pan, kept inside the profile) and the
// selected range, by mouse (drag to select, Shift+drag to pan, hover for a tooltip) and keys.
#include "timelinewidget.h"

#include "qcustomplotinclude.h"

#include <QKeyEvent>
#include <QTimer>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <utility>

namespace {
constexpr double dragThreshold = 3.0; // pixels: less is a click, not a selection
constexpr double minimumWindow = 10.0; // µs: zooming in stops here
} // namespace

double TimelineWidget::visibleStart() const
{
    return m_start + m_plot->xAxis->range().lower;
}

double TimelineWidget::visibleEnd() const
{
    return m_start + m_plot->xAxis->range().upper;
}

void TimelineWidget::setVisibleRange(double t0, double t1)
{
    m_plot->xAxis->setRange(t0 - m_start, t1 - m_start);
}

void TimelineWidget::keepInsideProfile()
{
    if (m_clamping)
        return;
    const double span = m_end - m_start;
    QCPRange range = m_plot->xAxis->range();
    double size = std::clamp(range.size(), std::min(minimumWindow, span), span);
    double lower = std::clamp(range.lower, 0.0, span - size);
    if (lower == range.lower && size == range.size())
        return;
    m_clamping = true;
    m_plot->xAxis->setRange(lower, lower + size);
    m_clamping = false;
}

void TimelineWidget::showPending(double t0, double t1)
{
    m_pending = ProfileDocument::Selection{std::clamp(std::min(t0, t1), m_start, m_end),
                                           std::clamp(std::max(t0, t1), m_start, m_end)};
    updateSelectionItem();
}

void TimelineWidget::commitPending()
{
    const std::optional<ProfileDocument::Selection> pending = std::exchange(m_pending, std::nullopt);
    if (pending && pending->hasRange())
        m_document->setTimeRange(pending->start, pending->end); // shown when the document has it
    else
        updateSelectionItem(); // an empty drag: the document's range again
}

void TimelineWidget::clearRange()
{
    m_keySelection->stop();
    m_pending.reset();
    m_document->clearTimeRange();
}

void TimelineWidget::updateSelectionItem()
{
    updateAccessibleDescription();
    const ProfileDocument::Selection shown = selection();
    m_selectionItem->setVisible(shown.hasRange());
    m_selectionItem->topLeft->setCoords(shown.start - m_start, 0.0);
    m_selectionItem->bottomRight->setCoords(shown.end - m_start, 1.0);
    requestReplot();
}

double TimelineWidget::timeAt(double pixel) const
{
    return std::clamp(m_start + m_plot->xAxis->pixelToCoord(pixel), m_start, m_end);
}

void TimelineWidget::onMousePress(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    setFocus(Qt::MouseFocusReason);
    QToolTip::hideText();
    m_dragPixel = event->position().x();
    if (event->modifiers() & Qt::ShiftModifier) {
        m_drag = Drag::Pan;
        m_panFrom = m_plot->xAxis->range().lower;
        m_panTo = m_plot->xAxis->range().upper;
        m_plot->setCursor(Qt::ClosedHandCursor);
        return;
    }
    m_drag = Drag::Select;
    m_dragAnchor = timeAt(m_dragPixel);
}

void TimelineWidget::onMouseMove(QMouseEvent* event)
{
    const double x = event->position().x();
    switch (m_drag) {
    case Drag::Pan: {
        const double shift = m_plot->xAxis->pixelToCoord(m_dragPixel) - m_plot->xAxis->pixelToCoord(x);
        m_plot->xAxis->setRange(m_panFrom + shift, m_panTo + shift);
        return;
    }
    case Drag::Select:
        if (std::abs(x - m_dragPixel) >= dragThreshold)
            showPending(m_dragAnchor, timeAt(x));
        return;
    case Drag::None:
        if (m_plot->axisRect()->rect().contains(event->position().toPoint()))
            QToolTip::showText(event->globalPosition().toPoint(), toolTipAt(timeAt(x)), m_plot);
        else
            QToolTip::hideText();
        return;
    }
}

void TimelineWidget::onMouseRelease(QMouseEvent* event)
{
    const Drag drag = std::exchange(m_drag, Drag::None);
    m_plot->unsetCursor();
    if (drag != Drag::Select)
        return;
    if (std::abs(event->position().x() - m_dragPixel) < dragThreshold) {
        // A click keeps the selection that was there.
        m_pending.reset();
        updateSelectionItem();
        return;
    }
    showPending(m_dragAnchor, timeAt(event->position().x()));
    commitPending();
}

void TimelineWidget::keyPressEvent(QKeyEvent* event)
{
    const bool shift = event->modifiers() & Qt::ShiftModifier;
    switch (event->key()) {
    case Qt::Key_Escape:
        if (!hasSelection())
            break;
        clearRange();
        return;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
    case Qt::Key_W:
        zoomBy(0.5);
        return;
    case Qt::Key_Minus:
    case Qt::Key_S:
        zoomBy(2.0);
        return;
    case Qt::Key_Left:
    case Qt::Key_Right:
        if (shift)
            extendSelection(event->key() == Qt::Key_Right ? 1 : -1);
        else
            panBy(event->key() == Qt::Key_Right ? 0.1 : -0.1);
        return;
    case Qt::Key_A:
    case Qt::Key_D:
        panBy(event->key() == Qt::Key_D ? 0.1 : -0.1);
        return;
    case Qt::Key_0:
        resetZoom();
        return;
    default:
        break;
    }
    QWidget::keyPressEvent(event);
}

void TimelineWidget::zoomBy(double factor)
{
    const double t0 = visibleStart(), t1 = visibleEnd();
    const ProfileDocument::Selection shown = selection();
    const double middle = shown.hasRange() && shown.end > t0 && shown.start < t1
                              ? (std::max(shown.start, t0) + std::min(shown.end, t1)) / 2
                              : (t0 + t1) / 2;
    const double size = (t1 - t0) * factor;
    setVisibleRange(middle - size / 2, middle + size / 2); // kept inside the profile
}

void TimelineWidget::panBy(double fraction)
{
    const double shift = (visibleEnd() - visibleStart()) * fraction;
    setVisibleRange(visibleStart() + shift, visibleEnd() + shift);
}

void TimelineWidget::extendSelection(int direction)
{
    const double step = std::max((visibleEnd() - visibleStart()) / 50.0, 1.0);
    double t0 = selectionStart(), t1 = selectionEnd();
    if (!hasSelection()) {
        // A new range grows from the window's edge the arrow points away from.
        m_keyMovesEnd = direction > 0;
        t0 = t1 = direction > 0 ? visibleStart() : visibleEnd();
    }
    double& edge = m_keyMovesEnd ? t1 : t0;
    edge = std::clamp(edge + direction * step, m_start, m_end);
    if (t1 - t0 < step / 2) { // shrunk to nothing
        clearRange();
        return;
    }
    showPending(t0, t1);
    // The moving edge stays in view.
    if (edge < visibleStart() || edge > visibleEnd())
        panBy((edge < visibleStart() ? edge - visibleStart() : edge - visibleEnd()) / (visibleEnd() - visibleStart()));
    m_keySelection->start();
}
