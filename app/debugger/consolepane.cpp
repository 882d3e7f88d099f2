#include "app/debugger/consolepane.h"

#include "app/debugger/consolemodel.h"
#include "app/debugger/listpanecontrols.h"
#include "views/searchbar.h"

#include <QApplication>
#include <QClipboard>
#include <QFontDatabase>
#include <QHBoxLayout>
#include <QLineEdit>
#include <QListView>
#include <QStyledItemDelegate>
#include <QVBoxLayout>

#include <algorithm>

namespace {
// Lines are never elided: every row is as wide as the widest line seen, so the view scrolls
// sideways (the view takes one row's size for all, uniformItemSizes).
class WholeLineDelegate : public QStyledItemDelegate
{
public:
    using QStyledItemDelegate::QStyledItemDelegate;
    int widest = 0;
    QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override
    {
        QSize size = QStyledItemDelegate::sizeHint(option, index);
        size.setWidth(std::max(size.width(), widest));
        return size;
    }
};
} // namespace

ConsolePane::ConsolePane(ConsoleModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_view(new QListView(this)), m_search(new SearchBar(this)),
      m_eval(new QLineEdit(this))
{
    m_view->setModel(model);
    m_view->setAccessibleName(tr("Console output"));
    m_view->setAccessibleDescription(tr("Logged lines, newest last"));
    m_view->setUniformItemSizes(true); // 10 000 lines stay cheap to lay out
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->setTextElideMode(Qt::ElideNone);
    m_view->setHorizontalScrollMode(QAbstractItemView::ScrollPerPixel);
    auto* delegate = new WholeLineDelegate(m_view);
    m_view->setItemDelegate(delegate);
    // Measured as lines come and grow; the item's own margins are added by the style.
    auto measure = [this, delegate](int first, int last) {
        const QFontMetrics metrics(m_view->font());
        int widest = delegate->widest;
        const int margin = 2 * metrics.averageCharWidth();
        for (int row = first; row <= last; ++row) {
            const QString text = m_model->index(row).data().toString();
            if (qint64(text.size()) * metrics.maxWidth() + margin <= widest)
                continue; // cannot be wider: not shaped (thousands of lines a second come in)
            widest = std::max(widest, metrics.horizontalAdvance(text) + margin);
        }
        if (widest == delegate->widest)
            return false;
        delegate->widest = widest;
        return true;
    };
    connect(model, &QAbstractItemModel::rowsInserted, this,
            [measure](const QModelIndex&, int first, int last) { measure(first, last); }); // the view lays out anew
    connect(model, &QAbstractItemModel::dataChanged, this, [this, measure](const QModelIndex& from, const QModelIndex& to) {
        if (measure(from.row(), to.row()))
            m_view->doItemsLayout();
    });
    connect(model, &QAbstractItemModel::modelReset, this, [delegate] { delegate->widest = 0; });

    const auto buttons = ListPaneControls::install(
        this, m_view, m_search,
        {tr("Find in console (Ctrl+F)"), tr("Clear the console"),
         tr("Copy the selected lines, or all lines when none is selected")},
        [this](const QString& text, bool backward) { findNext(text, backward); }, [this] { copy(); },
        [model] { model->clear(); });

    m_eval->setPlaceholderText(tr("Evaluate…"));
    m_eval->setAccessibleName(tr("Evaluate expression"));
    m_eval->setEnabled(false);
    m_eval->setToolTip(evalToolTip());

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_search, 1);
    bar->addWidget(buttons.copy);
    bar->addWidget(buttons.clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_eval);

    ListPaneControls::followTail(m_view, model);
}

QString ConsolePane::evalToolTip()
{
    return tr("Expressions are evaluated in a machine's own console (its tab), at a break.");
}

bool ConsolePane::findNext(const QString& text, bool backward)
{
    const int current = m_view->currentIndex().isValid() ? m_view->currentIndex().row() : (backward ? 0 : -1);
    const int row = m_model->find(text, current, backward);
    if (row < 0) {
        m_search->setHits(0, 0);
        return false;
    }
    int count = 0, ordinal = 0;
    for (int i = 0; i < m_model->rowCount(); ++i) {
        if (m_model->lineText(i).contains(text, Qt::CaseInsensitive)) {
            if (i < row)
                ++ordinal;
            ++count;
        }
    }
    m_search->setHits(ordinal, count);
    const QModelIndex index = m_model->index(row);
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
    return true;
}

void ConsolePane::copy()
{
    QModelIndexList rows = m_view->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end());
    QStringList lines;
    if (rows.isEmpty()) {
        for (int i = 0; i < m_model->rowCount(); ++i)
            lines << m_model->index(i).data().toString();
    } else {
        for (const QModelIndex& index : std::as_const(rows))
            lines << index.data().toString();
    }
    QApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
}
