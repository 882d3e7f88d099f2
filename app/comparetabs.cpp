#include "app/comparetabs.h"

#include "app/comparisonopener.h"
#include "app/documentnames.h"
#include "app/tablabels.h"
#include "app/debugger/debuggeepage.h"
#include "app/machines/machinetabs.h"
#include "app/mainwindow.h"
#include "app/openfilefilter.h"

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
#include <QTabWidget>

namespace CompareTabs {

namespace {

int addTab(MainWindow* window, QWidget* page, const QString& title)
{
    QTabWidget* tabs = window->tabWidget();
    const int index = tabs->addTab(page, QString());
    TabLabels::set(tabs, index, title);
    tabs->setTabToolTip(index, title);
    tabs->setCurrentIndex(index);
    window->refreshWindowTitle();
    return index;
}

// "Callers of fib — node_fib.cpuprofile": the function selected in the tab, and where from.
QString callersTitle(const CallersCalleesPage* page, const ProfileData& data, const QString& source)
{
    const xsprof::FrameId f = page->selectedFunction();
    if (!f.isValid())
        return QObject::tr("Callers and callees — %1").arg(source);
    const QString name = data.frameName(f);
    return QObject::tr("Callers of %1 — %2").arg(name.isEmpty() ? QObject::tr("(anonymous)") : name, source);
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
    QTabWidget* tabs = window->tabWidget();
    opener->compare(base->data(), TabLabels::label(tabs, baseTab), next->data(), TabLabels::label(tabs, newTab));
    return opener;
}

ComparisonOpener* compareWithFile(MainWindow* window, int tab, const QString& path, FileSide side)
{
    const ProfilePage* page = window->page(tab);
    if (!page || !page->data())
        return nullptr;
    auto* opener = new ComparisonOpener(window);
    opener->compareWithFile(page->data(), TabLabels::label(window->tabWidget(), tab), path,
                            side == FileSide::Base ? ComparisonOpener::FileSide::Base : ComparisonOpener::FileSide::New);
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
    const QString sourceLabel = TabLabels::label(window->tabWidget(), tab);
    const ProfileDataPtr data = source->data();
    addTab(window, page, callersTitle(page, *data, sourceLabel));
    // The title names the function selected.
    QObject::connect(page, &CallersCalleesPage::functionSelected, window, [window, page, data, sourceLabel] {
        TabLabels::set(window->tabWidget(), window->indexOf(page), callersTitle(page, *data, sourceLabel));
        window->tabWidget()->setTabToolTip(window->indexOf(page), TabLabels::label(window->tabWidget(), window->indexOf(page)));
        window->refreshWindowTitle();
    });
    return page;
}

void showCompareDialog(MainWindow* window)
{
    QTabWidget* tabs = window->tabWidget();
    const int current = tabs->currentIndex();
    if (!window->page(current)) {
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
    auto* question = new QLabel(QObject::tr("Compare %1 (new) with which profile (base)?").arg(TabLabels::label(tabs, current)));
    question->setTextFormat(Qt::PlainText);
    question->setWordWrap(true);
    auto* bases = new QComboBox;
    bases->setObjectName(QStringLiteral("compareBase"));
    QList<QPointer<QWidget>> others;
    for (int i = 0; i < tabs->count(); ++i) {
        if (i != current && window->page(i)) {
            bases->addItem(TabLabels::label(tabs, i));
            others << tabs->widget(i);
        }
    }
    // The profile viewed last is the likely base.
    if (const qsizetype last = others.indexOf(window->previousTab()); last >= 0)
        bases->setCurrentIndex(int(last));
    bases->setEnabled(!others.isEmpty());
    if (others.isEmpty())
        bases->setPlaceholderText(QObject::tr("no other profile open: choose a file"));
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    buttons->button(QDialogButtonBox::Ok)->setEnabled(!others.isEmpty());
    QPushButton* browse = buttons->addButton(QObject::tr("&File…"), QDialogButtonBox::ActionRole);
    browse->setObjectName(QStringLiteral("compareBrowse"));
    browse->setToolTip(QObject::tr("Compare with a profile file that is not open"));
    auto* form = new QFormLayout(dialog);
    form->addRow(question);
    form->addRow(QObject::tr("&Base:"), bases);
    form->addRow(buttons);
    QPointer<QWidget> next = tabs->widget(current);
    QObject::connect(buttons, &QDialogButtonBox::rejected, dialog, &QDialog::reject);
    QObject::connect(buttons, &QDialogButtonBox::accepted, dialog, [window, dialog, bases, others, next] {
        dialog->accept();
        QWidget* base = others.value(bases->currentIndex());
        if (base && next && window->indexOf(base) >= 0 && window->indexOf(next) >= 0)
            openComparison(window, window->indexOf(base), window->indexOf(next));
    });
    QObject::connect(browse, &QPushButton::clicked, dialog, [window, dialog, next] {
        auto* files = new QFileDialog(dialog, QObject::tr("Compare With File"), QString(), openFileFilter());
        files->setObjectName(QStringLiteral("compareFileDialog"));
        files->setFileMode(QFileDialog::ExistingFile);
        files->setAttribute(Qt::WA_DeleteOnClose);
        QObject::connect(files, &QFileDialog::fileSelected, window, [window, dialog, next](const QString& path) {
            dialog->accept();
            if (next && window->indexOf(next) >= 0)
                compareWithFile(window, window->indexOf(next), path, FileSide::Base);
        });
        files->open();
    });
    dialog->open();
}

} // namespace CompareTabs
