#pragma once
// A tree of costs: sorting proxy, cost bars, Ctrl+C, "expand hot path" and search hits.
// Its Function column comes last (NameColumnLayout) and draws its own bounded indentation
// (FunctionDelegate): the view's is zero, so a row 1 000 calls deep keeps its name and numbers
// on screen.
#include <QByteArray>
#include <QList>
#include <QPersistentModelIndex>
#include <QTreeView>

#include <functional>

class CostTreeModel;
class NameColumnLayout;
class QMenu;
class QSortFilterProxyModel;

class CostTreeView : public QTreeView
{
    Q_OBJECT
public:
    // When the rows are first sorted: at once, or, for a view that opens hidden, when it is
    // first shown (sorting thousands of rows nobody sees yet delays the first paint of the
    // view that is shown).
    enum class FirstSort { Now, WhenShown };
    // `model` stays owned by the caller; rows are sorted by `sortColumn` in `order` at first.
    CostTreeView(CostTreeModel* model, int sortColumn, Qt::SortOrder order, FirstSort first = FirstSort::Now,
                 QWidget* parent = nullptr);

    CostTreeModel* costModel() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }

    // From the current row (or the first top-level row), expands the largest child while it
    // keeps at least `threshold` of the profile duration; selects where it stopped.
    void expandHotPath(double threshold = 0.05);
    // Selected rows as tab-separated text: name, location, then time and percent per cost.
    QString selectionAsText() const;
    void copySelection() const;

    // Rows whose function satisfies `matches`, breadth first in display order (so the
    // shallowest comes first); looks at no more than `budget` rows of the lazy tree.
    QList<QPersistentModelIndex> findRows(const std::function<bool(quint32 frame)>& matches,
                                         int budget = 50000, int maxHits = 1000) const;
    // The columns: the numbers first, the Function column last filling the rest.
    NameColumnLayout* columnLayout() const { return m_columns; }
    // Shows and hides the total columns as TotalColumns says (it does so by itself on every
    // change and reset; call it after restoring a saved header state).
    void applyTotalColumns();
    // The header's context menu: the total columns this tree has, and the help page.
    QMenu* headerMenu();

    // Expands the parents of `index`, selects it and scrolls to it.
    void reveal(const QModelIndex& index);
    // Vertically as QTreeView does; sideways so that the row's numbers and the start of its
    // name are on screen (the name's own indentation is bounded: FunctionDelegate).
    void scrollTo(const QModelIndex& index, ScrollHint hint = EnsureVisible) override;

    // The widths the user gave the cost columns and the sort, by cost rather than by column
    // number (a profile without inclusive times has a column less): for the page's saved
    // view state.
    QByteArray saveColumns() const;
    void restoreColumns(const QByteArray& state);

    // What the user did to the tree, by function path rather than by row, so it survives a
    // model reset with new numbers (live refresh): rows may have moved, paths have not.
    struct TreeState {
        QList<QList<quint32>> expanded; // frame paths from the top level
        QList<quint32> current;
        QList<QList<quint32>> selected;
        int verticalScroll = 0;
        int horizontalScroll = 0;
    };
    TreeState saveTreeState() const;
    // Paths that no longer exist are skipped.
    void restoreTreeState(const TreeState& state);

signals:
    void sourceRequested(const QModelIndex& index);

protected:
    void keyPressEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void setupColumns();
    void showNameOf(const QModelIndex& index); // scrolls sideways to its numbers and its name
    QList<quint32> pathOf(const QModelIndex& index) const;
    QModelIndex indexOf(const QList<quint32>& path) const;

    CostTreeModel* m_model;
    QAbstractItemDelegate* m_costDelegate;
    QMenu* m_headerMenu = nullptr;
    QSortFilterProxyModel* m_proxy;
    NameColumnLayout* m_columns = nullptr;
    bool m_followsCurrent = false; // a resize scrolls to the current row (the user scrolled no further)
    ScrollHint m_lastScroll = EnsureVisible;
    bool m_sortWhenShown = false;
    int m_columnsSetUp = -1; // column count last laid out; a reset with the same keeps user widths
};
