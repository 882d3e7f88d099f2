#pragma once
// How every tree and table of functions lays out its columns, at any depth and any width:
// the numbers first, at widths the user can change (and that stay when the window does),
// and the name column last, filling the rest of the viewport. The numbers are where the eye
// starts and never leave the screen for a long or deeply indented name (Chrome DevTools' and
// the Firefox Profiler's order); only a view narrower than the numbers and a short name
// scrolls sideways. The name column's cells use FunctionDelegate (middle elision).
#include <QObject>

class QTreeView;

class NameColumnLayout : public QObject
{
    Q_OBJECT
public:
    // Whether the name cells hold the indentation FunctionDelegate draws (CostTreeView's
    // trees), or only a name (lists, and trees that indent by themselves).
    enum class Names { Plain, Indented };
    // Installs itself on `view` (its parent): moves `nameColumn` after the others, gives it
    // a FunctionDelegate unless it has a delegate already, and keeps it filling the rest.
    explicit NameColumnLayout(QTreeView* view, int nameColumn = 0, Names names = Names::Plain);

    // The name column never gets narrower than this: room for a dozen characters (after the
    // deepest indentation FunctionDelegate draws, for indented names).
    int minimumNameWidth() const;
    // Gives the name column the rest of the viewport; call after showing or hiding columns
    // (resizes, the user's and the window's, are followed by themselves).
    void fit();
    // The horizontal scroll that shows a row's numbers and the start of its name, which is
    // `textOffset` into the name cell: 0 unless the view is narrower than the numbers and a
    // short name.
    int scrollToShowName(int textOffset) const;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void placeNameLast();

    QTreeView* m_view;
    QObject* m_viewport; // what the filter watches, compared by address only
    int m_nameColumn;
    Names m_names;
    bool m_fitting = false;
};
