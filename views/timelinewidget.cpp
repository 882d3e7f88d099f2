#include "timelinewidget.h"

#include "costformat.h"
#include "plaintext.h"
#include "qcustomplotinclude.h"
#include "model/sampletimes.h"
#include "timeticker.h"

#include <QAccessible>
#include <QKeyEvent>
#include <QPainter>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <memory>
#include <utility>

namespace {
constexpr int pixelsPerBucket = 2;

QColor categoryColor(int category)
{
    switch (category) {
    case TimelineBuckets::Js: return QColor(236, 166, 58);
    case TimelineBuckets::Native: return QColor(92, 142, 214);
    case TimelineBuckets::Gc: return QColor(214, 84, 84);
    default: return QColor(196, 196, 196);
    }
}

// `color` faded towards `background` by `amount` (0: unchanged, 1: the background).
QColor faded(const QColor& color, const QColor& background, double amount)
{
    return QColor::fromRgbF(float(color.redF() * (1 - amount) + background.redF() * amount),
                            float(color.greenF() * (1 - amount) + background.greenF() * amount),
                            float(color.blueF() * (1 - amount) + background.blueF() * amount));
}

QString categoryName(int category)
{
    switch (category) {
    case TimelineBuckets::Js: return TimelineWidget::tr("JS");
    case TimelineBuckets::Native: return TimelineWidget::tr("Native/host");
    case TimelineBuckets::Gc: return TimelineWidget::tr("GC");
    default: return TimelineWidget::tr("Idle/program");
    }
}
} // namespace

TimelineWidget::TimelineWidget(ProfileDocument* document, QWidget* parent) : QWidget(parent), m_document(document)
{
    setupPlot();
    const SampleTimes times(data().profile);
    m_viewport = new TimelineViewport(m_plot->xAxis, m_document, times.start(), std::max(times.end(), times.start() + 1.0), this);
    connect(m_viewport, &TimelineViewport::visibleRangeChanged, this, [this] {
        scheduleRebucket();
        updateAccessibleDescription();
    });
    connect(m_viewport, &TimelineViewport::selectionShown, this, &TimelineWidget::updateSelectionItem);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2); // room for the focus frame
    layout->addWidget(m_plot);
    m_plot->setFocusPolicy(Qt::NoFocus);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumHeight(60);
    setAccessibleName(tr("Timeline"));
    setToolTip(tr("Drag or Shift+arrows to select a range · Shift+drag or arrows to pan · wheel or +/− to zoom · "
                  "0 shows everything · Esc clears the selection"));
    connect(m_document, &ProfileDocument::resultsChanged, this, [this] {
        if (m_document->results().change != ProfileDocument::Change::Selection)
            followProfile();
    });
    connect(m_document, &ProfileDocument::requestedSelectionChanged, this, &TimelineWidget::updateSelectionItem);
    connect(m_document, &ProfileDocument::selectedFunctionChanged, this, &TimelineWidget::scheduleRebucket);
    updateAccessibleDescription();
    rebucket();
}

void TimelineWidget::followProfile()
{
    const SampleTimes times(data().profile);
    m_viewport->followSpan(times.start(), std::max(times.end(), times.start() + 1.0));
    scheduleRebucket();
}

void TimelineWidget::setupPlot()
{
    m_plot = new QCustomPlot(this);
    m_plot->installEventFilter(this); // replots put off while hidden happen at its next paint
    m_plot->setNoAntialiasingOnDrag(true);
    m_plot->setInteractions(QCP::iRangeZoom);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->axisRect()->setRangeZoomFactor(0.8);
    m_plot->axisRect()->setAutoMargins(QCP::msBottom);
    m_plot->axisRect()->setMargins(QMargins(4, 2, 4, 0));
    m_plot->xAxis->setTicker(QSharedPointer<QCPAxisTicker>(new TimeTicker));
    m_plot->yAxis->setVisible(false);
    m_plot->yAxis->setRange(0.0, 104.0); // % of each bucket, a little headroom

    // Stacked: each graph holds the running sum and fills down to zero, the largest sum drawn
    // first so that each category shows above the one below it. (QCustomPlot's channel fill
    // between graphs gives the same picture at several times the cost.)
    for (int c = TimelineBuckets::categoryCount; c-- > 0;) {
        QCPGraph* graph = m_plot->addGraph();
        graph->setLineStyle(QCPGraph::lsStepLeft);
        graph->setAntialiased(false); // the edges are horizontal and vertical
        graph->setAntialiasedFill(false);
        graph->removeFromLegend();
        m_graphs[c] = graph;
    }
    for (int c = 0; c < TimelineBuckets::categoryCount; ++c) {
        m_graphs[c]->setName(categoryName(c));
        m_graphs[c]->addToLegend();
    }
    m_highlightGraph = m_plot->addGraph();
    m_highlightGraph->setName(tr("Selected function"));
    m_highlightGraph->setLineStyle(QCPGraph::lsStepLeft);
    m_highlightGraph->removeFromLegend();

    m_selectionItem = new QCPItemRect(m_plot);
    m_selectionItem->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_selectionItem->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_selectionItem->setClipToAxisRect(true);
    m_selectionItem->setVisible(false);

    m_plot->legend->setVisible(true);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->legend->setWrap(TimelineBuckets::categoryCount + 1); // and the selected function
    m_plot->legend->setRowSpacing(0);
    m_plot->legend->setColumnSpacing(6);
    m_plot->legend->setIconSize(10, 8);
    m_plot->axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
    m_plot->axisRect()->insetLayout()->setMargins(QMargins(0, 0, 4, 0));
    // The legend gets a strip of its own above the areas: 100 % ends below it. A timeline too
    // short for both (instrument lanes took its room) shows the samples, not the legend over them.
    connect(m_plot, &QCustomPlot::afterLayout, this, [this] {
        constexpr double minimumAreas = 12.0; // px left to the areas under the legend's strip
        const double height = m_plot->axisRect()->height();
        const double legend = m_plot->legend->outerRect().bottom() - m_plot->axisRect()->top() + 2;
        const bool room = height - legend >= minimumAreas;
        m_plot->legend->setVisible(room);
        m_plot->yAxis->setRange(0.0, room ? 100.0 * height / (height - legend) : 100.0);
    });
    applyColors();

    connect(m_plot, &QCustomPlot::mousePress, this, &TimelineWidget::onMousePress);
    connect(m_plot, &QCustomPlot::mouseMove, this, &TimelineWidget::onMouseMove);
    connect(m_plot, &QCustomPlot::mouseRelease, this, &TimelineWidget::onMouseRelease);
}

// Colours follow the palette where they are chrome (text, selection); categories stay fixed.
void TimelineWidget::applyColors()
{
    const QPalette pal = palette();
    m_plot->setBackground(pal.base());
    m_plot->axisRect()->setBackground(pal.base());
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis}) {
        axis->setBasePen(QPen(pal.color(QPalette::Mid)));
        axis->setTickPen(QPen(pal.color(QPalette::Mid)));
        axis->setSubTickPen(QPen(pal.color(QPalette::Mid)));
        axis->setTickLabelColor(pal.color(QPalette::Text));
        axis->grid()->setPen(QPen(pal.color(QPalette::Midlight), 0, Qt::DotLine));
    }
    // With a function selected, the categories fade into the background and the function's
    // share of each bucket is a solid fill in front: an area (as in the peers), not a line
    // that turns into a zigzag on a dense profile.
    const bool dimmed = !m_activity.empty();
    for (int c = 0; c < TimelineBuckets::categoryCount; ++c) {
        const QColor color = dimmed ? faded(categoryColor(c), pal.color(QPalette::Base), 0.72) : categoryColor(c);
        m_graphs[c]->setPen(dimmed ? QPen(Qt::NoPen) : QPen(color.darker(115), 0));
        m_graphs[c]->setBrush(color);
    }
    const bool dark = pal.color(QPalette::Base).lightnessF() < 0.5;
    const QColor accent = dark ? QColor(196, 120, 255) : QColor(128, 0, 170);
    m_highlightGraph->setPen(Qt::NoPen); // no stroke: the filled steps alone read as an area
    m_highlightGraph->setAntialiased(false);
    m_highlightGraph->setAntialiasedFill(false);
    m_highlightGraph->setBrush(accent);
    m_dimmed = dimmed;
    QColor selection = pal.color(QPalette::Highlight);
    m_selectionItem->setPen(QPen(selection, 1.5));
    selection.setAlpha(60);
    m_selectionItem->setBrush(selection);
    QColor legendBack = pal.color(QPalette::Base);
    legendBack.setAlpha(210);
    m_plot->legend->setBrush(legendBack);
    m_plot->legend->setBorderPen(Qt::NoPen);
    m_plot->legend->setTextColor(pal.color(QPalette::Text));
    QFont small = font();
    small.setPointSizeF(small.pointSizeF() * 0.85);
    m_plot->legend->setFont(small);
    requestReplot();
}

void TimelineWidget::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange)
        applyColors();
    QWidget::changeEvent(event);
}

void TimelineWidget::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    scheduleRebucket();
}

void TimelineWidget::scheduleRebucket()
{
    if (m_rebucketPending)
        return;
    m_rebucketPending = true;
    QMetaObject::invokeMethod(this, &TimelineWidget::rebucket, Qt::QueuedConnection);
}

// Buckets the visible window: O(samples in view + buckets), on a worker when that is large.
void TimelineWidget::rebucket()
{
    m_rebucketPending = false;
    if (m_bucketJob.isBusy()) {
        m_rebucketAgain = true; // after the running job: one more for the latest window
        return;
    }
    const int width = std::max(m_plot->axisRect()->width(), std::max(m_plot->width() - 8, 100));
    const int count = std::max(1, width / pixelsPerBucket);
    const double t0 = visibleStart(), t1 = visibleEnd();
    const xsprof::FrameId highlighted = m_document->selectedFunction();
    const xsprof::SampleRange inView = SampleTimes(data().profile).overlapping(t0, t1);
    if (inView.end - inView.begin < m_synchronousLimit) {
        showBuckets(bucket(data(), t0, t1, count, highlighted));
        return;
    }
    m_bucketJob.run<Bucketed>(
        [data = m_document->whole(), t0, t1, count, highlighted](const xsprof::TaskControl&) {
            return bucket(*data, t0, t1, count, highlighted);
        },
        [this](JobResult<Bucketed> result) {
            if (result.ok()) // else the previous areas stay
                showBuckets(std::move(*result.value));
            if (std::exchange(m_rebucketAgain, false))
                rebucket();
        });
}

TimelineWidget::Bucketed TimelineWidget::bucket(const ProfileData& data, double t0, double t1, int count,
                                                xsprof::FrameId highlighted)
{
    Bucketed result;
    result.buckets = TimelineBuckets(data.profile, t0, t1, count);
    result.highlighted = highlighted;
    if (highlighted.isValid())
        result.activity = result.buckets.functionActivity(data.profile, highlighted);
    return result;
}

// Rebuilds the areas from buckets: O(buckets).
void TimelineWidget::showBuckets(Bucketed bucketed)
{
    m_buckets = std::move(bucketed.buckets);
    m_activity = std::move(bucketed.activity);
    const int n = m_buckets.count();
    QVector<double> keys(n + 1);
    const double start = profileStart();
    for (int b = 0; b <= n; ++b)
        keys[b] = (b < n ? m_buckets.bucketStart(b) : m_buckets.end()) - start;
    QVector<double> sum(n + 1, 0.0);
    const double toPercent = m_buckets.bucketWidth() > 0.0 ? 100.0 / m_buckets.bucketWidth() : 0.0;
    for (int c = 0; c < TimelineBuckets::categoryCount; ++c) {
        for (int b = 0; b < n; ++b)
            sum[b] += m_buckets.value(b, TimelineBuckets::Category(c)) * toPercent;
        sum[n] = n ? sum[n - 1] : 0.0; // the step line needs the last bucket's right edge
        m_graphs[c]->setData(keys, sum, true);
    }
    if (!m_activity.empty()) {
        QVector<double> values(n + 1, 0.0);
        for (int b = 0; b < n; ++b)
            values[b] = m_activity[size_t(b)] * toPercent;
        values[n] = n ? values[n - 1] : 0.0;
        m_highlightGraph->setData(keys, values, true);
        // The legend says whose the area is (a long name elided).
        const QString name = PlainText::singleLine(data().frameName(bucketed.highlighted));
        m_highlightGraph->setName(
            fontMetrics().elidedText(name.isEmpty() ? tr("(anonymous)") : name, Qt::ElideRight, 240));
        m_highlightGraph->addToLegend();
    } else {
        m_highlightGraph->data()->clear();
        m_highlightGraph->removeFromLegend();
    }
    if (m_dimmed != !m_activity.empty())
        applyColors(); // dims or restores the categories, and replots
    requestReplot();
}

void TimelineWidget::requestReplot()
{
    if (m_plot->isVisible()) {
        m_plot->replot(QCustomPlot::rpQueuedReplot);
        return;
    }
    m_replotPending = true;
}

bool TimelineWidget::eventFilter(QObject* watched, QEvent* event)
{
    // Shown again, or grabbed while hidden (an export): draw the layers before they are painted.
    if (watched == m_plot && event->type() == QEvent::Paint && m_replotPending) {
        m_replotPending = false;
        m_plot->replot(QCustomPlot::rpQueuedRefresh);
    }
    return QWidget::eventFilter(watched, event);
}

bool TimelineWidget::event(QEvent* event)
{
    // Esc with a range here is ours (also one the keys are still growing), not a page shortcut's.
    if (event->type() == QEvent::ShortcutOverride && static_cast<QKeyEvent*>(event)->key() == Qt::Key_Escape
        && hasSelection()) {
        event->accept();
        return true;
    }
    return QWidget::event(event);
}

void TimelineWidget::updateAccessibleDescription()
{
    if (!m_viewport)
        return; // still being made
    const double window = visibleEnd() - visibleStart();
    const double start = profileStart();
    QString text = tr("Showing %1 to %2 of %3")
                       .arg(TimeTicker::label(visibleStart() - start, window / 50), TimeTicker::label(visibleEnd() - start, window / 50),
                            CostFormat::time(profileEnd() - start));
    if (const ProfileDocument::Selection shown = selection(); shown.hasRange()) {
        text += tr("; selected %1 to %2 (%3)")
                    .arg(TimeTicker::label(shown.start - start, window / 50),
                         TimeTicker::label(shown.end - start, window / 50), CostFormat::time(shown.end - shown.start));
    }
    if (text == accessibleDescription())
        return;
    setAccessibleDescription(text);
    if (QAccessible::isActive()) {
        QAccessibleEvent event(this, QAccessible::DescriptionChanged);
        QAccessible::updateAccessibility(&event);
    }
}

void TimelineWidget::paintEvent(QPaintEvent* event)
{
    QWidget::paintEvent(event);
    if (!hasFocus())
        return;
    QPainter painter(this);
    painter.setPen(QPen(palette().color(QPalette::Highlight), 2));
    painter.drawRect(rect().adjusted(1, 1, -1, -1));
}

void TimelineWidget::focusInEvent(QFocusEvent* event)
{
    QWidget::focusInEvent(event);
    update();
}

void TimelineWidget::focusOutEvent(QFocusEvent* event)
{
    QWidget::focusOutEvent(event);
    update();
}

QString TimelineWidget::toolTipAt(double time) const
{
    const int bucket = m_buckets.bucketAt(time);
    if (bucket < 0)
        return {};
    const double from = m_buckets.bucketStart(bucket);
    const double width = m_buckets.bucketWidth();
    QString text = QStringLiteral("<b>%1 – %2</b><br/>")
                       .arg(TimeTicker::label(from - profileStart(), width), TimeTicker::label(from + width - profileStart(), width));
    QStringList shares;
    for (int c = 0; c < TimelineBuckets::categoryCount; ++c) {
        const double v = m_buckets.value(bucket, TimelineBuckets::Category(c));
        if (v > 0.0)
            shares << QStringLiteral("%1 %2").arg(categoryName(c), CostFormat::percent(v / width));
    }
    text += shares.join(QStringLiteral(" · "));
    const auto top = m_buckets.topFunctions(data().profile, bucket, 5);
    if (!top.empty()) {
        text += QStringLiteral("<table cellspacing='0' cellpadding='1'>");
        for (const auto& entry : top) {
            text += QStringLiteral("<tr><td align='right'>%1&nbsp;</td><td>%2</td></tr>")
                        .arg(CostFormat::time(entry.time), PlainText::html(data().frameName(entry.frame), 200));
        }
        text += QStringLiteral("</table>");
    }
    return text;
}

void TimelineWidget::updateSelectionItem()
{
    updateAccessibleDescription();
    const ProfileDocument::Selection shown = selection();
    m_selectionItem->setVisible(shown.hasRange());
    m_selectionItem->topLeft->setCoords(shown.start - profileStart(), 0.0);
    m_selectionItem->bottomRight->setCoords(shown.end - profileStart(), 1.0);
    requestReplot();
}

void TimelineWidget::onMousePress(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton)
        return;
    setFocus(Qt::MouseFocusReason);
    QToolTip::hideText();
    const bool pan = event->modifiers() & Qt::ShiftModifier;
    m_viewport->press(event->position().x(), pan);
    if (pan)
        m_plot->setCursor(Qt::ClosedHandCursor);
}

void TimelineWidget::onMouseMove(QMouseEvent* event)
{
    if (m_viewport->drag() != TimelineViewport::Drag::None) {
        m_viewport->dragTo(event->position().x());
        return;
    }
    if (m_plot->axisRect()->rect().contains(event->position().toPoint()))
        QToolTip::showText(event->globalPosition().toPoint(), toolTipAt(m_viewport->timeAt(event->position().x())), m_plot);
    else
        QToolTip::hideText();
}

void TimelineWidget::onMouseRelease(QMouseEvent* event)
{
    m_plot->unsetCursor();
    m_viewport->release(event->position().x());
}

void TimelineWidget::keyPressEvent(QKeyEvent* event)
{
    if (!m_viewport->handleKey(event->key(), event->modifiers()))
        QWidget::keyPressEvent(event);
}
