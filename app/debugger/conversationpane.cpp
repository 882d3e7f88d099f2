#include "app/debugger/conversationpane.h"

#include "app/debugger/conversationdelegate.h"
#include "app/debugger/conversationfilter.h"
#include "app/debugger/conversationmodel.h"
#include "app/debugger/listpanecontrols.h"
#include "views/searchbar.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QHBoxLayout>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

ConversationPane::ConversationPane(ConversationModel* model, QWidget* parent)
    : QWidget(parent), m_model(model), m_filter(new ConversationFilter(model, this)), m_view(new QListView(this)),
      m_search(new SearchBar(this)), m_conversations(new QToolButton(this)), m_dropped(new QLabel(this))
{
    m_view->setModel(m_filter);
    m_view->setAccessibleName(tr("Message list"));
    m_view->setItemDelegate(new ConversationDelegate(m_view));
    m_view->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
    m_view->setResizeMode(QListView::Adjust); // bubbles re-wrap when the pane is resized
    m_view->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    m_view->setObjectName(QStringLiteral("conversations"));

    m_conversations->setText(tr("Conversations"));
    m_conversations->setToolTip(tr("Show or hide each conversation's messages"));
    m_conversations->setPopupMode(QToolButton::InstantPopup);
    m_conversations->setMenu(new QMenu(m_conversations));
    m_conversations->setEnabled(false);
    for (const QString& conversation : model->conversations())
        addConversation(conversation);
    connect(model, &ConversationModel::conversationAdded, this, &ConversationPane::addConversation);

    const auto buttons = ListPaneControls::install(
        this, m_view, m_search,
        {tr("Find in messages (Ctrl+F)"), tr("Clear the messages"),
         tr("Copy the selected messages, or all shown when none is selected")},
        [this](const QString& text, bool backward) { findNext(text, backward); }, [this] { copy(); },
        [model] { model->clear(); });

    m_dropped->setTextFormat(Qt::PlainText);
    showDropped(model->droppedCount());
    connect(model, &ConversationModel::droppedCountChanged, this, &ConversationPane::showDropped);

    auto* bar = new QHBoxLayout;
    bar->setContentsMargins(0, 0, 0, 0);
    bar->addWidget(m_search, 1);
    bar->addWidget(m_conversations);
    bar->addWidget(buttons.copy);
    bar->addWidget(buttons.clear);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(2);
    layout->addLayout(bar);
    layout->addWidget(m_dropped);
    layout->addWidget(m_view, 1);

    connect(m_view, &QAbstractItemView::activated, this, [this](const QModelIndex& index) {
        const QString path = index.data(ConversationModel::PathRole).toString();
        if (!path.isEmpty())
            emit locationActivated(index.data(ConversationModel::SourceRole).toString(), path,
                                   index.data(ConversationModel::LineRole).toInt());
    });
    ListPaneControls::followTail(m_view, m_filter);
}

void ConversationPane::addConversation(const QString& conversation)
{
    QAction* shown = m_conversations->menu()->addAction(BubbleText::conversationLabel(conversation));
    shown->setCheckable(true);
    shown->setChecked(!m_filter->isHidden(conversation));
    shown->setData(conversation);
    connect(shown, &QAction::toggled, this, [this, conversation](bool on) { m_filter->setHidden(conversation, !on); });
    m_conversations->setEnabled(true);
}

void ConversationPane::showDropped(qint64 dropped)
{
    m_dropped->setVisible(dropped > 0);
    m_dropped->setText(tr("%n older message(s) dropped: the last %1 are kept.", nullptr, int(std::min<qint64>(dropped, INT_MAX)))
                           .arg(m_model->maxMessages()));
}

bool ConversationPane::findNext(const QString& text, bool backward)
{
    const int current = m_view->currentIndex().isValid() ? m_view->currentIndex().row() : (backward ? 0 : -1);
    int ordinal = 0, count = 0;
    const int row = m_filter->find(text, current, backward, &ordinal, &count);
    m_search->setHits(ordinal, count);
    if (row < 0)
        return false;
    const QModelIndex index = m_filter->index(row, 0);
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
    return true;
}

void ConversationPane::copy()
{
    QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty()) {
        for (int i = 0; i < m_filter->rowCount(); ++i)
            rows << m_filter->index(i, 0);
    }
    std::sort(rows.begin(), rows.end());
    QStringList lines;
    for (const QModelIndex& index : std::as_const(rows))
        lines << m_model->copyLine(m_filter->mapToSource(index).row());
    QApplication::clipboard()->setText(lines.join(QLatin1Char('\n')));
}
