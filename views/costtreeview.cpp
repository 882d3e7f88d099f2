#include "costtreeview.h"

#include "costdelegate.h"
#include "costformat.h"
#include "costtreemodel.h"
#include "functiondelegate.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <QQueue>
#include <QSortFilterProxyModel>

#include <algorithm>

CostTreeView::CostTreeView(CostTreeModel* model, int sortColumn, Qt::SortOrder order, QWidget* parent)
    : QTreeView(parent), m_model(model), m_proxy(new QSortFilterProxyModel(this))
{
    m_proxy->setSortRole(CostTreeModel::SortRole);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setSourceModel(model);
    setModel(m_proxy);

    setItemDelegateForColumn(0, new FunctionDelegate(this));
    m_costDelegate = new CostDelegate(this);

    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setAllColumnsShowFocus(true);
    setSortingEnabled(true);
    sortByColumn(sortColumn, order);

    header()->setStretchLastSection(false);
    header()->setMinimumSectionSize(60);
    setupColumns();
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &CostTreeView::setupColumns);
    connect(this, &QTreeView::doubleClicked, this, &CostTreeView::sourceRequested);
}

void CostTreeView::setupColumns()
{
    QHeaderView* head = header();
    head->setSectionResizeMode(QHeaderView::Interactive);
    head->setSectionResizeMode(0, QHeaderView::Stretch);
    const int costWidth = CostDelegate::preferredWidth(fontMetrics()) + 8;
    for (int c = 1; c < m_proxy->columnCount(); ++c) {
        setItemDelegateForColumn(c, m_costDelegate);
        head->resizeSection(c, costWidth);
    }
}

void CostTreeView::expandHotPath(double threshold)
{
    QModelIndex at = currentIndex().siblingAtColumn(0);
    if (!at.isValid())
        at = m_proxy->index(0, 0);
    if (!at.isValid())
        return;
    const double duration = at.data(CostTreeModel::DurationRole).toDouble();
    for (;;) {
        expand(at);
        QModelIndex hottest;
        double best = -1.0;
        for (int row = 0, rows = m_proxy->rowCount(at); row < rows; ++row) {
            const QModelIndex child = m_proxy->index(row, 0, at);
            const double cost = child.data(CostTreeModel::HotCostRole).toDouble();
            if (cost > best) {
                best = cost;
                hottest = child;
            }
        }
        if (!hottest.isValid() || duration <= 0.0 || best / duration < threshold)
            break;
        at = hottest;
    }
    reveal(at);
}

QString CostTreeView::selectionAsText() const
{
    QModelIndexList rows = selectionModel()->selectedRows(0);
    std::sort(rows.begin(), rows.end(), [this](const QModelIndex& a, const QModelIndex& b) {
        return visualRect(a).top() < visualRect(b).top();
    });
    QString text;
    for (const QModelIndex& row : rows) {
        QStringList fields{row.data(Qt::DisplayRole).toString(),
                           row.data(CostTreeModel::LocationRole).toString()};
        for (int c = 1; c < m_proxy->columnCount(); ++c) {
            const QModelIndex cell = row.siblingAtColumn(c);
            fields << CostFormat::time(cell.data(CostTreeModel::CostRole).toDouble())
                   << CostFormat::percent(cell.data(CostTreeModel::FractionRole).toDouble());
        }
        text += fields.join(QLatin1Char('\t')) + QLatin1Char('\n');
    }
    return text;
}

void CostTreeView::copySelection() const
{
    QApplication::clipboard()->setText(selectionAsText());
}

QList<QPersistentModelIndex> CostTreeView::findRows(const std::function<bool(quint32)>& matches, int budget,
                                                    int maxHits) const
{
    QList<QPersistentModelIndex> hits;
    QQueue<QModelIndex> queue;
    queue.enqueue(QModelIndex());
    while (!queue.isEmpty() && budget > 0 && hits.size() < maxHits) {
        const QModelIndex parent = queue.dequeue();
        for (int row = 0, rows = m_proxy->rowCount(parent); row < rows && budget > 0; ++row, --budget) {
            const QModelIndex child = m_proxy->index(row, 0, parent);
            if (matches(child.data(CostTreeModel::FrameRole).toUInt())) {
                hits.append(child);
                if (hits.size() >= maxHits)
                    break;
            }
            if (m_proxy->hasChildren(child))
                queue.enqueue(child);
        }
    }
    return hits;
}

void CostTreeView::reveal(const QModelIndex& index)
{
    if (!index.isValid())
        return;
    for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
        expand(p);
    setCurrentIndex(index);
    selectionModel()->select(index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    scrollTo(index, QAbstractItemView::PositionAtCenter);
}

void CostTreeView::keyPressEvent(QKeyEvent* event)
{
    if (event == QKeySequence::Copy) {
        copySelection();
        event->accept();
        return;
    }
    if (event->key() == Qt::Key_Return || event->key() == Qt::Key_Enter) {
        emit sourceRequested(currentIndex());
        event->accept();
        return;
    }
    QTreeView::keyPressEvent(event);
}
