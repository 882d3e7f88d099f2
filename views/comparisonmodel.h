#pragma once
// The comparison tab's tree: every function of either profile once, with self, total
// (divided) and inclusive for base, new and Δ, sorted by |Δ total|; expanding a function
// shows its callers and callees with what each edge carries on each side (the divided
// share in the total columns, the pair's inclusive time in the inclusive columns). For two
// cohorts of a collection, four more columns give the shift of the per-trace self share, of
// the aggregate self share and of the own self time per trace with their 95 % intervals, and
// whether either share is significant (and by how much at least the gate sees it regressed);
// rows are then ordered as the terminal orders them (cohortRank), Δ cells take the colour of
// their share's direction, and rows changed significantly by no measure are greyed.
#include "views/comparisondata.h"

#include <QAbstractItemModel>

#include <array>
#include <optional>
#include <vector>

class ComparisonModel : public QAbstractItemModel
{
    Q_OBJECT
public:
    enum Role {
        SortRole = Qt::UserRole + 1, // name, or the number shown (Δ columns: |Δ|)
        DeltaFractionRole,           // Δ columns: Δ / the largest |Δ| of that column, in [-1, 1]
        RowKindRole,                 // 0 function, 1 caller, 2 callee
        DeltaColourRole,             // cohorts, Δ columns: the strip's colour, its share's direction
    };
    enum Column {
        Name, SelfBase, SelfNew, SelfDelta, TotalBase, TotalNew, TotalDelta, InclBase, InclNew, InclDelta,
        ColumnCount,              // the columns of every comparison
        ShareShift = ColumnCount, // cohorts only: Hodges–Lehmann shift of the per-trace self share, in pp
        AggregateShift,           // cohorts only: shift of the aggregate self share, in pp
        TimeShift,                // cohorts only: shift of the function's own self time per trace
        Significance,             // cohorts only: whether either share is significant, q (Benjamini–Hochberg),
                                  // the regression the gate sees, or too few traces; sorts by cohortRank
        CohortColumnCount
    };

    explicit ComparisonModel(QObject* parent = nullptr);

    void setData(ComparisonDataPtr data);
    // Values as a share of each profile's duration instead of µs (runs of different length).
    void setRelative(bool relative);
    bool isRelative() const { return m_relative; }

    // The comparison row (ComparedFunction index) of a top-level index, or noRow.
    uint32_t functionRow(const QModelIndex& index) const;

    QModelIndex index(int row, int column, const QModelIndex& parent = {}) const override;
    QModelIndex parent(const QModelIndex& child) const override;
    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    bool hasChildren(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    void sort(int column, Qt::SortOrder order = Qt::AscendingOrder) override;

private:
    struct EdgeRow {
        bool caller = true;
        uint32_t function = 0; // comparison row of the caller or callee
        std::array<std::optional<double>, 2> share, inclusive;
    };
    const std::vector<EdgeRow>& edgesOf(uint32_t orderRow) const;
    // The value a column shows, in the profiles' measure or as a share; nullopt: "—" (absent) or blank.
    std::optional<double> functionValue(uint32_t function, int column) const;
    std::optional<double> edgeValue(const EdgeRow& edge, int column) const;
    double scale(xsprof::Side side) const;
    void computeMaxima();
    // What the compared profiles measure (both the same: ComparisonData refuses two measures).
    xsprof::Measure measure() const;
    QString text(std::optional<double> value, int column) const;
    // The column's measure does not exist on its side (inclusive of a graph-encoded profile).
    bool isUnavailable(int column) const;
    QString cellToolTip(const xsprof::ComparedFunction& f, bool isEdge, std::optional<double> value, int column) const;
    QString headerToolTip(int section) const;
    bool roundsToZero(double value) const;
    const xsprof::collection::CohortFunction* cohortOf(uint32_t function) const;
    QVariant cohortData(uint32_t function, int column, int role) const;
    // Cohorts: the colour of a Δ cell, that of its share's significant change (none: invalid).
    QVariant cohortDeltaColour(uint32_t function, int column) const;

    ComparisonDataPtr m_data;
    bool m_relative = false;
    std::vector<uint32_t> m_order; // top-level rows: comparison rows
    mutable std::vector<std::optional<std::vector<EdgeRow>>> m_edges; // by top-level row, filled on expansion
    std::array<double, ColumnCount> m_maxAbs{};
};
