#include "breakpointspane.h"

#include "breakpointsmodel.h"

#include <QAction>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QListView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

BreakpointsPane::BreakpointsPane(BreakpointsModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_view(new QListView(this)), m_onStart(new QCheckBox(tr("Break on start"), this)),
      m_onExceptions(new QCheckBox(tr("Break on exceptions"), this))
{
    m_view->setModel(model);
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    connect(m_view, &QListView::activated, this, [this](const QModelIndex& index) {
        emit breakpointActivated(index.data(BreakpointsModel::PathRole).toString(),
                                 index.data(BreakpointsModel::LineRole).toInt());
    });

    m_onStart->setToolTip(tr("Stop machines at their first line; applies to machines that connect from now on"));
    m_onExceptions->setToolTip(tr("Stop when an exception is thrown"));
    m_onStart->setChecked(model->breakOnStart());
    m_onExceptions->setChecked(model->breakOnExceptions());
    connect(m_onStart, &QCheckBox::toggled, model, &BreakpointsModel::setBreakOnStart);
    connect(m_onExceptions, &QCheckBox::toggled, model, &BreakpointsModel::setBreakOnExceptions);
    connect(model, &BreakpointsModel::changed, this, [this] {
        m_onStart->setChecked(m_model->breakOnStart());
        m_onExceptions->setChecked(m_model->breakOnExceptions());
    });

    auto* remove = new QToolButton(this);
    remove->setText(tr("Remove"));
    remove->setToolTip(tr("Remove the selected breakpoints (Del)"));
    connect(remove, &QToolButton::clicked, this, &BreakpointsPane::removeSelected);
    auto* removeAll = new QToolButton(this);
    removeAll->setText(tr("Remove All"));
    connect(removeAll, &QToolButton::clicked, model, &BreakpointsModel::removeAll);
    auto* del = new QAction(this);
    del->setShortcut(QKeySequence::Delete);
    del->setShortcutContext(Qt::WidgetShortcut);
    connect(del, &QAction::triggered, this, &BreakpointsPane::removeSelected);
    m_view->addAction(del);

    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addWidget(m_onStart);
    buttons->addWidget(m_onExceptions);
    buttons->addStretch(1);
    buttons->addWidget(remove);
    buttons->addWidget(removeAll);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addWidget(m_view, 1);
    layout->addLayout(buttons);
}

void BreakpointsPane::removeSelected()
{
    QList<int> rows;
    for (const QModelIndex& index : m_view->selectionModel()->selectedRows())
        rows << index.row();
    std::sort(rows.begin(), rows.end(), std::greater<int>());
    for (int row : std::as_const(rows))
        m_model->removeRow(row);
}
