#include "functiondelegate.h"

#include "costtreemodel.h"
#include "plaintext.h"

#include <QApplication>
#include <QPainter>

namespace {
constexpr int gap = 8; // between the name and the location

QColor blend(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}
} // namespace

void FunctionDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = opt.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    const QString name = PlainText::singleLine(opt.text); // a line break or control from the file stays on the row
    const QString location = index.data(CostTreeModel::LocationRole).toString();
    opt.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget); // background, focus

    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette::ColorGroup group = opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
    const QColor text = opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
    const QColor background = opt.palette.color(group, selected ? QPalette::Highlight : QPalette::Base);
    const QRect rect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget).adjusted(2, 0, -2, 0);

    painter->save();
    QFont font = opt.font;
    if (index.data(CostTreeModel::RecursiveRole).toBool())
        font.setItalic(true);
    painter->setFont(font);
    const QFontMetrics metrics(font);
    const QString shownName = metrics.elidedText(name, Qt::ElideRight, rect.width());
    painter->setPen(text);
    // Not clipped to the text rectangle: a fallback font (CJK) may be taller than the row's
    // font, and its underscores and descenders would be cut off; the cell still bounds it.
    painter->setClipRect(opt.rect);
    painter->drawText(rect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, shownName);

    const int used = metrics.horizontalAdvance(shownName) + gap;
    if (!location.isEmpty() && used < rect.width()) {
        QRect locationRect = rect;
        locationRect.setLeft(rect.left() + used);
        painter->setFont(opt.font);
        painter->setPen(blend(text, background, 0.45)); // lighter in light themes, darker in dark ones
        painter->drawText(locationRect, Qt::AlignLeft | Qt::AlignVCenter,
                          opt.fontMetrics.elidedText(location, Qt::ElideMiddle, locationRect.width()));
    }
    painter->restore();
}

QSize FunctionDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    const QString location = index.data(CostTreeModel::LocationRole).toString();
    if (!location.isEmpty())
        size.setWidth(size.width() + gap + option.fontMetrics.horizontalAdvance(location));
    return size;
}
