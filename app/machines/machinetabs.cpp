#include "machinetabs.h"

#include "app/debugger/consoleevaluator.h"
#include "app/debugger/consolemodel.h"
#include "app/debugger/conversationmodel.h"
#include "app/debugger/debugcontrols.h"
#include "app/debugger/debuggeepage.h"
#include "app/debugger/debuggerpanes.h"
#include "app/debugger/debuggersourcepane.h"
#include "app/debugger/sourcespane.h"
#include "app/machines/allmachinesconsole.h"
#include "app/machines/connectedmachines.h"
#include "app/machines/leftmachines.h"
#include "app/machines/liveprofiletab.h"
#include "app/machines/machinedebugmenu.h"
#include "app/machines/machineintake.h"
#include "app/machines/machinetab.h"
#include "app/machines/recoveryjournals.h"
#include "app/machines/servercontroller.h"
#include "app/machines/serverstatuswidget.h"
#include "app/machines/sharedbreakpoints.h"
#include "app/preferences.h"
#include "app/settingskeys.h"
#include "app/sourceopening.h"
#include "app/tabs/plaintab.h"
#include "app/tabs/windowtabs.h"
#include "protocol/debugserver.h"
#include "protocol/machinesession.h"
#include "protocol/quietmachines.h"
#include "protocol/sessionexpressions.h"
#include "views/document/jobrunner.h"
#include "views/profilepage.h"

#include <QAction>
#include <QPointer>
#include <QSettings>
#include <QWidget>

MachineTabs::MachineTabs(WindowTabs* tabs, QWidget* window, QSettings* settings, Preferences* preferences,
                         SourceOpening* sourceOpening, UnsavedProfiles::Writer save)
    : QObject(window), m_tabs(tabs), m_settings(settings), m_preferences(preferences), m_sourceOpening(sourceOpening),
      m_server(new ServerController(preferences, this)), m_serverStatus(new ServerStatusWidget(m_server)),
      m_breakpoints(new SharedBreakpoints(settings, m_server->server(), this)),
      m_console(new AllMachinesConsole(window, settings, preferences->consoleLines())),
      m_debugMenu(new MachineDebugMenu(preferences, this)), m_unsaved(new UnsavedProfiles(window, std::move(save))),
      m_left(new LeftMachines(this)), m_connected(new ConnectedMachines(this)),
      m_closeDisconnected(new QAction(tr("Close &Disconnected Machines"), this))
{
    MachineIntake* intake = m_server->intake();
    connect(intake, &MachineIntake::machineReady, this, &MachineTabs::addReceived);
    connect(intake, &MachineIntake::serialMachineConnected, this, &MachineTabs::addSerialMachine);
    connect(intake, &MachineIntake::serialMachineShown, this,
            [this](MachineSession* session, const QString& label, const QDateTime& connectedAt, const xsbug::Log* log) {
                DebuggeePage* machine = addTab(session, label, connectedAt, log != nullptr);
                if (log) // the line that earned the tab, sent before the tab's console listened
                    machine->debuggerPanes()->consoleModel()->appendLog(*log);
            });
    connect(intake, &MachineIntake::serialMachineLeft, this,
            [this](MachineSession* session, const QString& label, const QDateTime& connectedAt) {
                m_left->add({session->name(), label, connectedAt, connectedAt.msecsTo(QDateTime::currentDateTime())});
            });
    connect(intake, &MachineIntake::batchReady, this, &MachineTabs::takeBatch);
    intake->setMaxLines(preferences->consoleLines());
    connect(m_console, &AllMachinesConsole::shownChanged, intake, &MachineIntake::setOutputSeen);
    m_closeDisconnected->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_W));
    m_closeDisconnected->setToolTip(tr("Close the tabs of every machine that has left"));
    connect(m_closeDisconnected, &QAction::triggered, this, &MachineTabs::closeDisconnectedMachines);
    connect(m_unsaved, &UnsavedProfiles::changed, m_tabs, &WindowTabs::refreshAll); // the unsaved marks
    m_serverStatus->setLeftMachines(m_left);
    m_serverStatus->setConnectedMachines(m_connected);
    connect(m_console, &AllMachinesConsole::statusMessage, this, &MachineTabs::statusMessage);
    connect(m_console, &AllMachinesConsole::locationRequested, this, &MachineTabs::openMachineLocation);
    followPreferences();
}

MachineTabs::~MachineTabs() = default;


void MachineTabs::followPreferences()
{
    connect(m_preferences, &Preferences::pathMappingsChanged, this, [this] {
        const PathMappings mappings = m_preferences->pathMappings();
        for (int i = 0; i < m_tabs->count(); ++i) {
            if (DebuggeePage* machine = debuggee(i))
                machine->debuggerPanes()->setPathMappings(mappings);
        }
    });
    connect(m_preferences, &Preferences::xscPathChanged, this, [this] {
        const QString xsc = m_preferences->xscPath();
        for (int i = 0; i < m_tabs->count(); ++i) {
            if (DebuggeePage* machine = debuggee(i)) {
                machine->session()->expressions()->setCompilerPath(xsc);
                machine->debuggerPanes()->evaluator()->updateField();
            }
        }
    });
    connect(m_preferences, &Preferences::consoleLinesChanged, this, [this](int lines) {
        m_console->setMaxLines(lines);
        m_server->intake()->setMaxLines(lines);
        for (int i = 0; i < m_tabs->count(); ++i) {
            if (DebuggeePage* machine = debuggee(i))
                machine->debuggerPanes()->consoleModel()->setMaxLines(lines);
        }
    });
}

bool MachineTabs::startDebugServer()
{
    return m_server->start();
}

DebugControls* MachineTabs::frontControls() const
{
    return m_debugMenu->frontControls();
}

// A machine of the intake that earned a tab; its messages wait until everything listens.
void MachineTabs::addReceived(MachineSession* session, const QString& label, const QDateTime& connectedAt,
                              const QList<xsbug::Log>& earnedBy)
{
    m_connected->add(session);
    m_console->attach(session, label.isEmpty() ? session->name() : label);
    DebuggeePage* machine = addTab(session, label, connectedAt, !earnedBy.isEmpty());
    for (const xsbug::Log& log : earnedBy) // sent before the tab's console listened
        machine->debuggerPanes()->consoleModel()->appendLog(log);
    // Once every receiver of machineReady has connected too.
    QMetaObject::invokeMethod(session, &MachineSession::resumeDelivery, Qt::QueuedConnection);
}

// What the intake says of the machines it holds, a few times a second.
void MachineTabs::takeBatch(const IntakeBatch& batch)
{
    if (!batch.lines.empty() || batch.linesNotShown > 0)
        m_console->appendLines(batch.lines, batch.linesNotShown);
    for (const IntakeBatch::Message& message : batch.messages)
        m_console->conversationModel()->append(message.bubble, message.source);
    if (!batch.left.empty())
        m_left->add(batch.left);
    m_connected->setHeldElsewhere(batch.held);
}

// A serial machine as it logs in: the intake gives it a tab (serialMachineShown) once it earns one.
void MachineTabs::addSerialMachine(MachineSession* session, const QString& label)
{
    m_connected->add(session);
    m_console->attach(session, label.isEmpty() ? session->name() : label);
}

DebuggeePage* MachineTabs::addTab(MachineSession* session, const QString& label, const QDateTime& connectedAt, bool keep)
{
    DebuggeePage* machine = createDebuggee(session);
    machine->setConnectedAt(connectedAt);
    if (!label.isEmpty())
        machine->setLabel(label);
    connectDebuggee(machine, keep);
    // Behind the tab in front: a machine never takes it from the user unless it breaks.
    // Its number is taken while its tab is open, whether the machine is there or not.
    auto release = [intake = m_server->intake(), name = session->name(), label] { intake->releaseName(name, label); };
    m_tabs->add(std::make_unique<MachineTab>(machine, m_unsaved, m_settings, release), WindowTabs::Place::Behind);
    if (session->state() == MachineSession::State::Broken) // it broke while held, or at its first line
        comeForwardOnBreak(machine);
    // Samples arriving make it unsaved: its mark comes (more samples cannot take it away).
    connect(session, &MachineSession::profileUpdated, machine, [this, machine] { m_tabs->refreshMark(machine); });
    emit tabsShowRequested();
    if (currentDebuggee() == machine)
        emit statusMessage(tr("%1 connected.").arg(session->displayName()), 4000);
    else
        m_tabs->markOpenedBehind(machine, tr("%1 connected; its tab opened behind the one in front, marked in the "
                                             "tab strip.")
                                              .arg(session->displayName())); // in view in the strip, marked until seen
    m_console->machineConnected(m_connected->count()); // its hint replaces the message above
    emit frontChanged();
    return machine;
}

// A machine's page, arranged as the machine in front, else as the one kept from last time.
DebuggeePage* MachineTabs::createDebuggee(MachineSession* session)
{
    const DebuggeePage* arranged = currentDebuggee();
    const QByteArray layout = arranged ? arranged->debuggerPanes()->saveLayout()
                                       : m_settings->value(SettingsKeys::debuggerLayout).toByteArray();
    auto* machine = new DebuggeePage(session, m_breakpoints->model());
    m_unsaved->addMachine(machine);
    if (m_recovery) // the disk never fills: the oldest journals go first
        m_recovery->enforceLimit(m_preferences->recoveryMaxBytes(), session->journalPath());
    if (!layout.isEmpty())
        machine->debuggerPanes()->restoreLayout(layout);
    for (QAction* action : machine->debuggerPanes()->controls()->actions())
        action->setShortcut({}); // the Debug menu's carry them: one shortcut, no ambiguity
    machine->debuggerPanes()->sourcesPane()->setStore(m_settings, session->name());
    m_settings->setValue(SettingsKeys::lastMachineName, session->name());
    machine->debuggerPanes()->consoleModel()->setMaxLines(m_preferences->consoleLines());
    machine->debuggerPanes()->setPathMappings(m_preferences->pathMappings());
    m_sourceOpening->attach(machine->debuggerPanes()); // double-click on a frame: the user's editor
    return machine;
}

void MachineTabs::connectDebuggee(DebuggeePage* machine, bool keep)
{
    MachineSession* session = machine->session();
    // What it leaves behind decides whether its tab stays when it goes: a break or unread output
    // (even before its tab: the output that earned it, a break at its first line) always.
    auto kept = std::make_shared<bool>(keep || session->state() == MachineSession::State::Broken);
    connect(session, &MachineSession::broke, machine, [kept] { *kept = true; });
    connect(session, &MachineSession::logged, machine, [this, kept] { *kept = *kept || !m_console->isShown(); });
    connect(session, &MachineSession::disconnected, this, [this, machine, kept] {
        if (!*kept && !QuietMachines::hasSamples(machine->session()))
            leftEmpty(machine);
    });
    connect(session, &MachineSession::broke, this, [this, machine] { comeForwardOnBreak(machine); });
    connect(machine, &DebuggeePage::titleChanged, this, [this, machine] {
        updateDebuggeeTab(machine);
        emit frontChanged();
    });
    connect(machine, &DebuggeePage::profilingChanged, this, &MachineTabs::frontChanged);
    connect(machine, &DebuggeePage::closeConfirmed, this, [this, machine] { m_tabs->remove(machine); });
    connect(machine, &DebuggeePage::sessionOpenRequested, this,
            [this, machine](int index) { openMachineSession(machine->session(), index); });
    connect(machine, &DebuggeePage::sessionsCompareRequested, this,
            [this, machine] { emit sessionsCompareRequested(machine); });
    connect(machine, &DebuggeePage::statusMessage, this, [this](const QString& text) { emit statusMessage(text, 8000); });
    connect(machine, &DebuggeePage::profilePageCreated, this, [this, machine](ProfilePage* page) {
        emit pageCreated(page);
        if (machine == currentDebuggee())
            emit frontChanged();
    });
}

// A machine that breaks comes forward, unless the tab in front is already a broken machine.
void MachineTabs::comeForwardOnBreak(DebuggeePage* machine)
{
    const DebuggeePage* front = currentDebuggee();
    if (!front || front == machine || front->session()->state() != MachineSession::State::Broken)
        m_tabs->setCurrent(machine);
    emit tabsShowRequested();
}

void MachineTabs::leftEmpty(DebuggeePage* machine)
{
    if (machine == currentDebuggee())
        return; // the user is looking at it
    m_left->add({machine->session()->name(), machine->title() == machine->session()->name() ? QString() : machine->title(),
                 machine->connectedAt(), machine->connectedAt().msecsTo(QDateTime::currentDateTime())});
    m_tabs->remove(machine);
}

void MachineTabs::closeDisconnectedMachines()
{
    QList<QPointer<DebuggeePage>> gone;
    QList<UnsavedProfiles::Item> unsaved;
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (DebuggeePage* machine = debuggee(i); machine && !machine->isConnected()) {
            gone << machine;
            unsaved += m_unsaved->unsaved(machine);
        }
    }
    if (gone.isEmpty()) {
        emit statusMessage(tr("No disconnected machine to close."), 4000);
        return;
    }
    m_unsaved->confirm(unsaved, tr("Close Disconnected Machines"), [this, gone] {
        for (const QPointer<DebuggeePage>& machine : gone) {
            if (machine)
                m_tabs->remove(machine);
        }
    });
}

void MachineTabs::updateDebuggeeTab(DebuggeePage* machine)
{
    m_tabs->refresh(machine);
}

// A finished session of a machine in a tab of its own, analysed off the GUI thread. It has no
// file: Save Profile As… writes one.
void MachineTabs::openMachineSession(MachineSession* session, int index)
{
    std::shared_ptr<xsprof::Profile> profile = session->finishedProfile(index);
    if (!profile)
        return;
    profile->info.name = tr("%1 — session %2").arg(session->name()).arg(index + 1).toStdString();
    const QString name = QString::fromStdString(profile->info.name);
    emit statusMessage(tr("Opening %1…").arg(name), 0);
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
                emit errorOccurred(name, result.error);
                return;
            }
            ProfilePage* page = openLiveProfile(*result.value);
            if (machine) // a live profile: unsaved until saved
                m_unsaved->addSessionTab(page, machine, index, (*result.value)->profile);
        });
}

void MachineTabs::setRecoveryDirectory(const QString& directory)
{
    m_recovery = std::make_unique<RecoveryJournals>(directory);
    DebugServer* server = m_server->server();
    SessionSettings settings = server->sessionSettings();
    settings.journalDirectory = directory;
    server->setSessionSettings(settings);
}

int MachineTabs::recoverProfiles()
{
    if (!m_recovery)
        return 0;
    QStringList errors;
    int count = 0;
    for (const RecoveryJournals::Recovered& r : m_recovery->recoverAll(&errors)) {
        for (size_t i = 0; i < r.sessions.size(); ++i) {
            const std::shared_ptr<xsprof::Profile>& profile = r.sessions[i];
            const int session = r.sessionNumbers[i]; // its number in the journal, saved ones left out
            profile->info.name = (r.sessions.size() == 1 ? tr("%1 (recovered)").arg(r.machine)
                                                         : tr("%1 (recovered, session %2)").arg(r.machine).arg(session + 1))
                                     .toStdString();
            ProfilePage* page = openLiveProfile(ProfileData::create(profile, QString(), -1));
            m_unsaved->addRecoveredTab(page, r.machine, session, profile, r.path);
            ++count;
        }
    }
    for (const QString& error : std::as_const(errors))
        emit errorOccurred(m_recovery->directory(), error);
    m_recovery->enforceLimit(m_preferences->recoveryMaxBytes());
    if (count > 0)
        emit statusMessage(tr("Recovered %n unsaved live profile(s) the last run left: save or close them.", nullptr,
                              count),
                           0);
    return count;
}

ProfilePage* MachineTabs::openLiveProfile(const ProfileDataPtr& data)
{
    return m_tabs->openProfile(data, [this](ProfilePage* page) { return std::make_unique<LiveProfileTab>(page, m_unsaved); });
}

// The machines' own tabs are told from the others by their page.
DebuggeePage* MachineTabs::debuggee(int index) const
{
    const DocumentTab* tab = m_tabs->at(index);
    return tab ? qobject_cast<DebuggeePage*>(tab->widget()) : nullptr;
}

DebuggeePage* MachineTabs::currentDebuggee() const
{
    return debuggee(m_tabs->currentIndex());
}

void MachineTabs::openMachineLocation(const QString& machineTitle, const QString& path, int line)
{
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (DebuggeePage* machine = debuggee(i); machine && machine->title() == machineTitle) {
            m_tabs->setCurrent(i);
            machine->debuggerPanes()->openFrameSource(path, line);
            return;
        }
    }
    DebuggerPanes* panes = currentDebuggee() ? currentDebuggee()->debuggerPanes() : sourcesTab();
    panes->openFrameSource(path, line);
}

DebuggerPanes* MachineTabs::sourcesTab()
{
    if (!m_sourcesTab) {
        m_sourcesTab = new DebuggerPanes(nullptr, m_breakpoints->model());
        m_sourcesTab->sourcesPane()->setStore(m_settings, m_settings->value(SettingsKeys::lastMachineName).toString());
        m_sourcesTab->setPathMappings(m_preferences->pathMappings());
        m_tabs->add(std::make_unique<PlainTab>(m_sourcesTab, tr("Sources"), [this] { m_sourcesTab = nullptr; }));
    }
    m_tabs->setCurrent(m_sourcesTab);
    emit tabsShowRequested();
    return m_sourcesTab;
}

bool MachineTabs::openSource(const QString& path)
{
    DebuggerPanes* panes = nullptr;
    if (DebuggeePage* machine = currentDebuggee())
        panes = machine->debuggerPanes();
    else
        panes = sourcesTab();
    const bool ok = panes->source()->openLocalFile(path);
    if (!ok)
        emit statusMessage(tr("Cannot read %1.").arg(path), 8000);
    return ok;
}

void MachineTabs::fillDebugMenu(QMenu* menu)
{
    m_debugMenu->fill(menu);
    menu->addSeparator();
    menu->addAction(m_closeDisconnected);
}

QAction* MachineTabs::conversationsAction() const
{
    return m_console->conversationsAction();
}

QAction* MachineTabs::consoleAction() const
{
    return m_console->toggleViewAction();
}

void MachineTabs::updateFront()
{
    m_debugMenu->setFront(currentDebuggee());
}

bool MachineTabs::mayQuit(std::function<void()> closeAgain)
{
    if (!m_unsaved->mayQuit(std::move(closeAgain)))
        return false;
    m_unsaved->releaseJournals(); // everything was saved or discarded
    return true;
}

void MachineTabs::saveSettings()
{
    if (DebuggeePage* machine = currentDebuggee())
        m_settings->setValue(SettingsKeys::debuggerLayout, machine->debuggerPanes()->saveLayout());
}
