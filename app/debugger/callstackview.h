#pragma once
// The call stack of one machine: follows its <frames>, and a frame the user picks
// becomes the inspected one (<select>).
#include "protocol/debuggee.h"

#include <QPointer>
#include <QTreeView>

class CallStackModel;

class CallStackView : public QTreeView
{
    Q_OBJECT
public:
    explicit CallStackView(Debuggee* session, QWidget* parent = nullptr);

signals:
    // The user chose a frame; `path`/`line` say where to show the source.
    void frameActivated(const QString& path, int line);
    // Double-click or Enter on a frame: open its source (in the user's editor when set).
    void frameOpenRequested(const QString& path, int line);

private:
    void refresh();
    void onCurrentChanged(const QModelIndex& current);

    QPointer<Debuggee> m_session;
    CallStackModel* m_model;
    bool m_updating = false; // our own selection changes do not send <select>
};
