#pragma once
// The console of one machine (or the merged console): lines in their colours, Clear,
// Copy, Find (Ctrl+F), and the eval field (disabled until a ConsoleEvaluator drives it).
#include <QWidget>

class ConsoleModel;
class QLineEdit;
class QListView;
class SearchBar;

class ConsolePane : public QWidget
{
    Q_OBJECT
public:
    explicit ConsolePane(ConsoleModel* model, QWidget* parent = nullptr);

    ConsoleModel* model() const { return m_model; }
    QListView* view() const { return m_view; }
    QLineEdit* evalField() const { return m_eval; }
    SearchBar* searchBar() const { return m_search; }
    static QString evalToolTip();

    // Selects the next line holding `text`; false when there is none.
    bool findNext(const QString& text, bool backward = false);
    // The selected lines, or all of them, as plain text on the clipboard.
    void copy();

private:
    ConsoleModel* m_model;
    QListView* m_view;
    SearchBar* m_search;
    QLineEdit* m_eval;
};
