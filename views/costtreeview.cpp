#include "costtreeview.h"

#include "costdelegate.h"
#include "costformat.h"
#include "costtreemodel.h"
#include "functiondelegate.h"
#include "namecolumnlayout.h"
#include "totalcolumns.h"

#include <QApplication>
#include <QClipboard>
#include <QDataStream>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QQueue>
#include <QResizeEvent>
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
    // FunctionDelegate indents the names, by at most FunctionDelegate::levelsIndented levels.
    setIndentation(0);
    setRootIsDecorated(false);

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

    header()->setMinimumSectionSize(60);
    m_columns = new NameColumnLayout(this, 0, NameColumnLayout::Names::Indented);
    setupColumns();
    connect(m_proxy, &QAbstractItemModel::modelReset, this, &CostTreeView::setupColumns);
    setExpandsOnDoubleClick(false); // a double-click goes to the source; the arrows expand
    connect(this, &QTreeView::doubleClicked, this, &CostTreeView::sourceRequested);
    header()->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(header(), &QWidget::customContextMenuRequested, this,
            [this](const QPoint& at) { headerMenu()->popup(header()->mapToGlobal(at)); });
    connect(TotalColumns::instance(), &TotalColumns::changed, this, &CostTreeView::applyTotalColumns);
    for (QScrollBar* bar : {verticalScrollBar(), horizontalScrollBar()})
        connect(bar, &QAbstractSlider::actionTriggered, this, [this] { m_followsCurrent = false; });
}

void CostTreeView::setupColumns()
{
    if (m_columnsSetUp == m_proxy->columnCount()) {
        applyTotalColumns();
        return; // same columns after a reset (live refresh): keep the widths the user chose
    }
    m_columnsSetUp = m_proxy->columnCount();
    QHeaderView* head = header();
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
    m_columns->fit();
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

void CostTreeView::showEvent(QShowEvent* event)
{
    if (m_sortWhenShown) {
        m_sortWhenShown = false;
        setSortingEnabled(true); // sorts by the indicator, as the constructor would have
    }
    QTreeView::showEvent(event);
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

// A press on a row's arrow (drawn by FunctionDelegate) opens or closes it, as the view's own
// arrows do; elsewhere the press selects.
void CostTreeView::mousePressEvent(QMouseEvent* event)
{
    const QModelIndex index = indexAt(event->position().toPoint());
    if (event->button() == Qt::LeftButton && index.isValid() && index.column() == 0 && m_proxy->hasChildren(index)) {
        const int level = index.data(CostTreeModel::LevelRole).toInt();
        if (FunctionDelegate::layout(visualRect(index), level, fontMetrics()).arrow.contains(event->position().toPoint())) {
            setExpanded(index, !isExpanded(index));
            event->accept();
            return;
        }
    }
    QTreeView::mousePressEvent(event);
}

void CostTreeView::scrollTo(const QModelIndex& index, ScrollHint hint)
{
    QTreeView::scrollTo(index, hint);
    showNameOf(index);
    m_lastScroll = hint;
    m_followsCurrent = true;
}

void CostTreeView::showNameOf(const QModelIndex& index)
{
    if (!index.isValid())
        return;
    const QModelIndex name = index.siblingAtColumn(0);
    const QRect cell(0, 0, header()->sectionSize(0), 1);
    const int offset = FunctionDelegate::layout(cell, name.data(CostTreeModel::LevelRole).toInt(), fontMetrics()).text.left();
    horizontalScrollBar()->setValue(m_columns->scrollToShowName(offset));
}

// A scroll chosen while the view was small (before it was first laid out, or in a splitter
// being dragged) would leave the current row off screen: until the user scrolls elsewhere,
// a resize scrolls to it again.
void CostTreeView::resizeEvent(QResizeEvent* event)
{
    QTreeView::resizeEvent(event);
    if (m_followsCurrent && currentIndex().isValid()) {
        executeDelayedItemsLayout();
        scrollTo(currentIndex(), m_lastScroll);
    }
}

namespace {
constexpr quint32 columnsStateVersion = 1;
} // namespace

QByteArray CostTreeView::saveColumns() const
{
    QByteArray state;
    QDataStream out(&state, QIODevice::WriteOnly);
    out << columnsStateVersion << qint32(m_proxy->columnCount() - 1);
    for (int c = 1; c < m_proxy->columnCount(); ++c)
        out << qint32(m_model->costOfColumn(c)) << qint32(header()->sectionSize(c));
    const int sorted = header()->sortIndicatorSection();
    const bool byCost = sorted > 0 && sorted < m_proxy->columnCount();
    out << qint32(byCost ? qint32(m_model->costOfColumn(sorted)) : -1) << qint32(header()->sortIndicatorOrder());
    return state;
}

void CostTreeView::restoreColumns(const QByteArray& state)
{
    QDataStream in(state);
    quint32 version = 0;
    qint32 costs = 0;
    in >> version >> costs;
    if (in.status() != QDataStream::Ok || version != columnsStateVersion || costs < 0 || costs > 16)
        return;
    const int minimum = header()->minimumSectionSize();
    const int maximum = fontMetrics().averageCharWidth() * 60;
    for (qint32 i = 0; i < costs; ++i) {
        qint32 cost = 0, width = 0;
        in >> cost >> width;
        const int column = m_model->columnOf(CostTreeModel::Cost(cost));
        if (in.status() == QDataStream::Ok && column > 0)
            header()->resizeSection(column, std::clamp(int(width), minimum, maximum));
    }
    qint32 sortCost = -1, order = 0;
    in >> sortCost >> order;
    if (in.status() != QDataStream::Ok || (order != Qt::AscendingOrder && order != Qt::DescendingOrder))
        return;
    const int column = sortCost < 0 ? 0 : m_model->columnOf(CostTreeModel::Cost(sortCost));
    if (column >= 0)
        header()->setSortIndicator(column, Qt::SortOrder(order)); // sorts, as a click on the header does
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
