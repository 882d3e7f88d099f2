// A recorded XS machine replayed into the window: its debuggee tab fills live (off the GUI
// thread, at a bounded rate) and ends with the oracle's numbers; the stopwatch follows the
// engine; Save As and reopen; two machines at once; a live refresh keeps the view's state.
#include "debuggeewindowfixture.h"
#include "viewtestutils.h"

#include "app/debugger/conversationmodel.h"
#include "app/debugger/conversationpane.h"
#include "app/debugger/debuggeepage.h"
#include "app/debugger/debuggerpanes.h"
#include "app/debugger/debuggersourcepane.h"
#include "app/debugger/stopwatchbutton.h"
#include "app/machines/allmachinesconsole.h"
#include "app/machines/machinetabs.h"
#include "app/machines/servercontroller.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "app/settingskeys.h"
#include "app/tabs/windowtabs.h"
#include "expectedprofile.h"
#include "protocol/bubbletext.h"
#include "protocol/debugserver.h"
#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/document/profilerefresher.h"
#include "views/profilepage.h"
#include "views/sourceview.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QDockWidget>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QListView>
#include <QMenu>
#include <QRegularExpression>
#include <QTextBlock>
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
    void aReplayedMachineBecomesADebuggeeTab();
    void aLiveProfileSavedReopensWithTheSameNumbers();
    void twoMachinesGetTwoTabs();
    void theStopwatchFollowsTheEngine();
    void liveRefreshKeepsTheViewState();
    void aLargeLiveProfileStaysResponsive();
    void theStopwatchOnABusyMachineSaysRequested();
    void chatConversationsShowInTheMachineTabAndAllMachines();
};

// xst reads commands only at a pause: the stopwatch says the start is asked and not yet read,
// as Break does, until the engine answers.
void TestDebuggee::theStopwatchOnABusyMachineSaysRequested()
{
    startServer(false);
    QTcpSocket engine;
    engine.connectToHost(QHostAddress::LocalHost, m_window->machines()->serverController()->server()->port());
    QVERIFY(engine.waitForConnected(5000));
    engine.write("\r\n<xsbug><login name=\"xst\" value=\"XS test\" flags=\"e\"/></xsbug>\r\n");
    QTRY_VERIFY(m_window->machines()->currentDebuggee());
    DebuggeePage* machine = m_window->machines()->currentDebuggee();
    QTRY_COMPARE(machine->session()->state(), MachineSession::State::Running);
    StopwatchButton* stopwatch = machine->stopwatch();
    QVERIFY(!stopwatch->isPending());
    QTest::mouseClick(stopwatch, Qt::LeftButton);
    QByteArray fromWindow;
    QTRY_VERIFY((fromWindow += engine.readAll()).contains("<start-profiling/>"));
    QVERIFY(!stopwatch->isChecked()); // the engine has not answered
    QVERIFY(stopwatch->isPending());
    QVERIFY2(stopwatch->toolTip().contains(QStringLiteral("Start Profiling requested — the machine acts on it at its next pause")),
             qPrintable(stopwatch->toolTip()));
    QVERIFY(stopwatch->toolTip().contains(QLatin1String("xst")));
    QVERIFY(machine->debuggerPanes()->statusLabel()->text().contains(QLatin1String("Start Profiling requested")));
    saveScreenshot(machine, QStringLiteral("stopwatch-requested"));
    engine.write("\r\n<xsbug><pt name=\"start\" value=\"@000618A3C2D4E100\"/></xsbug>\r\n");
    QTRY_VERIFY(stopwatch->isChecked());
    QVERIFY(!stopwatch->isPending());
    QCOMPARE(stopwatch->toolTip(), QStringLiteral("Stop profiling"));
}

namespace {
// The <bubble> elements of a recording, read here on their own (not by the code under test).
QList<xsbug::Bubble> recordedBubbles(const QString& file)
{
    QFile f(file);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    const QString text = QString::fromUtf8(f.readAll());
    static const QRegularExpression element(QStringLiteral(
        "<bubble name=\"([^\"]*)\" value=\"(\\d+)\" path=\"([^\"]*)\" line=\"(\\d+)\">([^<]*)</bubble>"));
    QList<xsbug::Bubble> bubbles;
    for (const QRegularExpressionMatch& m : element.globalMatch(text))
        bubbles.append({m.captured(1), m.captured(2).toInt(), m.captured(5), m.captured(3), m.captured(4).toInt()});
    return bubbles;
}
} // namespace

// The chat app (trace.left/right/center, a binary message) replayed into the window: every
// message in its machine's Messages pane and in the all-machines one, with its conversation,
// side and text; a conversation hidden; a double-click goes to the line that sent it.
void TestDebuggee::chatConversationsShowInTheMachineTabAndAllMachines()
{
    const QString stem = QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_chat.bubbles");
    // The app's source, where the simulator's build machine had it.
    m_window->preferences()->setPathMappings(PathMappings::fromText(
        QStringLiteral("/home/dev/moddable-apps/chat => " XSPROF_CORPUS_DIR "/workloads/moddable/chat")));
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    startServer(false);
    connect(m_window->machines()->serverController()->intake(), &MachineIntake::machineReady, this, [&](MachineSession* s) {
        connect(s, &MachineSession::broke, this, [s] { QTimer::singleShot(20, s, &MachineSession::go); });
    });
    const Replay r = replay({}, stem);
    QVERIFY2(r.ok, qPrintable(r.output));
    DebuggeePage* machine = m_window->machines()->currentDebuggee();
    QVERIFY(machine);
    DebuggerPanes* panes = machine->debuggerPanes();
    m_window->machines()->currentDebuggee()->setFocus();

    QFile oracle(stem + QStringLiteral(".expected.json"));
    QVERIFY(oracle.open(QIODevice::ReadOnly));
    const int expectedCount = QJsonDocument::fromJson(oracle.readAll())[QStringLiteral("message_counts")][QStringLiteral("bubble")].toInt();
    const QList<xsbug::Bubble> recorded = recordedBubbles(stem + QStringLiteral(".xsbug"));
    QCOMPARE(recorded.size(), expectedCount);
    ConversationModel* own = panes->conversationModel();
    ConversationModel* all = m_window->machines()->allMachinesConsole()->conversationModel();
    QAbstractItemModelTester tester(all, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_COMPARE(own->rowCount(), expectedCount);
    QCOMPARE(all->rowCount(), expectedCount);
    for (int row = 0; row < expectedCount; ++row) {
        const xsbug::Bubble& b = recorded.at(row);
        for (ConversationModel* model : {own, all}) {
            const QModelIndex index = model->index(row);
            QCOMPARE(index.data(ConversationModel::ConversationRole).toString(), b.conversation);
            QCOMPARE(index.data(ConversationModel::SideRole).toInt(), int(BubbleText::side(b.flags)));
            QCOMPARE(index.data(ConversationModel::PathRole).toString(), b.path);
            QCOMPARE(index.data(ConversationModel::LineRole).toInt(), b.line);
            QCOMPARE(index.data().toString(), BubbleText::isBinary(b.flags) ? QStringLiteral("4 bytes\n01 02 03 AB") : b.text);
        }
        QCOMPARE(all->index(row).data(ConversationModel::SourceRole).toString(), machine->title());
    }
    ConversationPane* pane = panes->conversations();
    QVERIFY(pane->isVisible());
    // The all-machines dock opens when asked (View › Messages (all machines)), not by itself.
    QVERIFY(!m_window->machines()->allMachinesConsole()->conversationsDock()->isVisible());
    m_window->machines()->allMachinesConsole()->conversationsAction()->trigger();
    QVERIFY(m_window->machines()->allMachinesConsole()->conversationsDock()->isVisible());
    saveScreenshot(m_window.get(), QStringLiteral("conversations-chat"));

    // Hide "chat" from the pane's menu: the centred note and the binary message remain.
    QAction* chat = nullptr;
    for (QAction* action : pane->conversationsButton()->menu()->actions()) {
        if (action->data().toString() == QLatin1String("chat"))
            chat = action;
    }
    QVERIFY(chat && chat->isChecked());
    chat->setChecked(false);
    QCOMPARE(pane->view()->model()->rowCount(), 2);
    QCOMPARE(pane->view()->model()->index(0, 0).data().toString(), QStringLiteral("centered note"));
    QCOMPARE(all->rowCount(), expectedCount); // the other view is not affected

    // Double-click on the binary message: main.js at line 7, from the mapped folder.
    QListView* view = pane->view();
    const QModelIndex binary = view->model()->index(1, 0);
    view->scrollTo(binary);
    const QPoint at = view->visualRect(binary).center();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
    QTRY_VERIFY(panes->source()->isLoaded());
    QCOMPARE(panes->source()->currentPath(), QStringLiteral("/home/dev/moddable-apps/chat/main.js"));
    QCOMPARE(panes->source()->view()->textCursor().blockNumber() + 1, 7);
    QVERIFY(panes->source()->view()->textCursor().block().text().contains(QLatin1String("trace.left(new Uint8Array")));

    // From the all-machines view: the machine's tab goes to the line (main.js:5, the reply).
    auto* allPane = qobject_cast<ConversationPane*>(m_window->machines()->allMachinesConsole()->conversationsDock()->widget());
    QVERIFY(allPane);
    QListView* allView = allPane->view();
    const QModelIndex reply = allView->model()->index(1, 0);
    QCOMPARE(reply.data().toString(), QStringLiteral("reply on the right"));
    allView->scrollTo(reply);
    QVERIFY(allView->isVisible());
    QTest::mouseClick(allView->viewport(), Qt::LeftButton, {}, allView->visualRect(reply).center());
    QTest::mouseDClick(allView->viewport(), Qt::LeftButton, {}, allView->visualRect(reply).center());
    QTRY_COMPARE(panes->source()->view()->textCursor().blockNumber() + 1, 5);
    QCOMPARE(m_window->machines()->currentDebuggee(), machine);
}

// Replayed in real time: the tab appears at login, fills while samples stream in (at a
// bounded rate, off the GUI thread, checked by model testers), and ends disconnected with
// the oracle's numbers in its rows.
void TestDebuggee::aReplayedMachineBecomesADebuggeeTab()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    startServer(true);

    DebuggeePage* machine = nullptr;
    QList<bool> stopwatchStates;
    std::vector<std::unique_ptr<QAbstractItemModelTester>> testers;
    int refreshes = 0;
    bool grabbedWhileProfiling = false;
    connect(m_window->machines()->serverController()->intake(), &MachineIntake::machineReady, this, [&] {
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
    WindowTabs* tabs = m_window->tabs();
    QVERIFY(tabs->shownText(tab).contains(QLatin1String("xst")));
    QVERIFY(tabs->shownText(tab).contains(QLatin1String("disconnected")));

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

void TestDebuggee::aLiveProfileSavedReopensWithTheSameNumbers()
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

void TestDebuggee::twoMachinesGetTwoTabs()
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
void TestDebuggee::theStopwatchFollowsTheEngine()
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
void TestDebuggee::liveRefreshKeepsTheViewState()
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
void TestDebuggee::aLargeLiveProfileStaysResponsive()
{
    startServer(true);
    DebuggeePage* machine = nullptr;
    int refreshes = 0;
    double maxComputeMs = 0.0;
    connect(m_window->machines()->serverController()->intake(), &MachineIntake::machineReady, this, [&] {
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
