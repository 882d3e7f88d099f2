#pragma once
// Help › Keyboard Shortcuts: every key of the window, built from its menus' actions (so it
// cannot drift from them), followed by the keys the views handle themselves.
#include <QDialog>

class QMenuBar;
class QTableWidget;

class ShortcutsDialog : public QDialog
{
    Q_OBJECT
public:
    struct Entry {
        QString section; // the menu, or "Views"
        QString command;
        QString keys; // as the platform writes them, alternatives joined by ", "
    };

    explicit ShortcutsDialog(const QMenuBar* menuBar, QWidget* parent = nullptr);

    // The menus' actions with a shortcut, in menu order, then the views' own keys.
    static QList<Entry> entries(const QMenuBar* menuBar);
    // The same as a Markdown table (for the README).
    static QString markdown(const QList<Entry>& entries);

    QTableWidget* table() const { return m_table; }

private:
    QTableWidget* m_table;
};
