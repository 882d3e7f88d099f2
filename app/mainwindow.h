#pragma once
// The window: menus, one tab per open profile or connected XS machine, the status bar. It
// wires the loader and the debug server to the pages; pages do their own work.
#include "views/document/profiledata.h"

#include <QHash>
#include <QMainWindow>
#include <QPointer>

#include <memory>

class DebuggeePage;
class LoadErrorDialog;
class DebuggerPanes;
class DebugControls;
class LoadStatusWidget;
class MachineSession;
class Preferences;
class PreferencesDialog;
class BreakpointsModel;
class ConsoleModel;
class QDockWidget;
class ServerController;
class ServerStatusWidget;
class SourceOpening;
class OriginalSources;
class ProfileOpenJob;
class ProfilePage;
class QAction;
class QSettings;
class QStackedWidget;
class QTabWidget;
class RecentFiles;
class UnsavedProfiles;
class RecoveryJournals;

class MainWindow : public QMainWindow
{
    Q_OBJECT
public:
    static inline const QString exampleProfile = QStringLiteral(":/examples/example.cpuprofile");

    // `settings` must outlive the window.
    explicit MainWindow(QSettings* settings, QWidget* parent = nullptr);
    ~MainWindow() override;

    void openFiles(const QStringList& paths);
    void openFile(const QString& path, int profileIndex = -1);
    // Reopens the files open when the window last closed; false when there were none left.
    bool reopenLastSession();
    // Opens the bundled example profile when the resource is there.
    bool openExample();

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
    Preferences* preferences() const { return m_preferences; }
    PreferencesDialog* showPreferences();

    // Tabs: files and machines. page() is the profile shown in a tab, null for a machine
    // that has not sent a profile yet.
    int documentCount() const;
    ProfilePage* page(int index) const;
    ProfilePage* currentPage() const;
    DebuggeePage* debuggee(int index) const; // null for a file tab
    DebuggeePage* currentDebuggee() const;
    int indexOf(QWidget* tab) const;
    // The tab of an open file (any of its profiles when `profileIndex` is -1), else -1.
    int indexOfFile(const QString& path, int profileIndex = -1) const;
    LoadErrorDialog* loadErrorDialog() const; // while one is shown
    QTabWidget* tabWidget() const { return m_tabs; }
    void closeDocument(int index);
    bool saveCurrentProfile(const QString& path);
    // File › Open Source…: shows a local file in the source pane of the machine in front, else
    // of the "Sources" tab (breakpoints before any machine runs); false when it cannot be read.
    bool openSource(const QString& path);
    // The "Sources" tab (the debugger panes without a machine), made on first use.
    DebuggerPanes* sourcesTab();
    // Run, Break, Step, Step In, Step Out, Kill of the Debug menu, for the machine in front.
    DebugControls* frontControls() const { return m_frontControls; }
    ProfileOpenJob* loader() const { return m_loader; }
    UnsavedProfiles* unsavedProfiles() const { return m_unsaved; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void restoreSettings();
    void saveSettings();
    void showOpenDialog();
    void showSaveDialog();
    void showAbout();
    void addDocument(const ProfileDataPtr& data);
    void showLoadError(const QString& path, const QString& message);
    void askForProfile(const QString& path, const QStringList& profiles, int suggested);
    void updateActions();
    void addDebuggee(MachineSession* session);
    void updateDebuggeeTab(DebuggeePage* debuggee);
    void openMachineSession(MachineSession* session, int index);
    void removeTab(int index);
    // Ctrl+Tab and friends: the document `step` tabs away, its main view focused.
    void switchDocument(int step);
    void focusCurrentDocument();
    void refreshFileTabTitles();
    void placeForFirstStart();
    void showConsoleDockIfUseful();
    void closeDocumentNow(int index);
    bool saveProfile(const xsprof::Profile& profile, const QString& path);
    // A machine's is a copy of everything received so far: use hasCurrentProfile() to ask.
    std::shared_ptr<const xsprof::Profile> currentProfile() const;
    bool hasCurrentProfile() const;

    QSettings* m_settings;
    ProfileOpenJob* m_loader;
    QStackedWidget* m_central;
    QTabWidget* m_tabs;
    LoadStatusWidget* m_loadStatus;
    RecentFiles* m_recent = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_closeAction = nullptr;
    QList<QAction*> m_pageActions; // need a page
    QAction* m_orderAction = nullptr;
    OriginalSources* m_originalSources = nullptr; // View › Original Sources
    QAction* m_profilingAction = nullptr;
    QAction* m_profileOnStartAction = nullptr;
    Preferences* m_preferences;
    BreakpointsModel* m_breakpoints; // shared by every machine, kept in the settings
    ConsoleModel* m_allConsole = nullptr; // every machine's log, kept after they leave
    QDockWidget* m_consoleDock = nullptr;
    DebuggerPanes* m_sourcesTab = nullptr;
    DebugControls* m_frontControls = nullptr; // Debug menu: the machine in front
    QHash<QString, int> m_machinesByName;     // to number repeated names: "xst #2"

    ServerController* m_server;
    ServerStatusWidget* m_serverStatus;
    SourceOpening* m_sourceOpening;
    QPointer<LoadErrorDialog> m_loadErrors; // while shown
    UnsavedProfiles* m_unsaved; // live profiles not saved yet: asks before they are lost
    std::unique_ptr<RecoveryJournals> m_recovery; // null: no journals
};
