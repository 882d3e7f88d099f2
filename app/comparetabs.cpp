#include "app/comparetabs.h"

#include "app/mainwindow.h"

#include "views/callerscalleespage.h"
#include "views/comparisonpage.h"
#include "views/profilepage.h"

#include <QInputDialog>
#include <QMessageBox>
#include <QTabWidget>

namespace CompareTabs {

namespace {

int addTab(MainWindow* window, QWidget* page, const QString& title)
{
    QTabWidget* tabs = window->tabWidget();
    const int index = tabs->addTab(page, title);
    tabs->setTabToolTip(index, title);
    tabs->setCurrentIndex(index);
    return index;
}

} // namespace

ComparisonPage* openComparison(MainWindow* window, int baseTab, int newTab)
{
    const ProfilePage* base = window->page(baseTab);
    const ProfilePage* next = window->page(newTab);
    if (!base || !next || !base->data() || !next->data())
        return nullptr;
    // The tabs' whole-profile analyses are reused: only the matching is computed here.
    const ProfileDataPtr b = base->data(), n = next->data();
    auto* page = new ComparisonPage(ComparisonData::create(
        b->sharedProfile, std::shared_ptr<const xsprof::ProfileAnalysis>(b, &b->analysis), base->title(),
        n->sharedProfile, std::shared_ptr<const xsprof::ProfileAnalysis>(n, &n->analysis), next->title()));
    addTab(window, page, page->title());
    return page;
}

CallersCalleesPage* openCallersCallees(MainWindow* window, int tab)
{
    const ProfilePage* source = window->page(tab);
    if (!source || !source->data())
        return nullptr;
    const ProfileDataPtr data = source->data();
    ProfileSource s;
    s.profile = data->sharedProfile;
    s.analysis = std::shared_ptr<const xsprof::ProfileAnalysis>(data, &data->analysis); // lives as long as data
    auto* page = new CallersCalleesPage;
    page->setSource(std::move(s));
    addTab(window, page, QObject::tr("Callers / Callees: %1").arg(source->title()));
    return page;
}

void showCompareDialog(MainWindow* window)
{
    const int current = window->tabWidget()->currentIndex();
    QStringList names;
    QList<int> tabs;
    for (int i = 0; i < window->tabWidget()->count(); ++i) {
        if (i != current && window->page(i)) {
            names << window->page(i)->title();
            tabs << i;
        }
    }
    if (!window->page(current) || tabs.isEmpty()) {
        QMessageBox::information(window, QObject::tr("Compare With"),
                                 QObject::tr("Open two profiles first: the profile in front is compared with "
                                             "another open one."));
        return;
    }
    bool ok = false;
    const QString choice = QInputDialog::getItem(
        window, QObject::tr("Compare With"),
        QObject::tr("Compare %1 (new) with which profile (base)?").arg(window->page(current)->title()), names, 0, false, &ok);
    if (ok && names.contains(choice))
        openComparison(window, tabs[int(names.indexOf(choice))], current);
}

} // namespace CompareTabs
