#include "timelineviewport.h"

#include "qcustomplotinclude.h"

#include <QTimer>

#include <algorithm>
#include <cmath>
#include <utility>

namespace {
constexpr double dragThreshold = 3.0;  // pixels: less is a click, not a selection
constexpr double minimumWindow = 10.0; // µs: zooming in stops here
} // namespace

TimelineViewport::TimelineViewport(QCPAxis* axis, ProfileDocument* document, double start, double end, QObject* parent)
    : QObject(parent), m_axis(axis), m_document(document), m_start(start), m_end(end), m_keySelection(new QTimer(this))
{
    m_keySelection->setSingleShot(true);
    m_keySelection->setInterval(300);
    connect(m_keySelection, &QTimer::timeout, this, &TimelineViewport::commitPending);
    m_axis->setRange(0.0, m_end - m_start);
    connect(m_axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
        keepInside();
        emit visibleRangeChanged();
    });
}

void TimelineViewport::followSpan(double start, double end)
{
    const bool wholeView = m_axis->range().lower <= 0.0 && visibleEnd() >= m_end;
    m_start = start;
    m_end = end;
    if (wholeView)
        m_axis->setRange(0.0, m_end - m_start);
    keepInside();
}

double TimelineViewport::visibleStart() const
{
    return m_start + m_axis->range().lower;
}

double TimelineViewport::visibleEnd() const
{
    return m_start + m_axis->range().upper;
}

void TimelineViewport::setVisibleRange(double t0, double t1)
{
    m_axis->setRange(t0 - m_start, t1 - m_start); // kept inside by the range's signal
}

void TimelineViewport::keepInside()
{
    if (m_clamping)
        return;
    const double span = m_end - m_start;
    const QCPRange range = m_axis->range();
    const double size = std::clamp(range.size(), std::min(minimumWindow, span), span);
    const double lower = std::clamp(range.lower, 0.0, span - size);
    if (lower == range.lower && size == range.size())
        return;
    m_clamping = true;
    m_axis->setRange(lower, lower + size);
    m_clamping = false;
}

void TimelineViewport::zoomBy(double factor)
{
    const double t0 = visibleStart(), t1 = visibleEnd();
    const ProfileDocument::Selection shown = selection();
    const double middle = shown.hasRange() && shown.end > t0 && shown.start < t1
        ? (std::max(shown.start, t0) + std::min(shown.end, t1)) / 2
        : (t0 + t1) / 2;
    const double size = (t1 - t0) * factor;
    setVisibleRange(middle - size / 2, middle + size / 2);
}

void TimelineViewport::panBy(double fraction)
{
    const double shift = (visibleEnd() - visibleStart()) * fraction;
    setVisibleRange(visibleStart() + shift, visibleEnd() + shift);
}

void TimelineViewport::showPending(double t0, double t1)
{
    m_pending = ProfileDocument::Selection{std::clamp(std::min(t0, t1), m_start, m_end),
                                           std::clamp(std::max(t0, t1), m_start, m_end)};
    emit selectionShown();
}

void TimelineViewport::commitPending()
{
    const std::optional<ProfileDocument::Selection> pending = std::exchange(m_pending, std::nullopt);
    if (pending && pending->hasRange())
        m_document->setTimeRange(pending->start, pending->end); // shown when the document has it
    else
        emit selectionShown(); // an empty drag: the document's range again
}

void TimelineViewport::clearRange()
{
    m_keySelection->stop();
    m_pending.reset();
    m_document->clearTimeRange();
}

void TimelineViewport::extendSelection(int direction)
{
    const double step = std::max((visibleEnd() - visibleStart()) / 50.0, 1.0);
    const ProfileDocument::Selection shown = selection();
    double t0 = shown.start, t1 = shown.end;
    if (!shown.hasRange()) {
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

double TimelineViewport::timeAt(double pixel) const
{
    return std::clamp(m_start + m_axis->pixelToCoord(pixel), m_start, m_end);
}

void TimelineViewport::press(double pixel, bool pan)
{
    m_dragPixel = pixel;
    if (pan) {
        m_drag = Drag::Pan;
        m_panFrom = m_axis->range().lower;
        m_panTo = m_axis->range().upper;
        return;
    }
    m_drag = Drag::Select;
    m_dragAnchor = timeAt(pixel);
}

void TimelineViewport::dragTo(double pixel)
{
    switch (m_drag) {
    case Drag::Pan: {
        const double shift = m_axis->pixelToCoord(m_dragPixel) - m_axis->pixelToCoord(pixel);
        m_axis->setRange(m_panFrom + shift, m_panTo + shift);
        return;
    }
    case Drag::Select:
        if (std::abs(pixel - m_dragPixel) >= dragThreshold)
            showPending(m_dragAnchor, timeAt(pixel));
        return;
    case Drag::None:
        return;
    }
}

void TimelineViewport::release(double pixel)
{
    if (std::exchange(m_drag, Drag::None) != Drag::Select)
        return;
    if (std::abs(pixel - m_dragPixel) < dragThreshold) {
        // A click keeps the selection that was there.
        m_pending.reset();
        emit selectionShown();
        return;
    }
    showPending(m_dragAnchor, timeAt(pixel));
    commitPending();
}

bool TimelineViewport::handleKey(int key, Qt::KeyboardModifiers modifiers)
{
    switch (key) {
    case Qt::Key_Escape:
        if (!hasSelection())
            return false;
        clearRange();
        return true;
    case Qt::Key_Plus:
    case Qt::Key_Equal:
    case Qt::Key_W:
        zoomBy(0.5);
        return true;
    case Qt::Key_Minus:
    case Qt::Key_S:
        zoomBy(2.0);
        return true;
    case Qt::Key_Left:
    case Qt::Key_Right:
        if (modifiers & Qt::ShiftModifier)
            extendSelection(key == Qt::Key_Right ? 1 : -1);
        else
            panBy(key == Qt::Key_Right ? 0.1 : -0.1);
        return true;
    case Qt::Key_A:
    case Qt::Key_D:
        panBy(key == Qt::Key_D ? 0.1 : -0.1);
        return true;
    case Qt::Key_0:
        resetZoom();
        return true;
    default:
        return false;
    }
}
