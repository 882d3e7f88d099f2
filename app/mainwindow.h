#pragma once
// The window: menus, one tab per open profile or connected XS machine, the status bar. It
// builds the window and connects the parts: the loader and the pages of files, and the
// machines (MachineTabs, one object); pages do their own work.
#include "views/document/profiledata.h"

#include <QMainWindow>
#include <QHash>
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
class QTabWidget;
class RecentFiles;
class SourceOpening;

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

    // Tabs: files and machines. page() is the profile shown in a tab, null for a machine
    // that has not sent a profile yet.
    int documentCount() const;
    ProfilePage* page(int index) const;
    ProfilePage* currentPage() const;
    int indexOf(QWidget* tab) const;
    // The tab of an open file (any of its profiles when `profileIndex` is -1), else -1.
    int indexOfFile(const QString& path, int profileIndex = -1) const;
    LoadErrorDialog* loadErrorDialog() const; // while one is shown
    QTabWidget* tabWidget() const { return m_tabs; }
    void closeDocument(int index);
    bool saveCurrentProfile(const QString& path);
    // What Save Profile As… and File › Export suggest for tab `index`, without extension: the
    // file's name, or for a live profile the machine's and the time ("xst-2026-11-26-0412").
    QString suggestedFileName(int index) const;
    QString suggestedSavePath(int index) const; // in the folder profiles were last saved to
    // The tab viewed before the current one (Compare With…'s base), null when none is left.
    QWidget* previousTab() const;
    // The window title follows the tab in front: its label, and its unsaved mark.
    void refreshWindowTitle();
    ProfileOpenJob* loader() const { return m_loader; }
    QSettings* settings() const { return m_settings; }

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void createMenus();
    void connectMachines();
    void addDevicesDock(); // the Devices pane: boards on serial ports
    void restoreSettings();
    void saveSettings();
    void showOpenDialog();
    void showSaveDialog();
    QString askSavePath(const QString& suggestedName); // the unsaved-profiles question's Save…
    void showAbout();
    ProfilePage* addDocument(const ProfileDataPtr& data);
    // What every profile page gets: path mappings, source opening, the Bottom-up check mark.
    void attachPage(ProfilePage* page);
    void showLoadError(const QString& path, const QString& message);
    void askForProfile(const QString& path, const QStringList& profiles, int suggested);
    void updateActions();
    void removeTab(int index);
    // Ctrl+Tab and friends: the document `step` tabs away, its main view focused.
    void switchDocument(int step);
    void focusCurrentDocument();
    void refreshFileTabTitles();
    // The page in tab `index` when it is a profile of its own (a file, a session), else null.
    ProfilePage* filePage(int index) const;
    void placeForFirstStart();
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
    Preferences* m_preferences;
    SourceOpening* m_sourceOpening;
    MachineTabs* m_machines;
    DevicesPane* m_devices = nullptr; // serial boards, in the Devices dock
    QPointer<LoadErrorDialog> m_loadErrors; // while shown
    QHash<QString, int> m_profileCounts;     // path -> profiles in it, for files holding several
    QPointer<QWidget> m_shownTab, m_previousTab;
};
