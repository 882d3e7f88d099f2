#pragma once
// The window: menus, one tab per open profile, the status bar. It wires the loader to the
// pages; pages do their own work.
#include "views/profiledata.h"

#include <QMainWindow>

class LoadStatusWidget;
class ProfileLoader;
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

    int documentCount() const;
    ProfilePage* page(int index) const;
    ProfilePage* currentPage() const;
    void closeDocument(int index);
    bool saveCurrentProfile(const QString& path);
    ProfileLoader* loader() const { return m_loader; }

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

    QSettings* m_settings;
    ProfileLoader* m_loader;
    QStackedWidget* m_central;
    QTabWidget* m_tabs;
    LoadStatusWidget* m_loadStatus;
    RecentFiles* m_recent = nullptr;
    QAction* m_saveAction = nullptr;
    QAction* m_closeAction = nullptr;
    QList<QAction*> m_pageActions; // need a page
    QAction* m_orderAction = nullptr;
};
