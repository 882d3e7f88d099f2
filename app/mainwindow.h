#pragma once
// The window: menus, docks and the status bar around its tabs (WindowTabs, their one owner).
// It builds the window and connects the parts: the loader of files, the tabs, and the
// machines (MachineTabs, one object); tabs and pages do their own work.
#include "views/document/profiledata.h"

#include <QMainWindow>
#include <QPointer>

#include <memory>

class DevicesPane;
class LoadErrorDialog;
class LoadStatusWidget;
class MachineTabs;
class OriginalSources;
class Preferences;
class PreferencesDialog;
class ProfileOpenJob;
class ProfilePage;
class QAction;
class QSettings;
class QStackedWidget;
class RecentFiles;
class SourceOpening;
class WindowTabs;

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
    // A collection (an SQLite database made by `xsprof collect`): its traces and merged profile.
    void openCollection(const QString& path);
    // Reopens the files open when the window last closed; false when there were none left.
    bool reopenLastSession();
    // Opens the bundled example profile when the resource is there.
    bool openExample();

    // The machines: their tabs, the debug server, recovery of live profiles.
    MachineTabs* machines() const { return m_machines; }
    DevicesPane* devices() const { return m_devices; }
    Preferences* preferences() const { return m_preferences; }
    PreferencesDialog* showPreferences();

    // The tabs: files, machines, comparisons, collections. The shortcuts below ask them:
    // page() is the profile shown in a tab, null for a machine that has not sent one yet.
    WindowTabs* tabs() const { return m_tabs; }
    int documentCount() const;
    ProfilePage* page(int index) const;
    ProfilePage* currentPage() const;
    int indexOf(QWidget* tab) const;
    // The tab of an open file (any of its profiles when `profileIndex` is -1), else -1.
    int indexOfFile(const QString& path, int profileIndex = -1) const;
    void closeDocument(int index);
    LoadErrorDialog* loadErrorDialog() const; // while one is shown
    // Save Profile As… of the tab in front, to `path`.
    bool saveCurrentProfile(const QString& path);
    // What Save Profile As… suggests for tab `index`: its file name (a live profile's, the
    // machine's and the time: "xst-2026-11-26-0412") in the folder profiles were last saved to.
    QString suggestedSavePath(int index) const;
    ProfileOpenJob* loader() const { return m_loader; }
    QSettings* settings() const { return m_settings; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void connectTabs();
    void connectMachines();
    void addMachineDocks(); // the console and messages of all machines
    void addDevicesDock(); // the Devices pane: boards on serial ports
    void restoreSettings();
    void saveSettings();
    void showOpenDialog();
    void showSaveDialog();
    // The unsaved-profiles question's Save…, for `profile` ("xst #2 — session 1").
    QString askSavePath(const QString& suggestedName, const QString& profile);
    void showAbout();
    void addDocument(const ProfileDataPtr& data);
    // What every profile page gets: path mappings, source opening, the Bottom-up check mark.
    void attachPage(ProfilePage* page);
    // What a profile page of its own gets besides (a file's, a session's): original sources,
    // its status messages, callers and callees.
    void attachOpenedPage(ProfilePage* page);
    void showLoadError(const QString& path, const QString& message);
    void askForProfile(const QString& path, const QStringList& profiles, int suggested);
    void updateActions();
    // The window title follows the tab in front: its label, and its unsaved mark.
    void refreshWindowTitle();
    void placeForFirstStart();
    bool saveProfile(const xsprof::Profile& profile, const QString& path);

    QSettings* m_settings;
    ProfileOpenJob* m_loader;
    QStackedWidget* m_central;
    WindowTabs* m_tabs;
    LoadStatusWidget* m_loadStatus;
    RecentFiles* m_recent = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_closeAction = nullptr;
    QList<QAction*> m_pageActions; // need a page
    QAction* m_orderAction = nullptr;
    OriginalSources* m_originalSources = nullptr; // View › Original Sources
    Preferences* m_preferences;
    SourceOpening* m_sourceOpening;
    MachineTabs* m_machines;
    DevicesPane* m_devices = nullptr; // serial boards, in the Devices dock
    QPointer<LoadErrorDialog> m_loadErrors; // while shown
};
