#include "costdelegate.h"

#include "costformat.h"
#include "costtreemodel.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>

namespace {
constexpr int padding = 4;

int percentWidth(const QFontMetrics& metrics)
{
    return metrics.horizontalAdvance(QStringLiteral("100.0 %")) + 2 * padding;
}
} // namespace

void CostDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem opt = option;
    initStyleOption(&opt, index);
    const QWidget* widget = opt.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    // Background (selection, alternate rows) first, then the bar, then our own text on top:
    // the default item painting would cover the bar with the selection colour.
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &opt, painter, widget);

    const bool selected = opt.state & QStyle::State_Selected;
    const QPalette::ColorGroup group = opt.state & QStyle::State_Enabled ? QPalette::Normal : QPalette::Disabled;
    // VS Code's total can pass the run: the bar stops at the cell's edge, the text does not.
    const double share = index.data(CostTreeModel::FractionRole).toDouble();
    const double fraction = std::clamp(share, 0.0, 1.0);

    painter->save();
    if (fraction > 0.0) {
        QRectF bar = QRectF(opt.rect).adjusted(2, 3, -2, -3);
        bar.setWidth(std::max(1.0, bar.width() * fraction));
        QColor colour = opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Highlight);
        colour.setAlphaF(selected ? 0.35 : 0.30);
        painter->setPen(Qt::NoPen);
        painter->setBrush(colour);
        painter->drawRoundedRect(bar, 2, 2);
    }

    const double micros = index.data(CostTreeModel::CostRole).toDouble();
    QColor pen = opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
    if (micros == 0.0 && !selected)
        pen = opt.palette.color(group, QPalette::PlaceholderText); // zeros recede; costs stand out
    painter->setPen(pen);
    painter->setFont(opt.font);
    const QRect text = opt.rect.adjusted(padding, 0, -padding, 0);
    const int percentW = percentWidth(opt.fontMetrics);
    QRect timeRect = text;
    timeRect.setRight(text.right() - percentW);
    QRect percentRect = text;
    percentRect.setLeft(text.right() - percentW + 1);
    painter->drawText(timeRect, Qt::AlignRight | Qt::AlignVCenter,
                      opt.fontMetrics.elidedText(
                          CostFormat::value(micros, xsprof::Measure(index.data(CostTreeModel::MeasureRole).toInt())),
                          Qt::ElideLeft, timeRect.width()));
    painter->drawText(percentRect, Qt::AlignRight | Qt::AlignVCenter, CostFormat::share(share));
    painter->restore();
}

int CostDelegate::preferredWidth(const QFontMetrics& metrics)
{
    return metrics.horizontalAdvance(QStringLiteral("9999.9 ms")) + percentWidth(metrics) + 3 * padding;
}

QSize CostDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.setWidth(std::max(size.width(), preferredWidth(option.fontMetrics)));
    return size;
}
