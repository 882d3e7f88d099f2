#include "app/debugger/variablesview.h"

#include "app/debugger/staleviewtimer.h"
#include "app/debugger/variablesmodel.h"

#include "protocol/debuggee.h"

#include <QHeaderView>

VariablesView::VariablesView(Debuggee* session, Scope scope, QWidget* parent)
    : QTreeView(parent), m_session(session), m_scope(scope), m_model(new VariablesModel(this))
{
    m_model->setOrder(scope == Scope::Locals ? VariablesModel::Order::LocalsFirst : VariablesModel::Order::Names);
    setModel(m_model);
    setUniformRowHeights(true);
    setAlternatingRowColors(true);
    header()->setStretchLastSection(true);
    header()->resizeSection(VariablesModel::NameColumn, 180);
    if (scope == Scope::Modules)
        setTextElideMode(Qt::ElideLeft); // module paths: the file name matters most
    connect(this, &QTreeView::expanded, this, [this](const QModelIndex& index) { onExpandedByUser(index, true); });
    connect(this, &QTreeView::collapsed, this, [this](const QModelIndex& index) { onExpandedByUser(index, false); });
    if (session) {
        connect(session, &Debuggee::variablesChanged, this, &VariablesView::refresh);
        new StaleViewTimer(session, [this] { m_model->clear(); }, this); // a running machine's values are stale
        if (session->state() == Debuggee::State::Broken)
            refresh();
    }
}

void VariablesView::refresh()
{
    if (!m_session)
        return;
    switch (m_scope) {
    case Scope::Locals: m_model->setProperties(m_session->local().properties); break;
    case Scope::Modules:
        m_model->setProperties(m_session->grammar().modules);
        // Paths as wide as they need, up to two thirds of the pane.
        header()->resizeSection(VariablesModel::NameColumn,
                                qMin(qMax(180, sizeHintForColumn(VariablesModel::NameColumn)), qMax(180, width() * 2 / 3)));
        break;
    case Scope::Globals: m_model->setProperties(m_session->global().properties); break;
    }
    m_syncing = true;
    syncExpansion({});
    m_syncing = false;
}

void VariablesView::syncExpansion(const QModelIndex& parent)
{
    for (int row = 0; row < m_model->rowCount(parent); ++row) {
        const QModelIndex index = m_model->index(row, 0, parent);
        if (!index.data(VariablesModel::ExpandableRole).toBool())
            continue;
        const bool open = index.data(VariablesModel::ExpandedRole).toBool();
        if (open != isExpanded(index))
            setExpanded(index, open);
        if (open)
            syncExpansion(index);
    }
}

void VariablesView::onExpandedByUser(const QModelIndex& index, bool expanded)
{
    if (m_syncing || !m_session || m_session->state() != Debuggee::State::Broken)
        return;
    if (index.data(VariablesModel::ExpandedRole).toBool() != expanded)
        m_session->toggle(index.data(VariablesModel::AddressRole).toString());
}
