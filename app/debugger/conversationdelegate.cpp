#include "app/debugger/conversationdelegate.h"

#include "app/debugger/conversationmodel.h"

#include <QAbstractItemView>
#include <QFontDatabase>
#include <QPainter>
#include <QPainterPath>
#include <QTextLayout>

#include <algorithm>
#include <cmath>

namespace {
constexpr int outerMargin = 6;  // between the bubble and the row's edges
constexpr int padding = 6;      // inside the bubble
constexpr int rowGap = 3;       // between rows
constexpr double widest = 0.78; // of the view, for one bubble

QFont bodyFont(const QStyleOptionViewItem& option)
{
    QFont font = QFontDatabase::systemFont(QFontDatabase::FixedFont);
    font.setPointSizeF(option.font.pointSizeF() > 0 ? option.font.pointSizeF() : font.pointSizeF());
    return font;
}

QFont headerFont(const QStyleOptionViewItem& option)
{
    QFont font = option.font;
    font.setBold(true);
    if (font.pointSizeF() > 0)
        font.setPointSizeF(font.pointSizeF() * 0.85);
    return font;
}

// Lays `text` out in lines no wider than `width`; returns the size it takes.
QSizeF layOut(QTextLayout& layout, const QString& text, const QFont& font, qreal width)
{
    QString laid = text;
    laid.replace(QLatin1Char('\n'), QChar::LineSeparator);
    layout.setText(laid);
    layout.setFont(font);
    QTextOption option;
    option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(option);
    layout.beginLayout();
    qreal height = 0, used = 0;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(width);
        line.setPosition(QPointF(0, height));
        height += line.height();
        used = std::max(used, line.naturalTextWidth());
    }
    layout.endLayout();
    return {std::ceil(used), std::ceil(height)};
}

QString headerText(const QModelIndex& index)
{
    QString header = BubbleText::conversationLabel(index.data(ConversationModel::ConversationRole).toString());
    const QString source = index.data(ConversationModel::SourceRole).toString();
    if (!source.isEmpty())
        header = source + QStringLiteral(" · ") + header;
    return header;
}
} // namespace

struct ConversationDelegate::Geometry {
    QRect bubble;
    QRect header;
    QPoint text;
    QString body;
};

ConversationDelegate::ConversationDelegate(QObject* parent) : QStyledItemDelegate(parent) {}

QColor ConversationDelegate::tint(const QString& conversation, bool darkBase)
{
    if (conversation.isEmpty())
        return darkBase ? QColor(0x3a, 0x3d, 0x42) : QColor(0xe6, 0xe7, 0xea);
    quint32 hash = 2166136261u; // FNV-1a: stable across runs, unlike qHash
    for (const QChar c : conversation) {
        hash ^= c.unicode();
        hash *= 16777619u;
    }
    const int hue = int(hash % 360);
    return darkBase ? QColor::fromHslF(hue / 360.0, 0.45, 0.26) : QColor::fromHslF(hue / 360.0, 0.70, 0.88);
}

ConversationDelegate::Geometry ConversationDelegate::geometry(const QStyleOptionViewItem& option,
                                                              const QModelIndex& index) const
{
    int rowWidth = option.rect.width();
    if (const auto* view = qobject_cast<const QAbstractItemView*>(option.widget))
        rowWidth = view->viewport()->width();
    const int maxBubble = std::max(80, int(rowWidth * widest) - 2 * outerMargin);
    Geometry g;
    g.body = index.data(Qt::DisplayRole).toString();
    QTextLayout layout;
    const QSizeF text = layOut(layout, g.body, bodyFont(option), maxBubble - 2 * padding);
    const QFontMetrics headerMetrics(headerFont(option));
    const QString header = headerText(index);
    const int headerWidth = std::min(headerMetrics.horizontalAdvance(header), maxBubble - 2 * padding);
    const int width = std::max(int(text.width()), headerWidth) + 2 * padding;
    const int height = headerMetrics.height() + int(text.height()) + 2 * padding + 2;
    int left = outerMargin;
    switch (BubbleText::Side(index.data(ConversationModel::SideRole).toInt())) {
    case BubbleText::Side::Left: break;
    case BubbleText::Side::Right: left = rowWidth - outerMargin - width; break;
    case BubbleText::Side::Center: left = (rowWidth - width) / 2; break;
    }
    g.bubble = QRect(option.rect.left() + std::max(outerMargin, left), option.rect.top() + rowGap, width, height);
    g.header = QRect(g.bubble.left() + padding, g.bubble.top() + padding, width - 2 * padding, headerMetrics.height());
    g.text = QPoint(g.header.left(), g.header.bottom() + 3);
    return g;
}

QSize ConversationDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const Geometry g = geometry(option, index);
    return {g.bubble.right() - option.rect.left() + outerMargin, g.bubble.height() + 2 * rowGap};
}

void ConversationDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const Geometry g = geometry(option, index);
    const QPalette& palette = option.palette;
    const bool dark = palette.color(QPalette::Base).lightnessF() < 0.5;
    const QString conversation = index.data(ConversationModel::ConversationRole).toString();
    painter->save();
    painter->setRenderHint(QPainter::Antialiasing);
    QPainterPath shape;
    shape.addRoundedRect(QRectF(g.bubble).adjusted(0.5, 0.5, -0.5, -0.5), 8, 8);
    painter->fillPath(shape, tint(conversation, dark));
    const bool selected = option.state & QStyle::State_Selected;
    painter->setPen(QPen(selected ? palette.color(QPalette::Highlight) : tint(conversation, dark).darker(dark ? 70 : 115),
                         selected ? 2 : 1));
    painter->drawPath(shape);

    QColor muted = palette.color(QPalette::Text);
    muted.setAlphaF(0.65);
    painter->setPen(muted);
    painter->setFont(headerFont(option));
    painter->drawText(g.header, Qt::AlignLeft | Qt::AlignVCenter,
                      QFontMetrics(headerFont(option)).elidedText(headerText(index), Qt::ElideRight, g.header.width()));

    painter->setPen(palette.color(QPalette::Text));
    QTextLayout layout;
    layOut(layout, g.body, bodyFont(option), g.bubble.width() - 2 * padding);
    layout.draw(painter, g.text);
    painter->restore();
}
