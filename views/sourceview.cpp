#include "sourceview.h"

#include <QFontDatabase>
#include <QMouseEvent>
#include <QPainter>
#include <QTextBlock>

namespace {
// The gutter only forwards painting: the editor knows the block geometry.
class Gutter : public QWidget
{
public:
    explicit Gutter(SourceView* view) : QWidget(view), m_view(view) {}
    QSize sizeHint() const override { return {m_view->gutterWidth(), 0}; }

protected:
    void paintEvent(QPaintEvent* event) override { m_view->paintGutter(event); }
    void mousePressEvent(QMouseEvent* event) override { m_view->gutterPressed(int(event->position().y())); }

private:
    SourceView* m_view;
};
} // namespace

SourceView::SourceView(QWidget* parent) : QPlainTextEdit(parent), m_gutter(new Gutter(this))
{
    setReadOnly(true);
    setLineWrapMode(QPlainTextEdit::NoWrap);
    setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
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
    return 12 + fontMetrics().horizontalAdvance(QLatin1Char('9')) * std::max(digits, 3);
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
}

void SourceView::paintGutter(QPaintEvent* event)
{
    QPainter painter(m_gutter);
    painter.fillRect(event->rect(), palette().color(QPalette::AlternateBase));
    QTextBlock block = firstVisibleBlock();
    int top = qRound(blockBoundingGeometry(block).translated(contentOffset()).top());
    int bottom = top + qRound(blockBoundingRect(block).height());
    const int width = m_gutter->width() - 6;
    while (block.isValid() && top <= event->rect().bottom()) {
        if (block.isVisible() && bottom >= event->rect().top()) {
            const int number = block.blockNumber() + 1;
            const bool marked = m_marked.contains(number);
            if (marked) {
                painter.setRenderHint(QPainter::Antialiasing);
                painter.setPen(Qt::NoPen);
                painter.setBrush(QColor(0x3d, 0x7e, 0xdb)); // xsbug's breakpoint tag
                const int h = fontMetrics().height();
                painter.drawRoundedRect(QRect(2, top + 1, m_gutter->width() - 3, h - 2), 3, 3);
            }
            QFont font = painter.font();
            font.setBold(number == m_line);
            painter.setFont(font);
            painter.setPen(marked ? QColor(Qt::white)
                                  : palette().color(number == m_line ? QPalette::Text : QPalette::PlaceholderText));
            painter.drawText(0, top, width, fontMetrics().height(), Qt::AlignRight, QString::number(number));
        }
        block = block.next();
        top = bottom;
        bottom = top + qRound(blockBoundingRect(block).height());
    }
}

void SourceView::setMarkedLines(const QList<int>& lines)
{
    m_marked = lines;
    m_gutter->update();
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
