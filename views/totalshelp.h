#pragma once
// Help › What the Totals Mean: self, inclusive, xsbug's divided total and VS Code's summed
// path total, in a few paragraphs (the README's "How the numbers are computed", shortened).
#include <QDialog>

class QTextBrowser;

class TotalsHelp : public QDialog
{
    Q_OBJECT
public:
    explicit TotalsHelp(QWidget* parent = nullptr);

    // Opens the page (one at a time: a second call raises the open one).
    static TotalsHelp* showFor(QWidget* parent);
    static QString html();

    QTextBrowser* text() const { return m_text; }

private:
    QTextBrowser* m_text;
};
