#include "mainwindow.h"

#include "app/comparetabs.h"
#include "app/comparisonopener.h"
#include "app/documentnames.h"
#include "app/firststart.h"
#include "app/loaderrordialog.h"
#include "app/loadstatuswidget.h"
#include "app/machines/allmachinesconsole.h"
#include "app/machines/devicespane.h"
#include "app/machines/machinetabs.h"
#include "app/machines/servercontroller.h"
#include "app/machines/serverstatuswidget.h"
#include "app/openfilefilter.h"
#include "app/originalsources.h"
#include "app/preferences.h"
#include "app/preferencesdialog.h"
#include "app/recentfiles.h"
#include "app/settingskeys.h"
#include "app/sourceopening.h"
#include "app/tabs/collectiontab.h"
#include "app/tabs/windowtabs.h"

#include "views/collectionpage.h"
#include "views/document/profileopenjob.h"
#include "views/document/sourcemapswitch.h"
#include "views/plaintext.h"
#include "views/profilepage.h"

#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStackedWidget>
#include <QStatusBar>
#include <QUrl>

#include <algorithm>

MainWindow::MainWindow(QSettings* settings, QWidget* parent)
    : QMainWindow(parent), m_settings(settings), m_loader(new ProfileOpenJob(this)), m_central(new QStackedWidget),
      m_tabs(new WindowTabs(settings)), m_loadStatus(new LoadStatusWidget(m_loader)),
      m_preferences(new Preferences(settings, this)), m_sourceOpening(new SourceOpening(this, m_preferences)),
      m_machines(new MachineTabs(
          m_tabs, this, settings, m_preferences, m_sourceOpening,
          [this](const xsprof::Profile& profile, const QString& path) { return saveProfile(profile, path); }))
{
    setWindowTitle(DocumentNames::windowTitle({}));
    setAcceptDrops(true);

    auto* welcome = new QLabel(tr("<h3>No profile open</h3>"
                                  "<p>Open a .cpuprofile, Self-Profiling or trace-event file with "
                                  "File&nbsp;›&nbsp;Open (Ctrl+O), or drop one here.</p>"
                                  "<p>XS machines that connect to the debug server (see the status "
                                  "bar) open a tab each, with their live profile.</p>"));
    welcome->setAlignment(Qt::AlignCenter);
    welcome->setWordWrap(true);
    m_central->addWidget(welcome);
    m_central->addWidget(m_tabs->view());
    setCentralWidget(m_central);
    statusBar()->addPermanentWidget(m_loadStatus);
    statusBar()->addPermanentWidget(m_machines->serverStatus());
    connect(m_preferences, &Preferences::pathMappingsChanged, this, [this] {
        const PathMappings mappings = m_preferences->pathMappings();
        for (int i = 0; i < m_tabs->count(); ++i) {
            if (ProfilePage* page = m_tabs->page(i))
                page->setPathMappings(mappings);
        }
    });
    connect(m_sourceOpening, &SourceOpening::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_sourceOpening, &SourceOpening::pathMappingRequested, this,
            [this](const QString& url) { showPreferences()->addPathMapping(url); });
    connectTabs();
    connectMachines();
    addMachineDocks();
    addDevicesDock();

    connect(m_loader, &ProfileOpenJob::loaded, this, &MainWindow::addDocument);
    connect(m_loader, &ProfileOpenJob::failed, this, &MainWindow::showLoadError);
    connect(m_loader, &ProfileOpenJob::profileChoiceNeeded, this, &MainWindow::askForProfile);
    connect(m_loader, &ProfileOpenJob::cancelled, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Loading %1 cancelled.").arg(QFileInfo(path).fileName()), 5000);
    });

    createMenus();
    restoreSettings();
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::connectTabs()
{
    connect(m_tabs, &WindowTabs::changed, this, &MainWindow::updateActions);
    connect(m_tabs, &WindowTabs::labelsChanged, this, &MainWindow::refreshWindowTitle);
    connect(m_tabs, &WindowTabs::tabAdded, this, [this] { m_central->setCurrentWidget(m_tabs->view()); });
    connect(m_tabs, &WindowTabs::emptied, this, [this] { m_central->setCurrentIndex(0); });
    connect(m_tabs, &WindowTabs::statusMessage, statusBar(), &QStatusBar::showMessage);
    connect(m_tabs, &WindowTabs::profileOpening, this, &MainWindow::attachOpenedPage);
}

void MainWindow::connectMachines()
{
    connect(m_machines->serverStatus(), &ServerStatusWidget::preferencesRequested, this, &MainWindow::showPreferences);
    connect(m_machines, &MachineTabs::statusMessage, statusBar(), &QStatusBar::showMessage);
    // The bar, not the window, as context: pages closing while the window is destroyed withdraw
    // their notes too.
    connect(m_tabs, &WindowTabs::statusMessageWithdrawn, statusBar(), [bar = statusBar()](const QString& text) {
        if (bar->currentMessage() == text)
            bar->clearMessage();
    });
    connect(m_machines, &MachineTabs::errorOccurred, this, &MainWindow::showLoadError);
    connect(m_machines, &MachineTabs::tabsShowRequested, this, [this] { m_central->setCurrentWidget(m_tabs->view()); });
    connect(m_machines, &MachineTabs::frontChanged, this, &MainWindow::updateActions);
    connect(m_machines, &MachineTabs::pageCreated, this, &MainWindow::attachPage);
    m_machines->unsavedProfiles()->setPathChooser(
        [this](const QString& name, const QString& profile) { return askSavePath(name, profile); });
    connect(m_machines, &MachineTabs::sessionsCompareRequested, this, [this](QWidget* machine) {
        CompareTabs::showCompareSessionsDialog(m_tabs, this, m_machines->debuggee(m_tabs->indexOf(machine)));
    });
}

void MainWindow::addMachineDocks()
{
    AllMachinesConsole* console = m_machines->allMachinesConsole();
    for (QDockWidget* dock : {console->dock(), console->conversationsDock()}) {
        addDockWidget(Qt::BottomDockWidgetArea, dock); // across the window: it never widens it
        dock->hide();
    }
    connect(console, &AllMachinesConsole::stripWanted, this,
            [this](QDockWidget* dock, int height) { resizeDocks({dock}, {height}, Qt::Vertical); });
}

void MainWindow::addDevicesDock()
{
    m_devices = new DevicesPane(m_machines->serverController()->intake());
    auto* dock = new QDockWidget(tr("Devices"), this);
    dock->setObjectName(QStringLiteral("devicesDock"));
    // In a scroll area: the dock takes the room the window has (a machine's tab needs much of
    // it) and scrolls, where the pane's own minimum width pushed the window past the screen.
    auto* scroll = new QScrollArea;
    scroll->setObjectName(QStringLiteral("devicesScroll"));
    scroll->setAccessibleName(tr("Devices"));
    scroll->setWidget(m_devices);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    dock->setWidget(scroll);
    addDockWidget(Qt::RightDockWidgetArea, dock);
    dock->hide();
    connect(m_devices, &DevicesPane::statusMessage, statusBar(), &QStatusBar::showMessage);
}

void MainWindow::restoreSettings()
{
    if (m_settings->value(SettingsKeys::version).toInt() != SettingsKeys::currentVersion) {
        // Saved layouts of another version may not fit; files and preferences stay.
        for (const QString& key : {SettingsKeys::geometry, SettingsKeys::windowState, SettingsKeys::pageViewState})
            m_settings->remove(key);
        m_settings->setValue(SettingsKeys::version, SettingsKeys::currentVersion);
        placeForFirstStart();
        return;
    }
    if (!restoreGeometry(m_settings->value(SettingsKeys::geometry).toByteArray()))
        placeForFirstStart();
    restoreState(m_settings->value(SettingsKeys::windowState).toByteArray(), SettingsKeys::currentVersion);
}

void MainWindow::placeForFirstStart()
{
    const QScreen* screen = this->screen() ? this->screen() : QGuiApplication::primaryScreen();
    const QRect geometry = screen ? FirstStart::windowGeometry(screen->availableGeometry()) : QRect(0, 0, 1100, 720);
    resize(geometry.size());
    move(geometry.topLeft());
}

void MainWindow::saveSettings()
{
    m_settings->setValue(SettingsKeys::version, SettingsKeys::currentVersion);
    m_settings->setValue(SettingsKeys::geometry, saveGeometry());
    m_settings->setValue(SettingsKeys::windowState, saveState(SettingsKeys::currentVersion));
    if (ProfilePage* page = currentPage())
        m_settings->setValue(SettingsKeys::pageViewState, page->saveViewState());
    m_machines->saveSettings();
    QStringList files;
    QVariantList indexes, counts;
    for (const WindowTabs::OpenFile& open : m_tabs->openFiles()) { // machines and their sessions do not come back
        files << open.path;
        indexes << open.profileIndex;
        counts << open.profileCount;
    }
    m_settings->setValue(SettingsKeys::sessionFiles, files);
    m_settings->setValue(SettingsKeys::sessionProfileIndexes, indexes);
    m_settings->setValue(SettingsKeys::sessionProfileCounts, counts);
}

bool MainWindow::reopenLastSession()
{
    const QStringList files = m_settings->value(SettingsKeys::sessionFiles).toStringList();
    const QVariantList indexes = m_settings->value(SettingsKeys::sessionProfileIndexes).toList();
    const QVariantList counts = m_settings->value(SettingsKeys::sessionProfileCounts).toList();
    bool any = false;
    for (int i = 0; i < files.size(); ++i) {
        if (!QFileInfo::exists(files[i]))
            continue;
        if (const int count = counts.value(i).toInt(); count > 1) // "profile 2 of 3" again
            m_tabs->setProfileCount(files[i], count);
        openFile(files[i], i < indexes.size() ? indexes[i].toInt() : -1);
        any = true;
    }
    return any;
}

bool MainWindow::openExample()
{
    if (!QFileInfo::exists(exampleProfile))
        return false;
    openFile(exampleProfile);
    return true;
}

void MainWindow::openFiles(const QStringList& paths)
{
    for (const QString& path : paths)
        openFile(path);
}

void MainWindow::openFile(const QString& path, int profileIndex)
{
    if (CollectionPage::isCollectionFile(path)) {
        openCollection(path);
        return;
    }
    const int open = m_tabs->indexOfFile(path, profileIndex);
    if (open >= 0) { // already open: show it rather than a second identical tab
        m_tabs->setCurrent(open);
        m_central->setCurrentWidget(m_tabs->view());
        statusBar()->showMessage(tr("%1 is already open.").arg(m_tabs->label(open)), 4000);
        return;
    }
    m_loader->load(path, profileIndex);
}

void MainWindow::openCollection(const QString& path)
{
    if (const int open = m_tabs->indexOfFile(path); open >= 0) {
        m_tabs->setCurrent(open);
        m_central->setCurrentWidget(m_tabs->view());
        return;
    }
    auto* collection = new CollectionPage(path);
    connect(collection, &CollectionPage::profilePageCreated, this, &MainWindow::attachPage);
    connect(collection, &CollectionPage::loaded, this, [this, collection] {
        updateActions();
        statusBar()->showMessage(tr("%1: %2").arg(QFileInfo(collection->path()).fileName(), collection->statusText()), 8000);
    });
    connect(collection, &CollectionPage::failed, this,
            [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(collection, &CollectionPage::compareCohortsRequested, this,
            [this](const QString& file, const QString& baseWhere, const QString& newWhere) {
                (new ComparisonOpener(m_tabs))->compareCohorts(file, baseWhere, newWhere);
            });
    m_tabs->add(std::make_unique<CollectionTab>(collection));
    m_recent->add(QFileInfo(path).absoluteFilePath());
}

void MainWindow::showOpenDialog()
{
    const QString dir = m_settings->value(SettingsKeys::lastDirectory).toString();
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open Profiles"), dir, openFileFilter());
    if (paths.isEmpty())
        return;
    m_settings->setValue(SettingsKeys::lastDirectory, QFileInfo(paths.first()).absolutePath());
    openFiles(paths);
}

void MainWindow::attachPage(ProfilePage* page)
{
    page->setPathMappings(m_preferences->pathMappings());
    m_sourceOpening->attach(page);
    connect(page, &ProfilePage::orderChanged, this, [this, page](bool bottomUp) {
        if (page == currentPage())
            m_orderAction->setChecked(bottomUp);
    });
}

void MainWindow::attachOpenedPage(ProfilePage* page)
{
    attachPage(page);
    m_originalSources->attach(page);
    connect(page, &ProfilePage::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(page, &ProfilePage::callersCalleesRequested, this, [this, page](xsprof::FrameId f) {
        CompareTabs::openCallersCallees(m_tabs, m_tabs->indexOf(page), f);
    });
}

void MainWindow::addDocument(const ProfileDataPtr& data)
{
    m_tabs->openProfile(data);
    if (!data->path.isEmpty())
        m_recent->add(data->path);
}

LoadErrorDialog* MainWindow::loadErrorDialog() const
{
    return m_loadErrors;
}

void MainWindow::showLoadError(const QString& path, const QString& message)
{
    // Not exec(): the window keeps running. Failures while the dialog is up join its list.
    const bool shown = m_loadErrors != nullptr;
    if (!shown)
        m_loadErrors = new LoadErrorDialog(this);
    m_loadErrors->addError(path, message);
    if (!shown)
        m_loadErrors->open();
}

void MainWindow::askForProfile(const QString& path, const QStringList& profiles, int suggested)
{
    auto* dialog = new QInputDialog(this);
    dialog->setWindowTitle(tr("Choose a profile"));
    dialog->setLabelText(tr("%1 holds %2 profiles. Open which one?").arg(QFileInfo(path).fileName()).arg(profiles.size()));
    dialog->setComboBoxItems(profiles);
    m_tabs->setProfileCount(path, int(profiles.size()));
    dialog->setComboBoxEditable(false);
    dialog->setTextValue(profiles.value(suggested));
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QInputDialog::textValueSelected, this, [this, path, profiles](const QString& choice) {
        const int index = int(profiles.indexOf(choice));
        if (index >= 0)
            openFile(path, index);
    });
    dialog->open();
}

int MainWindow::documentCount() const
{
    return m_tabs->count();
}

ProfilePage* MainWindow::page(int index) const
{
    return m_tabs->page(index);
}

ProfilePage* MainWindow::currentPage() const
{
    return m_tabs->currentPage();
}

int MainWindow::indexOf(QWidget* tab) const
{
    return m_tabs->indexOf(tab);
}

int MainWindow::indexOfFile(const QString& path, int profileIndex) const
{
    return m_tabs->indexOfFile(path, profileIndex);
}

void MainWindow::closeDocument(int index)
{
    m_tabs->close(index);
}

PreferencesDialog* MainWindow::showPreferences()
{
    auto* dialog = new PreferencesDialog(m_preferences, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About xsprof"),
                       tr("<h3>xsprof %1</h3>"
                          "<p>A CPU-profile viewer for the XS JavaScript engine and Chrome/Node "
                          "<tt>.cpuprofile</tt> files.</p>"
                          "<p>Built with Qt %2 (running on Qt %3).</p>"
                          "<p>Uses: Qt 6 (LGPLv3), QCustomPlot (GPLv3), nlohmann_json (MIT).</p>")
                           .arg(QStringLiteral(XSPROF_VERSION), QStringLiteral(QT_VERSION_STR),
                                QString::fromLatin1(qVersion())));
}

void MainWindow::updateActions()
{
    ProfilePage* page = currentPage();
    for (QAction* action : std::as_const(m_pageActions))
        action->setEnabled(page != nullptr);
    m_saveAction->setEnabled(m_tabs->current() && m_tabs->current()->canSave());
    m_closeAction->setEnabled(m_tabs->count() > 0);
    if (page)
        m_orderAction->setChecked(page->isBottomUp());
    m_originalSources->setCurrentPage(page);
    refreshWindowTitle();
    m_machines->updateFront();
}

void MainWindow::refreshWindowTitle()
{
    const int current = m_tabs->currentIndex();
    setWindowTitle(DocumentNames::windowTitle(PlainText::visibleControls(m_tabs->label(current))));
    setWindowModified(m_tabs->isMarkedUnsaved(current));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_machines->mayQuit([this] { close(); })) {
        event->ignore(); // the question is up
        return;
    }
    saveSettings();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (std::any_of(urls.begin(), urls.end(), [](const QUrl& url) { return url.isLocalFile(); }))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event)
{
    QStringList paths;
    const QList<QUrl> urls = event->mimeData()->urls();
    for (const QUrl& url : urls) {
        if (!url.isLocalFile())
            continue;
        if (url.toLocalFile().endsWith(QLatin1String(".map")) && currentPage()) // a source map: for the profile in front
            currentPage()->sourceMaps()->addMapFile(url.toLocalFile());
        else
            paths << url.toLocalFile();
    }
    if (paths.isEmpty()) { // source maps only (or nothing local)
        event->acceptProposedAction();
        return;
    }
    event->acceptProposedAction();
    // Shift: compare the file with the profile in front (its base) instead of opening it.
    if ((event->modifiers() & Qt::ShiftModifier) && paths.size() == 1 && currentPage()) {
        CompareTabs::compareWithFile(m_tabs, m_tabs->currentIndex(), paths.first());
        return;
    }
    openFiles(paths);
}

