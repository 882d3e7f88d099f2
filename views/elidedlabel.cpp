#include "elidedlabel.h"

#include "views/plaintext.h"

#include <QEvent>
#include <QPainter>
#include <QStringList>

ElidedLabel::ElidedLabel(const QString& text, QWidget* parent) : QFrame(parent), m_text(text)
{
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    setAccessibleName(text);
    updateToolTip();
}

void ElidedLabel::setText(const QString& text)
{
    if (text == m_text)
        return;
    const bool longer = fontMetrics().horizontalAdvance(text) > fontMetrics().horizontalAdvance(m_text);
    m_text = text;
    setAccessibleName(text);
    if (longer)
        updateGeometry(); // a layout with room left may give it more
    updateToolTip();
    update();
}

void ElidedLabel::setAlignment(Qt::Alignment alignment)
{
    m_alignment = alignment;
    update();
}

QString ElidedLabel::shownText() const
{
    return fontMetrics().elidedText(m_text, Qt::ElideRight, contentsRect().width());
}

QSize ElidedLabel::sizeHint() const
{
    const QMargins m = contentsMargins();
    return {fontMetrics().horizontalAdvance(m_text) + m.left() + m.right() + 1,
            fontMetrics().height() + m.top() + m.bottom()};
}

QSize ElidedLabel::minimumSizeHint() const
{
    // A few characters and the ellipsis: enough to tell the lines apart when squeezed.
    const QMargins m = contentsMargins();
    const int least = fontMetrics().horizontalAdvance(m_text.left(3) + QChar(0x2026));
    return {std::min(least, sizeHint().width()) + m.left() + m.right(), sizeHint().height()};
}

void ElidedLabel::paintEvent(QPaintEvent* event)
{
    QFrame::paintEvent(event);
    QPainter painter(this);
    painter.setPen(palette().color(isEnabled() ? QPalette::Active : QPalette::Disabled, QPalette::WindowText));
    painter.drawText(contentsRect(), int(m_alignment) | Qt::TextSingleLine, shownText());
}

void ElidedLabel::resizeEvent(QResizeEvent* event)
{
    QFrame::resizeEvent(event);
    updateToolTip();
}

void ElidedLabel::changeEvent(QEvent* event)
{
    QFrame::changeEvent(event);
    if (event->type() == QEvent::FontChange) {
        updateGeometry();
        updateToolTip();
    }
}

void ElidedLabel::setNote(const QString& note)
{
    m_note = note;
    updateToolTip();
}

void ElidedLabel::updateToolTip()
{
    QStringList parts;
    if (isElided())
        parts << m_text;
    if (!m_note.isEmpty())
        parts << m_note;
    setToolTip(parts.isEmpty() ? QString() : PlainText::toolTip(parts.join(QStringLiteral("\n\n"))));
}
