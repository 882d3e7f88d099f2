#include "app/tabs/tablabels.h"

#include "views/plaintext.h"

#include <QTabBar>
#include <QTabWidget>

namespace TabLabels {

namespace {

// The tab data holds the label, its shown text and the mark: the text is rebuilt from them.
struct Entry {
    QString label;
    QString text;
    bool unsaved = false;
};

Entry entry(const QTabWidget* tabs, int index)
{
    const QStringList parts = tabs->tabBar()->tabData(index).toStringList();
    if (parts.size() != 3)
        return {tabs->tabText(index), tabs->tabText(index), false};
    return {parts[0], parts[1], parts[2] == QLatin1String("1")};
}

void store(QTabWidget* tabs, int index, const Entry& e)
{
    tabs->tabBar()->setTabData(index, QStringList{e.label, e.text, e.unsaved ? QStringLiteral("1") : QStringLiteral("0")});
    const QString shown = (e.unsaved ? unsavedMark : QString()) + PlainText::escapeMnemonics(e.text);
    if (tabs->tabText(index) != shown)
        tabs->setTabText(index, shown);
}

} // namespace

void set(QTabWidget* tabs, int index, const QString& label, bool unsaved, const QString& text)
{
    if (index < 0 || index >= tabs->count())
        return;
    store(tabs, index, {label, text.isEmpty() ? label : text, unsaved});
}

void setUnsaved(QTabWidget* tabs, int index, bool unsaved)
{
    if (index < 0 || index >= tabs->count())
        return;
    Entry e = entry(tabs, index);
    e.unsaved = unsaved;
    store(tabs, index, e);
}

QString label(const QTabWidget* tabs, int index)
{
    if (index < 0 || index >= tabs->count())
        return {};
    return entry(tabs, index).label;
}

QString text(const QTabWidget* tabs, int index)
{
    if (index < 0 || index >= tabs->count())
        return {};
    return entry(tabs, index).text;
}

bool isMarkedUnsaved(const QTabWidget* tabs, int index)
{
    return index >= 0 && index < tabs->count() && entry(tabs, index).unsaved;
}

} // namespace TabLabels
