#include "flamegraphview.h"

#include "plaintext.h"
#include "costformat.h"
#include "model/flamegraphnavigation.h"
#include "model/sampletimes.h"

#include <QAccessible>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPaintEvent>
#include <QKeyEvent>
#include <QToolTip>

#include <algorithm>
#include <memory>

using Box = FlameGraphLayout::Box;

namespace {
constexpr double minTextWidth = 28.0; // pixels: narrower frames get no label
constexpr double keyZoomIn = 0.5;     // + halves the chart's window
constexpr double keyPan = 0.25;       // A/D move it by a quarter
} // namespace

FlameGraphView::FlameGraphView(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
    setAccessibleName(tr("Flame graph"));
    setAttribute(Qt::WA_OpaquePaintEvent);
}

void FlameGraphView::setData(ProfileDataPtr data, double t0, double t1, Zoom zoom)
{
    const bool sameProfile = m_data && data && &m_data->profile.frames == &data->profile.frames;
    const bool keep = zoom == Zoom::Keep && m_data && data;
    m_data = std::move(data);
    m_zoom.setRange(t0, t1);
    if (!keep) {
        m_zoom.reset();
        m_selected.reset();
    }
    if (!sameProfile && !keep) {
        m_colors.forget();
        m_names.clear();
    }
    if (!chartAvailable())
        m_mode = Mode::Graph;
    invalidate();
    emit zoomChanged();
}

bool FlameGraphView::chartAvailable() const
{
    // A chart lays samples along time: a profile without a timeline (heap, pprof) has none.
    return m_data && m_data->profile.hasStacks() && m_data->profile.info.hasTimeline;
}

void FlameGraphView::setMode(Mode mode)
{
    if (mode == Mode::Chart && !chartAvailable())
        mode = Mode::Graph;
    if (mode == m_mode)
        return;
    m_mode = mode;
    m_selected.reset();
    invalidate();
    emit zoomChanged();
}

void FlameGraphView::setColoring(Coloring coloring)
{
    if (coloring == m_colors.coloring())
        return;
    m_colors.setColoring(coloring);
    update();
}

void FlameGraphView::setMatches(std::vector<char> matches)
{
    m_colors.setMatches(std::move(matches));
    update();
}

void FlameGraphView::invalidate()
{
    m_layoutValid = false;
    ++m_layoutGeneration;
    m_hover = -1;
    updateGeometry();
    update();
}

bool FlameGraphView::layoutIsCurrent() const
{
    return m_layoutValid && m_layout.pixels() == std::max(width(), 1);
}

void FlameGraphView::ensureLayout() const
{
    if (layoutIsCurrent())
        return;
    const double pixels = std::max(width(), 1);
    if (!m_data) {
        setLayout({});
        return;
    }
    const xsprof::Profile& profile = m_data->profile;
    switch (zoomSource()) {
    case FlameGraphZoom::Source::TimeOrder:
        setLayout(FlameGraphLayout::fromSamples(profile, m_zoom.windowStart(), m_zoom.windowEnd(), pixels));
        break;
    case FlameGraphZoom::Source::CallTree:
        setLayout(FlameGraphLayout::fromCallTree(profile, m_data->analysis.callTree, m_zoom.stack(), pixels));
        break;
    case FlameGraphZoom::Source::FunctionGraph:
        setLayout(FlameGraphLayout::fromFunctionGraph(m_data->analysis.functions, m_zoom.function(), pixels));
        break;
    }
}

void FlameGraphView::setLayout(FlameGraphLayout layout) const
{
    m_layout = std::move(layout);
    m_layoutValid = true;
    m_hover = -1;
    // Let a scroll area around us know how tall the graph is.
    const int height = std::max(1, m_layout.depthCount()) * rowHeight();
    if (minimumHeight() != height)
        const_cast<FlameGraphView*>(this)->setMinimumHeight(height);
}

// The layout due is a flame chart of too many samples to lay out on the GUI thread.
bool FlameGraphView::layoutIsLarge() const
{
    if (!m_data || zoomSource() != FlameGraphZoom::Source::TimeOrder)
        return false;
    const xsprof::SampleRange samples = SampleTimes(m_data->profile).overlapping(m_zoom.windowStart(), m_zoom.windowEnd());
    return samples.end - samples.begin >= m_synchronousLimit;
}

bool FlameGraphView::layOutInBackground()
{
    if (layoutIsCurrent())
        return false;
    if (m_layoutJob.isBusy() || m_failedGeneration == m_layoutGeneration)
        return true; // its result repaints, and a stale one starts the next
    if (!layoutIsLarge())
        return false;
    const double t0 = m_zoom.windowStart(), t1 = m_zoom.windowEnd();
    m_layoutJob.run<FlameGraphLayout>(
        [data = m_data, t0, t1, pixels = double(std::max(width(), 1))](const xsprof::TaskControl&) {
            return FlameGraphLayout::fromSamples(data->profile, t0, t1, pixels);
        },
        [this, generation = m_layoutGeneration](JobResult<FlameGraphLayout> result) {
            if (!result.ok()) {
                m_failedGeneration = generation;
                m_layoutError = result.error;
            } else if (generation == m_layoutGeneration && result.value->pixels() == std::max(width(), 1)) {
                setLayout(std::move(*result.value));
            }
            update(); // shows it, or lays out again for what changed meanwhile
        });
    return true;
}

const FlameGraphLayout& FlameGraphView::layout() const
{
    ensureLayout();
    return m_layout;
}

int FlameGraphView::rowHeight() const
{
    return fontMetrics().height() + 4;
}

QSize FlameGraphView::sizeHint() const
{
    return {600, std::max(1, m_layoutValid ? m_layout.depthCount() : 8) * rowHeight()};
}

FlameGraphZoom::Source FlameGraphView::zoomSource() const
{
    if (m_mode == Mode::Chart && chartAvailable())
        return FlameGraphZoom::Source::TimeOrder;
    return m_data && m_data->profile.hasStacks() ? FlameGraphZoom::Source::CallTree : FlameGraphZoom::Source::FunctionGraph;
}

double FlameGraphView::timeOrigin() const
{
    return m_data ? SampleTimes(m_data->profile).start() : 0.0; // as the timeline's axis
}

QStringList FlameGraphView::breadcrumb() const
{
    if (!m_data)
        return {tr("All")};
    return m_zoom.breadcrumb(zoomSource(), m_data->profile, [this](xsprof::FrameId f) { return nameOf(f); });
}

void FlameGraphView::zoomOutTo(int level)
{
    if (!m_data || level < 0)
        return;
    m_zoom.zoomOutTo(zoomSource(), level, m_data->profile);
    invalidate();
    emit zoomChanged();
}

void FlameGraphView::zoomInto(const Box& box)
{
    if (!m_data || box.merged || !box.frame.isValid())
        return;
    m_zoom.zoomInto(m_layout, box, nameOf(box.frame));
    invalidate();
    emit zoomChanged();
}

const QString& FlameGraphView::nameOf(xsprof::FrameId f) const
{
    if (m_names.size() != m_data->profile.frames.size())
        m_names.assign(m_data->profile.frames.size(), QString());
    QString& name = m_names[f.value];
    if (name.isNull())
        name = PlainText::singleLine(m_data->frameName(f));
    if (name.isEmpty())
        name = QStringLiteral("(anonymous)");
    return name;
}

QColor FlameGraphView::colorOf(const Box& box) const
{
    return m_colors.of(m_data->profile, box.frame);
}

QRectF FlameGraphView::rectOf(const Box& box) const
{
    const double scale = m_layout.span() > 0.0 ? width() / m_layout.span() : 0.0;
    const int h = rowHeight();
    return QRectF(box.x * scale, box.depth * h, std::max(box.width * scale, 1.0), h);
}

const Box* FlameGraphView::boxAt(const QPoint& pos) const
{
    // A large layout is left to the worker that painting starts; hits use the previous one.
    if (layoutIsCurrent() || (!m_layoutJob.isBusy() && !layoutIsLarge()))
        ensureLayout();
    if (m_layout.span() <= 0.0 || width() <= 0)
        return nullptr;
    return m_layout.boxAt(pos.x() * m_layout.span() / width(), pos.y() / rowHeight());
}

void FlameGraphView::paintEvent(QPaintEvent* event)
{
    if (!layOutInBackground())
        ensureLayout();
    QPainter painter(this);
    const QRect area = event->rect();
    painter.fillRect(area, palette().base());
    if (!m_data || m_layout.span() <= 0.0) {
        painter.setPen(palette().color(QPalette::PlaceholderText));
        painter.drawText(rect(), Qt::AlignCenter,
                         m_layoutJob.isBusy()                       ? tr("Laying out the flame chart…")
                         : m_failedGeneration == m_layoutGeneration ? m_layoutError
                                                                    : tr("No samples in this range"));
        return;
    }
    const int h = rowHeight();
    const double scale = width() / m_layout.span();
    const QFontMetricsF metrics(font());
    const QColor text(20, 20, 20); // dark on the light frame colours, whatever the theme
    const int firstRow = std::max(0, area.top() / h);
    const int lastRow = std::min(m_layout.depthCount() - 1, area.bottom() / h);
    for (int d = firstRow; d <= lastRow; ++d) {
        const auto row = m_layout.row(d);
        // Boxes are sorted by x: skip to the first that reaches the exposed area.
        auto it = std::partition_point(row.begin(), row.end(),
                                       [&](const Box& b) { return (b.x + b.width) * scale < area.left(); });
        for (; it != row.end(); ++it) {
            const Box& box = *it;
            const double x = box.x * scale;
            if (x > area.right())
                break;
            const double w = box.width * scale;
            const QRectF r(x, d * h, std::max(w - 1.0, 1.0), h - 1);
            painter.fillRect(r, colorOf(box));
            if (w < minTextWidth)
                continue;
            const QString label = box.frame.isValid() ? nameOf(box.frame) : tr("%n small frame(s)", nullptr, int(box.merged));
            painter.setPen(text);
            painter.drawText(r.adjusted(3, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                             metrics.elidedText(label, Qt::ElideRight, w - 5));
        }
    }
    paintSelection(painter);
    if (m_hover >= 0 && size_t(m_hover) < m_layout.boxes().size()) {
        painter.setPen(QPen(palette().color(QPalette::Text), 1.5));
        painter.setBrush(Qt::NoBrush);
        painter.drawRect(rectOf(m_layout.boxes()[size_t(m_hover)]).adjusted(0.75, 0.75, -1.5, -1.5));
    }
}

void FlameGraphView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    m_hover = -1;
}

void FlameGraphView::mouseMoveEvent(QMouseEvent* event)
{
    const Box* box = boxAt(event->position().toPoint());
    const int hover = box ? int(box - m_layout.boxes().data()) : -1;
    if (hover == m_hover)
        return;
    m_hover = hover;
    update();
}

void FlameGraphView::leaveEvent(QEvent* event)
{
    m_hover = -1;
    update();
    QWidget::leaveEvent(event);
}

void FlameGraphView::mouseReleaseEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        if (const Box* box = boxAt(event->position().toPoint()); box && !box->merged && box->frame.isValid()) {
            // As Enter: zoomed, and the box selected, so the source pane and timeline follow.
            zoomInto(*box);
            selectBox(FlameGraphNavigation::first(layout()));
        }
    } else if (event->button() == Qt::BackButton || event->button() == Qt::RightButton) {
        zoomOutTo(int(breadcrumb().size()) - 2);
    }
    QWidget::mouseReleaseEvent(event);
}

void FlameGraphView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::FontChange)
        invalidate();
    QWidget::changeEvent(event);
}

bool FlameGraphView::event(QEvent* event)
{
    // Zoomed in, Backspace zooms out here before the page's shortcut (undo the last
    // transform) may have it.
    if (event->type() == QEvent::ShortcutOverride) {
        auto* key = static_cast<QKeyEvent*>(event);
        if (key->key() == Qt::Key_Backspace && key->modifiers() == Qt::NoModifier && breadcrumb().size() > 1) {
            event->accept();
            return true;
        }
    }
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (const Box* box = boxAt(help->pos()))
            QToolTip::showText(help->globalPos(), toolTipFor(*box), this, rectOf(*box).toAlignedRect());
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

QString FlameGraphView::toolTipFor(const Box& box) const
{
    const double duration = m_data->analysis.functions.duration();
    const xsprof::Measure measure = m_data->profile.info.measure;
    const auto share = [duration, measure](double cost) { return CostFormat::valueAndPercent(cost, duration, measure); };
    if (!box.frame.isValid())
        return tr("%n frame(s) thinner than a pixel<br/>together %1", nullptr, int(box.merged)).arg(share(box.width));
    const auto& functions = m_data->analysis.functions;
    // Names and locations from the file: escaped, cut and breakable so that the tooltip wraps.
    QString text = QStringLiteral("<b>%1</b>").arg(PlainText::html(nameOf(box.frame), 300));
    const QString location = m_data->location(box.frame);
    if (!location.isEmpty())
        text += QStringLiteral("<br/>%1").arg(PlainText::html(location, 300));
    // Time goes without saying; bytes and counts are named ("bytes (selfSize)").
    if (measure != xsprof::Measure::Time)
        text += QStringLiteral("<br/><i>%1</i>")
                    .arg(PlainText::html(tr("In %1").arg(CostFormat::quantityNamed(
                        measure, QString::fromStdString(m_data->profile.info.measureName)))));
    text += QStringLiteral("<table cellspacing='0' cellpadding='1'>");
    const auto row = [&text](const QString& what, const QString& value) {
        text += QStringLiteral("<tr><td>%1&nbsp;</td><td>%2</td></tr>").arg(what, value);
    };
    switch (m_layout.source()) {
    case FlameGraphLayout::Source::CallTree: {
        const xsprof::StackId s(box.node);
        row(tr("This path, total"), share(m_data->analysis.callTree.total(s)));
        row(tr("This path, self"), share(m_data->analysis.callTree.self(s)));
        break;
    }
    case FlameGraphLayout::Source::FunctionGraph:
        row(tr("Share on this path"), share(box.width));
        break;
    case FlameGraphLayout::Source::TimeOrder: {
        const double t0 = m_layout.origin() + box.x - SampleTimes(m_data->profile).start();
        row(tr("Ran"), tr("%1 from %2").arg(CostFormat::time(box.width), CostFormat::time(t0)));
        break;
    }
    }
    if (functions.contains(box.frame)) {
        row(tr("Function self"), share(functions.self(box.frame)));
        row(tr("Function total"), share(functions.total(box.frame)));
        if (functions.hasInclusive())
            row(tr("Function inclusive"), share(functions.inclusive(box.frame)));
    }
    text += QStringLiteral("</table>");
    return text;
}

// The keyboard: the selected frame, and what it tells a screen reader.

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
        return tr("%n small frame(s), together %1", nullptr, int(box.merged))
            .arg(CostFormat::value(box.width, m_data->profile.info.measure));
    const auto cost = [this](double value) { return CostFormat::value(value, m_data->profile.info.measure); };
    QString text = nameOf(box.frame);
    const auto& functions = m_data->analysis.functions;
    if (m_layout.source() == FlameGraphLayout::Source::CallTree) {
        const xsprof::StackId s(box.node);
        text += tr(", self %1, total %2")
                    .arg(cost(m_data->analysis.callTree.self(s)), cost(m_data->analysis.callTree.total(s)));
    } else if (m_layout.source() == FlameGraphLayout::Source::TimeOrder) {
        text += tr(", ran %1").arg(CostFormat::time(box.width));
    } else if (functions.contains(box.frame)) {
        text += tr(", self %1, total %2")
                    .arg(cost(functions.self(box.frame)), cost(functions.total(box.frame)));
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

void FlameGraphView::zoomChartWindow(double factor)
{
    if (!m_data || m_mode != Mode::Chart)
        return;
    const Box* box = selectedBox();
    const double middle =
        box ? m_layout.origin() + box->x + box->width / 2 : (m_zoom.windowStart() + m_zoom.windowEnd()) / 2;
    m_zoom.zoomWindow(factor, middle, timeOrigin());
    invalidate();
    emit zoomChanged();
}

void FlameGraphView::panChartWindow(double fraction)
{
    if (!m_data || m_mode != Mode::Chart || !m_zoom.panWindow(fraction, timeOrigin()))
        return;
    invalidate();
    emit zoomChanged();
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
        if (chart && m_zoom.windowByKeys())
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
