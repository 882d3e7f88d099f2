#pragma once
// The machines of the window, as one object: the tabs of connected and departed XS machines
// (DebuggeePage) and the profiles opened from them, the Sources tab, the debug server and its
// status, the console of all machines, the breakpoints sent to every machine, the Debug menu,
// machine names, and the live profiles not saved yet with their crash-safety journals.
// Its tabs (MachineTab, LiveProfileTab, the Sources tab) are the window's WindowTabs': this
// object makes them and asks the owner to add, show and remove them; the window asks the
// tabs themselves (title, unsaved, profile, save, close).
#include "app/machines/unsavedprofiles.h"
#include "protocol/xsbugmessages.h"
#include "views/document/profiledata.h"

#include <QObject>

#include <memory>

class AllMachinesConsole;
struct IntakeBatch;
class ConnectedMachines;
class LeftMachines;
class DebuggeePage;
class DebugControls;
class DebuggerPanes;
class MachineDebugMenu;
class MachineSession;
class QAction;
class Preferences;
class ProfilePage;
class QMenu;
class QSettings;
class RecoveryJournals;
class ServerController;
class ServerStatusWidget;
class SharedBreakpoints;
class SourceOpening;
class WindowTabs;

class MachineTabs : public QObject
{
    Q_OBJECT
public:
    // `tabs` are the window's; `window` parents the questions and the docks of the console of
    // all machines (the window places them); `save` writes a live profile (Save… of the
    // unsaved-profiles question).
    MachineTabs(WindowTabs* tabs, QWidget* window, QSettings* settings, Preferences* preferences,
                SourceOpening* sourceOpening, UnsavedProfiles::Writer save);
    ~MachineTabs() override;

    // Listens for XS machines as the preferences say (not done by the constructor, so that a
    // window made for files alone never takes the port).
    bool startDebugServer();
    // Journals live profiles into `directory` (crash safety), bounded by the preferences.
    void setRecoveryDirectory(const QString& directory);
    // Opens what journals of an earlier run hold as "<machine> (recovered)" tabs, unsaved;
    // returns how many.
    int recoverProfiles();

    ServerController* serverController() const { return m_server; }
    ServerStatusWidget* serverStatus() const { return m_serverStatus; }
    UnsavedProfiles* unsavedProfiles() const { return m_unsaved; }
    AllMachinesConsole* allMachinesConsole() const { return m_console; }
    // Machines that came and went with nothing to keep (no tab), and those still without a tab.
    LeftMachines* leftMachines() const { return m_left; }
    ConnectedMachines* connectedMachines() const { return m_connected; }
    // Debug › Close Disconnected Machines: every tab of a machine that left (asking first for
    // unsaved profiles, once for all).
    void closeDisconnectedMachines();
    // Run, Break, Step, Step In, Step Out, Kill of the Debug menu, for the machine in front.
    DebugControls* frontControls() const;

    // The machine in tab `index` of the window, null for any other tab.
    DebuggeePage* debuggee(int index) const;
    DebuggeePage* currentDebuggee() const;
    // The "Sources" tab (the debugger panes without a machine), made on first use, in front.
    DebuggerPanes* sourcesTab();
    // File › Open Source…: shows a local file in the source pane of the machine in front, else
    // of the "Sources" tab (breakpoints before any machine runs); false when it cannot be read.
    bool openSource(const QString& path);

    // The window's part of the machines: the Debug menu and the View › Console action.
    void fillDebugMenu(QMenu* menu);
    QAction* consoleAction() const;
    QAction* conversationsAction() const; // View › Messages (all machines)
    // The tab in front changed, or what it shows: the Debug menu follows.
    void updateFront();

    // For the window's closeEvent: true when it may close now (journals are then deleted: all
    // was saved or discarded); otherwise the question is up and `closeAgain` runs after it.
    bool mayQuit(std::function<void()> closeAgain);
    // Keeps the debugger layout of the machine in front for the next run.
    void saveSettings();

signals:
    void statusMessage(const QString& text, int timeout);
    void errorOccurred(const QString& where, const QString& message);
    // The window shows its tabs rather than the welcome text (a machine came or broke).
    void tabsShowRequested();
    // The tab in front or its title, state or profile changed: the window's actions follow.
    void frontChanged();
    // A machine's live profile has its page now (the window attaches it as a file's).
    void pageCreated(ProfilePage* page);
    // Sessions › Compare Sessions… of the machine in `machineTab`.
    void sessionsCompareRequested(QWidget* machineTab);

private:
    void addReceived(MachineSession* session, const QString& label, const QDateTime& connectedAt,
                     const QList<xsbug::Log>& earnedBy);
    void takeBatch(const IntakeBatch& batch);
    void addSerialMachine(MachineSession* session, const QString& label);
    // The machine's tab, behind the one in front unless the window has none.
    // `keep`: it showed something before its tab (output), so the tab stays when it goes.
    DebuggeePage* addTab(MachineSession* session, const QString& label, const QDateTime& connectedAt, bool keep = false);
    DebuggeePage* createDebuggee(MachineSession* session);
    // A machine that left with nothing to keep: listed, and its tab gone unless in front.
    void leftEmpty(DebuggeePage* machine);
    void connectDebuggee(DebuggeePage* machine, bool keep);
    void comeForwardOnBreak(DebuggeePage* machine);
    void updateDebuggeeTab(DebuggeePage* machine);
    void openMachineSession(MachineSession* session, int index);
    // A live profile without a file in a tab of its own, in front (LiveProfileTab).
    ProfilePage* openLiveProfile(const ProfileDataPtr& data);
    void followPreferences();
    // A message of the all-machines view was double-clicked: its machine's tab goes there.
    void openMachineLocation(const QString& machineTitle, const QString& path, int line);

    WindowTabs* m_tabs;
    QSettings* m_settings;
    Preferences* m_preferences;
    SourceOpening* m_sourceOpening;
    ServerController* m_server;
    ServerStatusWidget* m_serverStatus;
    SharedBreakpoints* m_breakpoints;
    AllMachinesConsole* m_console;
    MachineDebugMenu* m_debugMenu;
    UnsavedProfiles* m_unsaved; // live profiles not saved yet: asks before they are lost
    std::unique_ptr<RecoveryJournals> m_recovery; // null: no journals
    DebuggerPanes* m_sourcesTab = nullptr;
    LeftMachines* m_left;
    ConnectedMachines* m_connected;
    QAction* m_closeDisconnected;
};
