#include "views/totalcolumns.h"

#include "views/costformat.h"
#include "views/totalshelp.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QPointer>
#include <QSettings>
#include <QStringList>

#include <utility>

namespace {

using Cost = CostTreeModel::Cost;

QString idOf(Cost cost)
{
    switch (cost) {
    case Cost::Total: return QStringLiteral("total");
    case Cost::Inclusive: return QStringLiteral("inclusive");
    case Cost::SummedPaths: return QStringLiteral("vscode");
    default: return {};
    }
}

bool shownByDefault(Cost cost)
{
    return cost != Cost::SummedPaths;
}

} // namespace

TotalColumns* TotalColumns::instance()
{
    static QPointer<TotalColumns> choice;
    if (!choice)
        choice = new TotalColumns(qApp);
    return choice;
}

TotalColumns::TotalColumns(QObject* parent) : QObject(parent)
{
    for (Cost cost : choosable()) {
        auto* action = new QAction(menuText(cost), this);
        action->setCheckable(true);
        action->setChecked(shownByDefault(cost));
        action->setToolTip(explanation(cost));
        action->setStatusTip(explanation(cost));
        connect(action, &QAction::toggled, this, [this, cost](bool on) { setShown(cost, on); });
        m_actions[cost] = action;
    }
    m_help = new QAction(tr("What the &Totals Mean"), this);
    connect(m_help, &QAction::triggered, this, [] { TotalsHelp::showFor(QApplication::activeWindow()); });
}

QList<Cost> TotalColumns::choosable()
{
    return {Cost::Total, Cost::Inclusive, Cost::SummedPaths};
}

bool TotalColumns::isChoosable(Cost cost)
{
    return choosable().contains(cost);
}

QString TotalColumns::menuText(Cost cost)
{
    switch (cost) {
    case Cost::Total: return tr("Total (xsbug, divided)");
    case Cost::Inclusive: return tr("Inclusive (Chrome DevTools)");
    case Cost::SummedPaths: return tr("Total (VS Code, summed paths)");
    default: return {};
    }
}

QString TotalColumns::explanation(Cost cost, xsprof::Measure measure)
{
    if (measure != xsprof::Measure::Time) {
        // Bytes or a count: the same sums, said of what the samples weigh, not of time.
        const QString what = CostFormat::quantity(measure);
        switch (cost) {
        case Cost::Self:
            return tr("The %1 of the samples taken in the function itself (it was at the top of the stack).").arg(what);
        case Cost::Total:
            return tr("xsbug's divided total: self %1 plus each callee's total shared equally among its callers, "
                      "not by where the %1 went. Totals add up to the whole profile; they can differ from the "
                      "inclusive %1.")
                .arg(what);
        case Cost::Inclusive:
            return tr("Chrome DevTools' total: the %1 of every sample with the function anywhere on the stack "
                      "(recursion counted once). Never more than the whole profile.")
                .arg(what);
        case Cost::SummedPaths:
            return tr("VS Code's total: the sum of the totals of every call path ending in the function, recursion "
                      "counted at each level, so it can exceed the whole profile.");
        default: return {};
        }
    }
    switch (cost) {
    case Cost::Self: return tr("Time spent in the function itself (it was at the top of the stack).");
    case Cost::Total:
        return tr("xsbug's divided total: self time plus each callee's total shared equally among its callers, "
                  "not by where the time went. Totals add up to the run; they can differ from inclusive time.");
    case Cost::Inclusive:
        return tr("Chrome DevTools' total: the time of every sample with the function anywhere on the stack "
                  "(recursion counted once). Never more than the run.");
    case Cost::SummedPaths:
        return tr("VS Code's total: the sum of the totals of every call path ending in the function, recursion "
                  "counted at each level, so it can exceed the run's length.");
    default: return {};
    }
}

bool TotalColumns::isShown(Cost cost) const
{
    const auto it = m_actions.find(cost);
    return it == m_actions.end() || it->second->isChecked();
}

void TotalColumns::setShown(Cost cost, bool shown)
{
    const auto it = m_actions.find(cost);
    if (it == m_actions.end())
        return;
    if (it->second->isChecked() != shown) {
        it->second->setChecked(shown); // toggled comes back here with the same value
        return;
    }
    if (m_store) {
        QStringList ids;
        for (Cost c : choosable()) {
            if (isShown(c))
                ids << idOf(c);
        }
        m_store->setValue(settingsKey, ids);
    }
    emit changed();
}

void TotalColumns::setStore(QSettings* settings)
{
    m_store = settings;
    load();
}

void TotalColumns::load()
{
    if (!m_store || !m_store->contains(settingsKey))
        return;
    const QStringList ids = m_store->value(settingsKey).toStringList();
    QSettings* store = std::exchange(m_store, nullptr); // loading writes nothing back
    for (Cost cost : choosable())
        setShown(cost, ids.contains(idOf(cost)));
    m_store = store;
}

void TotalColumns::reset()
{
    QSettings* store = std::exchange(m_store, nullptr);
    for (Cost cost : choosable())
        setShown(cost, shownByDefault(cost));
    m_store = store;
}

QAction* TotalColumns::action(Cost cost) const
{
    const auto it = m_actions.find(cost);
    return it == m_actions.end() ? nullptr : it->second;
}

void TotalColumns::fillMenu(QMenu* menu) const
{
    for (Cost cost : choosable())
        menu->addAction(m_actions.at(cost));
    menu->addSeparator();
    menu->addAction(m_help);
    menu->setToolTipsVisible(true);
}
