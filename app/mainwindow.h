#pragma once
// The window: menus, one tab per open profile or connected XS machine, the status bar. It
// wires the loader and the debug server to the pages; pages do their own work.
#include "views/document/profiledata.h"

#include <QMainWindow>

class DebuggeePage;
class LoadStatusWidget;
class MachineSession;
class Preferences;
class PreferencesDialog;
class BreakpointsModel;
class ConsoleModel;
class QDockWidget;
class ServerController;
class ServerStatusWidget;
class ProfileOpenJob;
class ProfilePage;
class QAction;
class QSettings;
class QStackedWidget;
class QTabWidget;
class RecentFiles;

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
    QTabWidget* tabWidget() const { return m_tabs; }
    void closeDocument(int index);
    bool saveCurrentProfile(const QString& path);
    ProfileOpenJob* loader() const { return m_loader; }

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
    QAction* m_profilingAction = nullptr;
    QAction* m_profileOnStartAction = nullptr;
    Preferences* m_preferences;
    BreakpointsModel* m_breakpoints; // shared by every machine, kept in the settings
    ConsoleModel* m_allConsole = nullptr; // every machine's log, kept after they leave
    QDockWidget* m_consoleDock = nullptr;
    ServerController* m_server;
    ServerStatusWidget* m_serverStatus;
};
