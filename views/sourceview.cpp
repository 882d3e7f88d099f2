#include "sourceview.h"

#include "costformat.h"

#include <QFontDatabase>
#include <QFontMetricsF>
#include <QContextMenuEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QPolygonF>
#include <QTextBlock>

#include <algorithm>

namespace {
// The gutter only forwards painting: the editor knows the block geometry.
class Gutter : public QWidget
{
public:
    explicit Gutter(SourceView* view) : QWidget(view), m_view(view) {}
    QSize sizeHint() const override { return {m_view->gutterWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { m_view->paintGutter(event); }
    void mousePressEvent(QMouseEvent* event) override
    {
        if (event->button() == Qt::LeftButton)
            m_view->gutterPressed(int(event->position().y()));
    }
    void contextMenuEvent(QContextMenuEvent* event) override { m_view->gutterContextMenu(event->pos().y(), event->globalPos()); }

private:
    SourceView* m_view;
};
} // namespace

SourceView::SourceView(QWidget* parent) : QPlainTextEdit(parent), m_gutter(new Gutter(this))
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    applyTabWidth();
    setAccessibleName(tr("Source text"));
    setTextInteractionFlags(Qt::TextSelectableByMouse | Qt::TextSelectableByKeyboard);
    connect(this, &QPlainTextEdit::blockCountChanged, this, [this] { setViewportMargins(gutterWidth(), 0, 0, 0); });
    connect(this, &QPlainTextEdit::updateRequest, this, &SourceView::updateGutter);
    setViewportMargins(gutterWidth(), 0, 0, 0);
}

void SourceView::setSource(const QString& text, int line)
{
    setPlainText(text);
    m_line = line;
    highlightLine();
    if (line > 0) {
        QTextCursor cursor(document()->findBlockByNumber(line - 1));
        setTextCursor(cursor);
        centerCursor();
        m_centerPending = !isVisible();
    }
}

void SourceView::highlightLine()
{
    QList<QTextEdit::ExtraSelection> selections;
    if (m_line > 0) {
        QTextEdit::ExtraSelection selection;
        QColor colour = palette().color(QPalette::Highlight);
        colour.setAlphaF(0.25f);
        selection.format.setBackground(colour);
        selection.format.setProperty(QTextFormat::FullWidthSelection, true);
        selection.cursor = QTextCursor(document()->findBlockByNumber(m_line - 1));
        selections.append(selection);
    }
    setExtraSelections(selections);
}

int SourceView::gutterWidth() const
{
    int digits = 1;
    for (int max = std::max(1, blockCount()); max >= 10; max /= 10)
        ++digits;
    return 12 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(digits, 3) + costWidth();
}

int SourceView::costWidth() const
{
    return m_costs.isEmpty() ? 0 : fontMetrics().horizontalAdvance(QStringLiteral("99999.9 ms")) + 10;
}

void SourceView::setLineCosts(const QMap<int, double>& selfUs)
{
    m_costs = selfUs;
    m_maxCost = 0.0;
    for (double cost : selfUs)
        m_maxCost = std::max(m_maxCost, cost);
    setViewportMargins(gutterWidth(), 0, 0, 0);
    const QRect r = contentsRect();
    m_gutter->setGeometry(QRect(r.left(), r.top(), gutterWidth(), r.height()));
    m_gutter->update();
}

void SourceView::centerOnLine(int line)
{
    if (line <= 0)
        return;
    setTextCursor(QTextCursor(document()->findBlockByNumber(line - 1)));
    centerCursor();
    m_centerPending = !isVisible();
}

// The heat column of one line: a bar as long as its share of the hottest line, and its ms.
void SourceView::paintCost(QPainter& painter, int line, int top)
{
    const auto it = m_costs.constFind(line);
    if (it == m_costs.constEnd() || *it <= 0.0 || m_maxCost <= 0.0)
        return;
    const double share = *it / m_maxCost;
    const int h = fontMetrics().height();
    const int full = costWidth() - 6;
    QColor heat = QColor::fromHsvF(0.08f * float(1.0 - share), 0.85f, 0.95f); // orange to red
    heat.setAlphaF(float(0.35 + 0.5 * share));
    painter.fillRect(QRect(2, top + 1, std::max(2, int(full * share)), h - 2), heat);
    painter.setPen(palette().color(QPalette::Text));
    // Line costs come from a CPU profile's positionTicks: always time.
    painter.drawText(QRect(2, top, full, h), Qt::AlignRight | Qt::AlignVCenter, CostFormat::time(*it));
}

void SourceView::updateGutter(const QRect& rect, int dy)
{
    if (dy)
        m_gutter->scroll(0, dy);
    else
        m_gutter->update(0, rect.y(), m_gutter->width(), rect.height());
}

void SourceView::resizeEvent(QResizeEvent* event)
{
    QPlainTextEdit::resizeEvent(event);
    const QRect r = contentsRect();
    m_gutter->setGeometry(QRect(r.left(), r.top(), gutterWidth(), r.height()));
}

void SourceView::showEvent(QShowEvent* event)
{
    QPlainTextEdit::showEvent(event);
    if (m_centerPending) {
        // Queued: the splitter gives the pane its final height only after it is shown.
        QMetaObject::invokeMethod(this, [this] {
            m_centerPending = false;
            centerCursor();
        }, Qt::QueuedConnection);
    }
}

void SourceView::changeEvent(QEvent* event)
{
    QPlainTextEdit::changeEvent(event);
    if (event->type() == QEvent::PaletteChange)
        highlightLine();
    else if (event->type() == QEvent::FontChange)
        applyTabWidth();
}

void SourceView::applyTabWidth()
{
    setTabStopDistance(tabColumns * QFontMetricsF(font()).horizontalAdvance(QLatin1Char(' ')));
}

void SourceView::paintGutter(QPaintEvent* event)
{
    QPainter painter(m_gutter);
    painter.fillRect(event->rect(), palette().color(QPalette::AlternateBase));
    if (document()->isEmpty())
        return; // no file: no line numbers beside the placeholder
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    const int width = m_gutter->width() - 6;
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            const int number = block.blockNumber() + 1;
            if (!m_costs.isEmpty()) {
                painter.save();
                paintCost(painter, number, top);
                painter.restore();
                painter.translate(costWidth(), 0);
            }
            bool marked = m_marked.contains(number);
            if (marked) {
                const Marker marker = markerAt(number);
                const QColor colour = markerColour(marker);
                painter.setRenderHint(QPainter::Antialiasing);
                const int h = fontMetrics().height();
                const QRect tag(2, top + 1, m_gutter->width() - costWidth() - 3, h - 2);
                if (marker == Marker::Disabled) {
                    painter.setPen(QPen(colour, 1.5));
                    painter.setBrush(Qt::NoBrush);
                    painter.drawRoundedRect(tag, 3, 3);
                    marked = false; // the number keeps its normal colour
                } else {
                    painter.setPen(Qt::NoPen);
                    painter.setBrush(colour);
                    painter.drawRoundedRect(tag, 3, 3);
                    painter.setBrush(Qt::white);
                    const QPointF c(tag.left() + h * 0.4, tag.center().y() + 0.5);
                    const qreal r = h * 0.2;
                    if (marker == Marker::LogPoint)
                        painter.drawPolygon(QPolygonF({c + QPointF(0, -r), c + QPointF(r, 0), c + QPointF(0, r),
                                                       c + QPointF(-r, 0)}));
                    else if (marker == Marker::Conditional) { // "="
                        painter.drawRect(QRectF(c.x() - r, c.y() - r * 0.7, 2 * r, r * 0.45));
                        painter.drawRect(QRectF(c.x() - r, c.y() + r * 0.25, 2 * r, r * 0.45));
                    }
                }
            }
            QFont font = painter.font();
            font.setBold(number == m_line);
            painter.setFont(font);
            painter.setPen(marked ? QColor(Qt::white)
                                  : palette().color(number == m_line ? QPalette::Text : QPalette::PlaceholderText));
            painter.drawText(0, top, width - costWidth(), fontMetrics().height(), Qt::AlignRight,
                             QString::number(number));
            if (std::binary_search(m_changed.begin(), m_changed.end(), number))
                painter.fillRect(QRect(m_gutter->width() - costWidth() - 3, top, 3, fontMetrics().height()),
                                 changedLineColour());
            painter.resetTransform();
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
    }
}

void SourceView::setChangedLines(const QList<int>& lines)
{
    m_changed = lines;
    std::sort(m_changed.begin(), m_changed.end());
    m_gutter->update();
}

QColor SourceView::changedLineColour()
{
    return {0x00, 0x9e, 0x73}; // bluish green: apart from the breakpoints' blue, amber and purple
}

void SourceView::setLineMarkers(const QMap<int, Marker>& markers)
{
    m_marked = markers.keys();
    m_markers = markers;
    m_gutter->update();
}

QColor SourceView::markerColour(Marker marker)
{
    switch (marker) {
    case Marker::Plain: break;
    case Marker::Conditional: return QColor(0xd9, 0x7a, 0x00);
    case Marker::LogPoint: return QColor(0x8a, 0x2b, 0xc2);
    case Marker::Disabled: return QColor(0x8a, 0x8f, 0x98);
    }
    return QColor(0x3d, 0x7e, 0xdb); // xsbug's breakpoint tag
}

void SourceView::gutterContextMenu(int y, const QPoint& globalPos)
{
    if (const int line = lineAt(y))
        emit gutterMenuRequested(line, globalPos);
}

int SourceView::lineAt(int y) const
{
    const QTextBlock block = cursorForPosition(QPoint(0, y)).block();
    if (!block.isValid())
        return 0;
    const QRectF box = blockBoundingGeometry(block).translated(contentOffset());
    return y <= box.bottom() ? block.blockNumber() + 1 : 0;
}

void SourceView::gutterPressed(int y)
{
    if (const int line = lineAt(y))
        emit gutterClicked(line);
}
