#pragma once
// The Traces table of a collection: one row per trace, one column per attribute (file,
// format, start_time, duration_us, sample_count first). Numbers sort as numbers
// (Qt::UserRole), a missing value as less than any.
#include "model/collection/collectionstore.h"

#include <QAbstractTableModel>
#include <QSortFilterProxyModel>

class TracesTableModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    static constexpr int SortRole = Qt::UserRole;

    explicit TracesTableModel(QObject* parent = nullptr);

    void setTable(xsprof::collection::CollectionStore::TraceTable table);
    const xsprof::collection::CollectionStore::TraceTable& table() const { return m_table; }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    xsprof::collection::CollectionStore::TraceTable m_table;
};

// Sorts the Traces table: a missing value before any number, numbers numerically, then text.
class TracesSortModel : public QSortFilterProxyModel
{
    Q_OBJECT
public:
    using QSortFilterProxyModel::QSortFilterProxyModel;

protected:
    bool lessThan(const QModelIndex& left, const QModelIndex& right) const override;
};
