#include "app/comparetabs.h"

#include "app/comparisonopener.h"
#include "app/debugger/debuggeepage.h"
#include "app/machines/machinetabs.h"
#include "app/mainwindow.h"

#include "views/callerscalleespage.h"
#include "views/comparisonpage.h"
#include "views/costformat.h"
#include "views/edgelistmodel.h"
#include "views/functionlistmodel.h"
#include "views/profilepage.h"
#include "views/transformmenu.h"

#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QInputDialog>
#include <QLocale>
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

ComparisonOpener* openComparison(MainWindow* window, int baseTab, int newTab)
{
    const ProfilePage* base = window->page(baseTab);
    const ProfilePage* next = window->page(newTab);
    if (!base || !next || !base->data() || !next->data())
        return nullptr;
    // The tabs' whole-profile analyses (after their transforms) are reused: only the matching
    // is computed, on a worker.
    auto* opener = new ComparisonOpener(window);
    opener->compare(base->data(), base->title(), next->data(), next->title());
    return opener;
}

ComparisonOpener* compareWithFile(MainWindow* window, int baseTab, const QString& path)
{
    const ProfilePage* base = window->page(baseTab);
    if (!base || !base->data())
        return nullptr;
    auto* opener = new ComparisonOpener(window);
    opener->compareWithFile(base->data(), base->title(), path);
    return opener;
}

ComparisonOpener* compareSessions(MainWindow* window, DebuggeePage* machine, int baseSession, int newSession)
{
    MachineSession* session = machine->session();
    const auto base = session->finishedProfile(baseSession), next = session->finishedProfile(newSession);
    if (!base || !next)
        return nullptr;
    const auto name = [machine](int i) { return QObject::tr("%1 session %2").arg(machine->title()).arg(i + 1); };
    auto* opener = new ComparisonOpener(window);
    opener->compare(std::shared_ptr<const xsprof::Profile>(base), name(baseSession),
                    std::shared_ptr<const xsprof::Profile>(next), name(newSession));
    return opener;
}

void showCompareSessionsDialog(MainWindow* window, int machineTab)
{
    DebuggeePage* machine = window->machines()->debuggee(machineTab);
    if (!machine)
        return;
    const auto sessions = machine->session()->finishedProfiles();
    if (sessions.size() < 2)
        return;
    QDialog dialog(window);
    dialog.setWindowTitle(QObject::tr("Compare Sessions"));
    auto* baseBox = new QComboBox(&dialog);
    auto* newBox = new QComboBox(&dialog);
    for (size_t i = 0; i < sessions.size(); ++i) {
        const QString text = QObject::tr("Session %1 · %2 · %3 samples")
                                 .arg(i + 1)
                                 .arg(CostFormat::time(sessions[i].duration))
                                 .arg(QLocale().toString(qulonglong(sessions[i].samples)));
        baseBox->addItem(text);
        newBox->addItem(text);
    }
    baseBox->setCurrentIndex(int(sessions.size()) - 2); // the last two by default
    newBox->setCurrentIndex(int(sessions.size()) - 1);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, &dialog);
    QObject::connect(buttons, &QDialogButtonBox::accepted, &dialog, &QDialog::accept);
    QObject::connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
    auto* form = new QFormLayout(&dialog);
    form->addRow(QObject::tr("Base:"), baseBox);
    form->addRow(QObject::tr("New:"), newBox);
    form->addRow(buttons);
    if (dialog.exec() == QDialog::Accepted)
        compareSessions(window, machine, baseBox->currentIndex(), newBox->currentIndex());
}

CallersCalleesPage* openCallersCallees(MainWindow* window, int tab, xsprof::FrameId select)
{
    const ProfilePage* source = window->page(tab);
    if (!source || !source->data())
        return nullptr;
    if (!select.isValid())
        select = source->selectedFunction();
    // The same function of the same profile: its tab comes forward.
    QTabWidget* tabs = window->tabWidget();
    for (int i = 0; i < tabs->count(); ++i) {
        auto* open = qobject_cast<CallersCalleesPage*>(tabs->widget(i));
        if (open && open->document() == source->document() && select.isValid()
            && open->selectedFunction() == select) {
            tabs->setCurrentIndex(i);
            return open;
        }
    }
    auto* page = new CallersCalleesPage;
    page->setSource(sourceOf(source->data()));
    page->setDocument(source->document());
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
