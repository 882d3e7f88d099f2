#pragma once
// What the console and the Messages pane share around their list: the find field wired to
// the pane's find, Copy and Clear buttons, Ctrl+F and Ctrl+C inside the pane, and keeping the
// newest row in view unless the user scrolled up.
#include <QString>

#include <functional>

class QAbstractItemModel;
class QAbstractItemView;
class QToolButton;
class QWidget;
class SearchBar;

namespace ListPaneControls {

struct Texts {
    QString findPlaceholder; // "Find in console (Ctrl+F)"
    QString clearToolTip;
    QString copyToolTip;
};

struct Buttons {
    QToolButton* copy = nullptr;
    QToolButton* clear = nullptr;
};

// `find(text, backward)` goes to the next match; `copy` and `clear` act on the pane.
Buttons install(QWidget* pane, QAbstractItemView* view, SearchBar* search, const Texts& texts,
                std::function<void(const QString&, bool)> find, std::function<void()> copy, std::function<void()> clear);

// Scrolls `view` to its last row as rows are added to `rows`, while it is at the bottom.
void followTail(QAbstractItemView* view, QAbstractItemModel* rows);

} // namespace ListPaneControls
