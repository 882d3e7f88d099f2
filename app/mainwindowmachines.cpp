// MainWindow: the machines that connect (debuggee tabs, their finished sessions, recovered
// journals) and the Sources tab.
#include "mainwindow.h"

#include "app/comparetabs.h"

#include "app/debugger/breakpointsettings.h"
#include "app/debugger/breakpointsmodel.h"
#include "app/debugger/consolemodel.h"
#include "app/debugger/consolepane.h"
#include "app/debugger/debuggerpanes.h"

#include "app/debugger/debuggeepage.h"
#include "documentnames.h"
#include "firststart.h"
#include "sourceopening.h"
#include "windowexports.h"
#include "loaderrordialog.h"
#include "app/debugger/consoleevaluator.h"
#include "app/debugger/debugcontrols.h"
#include "app/debugger/debuggersourcepane.h"
#include "app/debugger/sourcespane.h"
#include "protocol/sessionexpressions.h"
#include "loadstatuswidget.h"
#include "preferences.h"
#include "preferencesdialog.h"
#include "recentfiles.h"
#include "servercontroller.h"
#include "serverstatuswidget.h"
#include "settingskeys.h"
#include "shortcutsdialog.h"
#include "theme.h"
#include "recoveryjournals.h"
#include "unsavedprofiles.h"

#include "model/cpuprofilewriter.h"
#include "protocol/debugserver.h"
#include "model/report.h"
#include "views/plaintext.h"
#include "views/document/jobrunner.h"
#include "views/document/profileopenjob.h"
#include "views/profilepage.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QPointer>
#include <QSettings>
#include <QDockWidget>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>

void MainWindow::addDebuggee(MachineSession* session)
{
    // The arrangement of the machine in front, else the one kept from last time.
    const DebuggeePage* arranged = currentDebuggee();
    const QByteArray layout = arranged ? arranged->debuggerPanes()->saveLayout()
                                       : m_settings->value(SettingsKeys::debuggerLayout).toByteArray();
    auto* machine = new DebuggeePage(session, m_breakpoints);
    m_unsaved->addMachine(machine);
    if (m_recovery) // the disk never fills: the oldest journals go first
        m_recovery->enforceLimit(m_preferences->recoveryMaxBytes(), session->journalPath());
    if (!layout.isEmpty())
        machine->debuggerPanes()->restoreLayout(layout);
    const int sameName = ++m_machinesByName[session->name()];
    if (sameName > 1)
        machine->setLabel(tr("%1 #%2").arg(session->name()).arg(sameName));
    m_allConsole->attach(session, machine->title());
    for (QAction* action : machine->debuggerPanes()->controls()->actions())
        action->setShortcut({}); // the Debug menu's carry them: one shortcut, no ambiguity
    machine->debuggerPanes()->sourcesPane()->setStore(m_settings, session->name());
    m_settings->setValue(SettingsKeys::lastMachineName, session->name());
    machine->debuggerPanes()->consoleModel()->setMaxLines(m_preferences->consoleLines());
    machine->debuggerPanes()->setPathMappings(m_preferences->pathMappings());
    m_sourceOpening->attach(machine->debuggerPanes()); // double-click on a frame: the user's editor
    // A machine that breaks comes forward, unless the tab in front is already a broken machine.
    connect(session, &MachineSession::broke, this, [this, machine] {
        const DebuggeePage* front = currentDebuggee();
        if (!front || front == machine || front->session()->state() != MachineSession::State::Broken)
            m_tabs->setCurrentWidget(machine);
        m_central->setCurrentIndex(1);
    });
    connect(machine, &DebuggeePage::titleChanged, this, [this, machine] {
        updateDebuggeeTab(machine);
        updateActions();
    });
    connect(machine, &DebuggeePage::profilingChanged, this, &MainWindow::updateActions);
    connect(machine, &DebuggeePage::closeConfirmed, this, [this, machine] { removeTab(indexOf(machine)); });
    connect(machine, &DebuggeePage::sessionOpenRequested, this, [this, machine](int index) {
        openMachineSession(machine->session(), index);
    });
    connect(machine, &DebuggeePage::sessionsCompareRequested, this,
            [this, machine] { CompareTabs::showCompareSessionsDialog(this, machine); });
    connect(machine, &DebuggeePage::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(machine, &DebuggeePage::profilePageCreated, this, [this, machine](ProfilePage* page) {
        page->setPathMappings(m_preferences->pathMappings());
        m_sourceOpening->attach(page);
        connect(page, &ProfilePage::orderChanged, this, [this, page](bool bottomUp) {
            if (page == currentPage())
                m_orderAction->setChecked(bottomUp);
        });
        if (machine == currentDebuggee())
            updateActions();
    });
    const int index = m_tabs->addTab(machine, machine->stateIcon(), PlainText::escapeMnemonics(machine->title()));
    updateDebuggeeTab(machine);
    // Of machines logging in together (a test farm), the last comes forward and the others
    // open behind it: a switch of tabs walks every page's widgets, fifty switches add up.
    const int waiting = m_server->server()->machinesWaiting();
    if (waiting == 0)
        m_tabs->setCurrentIndex(index);
    m_central->setCurrentWidget(m_tabs);
    statusBar()->showMessage(waiting == 0 ? tr("%1 connected.").arg(session->displayName())
                                          : tr("%1 connected; %2 more machines logging in.")
                                                .arg(session->displayName())
                                                .arg(waiting),
                             4000);
    showConsoleDockIfUseful(); // counts this machine; its hint replaces the message above
    updateActions();
}

// A finished session of a machine in a tab of its own, analysed off the GUI thread. It has no
// file: Save Profile As… writes one.
void MainWindow::openMachineSession(MachineSession* session, int index)
{
    std::shared_ptr<xsprof::Profile> profile = session->finishedProfile(index);
    if (!profile)
        return;
    profile->info.name = tr("%1 — session %2").arg(session->name()).arg(index + 1).toStdString();
    const QString name = QString::fromStdString(profile->info.name);
    statusBar()->showMessage(tr("Opening %1…").arg(name));
    QPointer<DebuggeePage> machine;
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (debuggee(i) && debuggee(i)->session() == session)
            machine = debuggee(i);
    }
    auto* job = new JobRunner(this); // one per session opened: several may be on their way
    job->run<ProfileDataPtr>(
        [profile](const xsprof::TaskControl&) {
            return ProfileDataPtr(ProfileData::create(std::shared_ptr<const xsprof::Profile>(profile), QString(), -1));
        },
        [this, job, name, machine, index](JobResult<ProfileDataPtr> result) {
            job->deleteLater();
            if (!result.ok()) {
                showLoadError(name, result.error);
                return;
            }
            addDocument(*result.value);
            if (machine) // a live profile: unsaved until saved
                m_unsaved->addSessionTab(m_tabs->currentWidget(), machine, index, (*result.value)->profile);
        });
}

void MainWindow::updateDebuggeeTab(DebuggeePage* machine)
{
    const int index = indexOf(machine);
    if (index < 0)
        return;
    m_tabs->setTabText(index, PlainText::escapeMnemonics(machine->tabText()));
    m_tabs->setTabIcon(index, machine->stateIcon());
    m_tabs->setTabToolTip(index, PlainText::toolTip(machine->tabToolTip()));
}

bool MainWindow::startDebugServer()
{
    return m_server->start();
}

void MainWindow::setRecoveryDirectory(const QString& directory)
{
    m_recovery = std::make_unique<RecoveryJournals>(directory);
    DebugServer* server = m_server->server();
    SessionSettings settings = server->sessionSettings();
    settings.journalDirectory = directory;
    server->setSessionSettings(settings);
}

int MainWindow::recoverProfiles()
{
    if (!m_recovery)
        return 0;
    QStringList errors;
    int count = 0;
    for (const RecoveryJournals::Recovered& r : m_recovery->recoverAll(&errors)) {
        for (size_t i = 0; i < r.sessions.size(); ++i) {
            const std::shared_ptr<xsprof::Profile>& profile = r.sessions[i];
            profile->info.name = (r.sessions.size() == 1 ? tr("%1 (recovered)").arg(r.machine)
                                                         : tr("%1 (recovered, session %2)").arg(r.machine).arg(i + 1))
                                     .toStdString();
            addDocument(ProfileData::create(profile, QString(), -1));
            m_unsaved->addRecoveredTab(m_tabs->currentWidget(), r.machine, int(i), profile, r.path);
            ++count;
        }
    }
    for (const QString& error : std::as_const(errors))
        showLoadError(m_recovery->directory(), error);
    m_recovery->enforceLimit(m_preferences->recoveryMaxBytes());
    if (count > 0)
        statusBar()->showMessage(tr("Recovered %n unsaved live profile(s) the last run left: save or close them.",
                                    nullptr, count));
    return count;
}

void MainWindow::showConsoleDockIfUseful()
{
    const QString choice = m_settings->value(SettingsKeys::consoleDockChoice, QStringLiteral("auto")).toString();
    if (choice == QLatin1String("hidden") || m_consoleDock->isVisible())
        return;
    int machines = 0;
    for (int i = 0; i < m_tabs->count(); ++i)
        machines += debuggee(i) != nullptr;
    if (choice == QLatin1String("shown")) {
        m_consoleDock->show();
        resizeDocks({m_consoleDock}, {std::max(120, height() / 6)}, Qt::Vertical); // a strip, not half the window
    } else if (machines == 2) {
        statusBar()->showMessage(tr("Two machines connected: View › Console (all machines) shows their logs together."),
                                 10000);
    }
}

DebuggerPanes* MainWindow::sourcesTab()
{
    if (!m_sourcesTab) {
        m_sourcesTab = new DebuggerPanes(nullptr, m_breakpoints);
        m_sourcesTab->sourcesPane()->setStore(m_settings, m_settings->value(SettingsKeys::lastMachineName).toString());
        m_sourcesTab->setPathMappings(m_preferences->pathMappings());
        m_tabs->addTab(m_sourcesTab, tr("Sources"));
    }
    m_tabs->setCurrentWidget(m_sourcesTab);
    m_central->setCurrentWidget(m_tabs);
    return m_sourcesTab;
}

bool MainWindow::openSource(const QString& path)
{
    DebuggerPanes* panes = nullptr;
    if (DebuggeePage* machine = currentDebuggee())
        panes = machine->debuggerPanes();
    else
        panes = sourcesTab();
    const bool ok = panes->source()->openLocalFile(path);
    if (!ok)
        statusBar()->showMessage(tr("Cannot read %1.").arg(path), 8000);
    return ok;
}
