#include "functiondelegate.h"

#include "costtreemodel.h"
#include "plaintext.h"

#include <QApplication>
#include <QPainter>
#include <QTreeView>

#include <algorithm>

namespace {
constexpr int gap = 8; // between the name and the location

QColor blend(const QColor& a, const QColor& b, double t)
{
    return QColor::fromRgbF(float(a.redF() * (1 - t) + b.redF() * t), float(a.greenF() * (1 - t) + b.greenF() * t),
                            float(a.blueF() * (1 - t) + b.blueF() * t));
}

// The badge's rounded box around its text.
constexpr int badgePadding = 4;
} // namespace

int FunctionDelegate::indentStep(int cellWidth, const QFontMetrics& metrics)
{
    const int full = metrics.height() * 3 / 4;
    return std::clamp(cellWidth / 3 / levelsIndented, 4, full);
}

FunctionDelegate::RowLayout FunctionDelegate::layout(const QRect& cell, int level, const QFontMetrics& metrics)
{
    RowLayout row;
    const int indented = std::clamp(level - 1, 0, levelsIndented);
    const int arrowWidth = metrics.height();
    row.arrow = QRect(cell.left() + indented * indentStep(cell.width(), metrics), cell.top(), arrowWidth, cell.height());
    int textLeft = row.arrow.right() + 1;
    if (level > levelsIndented) {
        row.badgeText = QStringLiteral("⋯%1").arg(level);
        const int width = metrics.horizontalAdvance(row.badgeText) + 2 * badgePadding;
        row.badge = QRect(textLeft, cell.top() + 1, width, cell.height() - 2);
        textLeft = row.badge.right() + 1 + badgePadding;
    }
    row.text = QRect(QPoint(textLeft + 2, cell.top()), QPoint(cell.right() - 2, cell.bottom()));
    return row;
}

void FunctionDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = opt.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    QString name = PlainText::singleLine(opt.text); // a line break or control from the file stays on the row
    QString location = index.data(CostTreeModel::LocationRole).toString();
    // The lists and the comparison show "name  file (line)" in one string: the location
    // gives way first there too.
    if (const qsizetype split = name.indexOf(QLatin1String("  ")); location.isEmpty() && split > 0) {
        location = name.mid(split + 2);
        name.truncate(split);
    }
    const QVariant level = index.data(CostTreeModel::LevelRole);
    opt.text.clear();
    style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget); // background, focus

    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette::ColorGroup group = opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
    const QColor text = opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
    const QColor background = opt.palette.color(group, selected ? QPalette::Highlight : QPalette::Base);
    const QColor light = blend(text, background, 0.45); // lighter in light themes, darker in dark ones
    QRect rect = style->subElementRect(QStyle::SE_ItemViewItemText, &opt, widget).adjusted(2, 0, -2, 0);

    painter->save();
    // Not clipped to the text rectangle: a fallback font (CJK) may be taller than the row's
    // font, and its underscores and descenders would be cut off; the cell still bounds it.
    painter->setClipRect(opt.rect);
    if (level.isValid()) { // the view leaves the indentation and the arrow to this delegate
        const RowLayout row = layout(opt.rect, level.toInt(), opt.fontMetrics);
        rect = row.text;
        if (index.model()->hasChildren(index)) {
            QStyleOption arrow;
            arrow.initFrom(widget);
            arrow.rect = row.arrow;
            arrow.palette = opt.palette;
            arrow.state = QStyle::State_Children | QStyle::State_Item | (opt.state & QStyle::State_Enabled);
            if (const auto* tree = qobject_cast<const QTreeView*>(widget); tree && tree->isExpanded(index))
                arrow.state |= QStyle::State_Open;
            if (selected)
                arrow.state |= QStyle::State_Selected;
            style->drawPrimitive(QStyle::PE_IndicatorBranch, &arrow, painter, widget);
        }
        if (!row.badge.isEmpty()) { // a tinted pill: it reads as a marker, not as part of the name
            painter->setRenderHint(QPainter::Antialiasing);
            painter->setPen(Qt::NoPen);
            painter->setBrush(blend(text, background, 0.85));
            const qreal radius = row.badge.height() / 2.0;
            painter->drawRoundedRect(QRectF(row.badge), radius, radius);
            painter->setPen(blend(text, background, 0.25));
            painter->drawText(row.badge, Qt::AlignCenter, row.badgeText);
        }
    }

    QFont font = opt.font;
    if (index.data(CostTreeModel::RecursiveRole).toBool())
        font.setItalic(true);
    painter->setFont(font);
    const QFontMetrics metrics(font);
    // The middle gives way: a name's start (its class) and its end (the method) both tell.
    const QString shownName = metrics.elidedText(name, Qt::ElideMiddle, rect.width());
    painter->setPen(text);
    painter->drawText(rect, Qt::AlignLeft | Qt::AlignVCenter | Qt::TextDontClip, shownName);

    const int used = metrics.horizontalAdvance(shownName) + gap;
    if (!location.isEmpty() && used < rect.width()) {
        QRect locationRect = rect;
        locationRect.setLeft(rect.left() + used);
        painter->setFont(opt.font);
        painter->setPen(light);
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
    if (const QVariant level = index.data(CostTreeModel::LevelRole); level.isValid()) {
        const QRect cell(0, 0, size.width(), size.height());
        size.setWidth(size.width() + layout(cell, level.toInt(), option.fontMetrics).text.left() + 2);
    }
    return size;
}
