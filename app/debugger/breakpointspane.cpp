#include "app/debugger/breakpointspane.h"

#include "app/debugger/breakpointeditor.h"
#include "app/debugger/breakpointsmodel.h"

#include "protocol/breakpoint.h"

#include <QAction>
#include <QCheckBox>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMessageBox>
#include <QRegularExpressionValidator>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

BreakpointsPane::BreakpointsPane(BreakpointsModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_view(new QListView(this)), m_onStart(new QCheckBox(tr("Break on start"), this)),
      m_onExceptions(new QCheckBox(tr("Break on exceptions"), this)), m_addFunction(new QToolButton(this)),
      m_hitCount(new QToolButton(this)), m_edit(new QToolButton(this))
{
    m_view->setModel(model);
    m_view->setAccessibleName(tr("Breakpoint list"));
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    connect(m_view, &QListView::activated, this, [this](const QModelIndex& index) {
        if (!index.data(BreakpointsModel::FunctionRole).toBool())
            emit breakpointActivated(index.data(BreakpointsModel::PathRole).toString(),
                                     index.data(BreakpointsModel::LineRole).toInt());
    });

    m_addFunction->setText(tr("Add Function…"));
    m_addFunction->setToolTip(tr("Stop on entry to any function of a given name"));
    connect(m_addFunction, &QToolButton::clicked, this, &BreakpointsPane::askFunctionName);
    m_hitCount->setText(tr("Hit Count…"));
    m_hitCount->setToolTip(tr("Stop at the selected breakpoint only at some of its hits"));
    m_hitCount->setEnabled(false);
    connect(m_hitCount, &QToolButton::clicked, this, &BreakpointsPane::askHitCount);
    m_edit->setText(tr("Edit…"));
    m_edit->setToolTip(tr("Condition, hit count and log message of the selected breakpoint"));
    m_edit->setEnabled(false);
    connect(m_edit, &QToolButton::clicked, this, &BreakpointsPane::editCurrent);
    connect(m_view, &QListView::doubleClicked, this, &BreakpointsPane::editCurrent);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentChanged, this, [this](const QModelIndex& current) {
        m_hitCount->setEnabled(current.isValid());
        m_edit->setEnabled(current.isValid());
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

    // Two rows: on one, the pane asked for 660 px, and a machine's tab for more than a
    // 1366-pixel screen gives it beside the Devices pane.
    auto* switches = new QHBoxLayout;
    switches->setContentsMargins(0, 0, 0, 0);
    switches->addWidget(m_onStart);
    switches->addWidget(m_onExceptions);
    switches->addStretch(1);
    auto* buttons = new QHBoxLayout;
    buttons->setContentsMargins(0, 0, 0, 0);
    buttons->addStretch(1);
    buttons->addWidget(m_addFunction);
    buttons->addWidget(m_edit);
    buttons->addWidget(m_hitCount);
    buttons->addWidget(remove);
    buttons->addWidget(removeAll);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    auto* title = new QLabel(tr("<b>Breakpoints</b>"), this);
    title->setContentsMargins(4, 2, 0, 0);
    layout->addWidget(title);
    layout->addWidget(m_view, 1);
    layout->addLayout(switches);
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

void BreakpointsPane::askFunctionName()
{
    auto* dialog = new QInputDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Function Breakpoint"));
    dialog->setLabelText(tr("Stop on entry to any function named:"));
    connect(dialog, &QInputDialog::textValueSelected, this, [this](const QString& name) {
        if (!m_model->addFunction(name))
            QMessageBox::warning(this, tr("Function Breakpoint"),
                                 tr("\"%1\" cannot be sent to a machine: a name needs at least one character, "
                                    "and no quote or control character.")
                                     .arg(name));
    });
    dialog->open();
}

void BreakpointsPane::askHitCount()
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return;
    auto* dialog = new QInputDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setWindowTitle(tr("Hit Count"));
    dialog->setLabelText(tr("Stop at %1 only at these hits (counted from 1):\n"
                            "N or >=N from the Nth on, >N, =N, <N, <=N, %N every Nth. Empty: every hit.")
                             .arg(current.data().toString()));
    dialog->setTextValue(current.data(BreakpointsModel::HitCountRole).toString());
    if (auto* edit = dialog->findChild<QLineEdit*>()) {
        const QRegularExpression form(QStringLiteral("(") + Breakpoint::hitCountPattern() + QStringLiteral(")?"));
        edit->setValidator(new QRegularExpressionValidator(form, edit)); // empty: every hit
    }
    const QPersistentModelIndex row(current);
    connect(dialog, &QInputDialog::textValueSelected, this, [this, row](const QString& text) {
        if (row.isValid() && !m_model->setHitCount(row.row(), text.trimmed()))
            QMessageBox::warning(this, tr("Hit Count"),
                                 tr("\"%1\" is not a hit count: write a number, optionally after %, <, <=, =, > "
                                    "or >=.")
                                     .arg(text));
    });
    dialog->open();
}

BreakpointEditor* BreakpointsPane::editCurrent()
{
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return nullptr;
    const QPersistentModelIndex row(current);
    auto* editor = new BreakpointEditor(m_model->breakpoints().at(current.row()), BreakpointEditor::Focus::Condition, this);
    editor->setAttribute(Qt::WA_DeleteOnClose);
    connect(editor, &BreakpointEditor::edited, this, [this, row](const Breakpoint& b) {
        if (row.isValid())
            m_model->update(row.row(), b);
    });
    editor->open();
    return editor;
}
