#pragma once
// Locals, Modules or Globals of one machine as a tree. Opening or closing an object row
// asks the machine to <toggle> it; the machine answers with the whole list again, and the
// view then follows the machine's expansion state.
#include "protocol/debuggee.h"

#include <QPointer>
#include <QTreeView>

class VariablesModel;

class VariablesView : public QTreeView
{
    Q_OBJECT
public:
    enum class Scope { Locals, Modules, Globals };

    VariablesView(Debuggee* session, Scope scope, QWidget* parent = nullptr);
    Scope scope() const { return m_scope; }

private:
    void refresh();
    void syncExpansion(const QModelIndex& parent);
    void onExpandedByUser(const QModelIndex& index, bool expanded);

    QPointer<Debuggee> m_session;
    Scope m_scope;
    VariablesModel* m_model;
    bool m_syncing = false; // expansions we make to follow the machine send nothing
};
