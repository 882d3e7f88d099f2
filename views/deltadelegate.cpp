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
        const double f = fraction.toDouble();
        const QRect r = option.rect.adjusted(2, 3, -2, -3);
        const int centre = r.center().x();
        const int half = r.width() / 2;
        const int length = int(std::abs(f) * half + 0.5);
        painter->save();
        painter->fillRect(QRect(centre, r.top(), 1, r.height()), option.palette.mid());
        const QColor colour = f > 0 ? QColor(0xef, 0x9a, 0x9a) : QColor(0xa5, 0xd6, 0xa7);
        if (length > 0)
            painter->fillRect(f > 0 ? QRect(centre, r.top(), length, r.height()) : QRect(centre - length, r.top(), length, r.height()),
                              colour);
        painter->restore();
    }
    QStyledItemDelegate::paint(painter, option, index);
}
