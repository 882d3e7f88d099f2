#pragma once
// Paints a Function cell: the name, elided in the middle, then "file (line)" in a lighter
// colour (CostTreeModel::LocationRole, or what follows two spaces in the text of a model
// that shows "name  file (line)" in one string). For a model that gives CostTreeModel::LevelRole (CostTreeView's trees, whose view
// draws no indentation of its own) it also draws the indentation and the expand arrow: the
// indentation stops growing after levelsIndented levels, and a deeper row shows its level
// in a badge ("⋯37"), so a name 1 000 calls deep still starts near the column's left edge.
#include <QStyledItemDelegate>

class FunctionDelegate : public QStyledItemDelegate
{
    Q_OBJECT
public:
    using QStyledItemDelegate::QStyledItemDelegate;

    static constexpr int levelsIndented = 24;

    // Where the parts of a row at `level` (1: top level) go in its cell.
    struct RowLayout {
        QRect arrow; // the expand arrow's box
        QRect badge; // empty when the row is not deeper than levelsIndented
        QRect text;  // the name and the location
        QString badgeText;
    };
    // One level's indentation: three quarters of the font's line height, less in a narrow
    // column so that the indentation never takes more than a third of it.
    static int indentStep(int cellWidth, const QFontMetrics& metrics);
    static RowLayout layout(const QRect& cell, int level, const QFontMetrics& metrics);

    void paint(QPainter* painter, const QStyleOptionViewItem& option, const QModelIndex& index) const override;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;
};
