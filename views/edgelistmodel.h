#pragma once
// The callers (or the callees) of one function with what each edge carries: the divided
// share total(callee) / |callers(callee)| and the inclusive time of the caller -> callee
// pair, counted once per sample (model/callerscallees).
#include "views/profilesource.h"

#include "model/callerscallees.h"

#include <QAbstractTableModel>

class EdgeListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum class Direction { Callers, Callees };
    enum Column { Name, Share, PairInclusive, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, FrameRole };

    explicit EdgeListModel(Direction direction, QObject* parent = nullptr);
    void setEdges(ProfileSource source, std::vector<xsprof::EdgeCost> edges);
    xsprof::FrameId frame(int row) const;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    Direction m_direction;
    ProfileSource m_source;
    std::vector<xsprof::EdgeCost> m_edges;
};
