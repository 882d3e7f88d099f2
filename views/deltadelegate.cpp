#include "views/deltadelegate.h"

#include <QPainter>

#include <cmath>

DeltaDelegate::DeltaDelegate(int fractionRole, QObject* parent) : QStyledItemDelegate(parent), m_fractionRole(fractionRole)
{
}

void DeltaDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const
{
    const QVariant fraction = index.data(m_fractionRole);
    if (fraction.isValid()) {
        // A strip under the digits, never through them: its centre is no change, a bar to the
        // right grew, to the left shrank, as long as |Δ| against the column's largest.
        const double f = fraction.toDouble();
        const QRect r(option.rect.left() + 2, option.rect.bottom() - 3, option.rect.width() - 4, 3);
        const int centre = r.center().x();
        const int half = r.width() / 2;
        const int length = int(std::abs(f) * half + 0.5);
        painter->save();
        painter->fillRect(QRect(centre, r.top(), 1, r.height()), option.palette.mid());
        const QColor colour = f > 0 ? QColor(0xe5, 0x73, 0x73) : QColor(0x66, 0xbb, 0x6a);
        if (length > 0)
            painter->fillRect(f > 0 ? QRect(centre, r.top(), length, r.height()) : QRect(centre - length, r.top(), length, r.height()),
                              colour);
        painter->restore();
    }
    QStyledItemDelegate::paint(painter, option, index);
}
