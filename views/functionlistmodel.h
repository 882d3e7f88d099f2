#pragma once
// Every function of a profile, one row each: name, self, total (divided), inclusive. Flat,
// for the Callers / Callees page's list (sort and search through a proxy).
#include "views/profilesource.h"

#include <QAbstractTableModel>

class FunctionListModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { Name, Self, Total, Inclusive, ColumnCount };
    enum Role { SortRole = Qt::UserRole + 1, FrameRole };

    explicit FunctionListModel(QObject* parent = nullptr);
    void setSource(ProfileSource source);
    const ProfileSource& source() const { return m_source; }

    xsprof::FrameId frame(int row) const;
    int rowOf(xsprof::FrameId frame) const; // -1 if absent

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

private:
    ProfileSource m_source;
    std::vector<xsprof::FrameId> m_frames;
    std::vector<int> m_rowOfFrame;
};
