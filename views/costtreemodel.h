#pragma once
// Base of every tree in the views: a lazily filled node table over one ProfileData.
// The QAbstractItemModel plumbing (index/parent/rowCount/data) is written once here;
// subclasses only say which rows a node has and what a row costs (hotspot's TreeModel idea).
#include "views/document/profiledata.h"

#include <QAbstractItemModel>
#include <QList>

#include <vector>

class CostTreeModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole + 1, // raw value: name for the function column, µs for costs
        FrameRole,                   // FrameId value (uint)
        NameRole,
        UrlRole,
        LocationRole,                // "file (line)"
        LineRole,                    // 1-based, 0 = unknown
        CostRole,                    // µs of a cost column
        FractionRole,                // cost / profile duration (VS Code's total can pass 1)
        RecursiveRole,               // a function already on the expansion path: a leaf
        MeasureRole,                 // the profile's xsprof::Measure (int): what CostRole counts
        HotCostRole,                 // what "expand hot path" follows, µs
        DurationRole,                // the profile duration, µs
        LevelRole,                   // 1 for a top-level row, 2 for its children...
    };
    // Total: xsbug's divided total in the function views, a path's own total in the call tree.
    // SummedPaths: VS Code's total (FunctionAnalysis::summedPathTotal).
    enum class Cost { Self, Total, Inclusive, Time, SummedPaths };

    explicit CostTreeModel(QObject* parent = nullptr);

    // Replaces everything (model reset); a null pointer empties the model.
    void setProfileData(ProfileDataPtr data);
    const ProfileData* profileData() const { return m_data.get(); }

    Cost costOfColumn(int column) const { return m_costs[column - 1]; }
    int columnOf(Cost cost) const;
    // Whether the user chooses to show the column (TotalColumns): the function views' totals.
    virtual bool isChoosable(Cost) const { return false; }

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const final;
    QModelIndex parent(const QModelIndex& child) const final;
    int rowCount(const QModelIndex& parent = {}) const final;
    int columnCount(const QModelIndex& parent = {}) const final;
    bool hasChildren(const QModelIndex& parent = {}) const final;
    // A node's children are built when first asked for (rowCount builds them too). Saying so
    // keeps QSortFilterProxyModel::hasChildren from building them for every row it paints: on
    // a 1 GB profile that took the bottom-up tree 0.6 s of the GUI thread.
    bool canFetchMore(const QModelIndex& parent) const final;
    void fetchMore(const QModelIndex& parent) final;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const final;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const final;

protected:
    static constexpr quint32 noItem = 0xffffffffu;
    // One row. `item` and `aux` mean what the subclass wants (a FrameId and an edge, a StackId...).
    struct Node {
        quint32 parent = 0; // node number; 0 is the invisible root
        quint32 row = 0;
        quint32 item = noItem;
        quint32 aux = noItem;
        quint32 firstChild = 0;
        quint32 childCount = 0;
        bool populated = false;
        bool recursive = false;
    };
    struct Child {
        quint32 item;
        quint32 aux = noItem;
        bool recursive = false;
    };

    // The data was replaced (inside the model reset): drop what was derived from the old.
    virtual void dataReplaced() {}
    // Cost columns for this data, after the Function column.
    virtual QList<Cost> costColumns(const ProfileData& data) const = 0;
    // Children of `node` (node 0: the top level).
    virtual void appendChildren(const Node& node, std::vector<Child>& out) const = 0;
    // Must agree with appendChildren, without building the rows.
    virtual bool nodeHasChildren(const Node& node) const = 0;
    virtual xsprof::FrameId frameOf(const Node& node) const = 0;
    virtual double cost(const Node& node, Cost cost) const = 0;
    virtual double hotCost(const Node& node) const = 0;
    virtual QString rowToolTip(const Node& node) const;
    // The functions from the top row down to `node`, for the tooltip of a deep row.
    QString pathToolTip(const Node& node) const;
    // How the path reads from the top row down: "→" (calls) or "←" (is called by).
    virtual bool rowsListCallers() const { return false; }
    // A cost column's header and its tooltip (what the number means).
    virtual QString costHeader(Cost cost) const;
    virtual QString costHeaderToolTip(Cost cost) const;
    virtual QString functionHeaderToolTip() const;
    // The profile's measure (time when there is no data).
    xsprof::Measure measure() const;
    // "checksum, self 329 ms, total 329 ms": the row for a screen reader.
    QString rowSentence(const Node& node) const;

    // True when `frame` is the function of `node` or of one of its ancestors.
    bool frameOnPath(const Node& node, xsprof::FrameId frame) const;
    const ProfileData& profile() const { return *m_data; }

private:
    quint32 nodeNumber(const QModelIndex& index) const;
    int levelOf(const Node& node) const;
    // A cost cell's tooltip line: the column, the measure, the value and its share of the whole.
    QString costLine(const Node& node, Cost kind) const;
    void populate(quint32 node) const;
    QVariant functionData(const Node& node, int role) const;
    QVariant costData(const Node& node, Cost kind, int role) const;

    ProfileDataPtr m_data;
    QList<Cost> m_costs;
    // Filled on demand from const accessors; rows never change once created, so no signals.
    mutable std::vector<Node> m_nodes;
    mutable std::vector<Child> m_scratch;
};
