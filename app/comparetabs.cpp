#include "app/comparetabs.h"

#include "app/mainwindow.h"

#include "views/callerscalleespage.h"
#include "views/comparisonpage.h"
#include "views/edgelistmodel.h"
#include "views/functionlistmodel.h"
#include "views/profilepage.h"
#include "views/transformmenu.h"

#include <QInputDialog>
#include <QPointer>
#include <QSortFilterProxyModel>
#include <QTreeView>
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

ProfileSource sourceOf(const ProfileDataPtr& data)
{
    ProfileSource s;
    s.profile = data->sharedProfile;
    s.analysis = std::shared_ptr<const xsprof::ProfileAnalysis>(data, &data->analysis); // lives as long as data
    return s;
}

// The page's lists offer the transforms of `document`'s tab and follow its results.
void followDocument(CallersCalleesPage* page, ProfileDocument* document)
{
    QPointer<ProfileDocument> doc(document);
    std::vector<TransformMenu*> menus;
    const xsprof::Profile* profile = &document->whole()->profile;
    auto* proxy = qobject_cast<QSortFilterProxyModel*>(page->functionView()->model());
    menus.push_back(new TransformMenu(page->functionView(), profile, [page, proxy](const QModelIndex& i) {
        return page->functions()->frame(proxy->mapToSource(i).row());
    }));
    menus.push_back(new TransformMenu(page->callerView(), profile,
                                      [page](const QModelIndex& i) { return page->callers()->frame(i.row()); }));
    menus.push_back(new TransformMenu(page->calleeView(), profile,
                                      [page](const QModelIndex& i) { return page->callees()->frame(i.row()); }));
    for (TransformMenu* menu : menus) {
        QObject::connect(menu, &TransformMenu::transformRequested, page, [doc](const xsprof::Transform& t) {
            if (doc)
                doc->pushTransform(t);
        });
        QObject::connect(menu, &TransformMenu::callersCalleesRequested, page,
                         [page](xsprof::FrameId f) { page->selectFunction(f); });
    }
    QObject::connect(document, &ProfileDocument::resultsChanged, page, [page, doc, menus] {
        if (!doc)
            return;
        const xsprof::FrameId selected = page->selectedFunction();
        page->setSource(sourceOf(doc->whole()));
        for (TransformMenu* menu : menus)
            menu->setProfile(&doc->whole()->profile);
        if (selected.isValid())
            page->selectFunction(selected);
    });
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

CallersCalleesPage* openCallersCallees(MainWindow* window, int tab, xsprof::FrameId select)
{
    const ProfilePage* source = window->page(tab);
    if (!source || !source->data())
        return nullptr;
    auto* page = new CallersCalleesPage;
    page->setSource(sourceOf(source->data()));
    followDocument(page, source->document());
    if (select.isValid())
        page->selectFunction(select);
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
