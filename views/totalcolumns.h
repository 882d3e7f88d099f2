#pragma once
// Which of the three "totals" the function views show (DESIGN.md "What is computed"): xsbug's
// divided total, Chrome DevTools' inclusive time and VS Code's summed path total. One choice
// for every tab, changed from a tree header's context menu or View › Total Columns, and kept
// in the window's settings. Self (and the per-path trees' own columns) are always shown.
#include "views/costtreemodel.h"

#include <QObject>
#include <QPointer>
#include <QSettings>

#include <map>

class QAction;
class QMenu;
class QWidget;

class TotalColumns : public QObject
{
    Q_OBJECT
public:
    using Cost = CostTreeModel::Cost;

    // The application's choice (created on first use, owned by the application object).
    static TotalColumns* instance();

    // Total, Inclusive and SummedPaths, in the order their columns appear.
    static QList<Cost> choosable();
    static bool isChoosable(Cost cost);
    // The menu's wording: "Total (xsbug, divided)".
    static QString menuText(Cost cost);
    // One line: what the number is and why it can differ from the others, in the profile's
    // measure (a heap profile's bytes are not time).
    static QString explanation(Cost cost, xsprof::Measure measure = xsprof::Measure::Time);

    bool isShown(Cost cost) const; // always true for what is not choosable
    void setShown(Cost cost, bool shown);
    // Reads the choice from `settings` and writes every later change there; null: memory only.
    void setStore(QSettings* settings);
    // Back to the defaults (divided total and inclusive shown, VS Code's hidden), not stored.
    void reset();

    // The checkable action of a choosable column (shared by every menu showing it).
    QAction* action(Cost cost) const;
    // Help › What the Totals Mean.
    QAction* helpAction() const { return m_help; }
    // The three actions, a separator and the help action.
    void fillMenu(QMenu* menu) const;

    static inline const QString settingsKey = QStringLiteral("views/totalColumns");

signals:
    void changed();

private:
    explicit TotalColumns(QObject* parent);
    void load();

    std::map<Cost, QAction*> m_actions;
    QAction* m_help;
    QPointer<QSettings> m_store; // a window's settings may go before the application
};
