#include "mainwindow.h"

#include "app/comparetabs.h"

#include "app/debugger/breakpointsettings.h"
#include "app/debugger/breakpointsmodel.h"
#include "app/debugger/consolemodel.h"
#include "app/debugger/consolepane.h"
#include "app/debugger/debuggerpanes.h"

#include "app/debugger/debuggeepage.h"
#include "documentnames.h"
#include "firststart.h"
#include "sourceopening.h"
#include "windowexports.h"
#include "loaderrordialog.h"
#include "app/debugger/consoleevaluator.h"
#include "app/debugger/debugcontrols.h"
#include "app/debugger/debuggersourcepane.h"
#include "app/debugger/sourcespane.h"
#include "protocol/sessionexpressions.h"
#include "loadstatuswidget.h"
#include "preferences.h"
#include "preferencesdialog.h"
#include "recentfiles.h"
#include "servercontroller.h"
#include "serverstatuswidget.h"
#include "settingskeys.h"
#include "shortcutsdialog.h"
#include "theme.h"
#include "recoveryjournals.h"
#include "unsavedprofiles.h"

#include "model/cpuprofilewriter.h"
#include "protocol/debugserver.h"
#include "model/report.h"
#include "views/plaintext.h"
#include "views/document/jobrunner.h"
#include "views/document/profileopenjob.h"
#include "views/profilepage.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScreen>
#include <QPointer>
#include <QSettings>
#include <QDockWidget>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>

namespace {
// Every format the loader reads, then one filter per format (gzip-compressed files are
// recognised by their first bytes, whatever their name).
const QString fileFilter = QStringLiteral(
    "All profiles (*.cpuprofile *.json *.xsbug *.gz);;"
    "V8 / Chrome / Node CPU profiles (*.cpuprofile *.cpuprofile.gz);;"
    "JS Self-Profiling and trace-event files (*.json *.json.gz);;"
    "xsbug transcripts (*.xsbug);;"
    "All files (*)");
}

MainWindow::MainWindow(QSettings* settings, QWidget* parent)
    : QMainWindow(parent), m_settings(settings), m_loader(new ProfileOpenJob(this)), m_central(new QStackedWidget),
      m_tabs(new QTabWidget), m_loadStatus(new LoadStatusWidget(m_loader)),
      m_preferences(new Preferences(settings, this)), m_breakpoints(new BreakpointsModel(this)),
      m_server(new ServerController(m_preferences, this)),
      m_serverStatus(new ServerStatusWidget(m_server)), m_sourceOpening(new SourceOpening(this, m_preferences)),
      m_unsaved(new UnsavedProfiles(this, [this](const xsprof::Profile& profile, const QString& path) {
          return saveProfile(profile, path);
      }))
{
    setWindowTitle(QStringLiteral("xsprof"));
    setAcceptDrops(true);

    auto* welcome = new QLabel(tr("<h3>No profile open</h3>"
                                  "<p>Open a .cpuprofile, Self-Profiling or trace-event file with "
                                  "File&nbsp;›&nbsp;Open (Ctrl+O), or drop one here.</p>"
                                  "<p>XS machines that connect to the debug server (see the status "
                                  "bar) open a tab each, with their live profile.</p>"));
    welcome->setAlignment(Qt::AlignCenter);
    welcome->setWordWrap(true);
    m_tabs->setTabsClosable(true);
    m_tabs->setMovable(true);
    m_tabs->setDocumentMode(true);
    m_central->addWidget(welcome);
    m_central->addWidget(m_tabs);
    setCentralWidget(m_central);
    statusBar()->addPermanentWidget(m_loadStatus);
    statusBar()->addPermanentWidget(m_serverStatus);
    connect(m_serverStatus, &ServerStatusWidget::preferencesRequested, this, &MainWindow::showPreferences);
    connect(m_server, &ServerController::machineConnected, this, &MainWindow::addDebuggee);
    connect(m_preferences, &Preferences::pathMappingsChanged, this, [this] {
        const PathMappings mappings = m_preferences->pathMappings();
        for (int i = 0; i < m_tabs->count(); ++i) {
            if (ProfilePage* page = this->page(i))
                page->setPathMappings(mappings);
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
        m_allConsole->setMaxLines(lines);
        for (int i = 0; i < m_tabs->count(); ++i) {
            if (DebuggeePage* machine = debuggee(i))
                machine->debuggerPanes()->consoleModel()->setMaxLines(lines);
        }
    });
    // Breakpoints and the break-on flags go into every machine's handshake and follow edits.
    BreakpointSettings::load(*settings, *m_breakpoints);
    auto applyBreakpoints = [this] {
        DebugServer* server = m_server->server();
        server->setSessionSettings(m_breakpoints->sessionSettings(server->sessionSettings()));
    };
    applyBreakpoints();
    connect(m_breakpoints, &BreakpointsModel::changed, this, [this, settings, applyBreakpoints] {
        BreakpointSettings::save(*settings, *m_breakpoints);
        applyBreakpoints();
    });

    connect(m_tabs, &QTabWidget::tabCloseRequested, this, &MainWindow::closeDocument);
    connect(m_tabs, &QTabWidget::currentChanged, this, &MainWindow::updateActions);
    connect(m_loader, &ProfileOpenJob::loaded, this, &MainWindow::addDocument);
    connect(m_loader, &ProfileOpenJob::failed, this, &MainWindow::showLoadError);
    connect(m_loader, &ProfileOpenJob::profileChoiceNeeded, this, &MainWindow::askForProfile);
    connect(m_loader, &ProfileOpenJob::cancelled, this, [this](const QString& path) {
        statusBar()->showMessage(tr("Loading %1 cancelled.").arg(QFileInfo(path).fileName()), 5000);
    });

    // The console of all machines, as xsbug's log: it outlives each machine's tab.
    m_allConsole = new ConsoleModel(this);
    m_allConsole->setShowsSource(true);
    m_allConsole->setMaxLines(m_preferences->consoleLines());
    m_consoleDock = new QDockWidget(tr("Console (all machines)"), this);
    m_consoleDock->setObjectName(QStringLiteral("allMachinesConsole"));
    m_consoleDock->setWidget(new ConsolePane(m_allConsole));
    addDockWidget(Qt::BottomDockWidgetArea, m_consoleDock);
    // Hidden until the user asks for it (View › Console): each machine's tab has its own
    // console with the same lines, and a dock would take the debugger panes' room and resize
    // them whenever a machine comes or goes. A second machine brings a hint; what the user
    // chooses is remembered.
    m_consoleDock->hide();
    connect(m_consoleDock->toggleViewAction(), &QAction::triggered, this, [this](bool shown) {
        m_settings->setValue(SettingsKeys::consoleDockChoice, shown ? QStringLiteral("shown") : QStringLiteral("hidden"));
    });

    createMenus();
    restoreSettings();
    updateActions();
}

MainWindow::~MainWindow() = default;

void MainWindow::createMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::showOpenDialog);
    file->addAction(tr("Open &Source…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this, [this] {
        auto* dialog = new QFileDialog(this, tr("Open Source"), m_settings->value(SettingsKeys::lastDirectory).toString(),
                                       tr("Scripts (*.js *.mjs *.cjs *.ts);;All files (*)"));
        dialog->setFileMode(QFileDialog::ExistingFile);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& path) { openSource(path); });
        dialog->open();
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
    m_saveAction = file->addAction(tr("&Save Profile As…"), QKeySequence::SaveAs, this, &MainWindow::showSaveDialog);
    QAction* compare = file->addAction(tr("Compare &With…"), this, [this] { CompareTabs::showCompareDialog(this); });
    new WindowExports(this, file->addMenu(tr("&Export")));
    file->addSeparator();
    QAction* preferences = file->addAction(tr("Pr&eferences…"), QKeySequence::Preferences, this,
                                           &MainWindow::showPreferences);
    preferences->setMenuRole(QAction::PreferencesRole);
    file->addSeparator();
    m_closeAction = file->addAction(tr("&Close"), QKeySequence(Qt::CTRL | Qt::Key_W), this,
                                    [this] { closeDocument(m_tabs->currentIndex()); });
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    view->addAction(m_consoleDock->toggleViewAction());
    view->addSeparator();
    m_orderAction = view->addAction(tr("&Bottom-up Order"), QKeySequence(Qt::CTRL | Qt::Key_B), this,
                                    [this](bool on) { currentPage()->setBottomUp(on); });
    m_orderAction->setCheckable(true);
    view->addSeparator();
    QAction* find = view->addAction(tr("&Find…"), QKeySequence::Find, this, [this] { currentPage()->focusSearch(); });
    QAction* next = view->addAction(tr("Find &Next"), QKeySequence::FindNext, this, [this] { currentPage()->findNext(); });
    QAction* previous = view->addAction(tr("Find &Previous"), QKeySequence::FindPrevious, this,
                                        [this] { currentPage()->findPrevious(); });
    view->addSeparator();
    QAction* callers = view->addAction(tr("&Callers and Callees"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_C), this,
                                       [this] { CompareTabs::openCallersCallees(this, m_tabs->currentIndex()); });
    QAction* hot = view->addAction(tr("&Expand Hot Path"), QKeySequence(Qt::CTRL | Qt::Key_E), this,
                                   [this] { currentPage()->expandHotPath(); });
    m_pageActions = {m_orderAction, find, next, previous, hot, compare, callers};
    view->addSeparator();
    Theme::fillMenu(view->addMenu(tr("&Theme")), *m_settings);

    QMenu* debug = menuBar()->addMenu(tr("&Debug"));
    // The machine in front, from anywhere in the window (the tabs' toolbars have no shortcuts then).
    m_frontControls = new DebugControls(this);
    for (QAction* action : m_frontControls->actions())
        debug->addAction(action);
    debug->addSeparator();
    m_profilingAction = debug->addAction(tr("Start &Profiling"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P), this,
                                         [this] {
                                             if (DebuggeePage* debuggee = currentDebuggee())
                                                 debuggee->toggleProfiling();
                                         });
    m_profilingAction->setIcon(QIcon(QStringLiteral(":/icons/stopwatch.svg")));
    m_profileOnStartAction = debug->addAction(tr("Profile on &Start"));
    m_profileOnStartAction->setCheckable(true);
    m_profileOnStartAction->setChecked(m_preferences->profileOnStart());
    m_profileOnStartAction->setToolTip(tr("Machines that connect start profiling at once"));
    connect(m_profileOnStartAction, &QAction::toggled, m_preferences, &Preferences::setProfileOnStart);
    connect(m_preferences, &Preferences::profileOnStartChanged, m_profileOnStartAction, &QAction::setChecked);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Keyboard Shortcuts"), QKeySequence::HelpContents, this, [this] {
        auto* dialog = new ShortcutsDialog(menuBar(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        dialog->open();
    });
    help->addAction(tr("&About xsprof"), this, &MainWindow::showAbout);
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
    if (DebuggeePage* machine = currentDebuggee())
        m_settings->setValue(SettingsKeys::debuggerLayout, machine->debuggerPanes()->saveLayout());
    QStringList files;
    QVariantList indexes;
    for (int i = 0; i < documentCount(); ++i) {
        if (debuggee(i) || !page(i) || page(i)->data()->path.isEmpty())
            continue; // machines and their sessions do not come back with the next start
        files << page(i)->data()->path;
        indexes << page(i)->data()->profileIndex;
    }
    m_settings->setValue(SettingsKeys::sessionFiles, files);
    m_settings->setValue(SettingsKeys::sessionProfileIndexes, indexes);
}

bool MainWindow::reopenLastSession()
{
    const QStringList files = m_settings->value(SettingsKeys::sessionFiles).toStringList();
    const QVariantList indexes = m_settings->value(SettingsKeys::sessionProfileIndexes).toList();
    bool any = false;
    for (int i = 0; i < files.size(); ++i) {
        if (!QFileInfo::exists(files[i]))
            continue;
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
    const int open = indexOfFile(path, profileIndex);
    if (open >= 0) { // already open: show it rather than a second identical tab
        m_tabs->setCurrentIndex(open);
        m_central->setCurrentWidget(m_tabs);
        statusBar()->showMessage(tr("%1 is already open.").arg(page(open)->title()), 4000);
        return;
    }
    m_loader->load(path, profileIndex);
}

int MainWindow::indexOfFile(const QString& path, int profileIndex) const
{
    // The same file however it is spelled: relative, through a symbolic link, or absolute.
    const auto identity = [](const QString& file) {
        const QFileInfo info(file);
        const QString canonical = info.canonicalFilePath();
        return canonical.isEmpty() ? info.absoluteFilePath() : canonical;
    };
    const QString wanted = identity(path);
    for (int i = 0; i < m_tabs->count(); ++i) {
        const ProfilePage* open = debuggee(i) ? nullptr : page(i);
        if (!open || open->data()->path.isEmpty())
            continue;
        const bool samePath = open->data()->path.startsWith(QLatin1String(":/"))
            ? open->data()->path == path
            : identity(open->data()->path) == wanted;
        if (samePath && (profileIndex < 0 || open->data()->profileIndex == profileIndex))
            return i;
    }
    return -1;
}

// File tabs show the file name, with the folder when two open files share a name; '&' of a
// name is shown as it is.
void MainWindow::refreshFileTabTitles()
{
    QStringList paths;
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (!debuggee(i) && page(i))
            paths << page(i)->data()->path;
    }
    for (int i = 0; i < m_tabs->count(); ++i) {
        const ProfilePage* open = debuggee(i) ? nullptr : page(i);
        if (!open)
            continue;
        const QString& path = open->data()->path;
        QString title = open->title();
        if (!path.isEmpty() && !path.startsWith(QLatin1String(":/"))) {
            title = DocumentNames::label(path, paths);
            if (open->data()->profileIndex >= 0)
                title += QStringLiteral(" [%1]").arg(open->data()->profileIndex + 1);
        }
        m_tabs->setTabText(i, PlainText::escapeMnemonics(title));
    }
}

void MainWindow::showOpenDialog()
{
    const QString dir = m_settings->value(SettingsKeys::lastDirectory).toString();
    const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open Profiles"), dir, fileFilter);
    if (paths.isEmpty())
        return;
    m_settings->setValue(SettingsKeys::lastDirectory, QFileInfo(paths.first()).absolutePath());
    openFiles(paths);
}

void MainWindow::addDocument(const ProfileDataPtr& data)
{
    auto* page = new ProfilePage(data);
    page->setPathMappings(m_preferences->pathMappings());
    m_sourceOpening->attach(page);
    page->restoreViewState(m_settings->value(SettingsKeys::pageViewState).toByteArray());
    connect(page, &ProfilePage::statusMessage, this, [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(page, &ProfilePage::orderChanged, this, [this, page](bool bottomUp) {
        if (page == currentPage())
            m_orderAction->setChecked(bottomUp);
    });
    const int index = m_tabs->addTab(page, PlainText::escapeMnemonics(page->title()));
    m_tabs->setTabToolTip(index, PlainText::toolTip(data->path.isEmpty() ? page->title()
                                                                         : QDir::toNativeSeparators(data->path)));
    refreshFileTabTitles();
    m_tabs->setCurrentIndex(index);
    m_central->setCurrentWidget(m_tabs);
    page->setFocus();
    if (!data->path.isEmpty()) // a machine's session has no file to open again
        m_recent->add(data->path);
    if (const std::string empty = xsprof::noSamplesExplanation(data->profile); !empty.empty())
        statusBar()->showMessage(tr("Opened %1: %2.").arg(page->title(), QString::fromStdString(empty)));
    else
        statusBar()->showMessage(tr("Opened %1.").arg(page->title()), 4000);
    updateActions();
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
    if (DebuggeePage* machine = debuggee(index))
        return machine->profilePage();
    return qobject_cast<ProfilePage*>(m_tabs->widget(index));
}

ProfilePage* MainWindow::currentPage() const
{
    return page(m_tabs->currentIndex());
}

DebuggeePage* MainWindow::debuggee(int index) const
{
    return qobject_cast<DebuggeePage*>(m_tabs->widget(index));
}

DebuggeePage* MainWindow::currentDebuggee() const
{
    return debuggee(m_tabs->currentIndex());
}

int MainWindow::indexOf(QWidget* tab) const
{
    return m_tabs->indexOf(tab);
}

void MainWindow::closeDocument(int index)
{
    QWidget* tab = m_tabs->widget(index);
    if (!tab)
        return;
    m_unsaved->confirm(m_unsaved->unsaved(tab), tr("Close %1").arg(m_tabs->tabText(index)),
                       [this, tab = QPointer<QWidget>(tab)] {
                           if (tab)
                               closeDocumentNow(indexOf(tab));
                       });
}

void MainWindow::closeDocumentNow(int index)
{
    if (m_sourcesTab && m_tabs->widget(index) == m_sourcesTab) {
        m_sourcesTab = nullptr;
        removeTab(index);
        return;
    }
    if (DebuggeePage* machine = debuggee(index)) {
        machine->requestClose(); // asks first while the machine is connected
        return;
    }
    ProfilePage* closing = page(index);
    if (!closing) {
        if (m_tabs->widget(index) && !debuggee(index)) // a comparison or callers/callees tab
            removeTab(index);
        return;
    }
    m_settings->setValue(SettingsKeys::pageViewState, closing->saveViewState());
    removeTab(index);
}

void MainWindow::removeTab(int index)
{
    QWidget* closing = m_tabs->widget(index);
    m_unsaved->forget(closing);
    if (DebuggeePage* machine = debuggee(index))
        m_settings->setValue(SettingsKeys::debuggerLayout, machine->debuggerPanes()->saveLayout());
    m_tabs->removeTab(index);
    closing->deleteLater();
    refreshFileTabTitles();
    if (m_tabs->count() == 0)
        m_central->setCurrentIndex(0);
    updateActions();
}

void MainWindow::showConsoleDockIfUseful()
{
    const QString choice = m_settings->value(SettingsKeys::consoleDockChoice, QStringLiteral("auto")).toString();
    if (choice == QLatin1String("hidden") || m_consoleDock->isVisible())
        return;
    int machines = 0;
    for (int i = 0; i < m_tabs->count(); ++i)
        machines += debuggee(i) != nullptr;
    if (choice == QLatin1String("shown")) {
        m_consoleDock->show();
        resizeDocks({m_consoleDock}, {std::max(120, height() / 6)}, Qt::Vertical); // a strip, not half the window
    } else if (machines == 2) {
        statusBar()->showMessage(tr("Two machines connected: View › Console (all machines) shows their logs together."),
                                 10000);
    }
}

void MainWindow::addDebuggee(MachineSession* session)
{
    // The arrangement of the machine in front, else the one kept from last time.
    const DebuggeePage* arranged = currentDebuggee();
    const QByteArray layout = arranged ? arranged->debuggerPanes()->saveLayout()
                                       : m_settings->value(SettingsKeys::debuggerLayout).toByteArray();
    auto* machine = new DebuggeePage(session, m_breakpoints);
    m_unsaved->addMachine(machine);
    if (m_recovery) // the disk never fills: the oldest journals go first
        m_recovery->enforceLimit(m_preferences->recoveryMaxBytes(), session->journalPath());
    if (!layout.isEmpty())
        machine->debuggerPanes()->restoreLayout(layout);
    const int sameName = ++m_machinesByName[session->name()];
    if (sameName > 1)
        machine->setLabel(tr("%1 #%2").arg(session->name()).arg(sameName));
    m_allConsole->attach(session, machine->title());
    for (QAction* action : machine->debuggerPanes()->controls()->actions())
        action->setShortcut({}); // the Debug menu's carry them: one shortcut, no ambiguity
    machine->debuggerPanes()->sourcesPane()->setStore(m_settings, session->name());
    m_settings->setValue(SettingsKeys::lastMachineName, session->name());
    machine->debuggerPanes()->consoleModel()->setMaxLines(m_preferences->consoleLines());
    machine->debuggerPanes()->setPathMappings(m_preferences->pathMappings());
    // A machine that breaks comes forward, unless the tab in front is already a broken machine.
    connect(session, &MachineSession::broke, this, [this, machine] {
        const DebuggeePage* front = currentDebuggee();
        if (!front || front == machine || front->session()->state() != MachineSession::State::Broken)
            m_tabs->setCurrentWidget(machine);
        m_central->setCurrentIndex(1);
    });
    connect(machine, &DebuggeePage::titleChanged, this, [this, machine] {
        updateDebuggeeTab(machine);
        updateActions();
    });
    connect(machine, &DebuggeePage::profilingChanged, this, &MainWindow::updateActions);
    connect(machine, &DebuggeePage::closeConfirmed, this, [this, machine] { removeTab(indexOf(machine)); });
    connect(machine, &DebuggeePage::sessionOpenRequested, this, [this, machine](int index) {
        openMachineSession(machine->session(), index);
    });
    connect(machine, &DebuggeePage::statusMessage, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    connect(machine, &DebuggeePage::profilePageCreated, this, [this, machine](ProfilePage* page) {
        page->setPathMappings(m_preferences->pathMappings());
        m_sourceOpening->attach(page);
        connect(page, &ProfilePage::orderChanged, this, [this, page](bool bottomUp) {
            if (page == currentPage())
                m_orderAction->setChecked(bottomUp);
        });
        if (machine == currentDebuggee())
            updateActions();
    });
    const int index = m_tabs->addTab(machine, machine->stateIcon(), PlainText::escapeMnemonics(machine->title()));
    updateDebuggeeTab(machine);
    m_tabs->setCurrentIndex(index);
    m_central->setCurrentWidget(m_tabs);
    statusBar()->showMessage(tr("%1 connected.").arg(session->displayName()), 4000);
    showConsoleDockIfUseful(); // counts this machine; its hint replaces the message above
    updateActions();
}

// A finished session of a machine in a tab of its own, analysed off the GUI thread. It has no
// file: Save Profile As… writes one.
void MainWindow::openMachineSession(MachineSession* session, int index)
{
    std::shared_ptr<xsprof::Profile> profile = session->finishedProfile(index);
    if (!profile)
        return;
    profile->info.name = tr("%1 — session %2").arg(session->name()).arg(index + 1).toStdString();
    const QString name = QString::fromStdString(profile->info.name);
    statusBar()->showMessage(tr("Opening %1…").arg(name));
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
                showLoadError(name, result.error);
                return;
            }
            addDocument(*result.value);
            if (machine) // a live profile: unsaved until saved
                m_unsaved->addSessionTab(m_tabs->currentWidget(), machine, index, (*result.value)->profile);
        });
}

void MainWindow::updateDebuggeeTab(DebuggeePage* machine)
{
    const int index = indexOf(machine);
    if (index < 0)
        return;
    m_tabs->setTabText(index, PlainText::escapeMnemonics(machine->tabText()));
    m_tabs->setTabIcon(index, machine->stateIcon());
    m_tabs->setTabToolTip(index, PlainText::toolTip(machine->tabToolTip()));
}

bool MainWindow::startDebugServer()
{
    return m_server->start();
}

void MainWindow::setRecoveryDirectory(const QString& directory)
{
    m_recovery = std::make_unique<RecoveryJournals>(directory);
    DebugServer* server = m_server->server();
    SessionSettings settings = server->sessionSettings();
    settings.journalDirectory = directory;
    server->setSessionSettings(settings);
}

int MainWindow::recoverProfiles()
{
    if (!m_recovery)
        return 0;
    QStringList errors;
    int count = 0;
    for (const RecoveryJournals::Recovered& r : m_recovery->recoverAll(&errors)) {
        for (size_t i = 0; i < r.sessions.size(); ++i) {
            const std::shared_ptr<xsprof::Profile>& profile = r.sessions[i];
            profile->info.name = (r.sessions.size() == 1 ? tr("%1 (recovered)").arg(r.machine)
                                                         : tr("%1 (recovered, session %2)").arg(r.machine).arg(i + 1))
                                     .toStdString();
            addDocument(ProfileData::create(profile, QString(), -1));
            m_unsaved->addRecoveredTab(m_tabs->currentWidget(), r.machine, int(i), profile, r.path);
            ++count;
        }
    }
    for (const QString& error : std::as_const(errors))
        showLoadError(m_recovery->directory(), error);
    m_recovery->enforceLimit(m_preferences->recoveryMaxBytes());
    if (count > 0)
        statusBar()->showMessage(tr("Recovered %n unsaved live profile(s) the last run left: save or close them.",
                                    nullptr, count));
    return count;
}

PreferencesDialog* MainWindow::showPreferences()
{
    auto* dialog = new PreferencesDialog(m_preferences, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->open();
    return dialog;
}

void MainWindow::showSaveDialog()
{
    if (!hasCurrentProfile())
        return;
    QString dir = m_settings->value(SettingsKeys::lastDirectory).toString();
    const QString name = currentDebuggee() ? currentDebuggee()->title() : QFileInfo(currentPage()->title()).completeBaseName();
    const QString suggested = name + QStringLiteral(".cpuprofile");
    const QString path = QFileDialog::getSaveFileName(this, tr("Save Profile As"), QDir(dir).filePath(suggested),
                                                      tr("CPU profiles (*.cpuprofile)"));
    if (path.isEmpty())
        return;
    m_settings->setValue(SettingsKeys::lastDirectory, QFileInfo(path).absolutePath());
    saveCurrentProfile(path);
}

// A machine's tab saves everything received so far, which may be newer than what is shown.
std::shared_ptr<const xsprof::Profile> MainWindow::currentProfile() const
{
    if (DebuggeePage* machine = currentDebuggee())
        return machine->profile();
    ProfilePage* page = currentPage();
    return page ? page->data()->sharedProfile : nullptr;
}

bool MainWindow::hasCurrentProfile() const
{
    if (DebuggeePage* machine = currentDebuggee())
        return machine->session()->hasProfile();
    return currentPage() != nullptr;
}

bool MainWindow::saveCurrentProfile(const QString& path)
{
    const std::shared_ptr<const xsprof::Profile> profile = currentProfile();
    if (!profile || !saveProfile(*profile, path))
        return false;
    m_unsaved->markSaved(m_tabs->currentWidget(), *profile);
    return true;
}

bool MainWindow::saveProfile(const xsprof::Profile& profile, const QString& path)
{
    std::string error;
    if (!xsprof::saveCpuProfile(profile, QFile::encodeName(path).toStdString(), &error)) {
        showLoadError(path, QString::fromStdString(error));
        return false;
    }
    m_recent->add(path);
    statusBar()->showMessage(tr("Saved %1.").arg(QFileInfo(path).fileName()), 4000);
    return true;
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
    DebuggeePage* machine = currentDebuggee();
    for (QAction* action : std::as_const(m_pageActions))
        action->setEnabled(page != nullptr);
    m_saveAction->setEnabled(hasCurrentProfile());
    m_closeAction->setEnabled(m_tabs->count() > 0);
    if (page)
        m_orderAction->setChecked(page->isBottomUp());
    if (machine)
        setWindowTitle(PlainText::visibleControls(machine->title()) + QStringLiteral(" — xsprof"));
    else if (page)
        setWindowTitle(PlainText::visibleControls(page->title()) + QStringLiteral(" — xsprof"));
    else
        setWindowTitle(QStringLiteral("xsprof"));
    if (m_frontControls && m_frontControls->session() != (machine ? machine->session() : nullptr))
        m_frontControls->setSession(machine ? machine->session() : nullptr);
    const bool profiling = machine && machine->session()->isProfiling();
    m_profilingAction->setEnabled(machine && machine->isConnected());
    m_profilingAction->setText(profiling ? tr("Stop &Profiling") : tr("Start &Profiling"));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (!m_unsaved->mayQuit([this] { close(); })) {
        event->ignore(); // the question is up
        return;
    }
    m_unsaved->releaseJournals(); // everything was saved or discarded
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
        if (url.isLocalFile())
            paths << url.toLocalFile();
    }
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    openFiles(paths);
}

DebuggerPanes* MainWindow::sourcesTab()
{
    if (!m_sourcesTab) {
        m_sourcesTab = new DebuggerPanes(nullptr, m_breakpoints);
        m_sourcesTab->sourcesPane()->setStore(m_settings, m_settings->value(SettingsKeys::lastMachineName).toString());
        m_sourcesTab->setPathMappings(m_preferences->pathMappings());
        m_tabs->addTab(m_sourcesTab, tr("Sources"));
    }
    m_tabs->setCurrentWidget(m_sourcesTab);
    m_central->setCurrentWidget(m_tabs);
    return m_sourcesTab;
}

bool MainWindow::openSource(const QString& path)
{
    DebuggerPanes* panes = nullptr;
    if (DebuggeePage* machine = currentDebuggee())
        panes = machine->debuggerPanes();
    else
        panes = sourcesTab();
    const bool ok = panes->source()->openLocalFile(path);
    if (!ok)
        statusBar()->showMessage(tr("Cannot read %1.").arg(path), 8000);
    return ok;
}
