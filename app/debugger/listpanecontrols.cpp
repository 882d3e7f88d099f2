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
    // A range that grows without rows (the view shown, or made taller, after it filled while
    // hidden) moves no value: the bottom is kept by hand.
    QObject::connect(scroll, &QScrollBar::rangeChanged, view, [atBottom, scroll](int, int maximum) {
        if (*atBottom)
            scroll->setValue(maximum);
    });
    // A full pane drops its oldest rows: when the line the user clicked goes, the cursor moves
    // to the first row (an invalid one sends End to the top, not the tail).
    auto hadCurrent = std::make_shared<bool>(false);
    if (QItemSelectionModel* selection = view->selectionModel()) {
        QObject::connect(selection, &QItemSelectionModel::currentChanged, view,
                         [hadCurrent](const QModelIndex& current) { *hadCurrent = *hadCurrent || current.isValid(); });
    }
    auto keepCursor = [hadCurrent, view, rows] {
        if (!*hadCurrent || view->currentIndex().isValid() || rows->rowCount() == 0 || !view->selectionModel())
            return;
        const QModelIndex top = view->indexAt(QPoint(1, 1));
        const bool autoScroll = view->hasAutoScroll();
        view->setAutoScroll(false); // where the user looks stays
        view->selectionModel()->setCurrentIndex(top.isValid() ? top : rows->index(0, 0), QItemSelectionModel::NoUpdate);
        view->setAutoScroll(autoScroll);
    };
    QObject::connect(rows, &QAbstractItemModel::rowsRemoved, view, keepCursor);
    QObject::connect(rows, &QAbstractItemModel::rowsInserted, view, keepCursor); // all rows went first
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
