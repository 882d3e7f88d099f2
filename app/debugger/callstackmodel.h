#pragma once
// The <frames> of a break (xsbug-protocol.md §3.5), innermost first; the frame whose
// locals are shown (the <local> address) is the current one.
#include "protocol/xsbugmessages.h"

#include <QAbstractTableModel>

class CallStackModel : public QAbstractTableModel
{
    Q_OBJECT
public:
    enum Column { FunctionColumn, LocationColumn, ColumnCount };
    enum Role { AddressRole = Qt::UserRole + 1, PathRole, LineRole };

    explicit CallStackModel(QObject* parent = nullptr);

    void setFrames(const xsbug::Frames& frames);
    void setCurrentAddress(const QString& address);
    QString currentAddress() const { return m_current; }
    int rowOfAddress(const QString& address) const;
    const xsbug::Frame& frame(int row) const { return m_frames.frames.at(row); }

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    xsbug::Frames m_frames;
    QString m_current;
};
