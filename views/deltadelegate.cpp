#include "views/deltadelegate.h"

#include "views/deltacolors.h"

#include <QApplication>
#include <QPainter>
#include <QStyle>

#include <cmath>

namespace {
constexpr int stripHeight = 2;
constexpr int stripGap = 1; // between the text's lowest pixel and the strip
} // namespace

DeltaDelegate::DeltaDelegate(int fractionRole, QObject* parent) : QStyledItemDelegate(parent), m_fractionRole(fractionRole)
{
}

QSize DeltaDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QSize size = QStyledItemDelegate::sizeHint(option, index);
    size.rheight() += stripHeight + stripGap;
    return size;
}

void DeltaDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    const QWidget* widget = option.widget;
    QStyle* style = widget ? widget->style() : QApplication::style();
    // The background and selection over the whole cell; the text above the strip.
    style->drawPrimitive(QStyle::PE_PanelItemViewItem, &cell, painter, widget);
    const QVariant fraction = index.data(m_fractionRole);
    if (fraction.isValid()) {
        // A strip under the digits, never through them: its centre is no change, a bar to the
        // right grew, to the left shrank, as long as |Δ| against the column's largest.
        const double f = fraction.toDouble();
        const QRect r(option.rect.left() + 2, option.rect.bottom() - stripHeight, option.rect.width() - 4, stripHeight);
        const int centre = r.center().x();
        const int half = r.width() / 2;
        const int length = int(std::abs(f) * half + 0.5);
        painter->save();
        painter->fillRect(QRect(centre, r.top(), 1, r.height()), option.palette.mid());
        const QVariant given = m_colourRole >= 0 ? index.data(m_colourRole) : QVariant();
        const QColor text = given.isValid() ? given.value<QColor>()
                            : f > 0         ? DeltaColors::slower(option.palette)
                                            : DeltaColors::faster(option.palette);
        const QColor colour = DeltaColors::strip(text, option.palette);
        if (length > 0)
            painter->fillRect(f > 0 ? QRect(centre, r.top(), length, r.height()) : QRect(centre - length, r.top(), length, r.height()),
                              colour);
        painter->restore();
    }
    QStyleOptionViewItem text = cell;
    text.rect.setBottom(option.rect.bottom() - stripHeight - stripGap);
    style->drawControl(QStyle::CE_ItemViewItem, &text, painter, widget);
}
