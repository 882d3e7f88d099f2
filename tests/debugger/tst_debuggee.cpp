// Live XS machines in the window: a recorded machine replayed into the window's debug
// server becomes a debuggee tab whose numbers are the oracle's; the stopwatch follows the
// engine; Save As; several machines; a busy port; closing a connected machine's tab.
#include "viewtestutils.h"

#include "app/debugger/callstackview.h"
#include "app/debugger/consolemodel.h"
#include "app/debugger/debuggeepage.h"
#include "app/debugger/debuggerpanes.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "app/preferencesdialog.h"
#include "app/servercontroller.h"
#include "app/serverstatuswidget.h"
#include "app/settingskeys.h"
#include "app/unsavedprofiles.h"
#include "app/debugger/debuggersourcepane.h"
#include "expectedprofile.h"
#include "views/comparisonpage.h"
#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/sourceview.h"
#include "views/profilepage.h"
#include "views/document/profilerefresher.h"
#include "app/debugger/stopwatchbutton.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QDialog>
#include <QDir>
#include <QHeaderView>
#include <QMenu>
#include <QMessageBox>
#include <QProcess>
#include <QPushButton>
#include <QScrollBar>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTabWidget>
#include <QSplitter>
#include <QStatusBar>
#include <QTest>
#include <QTimer>
#include <QToolButton>

using namespace ViewTestUtils;

namespace {
const QString transcriptStem = QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/gc_alloc.profile-on-start");

quint16 freePort()
{
    QTcpServer probe;
    return probe.listen(QHostAddress::LocalHost, 0) ? probe.serverPort() : 0;
}
} // namespace

class TestDebuggee : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void testReplayBecomesDebuggeeTab();
    void testSaveAsAndReopen();
    void testTwoMachines();
    void testStopwatchFollowsEngine();
    void testCloseConnectedMachine();
    void testPortInUse();
    void testProfileOnStartPreference();
    void testSetProfileDataKeepsViewState();
    void testLargeLiveProfileStaysResponsive();
    void testBrokenMachineComesForwardAndConsoleSurvives();
    void testDebuggerLayoutCarriesOver();
    void testEarlierSessionOpensInItsOwnTab();

private:
    struct Replay {
        bool ok = false;
        QString output;
        QByteArray received;
    };
    // Plays the transcript into the window's server while this thread serves the event loop.
    Replay replay(const QStringList& extra = {});
    void startServer(bool profileOnStart);
    void compareWithExpected(const xsprof::Profile& profile, const xsprof::ProfileAnalysis& analysis);
    void saveScreenshot(QWidget* widget, const QString& name);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};

void TestDebuggee::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    m_settings->setValue(SettingsKeys::port, 0); // any free port: tests run in parallel
    m_window = std::make_unique<MainWindow>(m_settings.get());
    m_window->resize(1100, 700);
}

void TestDebuggee::cleanup()
{
    m_window.reset();
    m_settings.reset();
    m_dir.reset();
}

void TestDebuggee::startServer(bool profileOnStart)
{
    m_window->preferences()->setProfileOnStart(profileOnStart);
    QVERIFY2(m_window->startDebugServer(), qPrintable(m_window->serverController()->errorString()));
    QVERIFY(m_window->serverController()->server()->port() != 0);
}

TestDebuggee::Replay TestDebuggee::replay(const QStringList& extra)
{
    Replay r;
    const QString received = m_dir->filePath(QStringLiteral("received.bin"));
    QFile::remove(received);
    QProcess python;
    python.setProcessChannelMode(QProcess::MergedChannels);
    python.start(QStringLiteral("python3"),
                 QStringList{QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"), transcriptStem + QStringLiteral(".xsbug"),
                             QStringLiteral("--connect"),
                             QStringLiteral("127.0.0.1:%1").arg(m_window->serverController()->server()->port()),
                             QStringLiteral("--save-received"), received, QStringLiteral("--quiet"),
                             QStringLiteral("--timeout"), QStringLiteral("120")}
                     << extra);
    QDeadlineTimer deadline(130000);
    while (python.state() != QProcess::NotRunning && !deadline.hasExpired())
        QTest::qWait(20);
    r.output = QString::fromUtf8(python.readAll());
    r.ok = python.exitStatus() == QProcess::NormalExit && python.exitCode() == 0;
    QFile f(received);
    if (f.open(QIODevice::ReadOnly))
        r.received = f.readAll();
    return r;
}

void TestDebuggee::compareWithExpected(const xsprof::Profile& profile, const xsprof::ProfileAnalysis& analysis)
{
    const nlohmann::json expected = ExpectedProfile::readFile(QString(transcriptStem + QStringLiteral(".expected.json")).toStdString());
    const auto errors = ExpectedProfile::compare(profile, analysis, ExpectedProfile::profilesOf(expected).at(0), 1);
    for (size_t i = 0; i < errors.size() && i < 10; ++i)
        qWarning("%s", errors[i].c_str());
    QCOMPARE(errors.size(), size_t(0));
}

void TestDebuggee::saveScreenshot(QWidget* widget, const QString& name)
{
    QDir out(QStringLiteral(XSPROF_SCREENSHOT_DIR));
    QVERIFY(out.mkpath(QStringLiteral(".")));
    QCoreApplication::processEvents();
    QVERIFY(widget->grab().save(out.filePath(name + QStringLiteral(".png"))));
}

// Replayed in real time: the tab appears at login, fills while samples stream in (at a
// bounded rate, off the GUI thread, checked by model testers), and ends disconnected with
// the oracle's numbers in its rows.
void TestDebuggee::testReplayBecomesDebuggeeTab()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    startServer(true);

    DebuggeePage* machine = nullptr;
    QList<bool> stopwatchStates;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
    int refreshes = 0;
    bool grabbedWhileProfiling = false;
    connect(m_window->serverController(), &ServerController::machineConnected, this, [&] {
        machine = m_window->currentDebuggee(); // the window has made the tab already
        QVERIFY(machine);
        machine->refresher()->setSynchronousLimit(0); // exercise the worker thread
        connect(machine, &DebuggeePage::profilingChanged, this,
                [&](bool on) { stopwatchStates << machine->stopwatch()->isChecked() << on; });
        connect(machine->refresher(), &ProfileRefresher::refreshed, this, [&] { ++refreshes; });
        connect(machine, &DebuggeePage::profilePageCreated, this, [&](ProfilePage* page) {
            // Before any further update: every reset and row from here on is checked.
            for (CostTreeView* view : {page->functionView(false), page->functionView(true), page->callTreeView(),
                                       page->bottomUpTreeView()}) {
                testers.push_back(std::make_unique<QAbstractItemModelTester>(
                    view->costModel(), QAbstractItemModelTester::FailureReportingMode::QtTest));
                testers.push_back(std::make_unique<QAbstractItemModelTester>(
                    view->model(), QAbstractItemModelTester::FailureReportingMode::QtTest));
            }
        });
    });
    QElapsedTimer clock;
    clock.start();
    QProcess python;
    Replay r;
    {
        // Inline replay so that the page can be looked at while the machine runs.
        const QString received = m_dir->filePath(QStringLiteral("received.bin"));
        python.setProcessChannelMode(QProcess::MergedChannels);
        python.start(QStringLiteral("python3"),
                     QStringList{QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"),
                                 transcriptStem + QStringLiteral(".xsbug"), QStringLiteral("--connect"),
                                 QStringLiteral("127.0.0.1:%1").arg(m_window->serverController()->server()->port()),
                                 QStringLiteral("--save-received"), received, QStringLiteral("--quiet"),
                                 QStringLiteral("--speed"), QStringLiteral("1")});
        QDeadlineTimer deadline(60000);
        bool expandedMidway = false;
        while (python.state() != QProcess::NotRunning && !deadline.hasExpired()) {
            QTest::qWait(20);
            ProfilePage* page = machine ? machine->profilePage() : nullptr;
            if (!page || !machine->session()->isProfiling())
                continue;
            if (!expandedMidway && page->data()->analysis.functions.sampleCount() > 200) {
                // The user opens the hot path and selects a row while samples stream in.
                page->expandHotPath();
                expandedMidway = true;
            }
            if (!grabbedWhileProfiling && clock.elapsed() > 1500) {
                QVERIFY(machine->stopwatch()->isAnimating());
                saveScreenshot(m_window.get(), QStringLiteral("debuggee-live"));
                grabbedWhileProfiling = true;
            }
        }
        r.ok = python.exitStatus() == QProcess::NormalExit && python.exitCode() == 0;
        r.output = QString::fromUtf8(python.readAll());
        QFile f(received);
        if (f.open(QIODevice::ReadOnly))
            r.received = f.readAll();
    }
    QVERIFY2(r.ok, qPrintable(r.output));
    QVERIFY(machine);
    QCOMPARE(m_window->debuggee(m_window->indexOf(machine)), machine);
    QTRY_VERIFY(!machine->isConnected());
    QVERIFY(machine->stateText() == QStringLiteral("disconnected"));
    QVERIFY(m_window->currentDebuggee() == machine);
    QVERIFY2(m_window->statusBar()->currentMessage().contains(QLatin1String("disconnected; its profile stays")),
             qPrintable(m_window->statusBar()->currentMessage()));

    // The handshake carried <start-profiling/> (profile on start) like xsbug's.
    QFile sent(transcriptStem + QStringLiteral(".sent"));
    QVERIFY(sent.open(QIODevice::ReadOnly));
    QCOMPARE(r.received, sent.readAll());

    // Name and state in the header and on the tab.
    QVERIFY(machine->title() == QStringLiteral("xst"));
    const int tab = m_window->indexOf(machine);
    QTabWidget* tabs = m_window->tabWidget();
    QVERIFY(tabs->tabText(tab).contains(QLatin1String("xst")));
    QVERIFY(tabs->tabText(tab).contains(QLatin1String("disconnected")));

    // The stopwatch was checked exactly while the engine said so (<pt start> … <pt stop>).
    QCOMPARE(stopwatchStates, (QList<bool>{true, true, false, false}));
    QVERIFY(!machine->stopwatch()->isChecked());
    QVERIFY(!machine->stopwatch()->isAnimating());
    QVERIFY(!machine->stopwatch()->isEnabled());
    QVERIFY(grabbedWhileProfiling);

    // Live refreshes happened, and no more than about five a second.
    const double seconds = double(clock.elapsed()) / 1000.0;
    qInfo("%d refreshes in %.1f s, last analysis %.2f ms on the worker", refreshes, seconds,
          machine->refresher()->lastComputeMs());
    QVERIFY(refreshes >= 3);
    QVERIFY(refreshes <= int(seconds * 5.0) + 3);

    // The final refresh shows the whole profile: the oracle's numbers, in the page and in its rows.
    ProfilePage* page = machine->profilePage();
    QVERIFY(page);
    QTRY_COMPARE(page->data()->analysis.functions.sampleCount(), size_t(1208));
    compareWithExpected(page->data()->profile, page->data()->analysis);
    const nlohmann::json expected = readExpected(transcriptStem + QStringLiteral(".xsbug"));
    page->setBottomUp(true);
    QAbstractItemModel* shown = page->currentView()->model();
    const CostTreeModel* source = page->currentView()->costModel();
    const nlohmann::json functions = ExpectedProfile::profilesOf(expected).at(0).at("functions");
    int withSelf = 0;
    for (const auto& function : functions)
        withSelf += function.at("self").get<double>() > 0 ? 1 : 0;
    QCOMPARE(shown->rowCount(), withSelf);
    for (int row = 0; row < shown->rowCount(); ++row) {
        const QModelIndex index = shown->index(row, 0);
        const xsprof::FrameId f(index.data(CostTreeModel::FrameRole).toUInt());
        const quint32 id = quint32(page->data()->profile.frames.xsId[f.value]);
        const auto match = std::find_if(functions.begin(), functions.end(),
                                        [&](const nlohmann::json& e) { return e.at("id").get<quint32>() == id; });
        QVERIFY(match != functions.end());
        auto cost = [&](CostTreeModel::Cost c) {
            return index.siblingAtColumn(source->columnOf(c)).data(CostTreeModel::CostRole).toDouble();
        };
        QVERIFY(closeEnough(cost(CostTreeModel::Cost::Self), match->at("self").get<double>()));
        QVERIFY(closeEnough(cost(CostTreeModel::Cost::Total), match->at("divided_total").get<double>()));
    }
    page->setBottomUp(false);
    page->functionView(false)->expandAll();
    saveScreenshot(m_window.get(), QStringLiteral("debuggee-disconnected"));
    saveScreenshot(machine, QStringLiteral("debuggee-tab"));
}

void TestDebuggee::testSaveAsAndReopen()
{
    startServer(true);
    const Replay r = replay();
    QVERIFY2(r.ok, qPrintable(r.output));
    QTRY_VERIFY(m_window->currentDebuggee() && !m_window->currentDebuggee()->isConnected());
    DebuggeePage* machine = m_window->currentDebuggee();
    QTRY_VERIFY(machine->profilePage());
    QTRY_COMPARE(machine->profilePage()->data()->analysis.functions.sampleCount(), size_t(1208));

    const QString path = m_dir->filePath(QStringLiteral("xst.cpuprofile"));
    QVERIFY(m_window->saveCurrentProfile(path));
    m_window->openFile(path);
    QTRY_COMPARE(m_window->documentCount(), 2);
    ProfilePage* reopened = m_window->page(1);
    QVERIFY(reopened && !m_window->debuggee(1));
    compareWithExpected(reopened->data()->profile, reopened->data()->analysis);
    const ProfileDataPtr live = machine->profilePage()->data();
    QCOMPARE(ExpectedProfile::compareProfiles(live->profile, live->analysis, reopened->data()->profile,
                                              reopened->data()->analysis)
                 .size(),
             size_t(0));

    // Machines are not part of the reopened session; files are.
    m_window->close();
    const QStringList files = m_settings->value(SettingsKeys::sessionFiles).toStringList();
    QCOMPARE(files, QStringList{path});
}

void TestDebuggee::testTwoMachines()
{
    startServer(true);
    const Replay r = replay({QStringLiteral("--machines"), QStringLiteral("2"), QStringLiteral("--random-split"),
                             QStringLiteral("--seed"), QStringLiteral("3")});
    QVERIFY2(r.ok, qPrintable(r.output));
    QCOMPARE(m_window->documentCount(), 2);
    QVERIFY(m_window->debuggee(0) != m_window->debuggee(1));
    for (int i = 0; i < 2; ++i) {
        DebuggeePage* machine = m_window->debuggee(i);
        QVERIFY(machine);
        QTRY_VERIFY(!machine->isConnected());
        QTRY_VERIFY(machine->profilePage());
        QTRY_COMPARE(machine->profilePage()->data()->analysis.functions.sampleCount(), size_t(1208));
        compareWithExpected(machine->profilePage()->data()->profile, machine->profilePage()->data()->analysis);
    }
}

// A fake machine on a socket: the click sends the command, the engine's <pt> decides.
void TestDebuggee::testStopwatchFollowsEngine()
{
    startServer(false);
    QTcpSocket engine;
    engine.connectToHost(QHostAddress::LocalHost, m_window->serverController()->server()->port());
    QVERIFY(engine.waitForConnected(5000));
    engine.write("\r\n<xsbug><login name=\"fake\" value=\"XS test\" flags=\"e\"/></xsbug>\r\n");
    QTRY_VERIFY(m_window->currentDebuggee());
    DebuggeePage* machine = m_window->currentDebuggee();
    QTRY_VERIFY(engine.bytesAvailable() > 0 || engine.waitForReadyRead(10));
    QByteArray fromWindow = engine.readAll();
    QVERIFY(!fromWindow.contains("start-profiling")); // preference off
    StopwatchButton* stopwatch = machine->stopwatch();
    QVERIFY(stopwatch->isEnabled());
    QVERIFY(!machine->sessionsButton()->isEnabled()); // nothing profiled yet
    QVERIFY(!stopwatch->isChecked());

    // Broken at a breakpoint: the click resumes the machine first, in the same write, as
    // xsbug's does (start-profiling handled while broken upsets the engine's clock).
    engine.write("\r\n<xsbug><break path=\"/app/main.js\" line=\"3\"># Break: breakpoint!\n</break></xsbug>\r\n");
    QTRY_COMPARE(machine->session()->state(), MachineSession::State::Broken);
    stopwatch->click();
    QVERIFY(!stopwatch->isChecked()); // not until the engine answers
    QTRY_VERIFY((fromWindow += engine.readAll()).contains("<start-profiling/>"));
    QVERIFY(fromWindow.endsWith("\r\n<go/>\r\n\r\n<start-profiling/>\r\n"));
    QCOMPARE(machine->session()->state(), MachineSession::State::Running);
    engine.write("\r\n<xsbug><pt name=\"start\" value=\"@000618A3C2D4E100\"/></xsbug>\r\n");
    QTRY_VERIFY(stopwatch->isChecked());
    QVERIFY(stopwatch->isAnimating());
    const double before = stopwatch->handAngle();
    QTest::qWait(120);
    QVERIFY(stopwatch->handAngle() != before);

    // The Debug menu's action does the same and names what it will do.
    auto actions = m_window->findChildren<QAction*>();
    auto profilingAction = std::find_if(actions.begin(), actions.end(), [](QAction* a) {
        return a->text().remove(QLatin1Char('&')) == QStringLiteral("Stop Profiling");
    });
    QVERIFY(profilingAction != actions.end());
    QVERIFY((*profilingAction)->isEnabled());
    fromWindow.clear();
    (*profilingAction)->trigger();
    QVERIFY(stopwatch->isChecked());
    QTRY_VERIFY((fromWindow += engine.readAll()).contains("<stop-profiling/>"));
    engine.write("\r\n<xsbug><pt name=\"stop\" value=\"@000618A3C2D5E100\"/></xsbug>\r\n");
    QTRY_VERIFY(!stopwatch->isChecked());
    QVERIFY(!stopwatch->isAnimating());
    QCOMPARE((*profilingAction)->text().remove(QLatin1Char('&')), QStringLiteral("Start Profiling"));
    QVERIFY(machine->sessionsButton()->isEnabled()); // the session just stopped can open in a tab
    saveScreenshot(machine, QStringLiteral("debuggee-no-profile"));
}

void TestDebuggee::testCloseConnectedMachine()
{
    startServer(false);
    QTcpSocket engine;
    engine.connectToHost(QHostAddress::LocalHost, m_window->serverController()->server()->port());
    QVERIFY(engine.waitForConnected(5000));
    engine.write("\r\n<xsbug><login name=\"fake\" value=\"XS test\" flags=\"e\"/></xsbug>\r\n");
    QTRY_VERIFY(m_window->currentDebuggee());
    QTRY_VERIFY(engine.bytesAvailable() > 0 || engine.waitForReadyRead(10));
    engine.readAll();

    // Cancel keeps the tab and the connection.
    m_window->closeDocument(0);
    QMessageBox* box = nullptr;
    QTRY_VERIFY((box = m_window->findChild<QMessageBox*>()) && box->isVisible());
    box->button(QMessageBox::Cancel)->click();
    QTest::qWait(50);
    QCOMPARE(m_window->documentCount(), 1);
    QVERIFY(m_window->currentDebuggee()->isConnected());

    // Abort sends <abort/> and closes the tab.
    m_window->closeDocument(0);
    QTRY_VERIFY((box = m_window->findChild<QMessageBox*>()) && box->isVisible());
    QAbstractButton* abort = nullptr;
    for (QAbstractButton* button : box->buttons()) {
        if (button->text() == QStringLiteral("Abort"))
            abort = button;
    }
    QVERIFY(abort);
    abort->click();
    QByteArray fromWindow;
    QTRY_VERIFY((fromWindow += engine.readAll()).contains("<abort/>"));
    QTRY_COMPARE(m_window->documentCount(), 0);

    // A disconnected machine's tab closes without a question.
    QTcpSocket other;
    other.connectToHost(QHostAddress::LocalHost, m_window->serverController()->server()->port());
    QVERIFY(other.waitForConnected(5000));
    other.write("\r\n<xsbug><login name=\"gone\" value=\"XS test\" flags=\"e\"/></xsbug>\r\n");
    QTRY_COMPARE(m_window->documentCount(), 1);
    other.disconnectFromHost();
    QTRY_VERIFY(!m_window->currentDebuggee()->isConnected());
    m_window->closeDocument(0);
    QTRY_COMPARE(m_window->documentCount(), 0);
}

void TestDebuggee::testPortInUse()
{
    QTcpServer squatter;
    QVERIFY(squatter.listen(QHostAddress::LocalHost, 0));
    m_window->preferences()->setListening(squatter.serverPort(), false);
    m_window->show();
    QVERIFY(!m_window->startDebugServer());
    ServerStatusWidget* status = m_window->serverStatus();
    QVERIFY2(status->text().contains(QString::number(squatter.serverPort())), qPrintable(status->text()));
    QVERIFY2(status->text().contains(QLatin1String("in use")), qPrintable(status->text()));
    QVERIFY(status->changeButton()->isVisibleTo(m_window.get()));
    saveScreenshot(m_window.get(), QStringLiteral("port-in-use"));

    // Still a file viewer.
    m_window->openFiles({corpusPath(QStringLiteral("tiny/diamond.cpuprofile"))});
    QTRY_COMPARE(m_window->documentCount(), 1);

    // The button leads to the Preferences; another port there restarts the listener.
    status->changeButton()->click();
    PreferencesDialog* dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<PreferencesDialog*>()) && dialog->isVisible());
    const quint16 port = freePort();
    QVERIFY(port != 0);
    dialog->portField()->setValue(port);
    dialog->accept();
    QVERIFY(m_window->serverController()->isListening());
    QCOMPARE(m_window->serverController()->server()->port(), port);
    QVERIFY(status->text().contains(QStringLiteral("127.0.0.1:%1").arg(port)));
    QVERIFY(!status->changeButton()->isVisibleTo(m_window.get()));
    QCOMPARE(m_settings->value(SettingsKeys::port).toInt(), int(port));

    // Other devices: every interface.
    m_window->preferences()->setListening(port, true);
    QVERIFY(m_window->serverController()->isListening());
    QVERIFY(m_window->serverController()->server()->address() == QHostAddress::Any);
}

// Debug > Profile on Start, the dialog and QSettings agree; machines that connect next get it.
void TestDebuggee::testProfileOnStartPreference()
{
    startServer(false);
    auto actions = m_window->findChildren<QAction*>();
    auto onStart = std::find_if(actions.begin(), actions.end(), [](QAction* a) {
        return a->text().remove(QLatin1Char('&')) == QStringLiteral("Profile on Start");
    });
    QVERIFY(onStart != actions.end());
    QVERIFY((*onStart)->isCheckable());
    QVERIFY(!(*onStart)->isChecked());
    (*onStart)->trigger();
    QVERIFY(m_window->preferences()->profileOnStart());
    QVERIFY(m_settings->value(SettingsKeys::profileOnStart).toBool());
    QVERIFY(m_window->serverController()->server()->sessionSettings().profileOnStart);

    PreferencesDialog* dialog = m_window->showPreferences();
    QVERIFY(dialog->profileOnStartBox()->isChecked());
    dialog->profileOnStartBox()->setChecked(false);
    dialog->accept();
    QVERIFY(!(*onStart)->isChecked());
    QVERIFY(!m_window->serverController()->server()->sessionSettings().profileOnStart);

    // With it off, the handshake has no <start-profiling/>: the replay's machine sends its
    // recorded profile anyway, but what we sent differs from the .sent file by that command.
    dialog = m_window->showPreferences();
    dialog->profileOnStartBox()->setChecked(true);
    dialog->accept();
    const Replay r = replay();
    QVERIFY2(r.ok, qPrintable(r.output));
    QVERIFY(r.received.contains("<start-profiling/>"));

    // A new window reads the stored preference.
    MainWindow second(m_settings.get());
    QVERIFY(second.preferences()->profileOnStart());
}

// The live-refresh swap: same profile, new numbers object; expansion, selection and scroll stay.
void TestDebuggee::testSetProfileDataKeepsViewState()
{
    const QString file = corpusPath(QStringLiteral("node_fib.cpuprofile"));
    ProfilePage page(loadData(file));
    page.resize(700, 260); // small, so the expanded tree scrolls
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    CostTreeView* view = page.functionView(false);
    QAbstractItemModelTester tester(view->costModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    view->expandToDepth(2);
    QCoreApplication::processEvents();
    const QModelIndex first = view->model()->index(0, 0);
    QVERIFY(view->model()->rowCount(first) > 0);
    const QModelIndex chosen = view->model()->index(view->model()->rowCount(first) - 1, 0, first);
    view->setCurrentIndex(chosen);
    view->header()->resizeSection(1, 150);
    QVERIFY(view->verticalScrollBar()->maximum() > 2);
    view->verticalScrollBar()->setValue(2);
    const auto before = view->saveTreeState();
    const QString chosenName = chosen.data(CostTreeModel::NameRole).toString();
    const QString shownBefore = printModel(*view->model(), 3);

    page.setProfileData(loadData(file));
    QCoreApplication::processEvents();
    const auto after = view->saveTreeState();
    QVERIFY(!before.expanded.isEmpty() && !before.current.isEmpty());
    QVERIFY(after.expanded == before.expanded);
    QVERIFY(after.current == before.current);
    QVERIFY(after.selected == before.selected);
    QCOMPARE(view->verticalScrollBar()->value(), 2);
    QCOMPARE(view->currentIndex().data(CostTreeModel::NameRole).toString(), chosenName);
    QCOMPARE(view->header()->sectionSize(1), 150);
    QCOMPARE(printModel(*view->model(), 3), shownBefore);
}

// 40 times the samples, as fast as the replay can send: the analysis runs on the worker,
// refreshes stay bounded, and the GUI thread keeps serving its timers.
void TestDebuggee::testLargeLiveProfileStaysResponsive()
{
    startServer(true);
    DebuggeePage* machine = nullptr;
    int refreshes = 0;
    double maxComputeMs = 0.0;
    connect(m_window->serverController(), &ServerController::machineConnected, this, [&] {
        machine = m_window->currentDebuggee();
        connect(machine->refresher(), &ProfileRefresher::refreshed, this, [&] {
            ++refreshes;
            maxComputeMs = std::max(maxComputeMs, machine->refresher()->lastComputeMs());
        });
    });
    QElapsedTimer sinceTick;
    qint64 longestGap = 0;
    QTimer ticker;
    ticker.setInterval(5);
    connect(&ticker, &QTimer::timeout, this, [&] {
        if (sinceTick.isValid())
            longestGap = std::max(longestGap, sinceTick.elapsed());
        sinceTick.start();
    });
    ticker.start();
    QElapsedTimer clock;
    clock.start();
    const Replay r = replay({QStringLiteral("--repeat"), QStringLiteral("40"), QStringLiteral("--shift-stop")});
    QVERIFY2(r.ok, qPrintable(r.output));
    QVERIFY(machine);
    QTRY_VERIFY(!machine->isConnected());
    QTRY_VERIFY(machine->profilePage());
    QTRY_COMPARE(machine->profilePage()->data()->analysis.functions.sampleCount(), size_t(1208 * 40));
    ticker.stop();
    qInfo("48320 samples streamed in %lld ms: %d refreshes, analysis up to %.1f ms (last %.1f ms) on the worker; "
          "longest GUI-thread gap %lld ms",
          clock.elapsed(), refreshes, maxComputeMs, machine->refresher()->lastComputeMs(), longestGap);
    QVERIFY(refreshes <= int(clock.elapsed() / 200) + 3);
}

QTEST_MAIN(TestDebuggee)
#include "tst_debuggee.moc"

void TestDebuggee::testBrokenMachineComesForwardAndConsoleSurvives()
{
    // The machine's sources were recorded under /home/dev/xs-app; here they are in the temp dir.
    QFile js(m_dir->filePath(QStringLiteral("log_and_break.js")));
    QVERIFY(js.open(QIODevice::WriteOnly));
    for (int line = 1; line <= 60; ++line)
        js.write(QByteArray("// local copy, line ") + QByteArray::number(line) + '\n');
    js.close();
    m_window->preferences()->setPathMappings(
        PathMappings::fromText(QStringLiteral("/home/dev/xs-app => ") + m_dir->path()));
    m_window->preferences()->setConsoleLines(150);
    startServer(false);
    m_window->show();
    m_window->openFiles({QStringLiteral(XSPROF_CORPUS_DIR "/tiny/diamond.cpuprofile")});
    QTRY_VERIFY(m_window->currentPage() && !m_window->currentDebuggee()); // a file tab in front
    int breaks = 0;
    connect(m_window->serverController(), &ServerController::machineConnected, this, [&](MachineSession* s) {
        connect(s, &MachineSession::broke, this, [&, s] {
            ++breaks;
            QVERIFY(m_window->currentDebuggee() && m_window->currentDebuggee()->session() == s);
            // Path mappings and the console limit reach the machine's debugger panes.
            DebuggerPanes* panes = m_window->currentDebuggee()->debuggerPanes();
            QCOMPARE(panes->consoleModel()->maxLines(), 150);
            QTRY_VERIFY(panes->source()->isLoaded());
            QVERIFY(panes->source()->currentPath().startsWith(QLatin1String("/home/dev/xs-app/")));
            QVERIFY(panes->source()->view()->toPlainText().contains(QLatin1String("local copy")));
            QTimer::singleShot(50, s, &MachineSession::go);
        });
    });
    QProcess python;
    python.setProcessChannelMode(QProcess::MergedChannels);
    python.start(QStringLiteral("python3"),
                 {QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"),
                  QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/log_and_break.break.xsbug"), QStringLiteral("--connect"),
                  QStringLiteral("127.0.0.1:%1").arg(m_window->serverController()->server()->port()),
                  QStringLiteral("--quiet"), QStringLiteral("--timeout"), QStringLiteral("60")});
    QDeadlineTimer deadline(70000);
    while (python.state() != QProcess::NotRunning && !deadline.hasExpired())
        QTest::qWait(20);
    QCOMPARE(python.exitCode(), 0); // both breaks were continued
    QCOMPARE(breaks, 2);
    // The all-machines console keeps the lines after the machine is gone and its tab closed.
    auto* console = m_window->findChild<ConsoleModel*>(QString(), Qt::FindDirectChildrenOnly);
    QVERIFY(console);
    QCOMPARE(console->maxLines(), 150);
    QTRY_VERIFY(!m_window->currentDebuggee()->isConnected());
    m_window->closeDocument(m_window->indexOf(m_window->currentDebuggee()));
    QTest::qWait(50);
    QStringList lines;
    for (int row = 0; row < console->rowCount(); ++row)
        lines << console->index(row, 0).data().toString();
    const QString all = lines.join(QLatin1Char('\n'));
    QVERIFY2(all.contains(QLatin1String("partial line, continued")), qPrintable(all));
    QVERIFY2(all.contains(QLatin1String("log_and_break: start")), qPrintable(all));
}

// The user arranges one machine's debugger panes: the next machine gets that arrangement,
// and closing a machine's tab keeps it for the next run.
void TestDebuggee::testDebuggerLayoutCarriesOver()
{
    startServer(false);
    const auto connectEngine = [&](QTcpSocket& engine, const char* name) {
        engine.connectToHost(QHostAddress::LocalHost, m_window->serverController()->server()->port());
        QVERIFY(engine.waitForConnected(5000));
        engine.write(QByteArray("\r\n<xsbug><login name=\"") + name + "\" value=\"XS test\" flags=\"e\"/></xsbug>\r\n");
    };
    const auto leftSplitter = [](DebuggeePage* machine) {
        return qobject_cast<QSplitter*>(machine->debuggerPanes()->callStack()->parentWidget());
    };
    m_window->show();
    QTcpSocket first;
    connectEngine(first, "first");
    QTRY_VERIFY(m_window->currentDebuggee());
    DebuggeePage* a = m_window->currentDebuggee();
    QSplitter* left = leftSplitter(a);
    QVERIFY(left);
    QTRY_VERIFY(left->sizes().at(0) > 0);
    const int total = left->sizes().at(0) + left->sizes().at(1) + left->sizes().at(2);
    left->setSizes({total / 2, total / 3, total - total / 2 - total / 3});
    const QList<int> arranged = left->sizes();
    a->debuggerPanes()->instrumentsAction()->setChecked(true);

    QTcpSocket second;
    connectEngine(second, "second");
    QTRY_VERIFY(m_window->currentDebuggee() && m_window->currentDebuggee() != a);
    DebuggeePage* b = m_window->currentDebuggee();
    QVERIFY(b->debuggerPanes()->instrumentsAction()->isChecked());
    QTRY_COMPARE(leftSplitter(b)->sizes(), arranged);

    // Closed (after its machine left): the arrangement is kept in the settings.
    second.disconnectFromHost();
    QTRY_VERIFY(!b->isConnected());
    b->requestClose();
    QTRY_COMPARE(m_window->documentCount(), 1);
    const QByteArray kept = m_settings->value(SettingsKeys::debuggerLayout).toByteArray();
    DebuggerPanes fresh(nullptr, nullptr);
    QVERIFY(fresh.restoreLayout(kept));
    QVERIFY(fresh.instrumentsAction()->isChecked());
    QVERIFY(!fresh.restoreLayout(QByteArray("not a layout")));
    QVERIFY(!fresh.restoreLayout(kept.left(kept.size() / 2)));
}

// Profiling started and stopped twice: both sessions are kept, and the first opens in a tab of
// its own (not remembered as a file for the next start).
void TestDebuggee::testEarlierSessionOpensInItsOwnTab()
{
    startServer(false);
    QTcpSocket engine;
    engine.connectToHost(QHostAddress::LocalHost, m_window->serverController()->server()->port());
    QVERIFY(engine.waitForConnected(5000));
    engine.write("\r\n<xsbug><login name=\"twice\" value=\"XS test\" flags=\"e\"/></xsbug>\r\n"
                 "\r\n<xsbug><pt name=\"start\" value=\"@0000000000000100\"/></xsbug>\r\n"
                 "\r\n<xsbug><pr name=\"(host)\" value=\"0\"/></xsbug>\r\n"
                 "\r\n<xsbug><pr name=\"work\" value=\"7\" path=\"/app/w.js\" line=\"2\"/></xsbug>\r\n"
                 "\r\n<xsbug><ps>A,7,0.A,7,0</ps></xsbug>\r\n"
                 "\r\n<xsbug><pt name=\"stop\" value=\"@0000000000000200\"/></xsbug>\r\n"
                 "\r\n<xsbug><pt name=\"start\" value=\"@0000000000000300\"/></xsbug>\r\n"
                 "\r\n<xsbug><pr name=\"(host)\" value=\"0\"/></xsbug>\r\n"
                 "\r\n<xsbug><pr name=\"work\" value=\"7\" path=\"/app/w.js\" line=\"2\"/></xsbug>\r\n"
                 "\r\n<xsbug><ps>5,7,0.5,7,0.5,7,0</ps></xsbug>\r\n"
                 "\r\n<xsbug><pt name=\"stop\" value=\"@0000000000000400\"/></xsbug>\r\n");
    QTRY_VERIFY(m_window->currentDebuggee());
    DebuggeePage* machine = m_window->currentDebuggee();
    QTRY_COMPARE(machine->session()->finishedProfiles().size(), size_t(2));
    QCOMPARE(machine->session()->finishedProfiles()[0].samples, size_t(2));
    QCOMPARE(machine->session()->finishedProfiles()[1].samples, size_t(3));

    QTRY_VERIFY(machine->sessionsButton()->isEnabled());
    QMenu* menu = machine->sessionsButton()->menu();
    emit menu->aboutToShow();
    QCOMPARE(menu->actions().size(), 4); // two sessions, a separator, Compare Sessions…
    QVERIFY(menu->actions()[0]->text().startsWith(QLatin1String("Session 1")));
    QVERIFY(menu->actions()[0]->text().contains(QLatin1String("2 samples")));
    menu->actions()[0]->trigger();
    QTRY_COMPARE(m_window->documentCount(), 2);
    ProfilePage* page = m_window->currentPage();
    QVERIFY(page && !m_window->currentDebuggee());
    QCOMPARE(page->data()->profile.samples.size(), size_t(2));
    QCOMPARE(page->title(), QStringLiteral("twice — session 1"));
    QVERIFY(closeEnough(page->data()->duration(), 20.0)); // two samples of 10 µs (A in base 36)

    // Sessions › Compare Sessions…: the dialog offers the last two; the comparison matches
    // work by (name, path, line): 2 × 10 µs before, 3 × 5 µs after.
    emit menu->aboutToShow();
    QAction* compare = menu->actions().last();
    QCOMPARE(compare->text(), QStringLiteral("Compare Sessions…"));
    QTimer::singleShot(0, this, [] {
        auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget());
        QVERIFY(dialog);
        dialog->accept();
    });
    compare->trigger();
    QTRY_COMPARE(m_window->documentCount(), 3);
    auto* comparison = qobject_cast<ComparisonPage*>(m_window->tabWidget()->currentWidget());
    QVERIFY(comparison);
    QCOMPARE(comparison->data()->baseName, QStringLiteral("twice session 1"));
    QCOMPARE(comparison->data()->nextName, QStringLiteral("twice session 2"));
    const xsprof::Comparison& c = comparison->data()->comparison;
    QVERIFY(closeEnough(c.duration(xsprof::Side::Base), 20.0));
    QVERIFY(closeEnough(c.duration(xsprof::Side::New), 15.0));
    bool sawWork = false;
    for (const xsprof::ComparedFunction& f : c.functions()) {
        if (f.name != "work")
            continue;
        sawWork = true;
        QVERIFY(f.base() && f.next());
        QVERIFY(closeEnough(f.base()->self, 20.0));
        QVERIFY(closeEnough(f.next()->self, 15.0));
        QVERIFY(closeEnough(*c.delta(f, xsprof::CostKind::Self), -5.0));
    }
    QVERIFY(sawWork);

    engine.disconnectFromHost();
    QTRY_VERIFY(!machine->isConnected());
    QVERIFY(!m_settings->contains(SettingsKeys::sessionFiles));
    m_window->close();
    // Two live sessions are unsaved: quitting asks first (UnsavedProfiles); discard them.
    QMessageBox* prompt = m_window->unsavedProfiles()->openPrompt();
    QVERIFY(prompt);
    for (QAbstractButton* b : prompt->buttons()) {
        if (b->text() == QStringLiteral("Discard"))
            b->click();
    }
    QTRY_VERIFY(m_settings->contains(SettingsKeys::sessionFiles)); // saved, without the session's tab
    QVERIFY(m_settings->value(SettingsKeys::sessionFiles).toStringList().isEmpty());
}
