#include "views/diffflamegraphview.h"

#include "views/costformat.h"
#include "views/deltacolors.h"

#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace {
constexpr int legendHeight = 28;
const QColor hotter = DeltaColors::slowerFill();
const QColor cooler = DeltaColors::fasterFill();
const QColor neutral(0xee, 0xee, 0xee);

QColor blendTowards(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() + (b.redF() - a.redF()) * t), float(a.greenF() + (b.greenF() - a.greenF()) * t),
                            float(a.blueF() + (b.blueF() - a.blueF()) * t));
}
} // namespace

DiffFlameGraphView::DiffFlameGraphView(QWidget* parent) : QWidget(parent)
{
    setMouseTracking(true);
    setFocusPolicy(Qt::StrongFocus);
}

void DiffFlameGraphView::setData(ComparisonDataPtr data)
{
    m_data = std::move(data);
    m_zoom = {};
    m_layoutValid = false;
    computeScale();
    update();
}

void DiffFlameGraphView::setRelative(bool relative)
{
    m_relative = relative;
    computeScale();
    update();
    emit measureChanged(); // the caption says "as a share"
}

QList<DiffFlameGraphView::Measure> DiffFlameGraphView::measures()
{
    return {Measure::PathTime, Measure::FunctionSelf, Measure::FunctionTotal, Measure::FunctionInclusive};
}

QString DiffFlameGraphView::measureName(Measure measure, xsprof::Measure quantity)
{
    const QString what = CostFormat::quantity(quantity);
    switch (measure) {
    case Measure::PathTime: return tr("call path %1").arg(what);
    case Measure::FunctionSelf: return tr("function's self %1").arg(what);
    case Measure::FunctionTotal: return tr("function's total (xsbug, divided)");
    case Measure::FunctionInclusive: return tr("function's inclusive %1").arg(what);
    }
    return {};
}

QString DiffFlameGraphView::shownMeasureName(Measure measure) const
{
    return measureName(measure, m_data ? m_data->next->info.measure : xsprof::Measure::Time);
}

void DiffFlameGraphView::setMeasure(Measure measure)
{
    if (measure == m_measure)
        return;
    m_measure = measure;
    computeScale();
    update();
    emit measureChanged();
}

QString DiffFlameGraphView::caption() const
{
    const xsprof::Measure quantity = m_data ? m_data->next->info.measure : xsprof::Measure::Time;
    const QString what = CostFormat::quantity(quantity);
    const QString legend = DeltaColors::legend(quantity);
    const QString shares = !m_relative                        ? QString()
                           : quantity == xsprof::Measure::Time ? tr(" as a share of each run")
                                                               : tr(" as a share of each profile's whole");
    switch (m_measure) {
    case Measure::PathTime:
        return tr("Colour: change in each call path's %3%1 (its callees included), new − base: "
                  "%2. It can differ from the table's Total Δ, a divided total per function.")
            .arg(shares, legend, what);
    case Measure::FunctionTotal:
        return tr("Colour: change in the function's total (xsbug, divided)%1, as the table's Total Δ: "
                  "%2.")
            .arg(shares, legend);
    case Measure::FunctionInclusive:
        return tr("Colour: change in the function's inclusive %3%1, as the table's Inclusive Δ: "
                  "%2.")
            .arg(shares, legend, what);
    case Measure::FunctionSelf:
        return tr("Colour: change in the function's self %3%1, as the table's Self Δ: %2.")
            .arg(shares, legend, what);
    }
    return {};
}

const xsprof::ComparedFunction* DiffFlameGraphView::functionAt(xsprof::StackId s) const
{
    const uint32_t row = m_data->comparison.rowOf(xsprof::Side::New, m_data->next->stacks.frame[s.value]);
    return row == xsprof::Comparison::noRow ? nullptr : &m_data->comparison.functions()[row];
}

double DiffFlameGraphView::valueOf(xsprof::Side side, xsprof::StackId s) const
{
    const auto costOf = [&](xsprof::CostKind kind) {
        const xsprof::ComparedFunction* f = functionAt(s);
        return f ? m_data->comparison.cost(*f, side, kind) : 0.0;
    };
    switch (m_measure) {
    case Measure::PathTime: return side == xsprof::Side::Base ? baseTotal(s) : newTotal(s);
    case Measure::FunctionSelf: return costOf(xsprof::CostKind::Self);
    case Measure::FunctionTotal: return costOf(xsprof::CostKind::Total);
    case Measure::FunctionInclusive: return costOf(xsprof::CostKind::Inclusive);
    }
    return 0.0;
}

double DiffFlameGraphView::change(xsprof::StackId s) const
{
    const double before = valueOf(xsprof::Side::Base, s), after = valueOf(xsprof::Side::New, s);
    if (!m_relative)
        return after - before;
    const double b = m_data->comparison.duration(xsprof::Side::Base), n = m_data->comparison.duration(xsprof::Side::New);
    return (n > 0 ? after / n : 0.0) - (b > 0 ? before / b : 0.0);
}

void DiffFlameGraphView::computeScale()
{
    m_maxAbsDelta = 0.0;
    if (!isAvailable())
        return;
    const xsprof::CallTree& tree = m_data->nextAnalysis->callTree;
    for (size_t s = 0; s < tree.size(); ++s) {
        const xsprof::StackId id(static_cast<uint32_t>(s));
        if (tree.isSampled(id))
            m_maxAbsDelta = std::max(m_maxAbsDelta, std::abs(change(id)));
    }
}

bool DiffFlameGraphView::isAvailable() const
{
    return m_data && m_data->base->hasStacks() && m_data->next->hasStacks();
}

double DiffFlameGraphView::baseTotal(xsprof::StackId s) const
{
    return s.value < m_data->basePathTotals.size() ? m_data->basePathTotals[s.value] : 0.0;
}

double DiffFlameGraphView::newTotal(xsprof::StackId s) const
{
    return m_data->nextAnalysis->callTree.total(s);
}

const FlameGraphLayout& DiffFlameGraphView::layout() const
{
    if (!m_layoutValid && isAvailable()) {
        m_layout = FlameGraphLayout::fromCallTree(*m_data->next, m_data->nextAnalysis->callTree, m_zoom,
                                                  std::max(1, width()));
        m_layoutValid = true;
    }
    return m_layout;
}

int DiffFlameGraphView::rowHeight() const
{
    return fontMetrics().height() + 4;
}

int DiffFlameGraphView::graphHeight() const
{
    return std::max(0, height() - legendHeight);
}

QRectF DiffFlameGraphView::rectOf(const FlameGraphLayout::Box& box) const
{
    const FlameGraphLayout& l = layout();
    const double scale = l.span() > 0 ? width() / l.span() : 0.0;
    return QRectF(box.x * scale, box.depth * rowHeight(), std::max(1.0, box.width * scale), rowHeight() - 1);
}

const FlameGraphLayout::Box* DiffFlameGraphView::boxAt(const QPoint& pos) const
{
    if (!isAvailable() || pos.y() >= graphHeight())
        return nullptr;
    const FlameGraphLayout& l = layout();
    const int depth = pos.y() / rowHeight();
    if (depth >= l.depthCount() || l.span() <= 0)
        return nullptr;
    return l.boxAt(pos.x() * l.span() / std::max(1, width()), depth);
}

QColor DiffFlameGraphView::colorOf(const FlameGraphLayout::Box& box) const
{
    if (!box.frame.isValid() || box.node == FlameGraphLayout::noNode)
        return QColor(0xbd, 0xbd, 0xbd);
    const double delta = change(xsprof::StackId(box.node));
    if (m_maxAbsDelta <= 0.0 || delta == 0.0)
        return neutral;
    // A square root so that small changes still show against one big one.
    const double t = 0.15 + 0.85 * std::sqrt(std::abs(delta) / m_maxAbsDelta);
    return blendTowards(neutral, delta > 0 ? hotter : cooler, std::min(1.0, t));
}

QString DiffFlameGraphView::toolTipFor(const FlameGraphLayout::Box& box) const
{
    if (!box.frame.isValid() || box.node == FlameGraphLayout::noNode)
        return tr("%n frames too thin to show", nullptr, int(box.merged));
    const xsprof::StackId s(box.node);
    const double base = valueOf(xsprof::Side::Base, s), now = valueOf(xsprof::Side::New, s), delta = now - base;
    const QString name = QString::fromUtf8(m_data->next->frameName(box.frame));
    const QString sign = delta > 0 ? QStringLiteral("+") : QString();
    const xsprof::Measure measure = m_data->next->info.measure;
    QString text = tr("%1\nColour: %2\nbase: %3\nnew: %4\nΔ: %5%6")
                       .arg(name.isEmpty() ? tr("(anonymous)") : name, shownMeasureName(m_measure),
                            CostFormat::valueAndPercent(base, m_data->comparison.duration(xsprof::Side::Base), measure),
                            CostFormat::valueAndPercent(now, m_data->comparison.duration(xsprof::Side::New), measure),
                            sign, CostFormat::value(delta, measure));
    if (m_relative) {
        const double share = change(s);
        text += tr(" (share %1%2)").arg(share > 0 ? QStringLiteral("+") : QString(), CostFormat::percent(share));
    }
    return text;
}

void DiffFlameGraphView::zoomInto(xsprof::StackId stack)
{
    m_zoom = stack;
    m_layoutValid = false;
    update();
}

QSize DiffFlameGraphView::sizeHint() const
{
    return {800, 400};
}

bool DiffFlameGraphView::event(QEvent* event)
{
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (const FlameGraphLayout::Box* box = boxAt(help->pos()))
            QToolTip::showText(help->globalPos(), toolTipFor(*box), this);
        else
            QToolTip::hideText();
        return true;
    }
    return QWidget::event(event);
}

void DiffFlameGraphView::paintEvent(QPaintEvent*)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (!isAvailable()) {
        painter.drawText(rect(), Qt::AlignCenter | Qt::TextWordWrap,
                         tr("The differential flame graph needs per-path stacks in both profiles\n"
                            "(a graph-encoded xst -p file has none)."));
        return;
    }
    const FlameGraphLayout& l = layout();
    painter.setClipRect(QRect(0, 0, width(), graphHeight()));
    for (const FlameGraphLayout::Box& box : l.boxes()) {
        const QRectF r = rectOf(box);
        if (r.top() > graphHeight())
            break;
        painter.fillRect(r, colorOf(box));
        if (r.width() > 30 && box.frame.isValid()) {
            painter.setPen(Qt::black);
            const QString name = QString::fromUtf8(m_data->next->frameName(box.frame));
            painter.drawText(r.adjusted(3, 0, -2, 0), Qt::AlignVCenter | Qt::AlignLeft,
                             fontMetrics().elidedText(name.isEmpty() ? tr("(anonymous)") : name, Qt::ElideRight, int(r.width()) - 5));
        }
    }
    painter.setClipping(false);
    paintLegend(painter, QRect(0, graphHeight(), width(), legendHeight));
}

void DiffFlameGraphView::paintLegend(QPainter& painter, const QRect& area) const
{
    painter.fillRect(area, palette().window());
    const int barWidth = std::min(300, area.width() / 3);
    const QRect bar(area.center().x() - barWidth / 2, area.top() + 6, barWidth, area.height() - 12);
    QLinearGradient g(bar.topLeft(), bar.topRight());
    g.setColorAt(0.0, cooler);
    g.setColorAt(0.5, neutral);
    g.setColorAt(1.0, hotter);
    painter.fillRect(bar, g);
    painter.setPen(palette().color(QPalette::WindowText));
    const xsprof::Measure quantity = m_data->next->info.measure;
    const QString most = m_relative ? CostFormat::percent(m_maxAbsDelta) : CostFormat::value(m_maxAbsDelta, quantity);
    painter.drawText(QRect(area.left() + 4, area.top(), bar.left() - 10, area.height()),
                     Qt::AlignVCenter | Qt::AlignRight,
                     tr("blue: %1 (−%2)").arg(DeltaColors::lessWord(quantity), most));
    const QRect right(bar.right() + 6, area.top(), area.right() - bar.right() - 10, area.height());
    const QString slower = tr("orange: %1 (+%2): %3, new − base")
                               .arg(DeltaColors::moreWord(quantity), most, shownMeasureName(m_measure));
    painter.drawText(right, Qt::AlignVCenter | Qt::AlignLeft,
                     fontMetrics().elidedText(slower, Qt::ElideRight, right.width()));
}

void DiffFlameGraphView::resizeEvent(QResizeEvent* event)
{
    m_layoutValid = false;
    QWidget::resizeEvent(event);
}

void DiffFlameGraphView::mouseReleaseEvent(QMouseEvent* event)
{
    const FlameGraphLayout::Box* box = boxAt(event->position().toPoint());
    if (event->button() != Qt::LeftButton || !box || box->node == FlameGraphLayout::noNode || !box->frame.isValid())
        return;
    // The top row of a zoomed graph is the zoomed path: clicking it zooms out one step.
    const xsprof::StackId s(box->node);
    zoomInto(s == m_zoom ? m_data->next->stacks.parent[s.value] : s);
}

void DiffFlameGraphView::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape && m_zoom.isValid()) {
        zoomInto({});
        return;
    }
    QWidget::keyPressEvent(event);
}
