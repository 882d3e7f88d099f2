#pragma once
// The machines of the window, as one object: the tabs of connected and departed XS machines
// (DebuggeePage) and the profiles opened from them, the Sources tab, the debug server and its
// status, the console of all machines, the breakpoints sent to every machine, the Debug menu,
// machine names, and the live profiles not saved yet with their crash-safety journals.
// Machine tabs share the window's tab widget with files; the window asks this object about a
// tab and does the rest (files, menus, the status bar).
#include "app/machines/unsavedprofiles.h"
#include "protocol/xsbugmessages.h"
#include "views/document/profiledata.h"

#include <QObject>

#include <functional>
#include <memory>

class AllMachinesConsole;
struct IntakeBatch;
class ConnectedMachines;
class LeftMachines;
class QuietMachines;
class DebuggeePage;
class DebugControls;
class DebuggerPanes;
class MachineDebugMenu;
class MachineSession;
class NewTabMarker;
class QAction;
class Preferences;
class ProfilePage;
class QMainWindow;
class QMenu;
class QSettings;
class QTabWidget;
class RecoveryJournals;
class ServerController;
class ServerStatusWidget;
class SharedBreakpoints;
class SourceOpening;

class MachineTabs : public QObject
{
    Q_OBJECT
public:
    // Opens a profile in a tab of its own, as a file's, made current; returns its page.
    using DocumentOpener = std::function<ProfilePage*(const ProfileDataPtr& data)>;

    // Adds the console of all machines to `window` as a dock (hidden). `tabs` is the window's
    // tab widget; `save` writes a live profile (Save… of the unsaved-profiles question).
    MachineTabs(QMainWindow* window, QTabWidget* tabs, QSettings* settings, Preferences* preferences,
                SourceOpening* sourceOpening, DocumentOpener openDocument, UnsavedProfiles::Writer save);
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
    // A machine that came another way (a serial port): a tab as a TCP machine's.
    void addMachine(MachineSession* session) { addDebuggee(session); }
    ServerStatusWidget* serverStatus() const { return m_serverStatus; }
    UnsavedProfiles* unsavedProfiles() const { return m_unsaved; }
    AllMachinesConsole* allMachinesConsole() const { return m_console; }
    // Machines that came and went with nothing to keep (no tab), and those still without a tab.
    LeftMachines* leftMachines() const { return m_left; }
    ConnectedMachines* connectedMachines() const { return m_connected; }
    int machinesWithoutTab() const;
    // Debug › Close Disconnected Machines: every tab of a machine that left (asking first for
    // unsaved profiles, once for all).
    NewTabMarker* newTabMarker() const { return m_newTabs; }
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

    // What the window asks about a tab.
    bool isMachineTab(const QWidget* tab) const;
    ProfilePage* profilePage(QWidget* tab) const; // a machine's live profile, null before any
    QString title(QWidget* tab) const;            // a machine's title
    bool hasProfile(QWidget* tab) const;          // a machine has sent one
    // `tab` holds a live profile not saved yet (a machine's, or a tab opened from one).
    bool isUnsaved(QWidget* tab) const;
    // Every tab's unsaved mark follows what is saved (unsavedChanged when one changed).
    void refreshUnsavedMarks();
    // A copy of everything a machine received so far (newer than what its views show).
    std::shared_ptr<const xsprof::Profile> profile(QWidget* tab) const;

    // The window's part of the machines: the Debug menu and the View › Console action.
    void fillDebugMenu(QMenu* menu);
    QAction* consoleAction() const;
    QAction* conversationsAction() const; // View › Messages (all machines)
    // The tab in front changed, or what it shows: the Debug menu follows.
    void updateFront();

    // Closing: asks before unsaved live profiles of `tab` are lost, then calls `proceed`.
    void confirmClose(QWidget* tab, const QString& action, std::function<void()> proceed);
    // Closes a machine's tab (asking first while it is connected) or the Sources tab: true
    // when `tab` is one of them (removeTabRequested follows when it may go).
    bool closeTab(QWidget* tab);
    // `tab` leaves the window (any tab: profiles opened from machines are unsaved too).
    void aboutToRemove(QWidget* tab);
    // The live profile of `tab` was written to a file.
    void markSaved(QWidget* tab, const xsprof::Profile& saved);
    // For the window's closeEvent: true when it may close now (journals are then deleted: all
    // was saved or discarded); otherwise the question is up and `closeAgain` runs after it.
    bool mayQuit(std::function<void()> closeAgain);
    // Keeps the debugger layout of the machine in front for the next run.
    void saveSettings();

signals:
    void statusMessage(const QString& text, int timeout);
    // A note shown without timeout no longer holds (a new machine's tab has been seen).
    void statusMessageWithdrawn(const QString& text);
    void errorOccurred(const QString& where, const QString& message);
    // The window shows its tabs rather than the welcome text (a machine came or broke).
    void tabsShowRequested();
    // The tab in front or its title, state or profile changed: the window's actions follow.
    void frontChanged();
    // A machine's live profile has its page now (the window attaches it as a file's).
    void pageCreated(ProfilePage* page);
    void removeTabRequested(QWidget* tab);
    // A tab's unsaved mark came or went.
    void unsavedChanged();
    // Sessions › Compare Sessions… of the machine in `machineTab`.
    void sessionsCompareRequested(QWidget* machineTab);

private:
    void addReceived(MachineSession* session, const QString& label, const QDateTime& connectedAt,
                     const QList<xsbug::Log>& earnedBy);
    void takeBatch(const IntakeBatch& batch);
    void addDebuggee(MachineSession* session);
    // The machine's tab, behind the one in front unless the window has none.
    DebuggeePage* addTab(MachineSession* session, const QString& label, const QDateTime& connectedAt);
    DebuggeePage* createDebuggee(MachineSession* session);
    // A machine that left with nothing to keep: listed, and its tab gone unless in front.
    void leftEmpty(DebuggeePage* machine);
    void connectDebuggee(DebuggeePage* machine);
    void updateDebuggeeTab(DebuggeePage* machine);
    void openMachineSession(MachineSession* session, int index);
    void followPreferences();
    // A message of the all-machines view was double-clicked: its machine's tab goes there.
    void openMachineLocation(const QString& machineTitle, const QString& path, int line);

    QMainWindow* m_window;
    QTabWidget* m_tabs;
    QSettings* m_settings;
    Preferences* m_preferences;
    SourceOpening* m_sourceOpening;
    DocumentOpener m_openDocument;
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
    QuietMachines* m_quiet;
    QAction* m_closeDisconnected;
    NewTabMarker* m_newTabs; // a machine's tab opened behind the front one
};
