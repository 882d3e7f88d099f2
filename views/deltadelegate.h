#pragma once
// Paints a change cell: its text, and under it a thin bar from the cell's centre, right and
// orange for slower, left and blue for faster (DeltaColors), as long as the change's share of the column's
// largest change (never through the digits). Reads ComparisonModel::DeltaFractionRole.
#include <QStyledItemDelegate>

class DeltaDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    DeltaDelegate(int fractionRole, QObject* parent = nullptr);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    // The text's height and room for the strip under it.
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    int m_fractionRole;
};
