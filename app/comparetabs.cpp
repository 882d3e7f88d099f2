#include "app/comparetabs.h"

#include "app/comparisonopener.h"
#include "app/debugger/debuggeepage.h"
#include "app/openfilefilter.h"
#include "app/tabs/callerstab.h"
#include "app/tabs/windowtabs.h"

#include "views/callerscalleespage.h"
#include "views/comparisonpage.h"
#include "views/costformat.h"
#include "views/edgelistmodel.h"
#include "views/functionlistmodel.h"
#include "views/profilepage.h"
#include "views/transformmenu.h"

#include <QComboBox>
#include <QFileDialog>
#include <QLabel>
#include <QPushButton>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLocale>
#include <QPointer>
#include <QSortFilterProxyModel>
#include <QTreeView>
#include <QMessageBox>

namespace CompareTabs {

namespace {

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

ComparisonOpener* openComparison(WindowTabs* tabs, int baseTab, int newTab)
{
    const ProfilePage* base = tabs->page(baseTab);
    const ProfilePage* next = tabs->page(newTab);
    if (!base || !next || !base->data() || !next->data())
        return nullptr;
    // The tabs' whole-profile analyses (after their transforms) are reused: only the matching
    // is computed, on a worker.
    auto* opener = new ComparisonOpener(tabs);
    opener->compare(base->data(), tabs->label(baseTab), next->data(), tabs->label(newTab));
    return opener;
}

ComparisonOpener* compareWithFile(WindowTabs* tabs, int tab, const QString& path, FileSide side)
{
    const ProfilePage* page = tabs->page(tab);
    if (!page || !page->data())
        return nullptr;
    auto* opener = new ComparisonOpener(tabs);
    opener->compareWithFile(page->data(), tabs->label(tab), path,
                            side == FileSide::Base ? ComparisonOpener::FileSide::Base : ComparisonOpener::FileSide::New);
    return opener;
}

ComparisonOpener* compareSessions(WindowTabs* tabs, DebuggeePage* machine, int baseSession, int newSession)
{
    MachineSession* session = machine->session();
    const auto base = session->finishedProfile(baseSession), next = session->finishedProfile(newSession);
    if (!base || !next)
        return nullptr;
    const auto name = [machine](int i) { return QObject::tr("%1 session %2").arg(machine->title()).arg(i + 1); };
    auto* opener = new ComparisonOpener(tabs);
    opener->compare(std::shared_ptr<const xsprof::Profile>(base), name(baseSession),
                    std::shared_ptr<const xsprof::Profile>(next), name(newSession));
    return opener;
}

void showCompareSessionsDialog(WindowTabs* tabs, QWidget* window, DebuggeePage* machine)
{
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
        compareSessions(tabs, machine, baseBox->currentIndex(), newBox->currentIndex());
}

CallersCalleesPage* openCallersCallees(WindowTabs* tabs, int tab, xsprof::FrameId select)
{
    const ProfilePage* source = tabs->page(tab);
    if (!source || !source->data())
        return nullptr;
    if (!select.isValid())
        select = source->selectedFunction();
    // The same function of the same profile: its tab comes forward. (Callers pages are told
    // from the other tabs by their page: they are this file's kind.)
    for (int i = 0; i < tabs->count(); ++i) {
        auto* open = tabs->at(i) ? qobject_cast<CallersCalleesPage*>(tabs->at(i)->widget()) : nullptr;
        if (open && open->document() == source->document() && select.isValid()
            && open->selectedFunction() == select) {
            tabs->setCurrent(i);
            return open;
        }
    }
    auto* page = new CallersCalleesPage;
    page->setSource(sourceOf(source->data()));
    page->setDocument(source->document());
    followDocument(page, source->document());
    if (select.isValid())
        page->selectFunction(select);
    tabs->add(std::make_unique<CallersTab>(page, source->data(), tabs->label(tab)));
    // The title names the function selected.
    QObject::connect(page, &CallersCalleesPage::functionSelected, tabs, [tabs, page] { tabs->refresh(page); });
    return page;
}

void showCompareDialog(WindowTabs* tabs, QWidget* window)
{
    const int current = tabs->currentIndex();
    if (!tabs->page(current)) {
        QMessageBox::information(window, QObject::tr("Compare With"),
                                 QObject::tr("Open a profile first: the profile in front is compared with another "
                                             "open one or a file."));
        return;
    }
    auto* dialog = new QDialog(window);
    dialog->setObjectName(QStringLiteral("compareDialog"));
    dialog->setWindowTitle(QObject::tr("Compare With"));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setMinimumWidth(dialog->fontMetrics().averageCharWidth() * 64); // the question on one line
    auto* question = new QLabel(QObject::tr("Compare %1 (new) with which profile (base)?").arg(tabs->label(current)));
    question->setTextFormat(Qt::PlainText);
    question->setWordWrap(true);
    auto* bases = new QComboBox;
    bases->setObjectName(QStringLiteral("compareBase"));
    // Only profiles of the front one's measure: time is not compared with bytes.
    const auto measureOf = [tabs](int tab) {
        const ProfilePage* page = tabs->page(tab);
        return page->data() ? page->data()->profile.info.measure : xsprof::Measure::Time;
    };
    const xsprof::Measure measure = measureOf(current);
    QList<QPointer<QWidget>> others;
    bool otherMeasures = false;
    for (int i = 0; i < tabs->count(); ++i) {
        if (i == current || !tabs->page(i))
            continue;
        if (measureOf(i) != measure) {
            otherMeasures = true;
            continue;
        }
        bases->addItem(tabs->label(i));
        others << tabs->at(i)->widget();
    }
    // The profile viewed last is the likely base.
    if (const qsizetype last = others.indexOf(tabs->previousTab()); last >= 0)
        bases->setCurrentIndex(int(last));
    bases->setEnabled(!others.isEmpty());
    if (others.isEmpty())
        bases->setPlaceholderText(otherMeasures ? QObject::tr("no other profile in %1 open: choose a file")
                                                      .arg(CostFormat::quantity(measure))
                                                : QObject::tr("no other profile open: choose a file"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!others.isEmpty());
    QPushButton* browse = buttons->addButton(QObject::tr("&File…"), QDialogButtonBox::ActionRole);
    browse->setObjectName(QStringLiteral("compareBrowse"));
    browse->setToolTip(QObject::tr("Compare with a profile file that is not open"));
    auto* form = new QFormLayout(dialog);
    form->addRow(question);
    form->addRow(QObject::tr("&Base:"), bases);
    form->addRow(buttons);
    QPointer<QWidget> next = tabs->at(current)->widget();
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, [tabs, dialog, bases, others, next] {
        dialog->accept();
        QWidget* base = others.value(bases->currentIndex());
        if (base && next && tabs->indexOf(base) >= 0 && tabs->indexOf(next) >= 0)
            openComparison(tabs, tabs->indexOf(base), tabs->indexOf(next));
    });
    QObject::connect(browse, &QPushButton::clicked, dialog, [tabs, dialog, next] {
        auto* files = new QFileDialog(dialog, QObject::tr("Compare With File"), QString(), openFileFilter());
        files->setObjectName(QStringLiteral("compareFileDialog"));
        files->setFileMode(QFileDialog::ExistingFile);
        files->setAttribute(Qt::WA_DeleteOnClose);
        QObject::connect(files, &QFileDialog::fileSelected, tabs, [tabs, dialog, next](const QString& path) {
            dialog->accept();
            if (next && tabs->indexOf(next) >= 0)
                compareWithFile(tabs, tabs->indexOf(next), path, FileSide::Base);
        });
        files->open();
    });
    dialog->open();
}

} // namespace CompareTabs
