// MainWindow: the menus and their actions.
#include "mainwindow.h"

#include "app/comparetabs.h"
#include "app/machines/devicespane.h"
#include "app/machines/machinetabs.h"
#include "app/originalsources.h"
#include "app/recentfiles.h"
#include "app/settingskeys.h"
#include "app/shortcutsdialog.h"
#include "app/tabs/windowtabs.h"
#include "app/theme.h"
#include "app/windowexports.h"

#include "views/profilepage.h"
#include "views/totalcolumns.h"

#include <QAction>
#include <QDockWidget>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QSettings>
#include <QStatusBar>

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::showOpenDialog);
    file->addAction(tr("Open So&urce…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, [this] {
        auto* dialog = new QFileDialog(this, tr("Open Source"), m_settings->value(SettingsKeys::lastDirectory).toString(),
                                       tr("Scripts (*.js *.mjs *.cjs *.ts);;All files (*)"));
        dialog->setFileMode(QFileDialog::ExistingFile);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::fileSelected, m_machines, &MachineTabs::openSource);
        dialog->open();
    });
    file->addAction(tr("Open Co&llection…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open Collection"), m_settings->value(SettingsKeys::lastDirectory).toString(),
            tr("Collections made by xsprof collect (*.db *.sqlite *.sqlite3);;All files (*)"));
        if (!path.isEmpty())
            openCollection(path);
    });
    m_recent = new RecentFiles(m_settings, file->addMenu(tr("Open &Recent")), this);
    connect(m_recent, &RecentFiles::openRequested, this, [this](const QString& path) {
        if (!QFileInfo::exists(path)) {
            m_recent->remove(path); // gone since: say so once and forget it
            statusBar()->showMessage(tr("%1 no longer exists; removed from Open Recent.")
                                         .arg(QDir::toNativeSeparators(path)), 8000);
            return;
        }
        openFile(path);
    });
    m_saveAction = file->addAction(tr("Save Profile &As…"), QKeySequence::SaveAs, this, &MainWindow::showSaveDialog);
    QAction* compare = file->addAction(tr("Compare &With…"), this, [this] { CompareTabs::showCompareDialog(m_tabs, this); });
    auto* exports = new WindowExports(m_tabs, m_settings, this, file->addMenu(tr("&Export")));
    connect(exports, &WindowExports::statusMessage, statusBar(), &QStatusBar::showMessage);
    file->addSeparator();
    QAction* preferences = file->addAction(tr("Prefere&nces…"), QKeySequence::Preferences, this,
                                           &MainWindow::showPreferences);
    preferences->setMenuRole(QAction::PreferencesRole);
    file->addSeparator();
    m_closeAction = file->addAction(tr("&Close"), QKeySequence(Qt::CTRL | Qt::Key_W), this,
                                    [this] { m_tabs->close(m_tabs->currentIndex()); });
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_machines->consoleAction());
    view->addAction(m_machines->conversationsAction());
    view->addSeparator();
    m_orderAction = view->addAction(tr("&Bottom-up Order"), QKeySequence(Qt::CTRL | Qt::Key_B), this,
                                    [this](bool on) { currentPage()->setBottomUp(on); });
    m_orderAction->setCheckable(true);
    m_originalSources = new OriginalSources(m_preferences, this);
    view->addAction(m_originalSources->action());
    view->addSeparator();
    QAction* find = view->addAction(tr("&Find…"), QKeySequence::Find, this, [this] { currentPage()->focusSearch(); });
    QAction* next = view->addAction(tr("Find &Next"), QKeySequence::FindNext, this, [this] { currentPage()->findNext(); });
    QAction* previous = view->addAction(tr("Find &Previous"), QKeySequence::FindPrevious, this,
                                        [this] { currentPage()->findPrevious(); });
    view->addSeparator();
    QAction* callers = view->addAction(tr("&Callers and Callees"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this,
                                       [this] { CompareTabs::openCallersCallees(m_tabs, m_tabs->currentIndex()); });
    QAction* hot = view->addAction(tr("&Expand Hot Path"), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                                   [this] { currentPage()->expandHotPath(); });
    QAction* resetZoom = view->addAction(tr("&Reset Zoom"), QKeySequence(Qt::CTRL | Qt::Key_0), this,
                                         [this] { currentPage()->resetZoom(); });
    m_pageActions = {m_orderAction, find, next, previous, hot, compare, callers, resetZoom};
    view->addSeparator();
    // The views inside a document on Alt+digits; Ctrl+Tab and Ctrl+PgUp/PgDn switch documents.
    const QStringList views{tr("F&unctions"), tr("Ca&ll Tree"), tr("B&ottom-Up Tree"), tr("Flame &Graph")};
    for (int i = 0; i < int(views.size()); ++i) {
        m_pageActions << view->addAction(views[i], QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)), this, [this, i] {
            currentPage()->tabs()->setCurrentIndex(i);
            currentPage()->focusMainView();
        });
    }
    QAction* nextDocument = view->addAction(tr("Ne&xt Document"), this, [this] { m_tabs->step(1); });
    nextDocument->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageDown)});
    QAction* previousDocument = view->addAction(tr("Pre&vious Document"), this, [this] { m_tabs->step(-1); });
    previousDocument->setShortcuts({QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Tab),
                                    QKeySequence(Qt::CTRL | Qt::Key_PageUp)});
    view->addSeparator();
    TotalColumns::instance()->setStore(m_settings);
    TotalColumns::instance()->fillMenu(view->addMenu(tr("Total Colu&mns")));
    Theme::fillMenu(view->addMenu(tr("&Theme")), *m_settings);

    QMenu* debug = menuBar()->addMenu(tr("&Debug"));
    m_machines->fillDebugMenu(debug);

    QMenu* devices = menuBar()->addMenu(tr("Dev&ices"));
    QAction* devicesPane = findChild<QDockWidget*>(QStringLiteral("devicesDock"))->toggleViewAction();
    devicesPane->setText(tr("&Devices Pane"));
    devices->addAction(devicesPane);
    devices->addSeparator();
    devices->addActions({m_devices->restartAction(), m_devices->installModAction(), m_devices->uninstallModAction()});

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard Shortcuts"), QKeySequence::HelpContents, this, [this] {
        auto* dialog = new ShortcutsDialog(menuBar(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    help->addAction(TotalColumns::instance()->helpAction());
    help->addAction(tr("&About xsprof"), this, &MainWindow::showAbout);
}
