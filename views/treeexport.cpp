#include "treeexport.h"

#include "costtreemodel.h"

#include <QHeaderView>
#include <QItemSelectionModel>
#include <QTreeView>

#include <algorithm>

namespace TreeExport {

namespace {

QList<QModelIndex> rowsToExport(const QTreeView* view)
{
    QList<QModelIndex> rows;
    if (view->selectionModel() && view->selectionModel()->hasSelection()) {
        rows = view->selectionModel()->selectedRows(0);
        std::sort(rows.begin(), rows.end(), [view](const QModelIndex& a, const QModelIndex& b) {
            return view->visualRect(a).top() < view->visualRect(b).top();
        });
        if (!rows.isEmpty())
            return rows;
    }
    // Every row the user can reach by scrolling: expanded branches, in display order.
    const QAbstractItemModel* model = view->model();
    if (!model)
        return rows;
    for (QModelIndex row = model->index(0, 0); row.isValid(); row = view->indexBelow(row))
        rows << row;
    return rows;
}

int depthOf(QModelIndex index)
{
    int depth = 0;
    for (index = index.parent(); index.isValid(); index = index.parent())
        ++depth;
    return depth;
}

QString oneLine(QString text)
{
    text.replace(QLatin1Char('\t'), QLatin1Char(' '));
    text.replace(QLatin1Char('\r'), QLatin1Char(' '));
    text.replace(QLatin1Char('\n'), QLatin1Char(' '));
    return text;
}

} // namespace

QString markdownCell(const QString& text)
{
    QString out;
    out.reserve(text.size() + 8);
    for (const QChar c : oneLine(text)) {
        switch (c.unicode()) {
        case u'<': out += QStringLiteral("&lt;"); break;
        case u'>': out += QStringLiteral("&gt;"); break;
        case u'&': out += QStringLiteral("&amp;"); break;
        case u'|': case u'\\': case u'*': case u'_': case u'`': case u'[': case u']': case u'#': case u'~':
            out += QLatin1Char('\\');
            out += c;
            break;
        default: out += c;
        }
    }
    return out;
}

QString text(const QTreeView* view, Format format)
{
    const QAbstractItemModel* model = view->model();
    if (!model)
        return {};
    // In the model's order, the function first, as Copy gives a row: on screen the numbers
    // come first to stay in view (NameColumnLayout), a table reads from its names.
    QList<int> columns;
    for (int logical = 0; logical < view->header()->count(); ++logical) {
        if (!view->isColumnHidden(logical))
            columns << logical;
    }
    const QList<QModelIndex> rows = rowsToExport(view);
    // A cost tree's function column also has a location; it gets a column of its own.
    const bool hasLocation = std::any_of(rows.begin(), rows.end(), [](const QModelIndex& row) {
        return !row.data(CostTreeModel::LocationRole).toString().isEmpty();
    });

    QList<QStringList> table;
    QStringList header;
    for (int column : std::as_const(columns)) {
        header << model->headerData(column, Qt::Horizontal).toString();
        if (column == 0 && hasLocation)
            header << QObject::tr("Location");
    }
    table << header;
    for (const QModelIndex& row : rows) {
        QStringList cells;
        const QString indent(2 * depthOf(row), QChar(0x00A0)); // kept by spreadsheets and Markdown
        for (int column : std::as_const(columns)) {
            const QModelIndex cell = row.siblingAtColumn(column);
            cells << (column == 0 ? indent : QString()) + cell.data(Qt::DisplayRole).toString();
            if (column == 0 && hasLocation)
                cells << cell.data(CostTreeModel::LocationRole).toString();
        }
        table << cells;
    }

    QString out;
    for (int i = 0; i < table.size(); ++i) {
        if (format == Format::TabSeparated) {
            QStringList cells;
            for (const QString& cell : std::as_const(table[i]))
                cells << oneLine(cell);
            out += cells.join(QLatin1Char('\t')) + QLatin1Char('\n');
            continue;
        }
        QStringList cells;
        for (const QString& cell : std::as_const(table[i]))
            cells << markdownCell(cell);
        out += QStringLiteral("| ") + cells.join(QStringLiteral(" | ")) + QStringLiteral(" |\n");
        if (i == 0)
            out += QStringLiteral("|") + QStringList(cells.size(), QStringLiteral("---|")).join(QString()) + QLatin1Char('\n');
    }
    return out;
}

} // namespace TreeExport
