#include "costtreeview.h"

#include "costdelegate.h"
#include "costformat.h"
#include "costtreemodel.h"
#include "functiondelegate.h"
#include "totalcolumns.h"

#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>
#include <QResizeEvent>
#include <QQueue>
#include <QScrollBar>
#include <QSortFilterProxyModel>

#include <algorithm>
#include <utility>

CostTreeView::CostTreeView(CostTreeModel* model, int sortColumn, Qt::SortOrder order, FirstSort first, QWidget* parent)
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
    // The indicator first: enabling sorting sorts by it, once (a big profile's functions took
    // two sorts, the first by name, before the one asked for).
    header()->setSortIndicator(sortColumn, order);
    if (first == FirstSort::Now)
        setSortingEnabled(true);
    else
        m_sortWhenShown = true;

    header()->setStretchLastSection(false);
    header()->setMinimumSectionSize(60);
    setupColumns();
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &CostTreeView::setupColumns);
    setExpandsOnDoubleClick(false); // a double-click goes to the source; the arrows expand
    connect(this, &QTreeView::doubleClicked, this, &CostTreeView::sourceRequested);
    header()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header(), &QWidget::customContextMenuRequested, this,
            [this](const QPoint& at) { headerMenu()->popup(header()->mapToGlobal(at)); });
    connect(TotalColumns::instance(), &TotalColumns::changed, this, &CostTreeView::applyTotalColumns);
    // Once after a burst of expansions (the hot path opens a dozen levels at once).
    const auto measureSoon = [this] {
        if (!std::exchange(m_depthPending, true))
            QMetaObject::invokeMethod(this, &CostTreeView::measureDepth, Qt::QueuedConnection);
    };
    connect(this, &QTreeView::expanded, this, measureSoon);
    connect(this, &QTreeView::collapsed, this, measureSoon);
}

void CostTreeView::setupColumns()
{
    if (m_columnsSetUp == m_proxy->columnCount()) {
        applyTotalColumns();
        return; // same columns after a reset (live refresh): keep the widths the user chose
    }
    m_columnsSetUp = m_proxy->columnCount();
    QHeaderView* head = header();
    head->setSectionResizeMode(QHeaderView::Interactive);
    head->setSectionResizeMode(0, QHeaderView::Stretch);
    const int costWidth = CostDelegate::preferredWidth(fontMetrics()) + 8;
    for (int c = 1; c < m_proxy->columnCount(); ++c) {
        setItemDelegateForColumn(c, m_costDelegate);
        head->resizeSection(c, costWidth);
    }
    applyTotalColumns();
}

void CostTreeView::applyTotalColumns()
{
    const TotalColumns* choice = TotalColumns::instance();
    for (int c = 1; c < m_proxy->columnCount(); ++c) {
        const CostTreeModel::Cost cost = m_model->costOfColumn(c);
        const bool hide = m_model->isChoosable(cost) && !choice->isShown(cost);
        if (isColumnHidden(c) != hide)
            setColumnHidden(c, hide);
    }
    fitFunctionColumn();
}

QMenu* CostTreeView::headerMenu()
{
    if (!m_headerMenu)
        m_headerMenu = new QMenu(this);
    m_headerMenu->clear();
    const TotalColumns* choice = TotalColumns::instance();
    for (int c = 1; c < m_proxy->columnCount(); ++c) {
        if (m_model->isChoosable(m_model->costOfColumn(c)))
            m_headerMenu->addAction(choice->action(m_model->costOfColumn(c)));
    }
    if (!m_headerMenu->isEmpty())
        m_headerMenu->addSeparator();
    m_headerMenu->addAction(choice->helpAction());
    m_headerMenu->setToolTipsVisible(true);
    return m_headerMenu;
}

int CostTreeView::minimumFunctionWidth() const
{
    return indentation() * (m_deepest + 1) + fontMetrics().averageCharWidth() * 14;
}

void CostTreeView::measureDepth()
{
    constexpr int budget = 20000; // rows looked at; a wider expansion keeps what was found
    m_depthPending = false;
    int deepest = 0;
    int seen = 0;
    for (QModelIndex row = m_proxy->index(0, 0); row.isValid() && seen < budget; row = indexBelow(row), ++seen) {
        int depth = 0;
        for (QModelIndex p = row.parent(); p.isValid(); p = p.parent())
            ++depth;
        deepest = std::max(deepest, depth);
    }
    if (seen < budget || deepest > m_deepest)
        m_deepest = deepest;
    fitFunctionColumn();
}

void CostTreeView::resizeEvent(QResizeEvent* event)
{
    QTreeView::resizeEvent(event);
    fitFunctionColumn();
}

void CostTreeView::showEvent(QShowEvent* event)
{
    if (m_sortWhenShown) {
        m_sortWhenShown = false;
        setSortingEnabled(true); // sorts by the indicator, as the constructor would have
    }
    QTreeView::showEvent(event);
}

// The Function column stretches while the tree is wide enough, and keeps its minimum (with
// a horizontal scroll bar) when it is not.
void CostTreeView::fitFunctionColumn()
{
    QHeaderView* head = header();
    if (head->count() == 0)
        return;
    int costs = 0;
    for (int c = 1; c < head->count(); ++c)
        costs += head->isSectionHidden(c) ? 0 : head->sectionSize(c);
    const bool narrow = viewport()->width() - costs < minimumFunctionWidth();
    const auto mode = narrow ? QHeaderView::Interactive : QHeaderView::Stretch;
    if (head->sectionResizeMode(0) != mode)
        head->setSectionResizeMode(0, mode);
    if (narrow && head->sectionSize(0) != minimumFunctionWidth())
        head->resizeSection(0, minimumFunctionWidth());
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
            if (isColumnHidden(c))
                continue;
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

QList<quint32> CostTreeView::pathOf(const QModelIndex& index) const
{
    QList<quint32> path;
    for (QModelIndex at = index.siblingAtColumn(0); at.isValid(); at = at.parent())
        path.prepend(at.data(CostTreeModel::FrameRole).toUInt());
    return path;
}

QModelIndex CostTreeView::indexOf(const QList<quint32>& path) const
{
    QModelIndex at;
    for (quint32 frame : path) {
        QModelIndex next;
        for (int row = 0, rows = m_proxy->rowCount(at); row < rows && !next.isValid(); ++row) {
            const QModelIndex child = m_proxy->index(row, 0, at);
            if (child.data(CostTreeModel::FrameRole).toUInt() == frame)
                next = child;
        }
        if (!next.isValid())
            return {};
        at = next;
    }
    return at;
}

CostTreeView::TreeState CostTreeView::saveTreeState() const
{
    TreeState state;
    // Only expanded rows are walked: the rest of the lazy tree stays unbuilt.
    QList<QModelIndex> stack{QModelIndex()};
    while (!stack.isEmpty()) {
        const QModelIndex parent = stack.takeLast();
        for (int row = 0, rows = m_proxy->rowCount(parent); row < rows; ++row) {
            const QModelIndex child = m_proxy->index(row, 0, parent);
            if (isExpanded(child)) {
                state.expanded.append(pathOf(child));
                stack.append(child);
            }
        }
    }
    if (currentIndex().isValid())
        state.current = pathOf(currentIndex());
    const QModelIndexList rows = selectionModel()->selectedRows(0);
    for (const QModelIndex& row : rows)
        state.selected.append(pathOf(row));
    state.verticalScroll = verticalScrollBar()->value();
    state.horizontalScroll = horizontalScrollBar()->value();
    return state;
}

void CostTreeView::restoreTreeState(const TreeState& state)
{
    // Parents come before their children in `expanded`, so each path's parent is open already.
    for (const QList<quint32>& path : state.expanded) {
        const QModelIndex index = indexOf(path);
        if (index.isValid())
            expand(index);
    }
    QItemSelection selection;
    for (const QList<quint32>& path : state.selected) {
        const QModelIndex index = indexOf(path);
        if (index.isValid())
            selection.select(index, index.siblingAtColumn(m_proxy->columnCount() - 1));
    }
    const QModelIndex current = indexOf(state.current);
    if (current.isValid())
        selectionModel()->setCurrentIndex(current, QItemSelectionModel::NoUpdate);
    selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
    // Lay out now so the scroll bars have their new ranges before the values go back.
    executeDelayedItemsLayout();
    verticalScrollBar()->setValue(state.verticalScroll);
    horizontalScrollBar()->setValue(state.horizontalScroll);
}
