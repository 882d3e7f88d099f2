#pragma once
// Paints a change cell: its text, and under it a thin bar from the cell's centre, right and
// orange for slower, left and blue for faster (DeltaColors), as long as the change's share of the
// column's largest change (never through the digits). Reads ComparisonModel::DeltaFractionRole, and
// with a colour role the strip's colour from the model (cohorts: their share's direction).
#include <QStyledItemDelegate>

class DeltaDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    DeltaDelegate(int fractionRole, QObject* parent = nullptr);
    // A role giving the strip's QColor; where it gives none, red for growth, green for less.
    void setColourRole(int role) { m_colourRole = role; }

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    // The text's height and room for the strip under it.
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

private:
    int m_fractionRole;
    int m_colourRole = -1;
};
