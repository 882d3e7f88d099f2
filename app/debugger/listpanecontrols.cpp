#include "app/debugger/listpanecontrols.h"

#include "views/searchbar.h"

#include <QAbstractItemView>
#include <QAction>
#include <QLineEdit>
#include <QScrollBar>
#include <QTimer>
#include <QToolButton>

#include <memory>

namespace ListPaneControls {

Buttons install(QWidget* pane, QAbstractItemView* view, SearchBar* search, const Texts& texts,
                std::function<void(const QString&, bool)> find, std::function<void()> copy, std::function<void()> clear)
{
    if (auto* field = search->findChild<QLineEdit*>())
        field->setPlaceholderText(texts.findPlaceholder);
    QObject::connect(search, &SearchBar::searchRequested, pane, [find](const QString& text) { find(text, false); });
    QObject::connect(search, &SearchBar::nextRequested, pane, [find, search] { find(search->text(), false); });
    QObject::connect(search, &SearchBar::previousRequested, pane, [find, search] { find(search->text(), true); });

    Buttons buttons{new QToolButton(pane), new QToolButton(pane)};
    buttons.clear->setText(QObject::tr("Clear"));
    buttons.clear->setToolTip(texts.clearToolTip);
    QObject::connect(buttons.clear, &QToolButton::clicked, pane, clear);
    buttons.copy->setText(QObject::tr("Copy"));
    buttons.copy->setToolTip(texts.copyToolTip);
    QObject::connect(buttons.copy, &QToolButton::clicked, pane, copy);

    auto* findAction = new QAction(QObject::tr("Find"), pane);
    findAction->setShortcut(QKeySequence::Find);
    findAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    QObject::connect(findAction, &QAction::triggered, search, &SearchBar::focusField);
    pane->addAction(findAction);
    auto* copyAction = new QAction(QObject::tr("Copy"), pane);
    copyAction->setShortcut(QKeySequence::Copy);
    copyAction->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    QObject::connect(copyAction, &QAction::triggered, pane, copy);
    view->addAction(copyAction);
    return buttons;
}

void followTail(QAbstractItemView* view, QAbstractItemModel* rows)
{
    auto atBottom = std::make_shared<bool>(true);
    QScrollBar* scroll = view->verticalScrollBar();
    QObject::connect(scroll, &QScrollBar::valueChanged, view, [atBottom, scroll](int value) { *atBottom = value >= scroll->maximum(); });
    // Once per turn of the event loop, not per row: scrolling lays out every row, and a machine
    // printing as fast as it can inserts thousands between two turns.
    auto* scrollLater = new QTimer(view);
    scrollLater->setSingleShot(true);
    scrollLater->setInterval(0);
    QObject::connect(scrollLater, &QTimer::timeout, view, [atBottom, view] {
        if (*atBottom)
            view->scrollToBottom();
    });
    QObject::connect(rows, &QAbstractItemModel::rowsInserted, view, [atBottom, scrollLater] {
        if (*atBottom && !scrollLater->isActive())
            scrollLater->start();
    });
}

} // namespace ListPaneControls
