// A recorded XS machine replayed into the window: its debuggee tab fills live (off the GUI
// thread, at a bounded rate) and ends with the oracle's numbers; the stopwatch follows the
// engine; Save As and reopen; two machines at once; a live refresh keeps the view's state.
#include "debuggeewindowfixture.h"
#include "viewtestutils.h"

#include "app/debugger/debuggeepage.h"
#include "app/debugger/stopwatchbutton.h"
#include "app/machines/machinetabs.h"
#include "app/mainwindow.h"
#include "app/machines/servercontroller.h"
#include "app/settingskeys.h"
#include "expectedprofile.h"
#include "protocol/debugserver.h"
#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/document/profilerefresher.h"
#include "views/profilepage.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QElapsedTimer>
#include <QHeaderView>
#include <QProcess>
#include <QScrollBar>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>
#include <QToolButton>

using namespace ViewTestUtils;

class TestDebuggee : public DebuggeeWindowFixture
{
    Q_OBJECT
private slots:
    void testReplayBecomesDebuggeeTab();
    void testSaveAsAndReopen();
    void testTwoMachines();
    void testStopwatchFollowsEngine();
    void testSetProfileDataKeepsViewState();
    void testLargeLiveProfileStaysResponsive();
};

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
    connect(m_window->machines()->serverController(), &ServerController::machineConnected, this, [&] {
        machine = m_window->machines()->currentDebuggee(); // the window has made the tab already
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
                                 QStringLiteral("127.0.0.1:%1").arg(m_window->machines()->serverController()->server()->port()),
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
    QCOMPARE(m_window->machines()->debuggee(m_window->indexOf(machine)), machine);
    QTRY_VERIFY(!machine->isConnected());
    QVERIFY(machine->stateText() == QStringLiteral("disconnected"));
    QVERIFY(m_window->machines()->currentDebuggee() == machine);
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
    QTRY_VERIFY(m_window->machines()->currentDebuggee() && !m_window->machines()->currentDebuggee()->isConnected());
    DebuggeePage* machine = m_window->machines()->currentDebuggee();
    QTRY_VERIFY(machine->profilePage());
    QTRY_COMPARE(machine->profilePage()->data()->analysis.functions.sampleCount(), size_t(1208));

    const QString path = m_dir->filePath(QStringLiteral("xst.cpuprofile"));
    QVERIFY(m_window->saveCurrentProfile(path));
    m_window->openFile(path);
    QTRY_COMPARE(m_window->documentCount(), 2);
    ProfilePage* reopened = m_window->page(1);
    QVERIFY(reopened && !m_window->machines()->debuggee(1));
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
    QVERIFY(m_window->machines()->debuggee(0) != m_window->machines()->debuggee(1));
    for (int i = 0; i < 2; ++i) {
        DebuggeePage* machine = m_window->machines()->debuggee(i);
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
    engine.connectToHost(QHostAddress::LocalHost, m_window->machines()->serverController()->server()->port());
    QVERIFY(engine.waitForConnected(5000));
    engine.write("\r\n<xsbug><login name=\"fake\" value=\"XS test\" flags=\"e\"/></xsbug>\r\n");
    QTRY_VERIFY(m_window->machines()->currentDebuggee());
    DebuggeePage* machine = m_window->machines()->currentDebuggee();
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
    connect(m_window->machines()->serverController(), &ServerController::machineConnected, this, [&] {
        machine = m_window->machines()->currentDebuggee();
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
