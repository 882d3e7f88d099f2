// Issue 46, the debugger's flow, in the window as a user drives it: a machine stopped at its
// first line comes forward and keeps its tab, the Evaluate field keeps the keyboard across
// steps, the console of all machines follows its tail, machines are named by the tabs open now,
// and the stopwatch says when a machine sends no samples.
#include "debuggeewindowfixture.h"
#include "fakexsmachine.h"

#include "app/debugger/consolepane.h"
#include "app/debugger/debugcontrols.h"
#include "app/debugger/debuggeepage.h"
#include "app/debugger/debuggerpanes.h"
#include "app/debugger/samplewatch.h"
#include "app/debugger/stopwatchbutton.h"
#include "app/debugger/consolemodel.h"
#include "app/machines/allmachinesconsole.h"
#include "app/machines/leftmachines.h"
#include "app/machines/machinetabs.h"
#include "app/tabs/windowtabs.h"
#include "app/machines/serverstatuswidget.h"
#include "app/machines/servercontroller.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "protocol/debugserver.h"
#include "protocol/machinesession.h"

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QTimer>
#include <QToolButton>
#include <QProcess>
#include <QRegularExpression>
#include <QScrollBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>

namespace {
// The newest line of `view` is on screen.
bool tailInView(QListView* view)
{
    const int rows = view->model()->rowCount();
    return rows > 0 && view->viewport()->rect().contains(view->visualRect(view->model()->index(rows - 1, 0)));
}

// What the simulator sent with Break on start set, up to and including its first break.
QByteArray breakOnStartHead()
{
    QFile recording(QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_fibapp.break-on-start.xsbug"));
    if (!recording.open(QIODevice::ReadOnly))
        return {};
    const QByteArray all = recording.readAll();
    const QByteArray end = "</break></xsbug>\r\n";
    const qsizetype at = all.indexOf(end);
    return at < 0 ? QByteArray() : all.left(at + end.size());
}
} // namespace

class TestDebuggerFlow : public DebuggeeWindowFixture
{
    Q_OBJECT
private slots:
    void aMachineStoppedAtItsFirstLineComesForwardAndStays();
    void evaluateKeepsTheKeyboardAcrossStepsRunAndBreak();
    void theConsoleOfAllMachinesFollowsItsTail();
    void aScriptRunAgainAfterItsTabsClosedIsNamedAsBefore();
    void theStopwatchSaysWhenNoSamplesCome();
    void theLeftListOpensWithoutWarnings();

private:
    int tabOf(const MachineSession* session) const;
};

int TestDebuggerFlow::tabOf(const MachineSession* session) const
{
    for (int i = 0; i < m_window->tabs()->count(); ++i) {
        if (DebuggeePage* machine = m_window->machines()->debuggee(i); machine && machine->session() == session)
            return i;
    }
    return -1;
}

// Break on start: the machine stops before its tab exists (a second machine of a name is held
// until it has something to show, and its break is what it shows). Its tab comes forward as
// any break's, even past a dead tab in front, and stays when the machine drops.
void TestDebuggerFlow::aMachineStoppedAtItsFirstLineComesForwardAndStays()
{
    startServer(false);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    const quint16 port = m_window->machines()->serverController()->server()->port();
    // The run before: it ended, its tab in front.
    FakeXsMachine before;
    QVERIFY(before.connectTo(port));
    before.send("<login name=\"fibapp\" value=\"XS 17.7.0 64-bit LE 16-bit ID\" flags=\"e\"/>");
    QTRY_VERIFY(m_window->machines()->currentDebuggee());
    DebuggeePage* dead = m_window->machines()->currentDebuggee();
    before.socket.disconnectFromHost();
    QTRY_VERIFY(!dead->isConnected());
    QCOMPARE(m_window->machines()->currentDebuggee(), dead);

    // The run again, with Break on start: stopped at fib.js line 1.
    const QByteArray head = breakOnStartHead();
    QVERIFY(head.contains("<break "));
    FakeXsMachine again;
    QVERIFY(again.connectTo(port));
    again.socket.write(head);
    again.socket.flush();
    QTRY_VERIFY(m_window->machines()->currentDebuggee() != dead);
    DebuggeePage* stopped = m_window->machines()->currentDebuggee();
    QCOMPARE(stopped->session()->state(), MachineSession::State::Broken);
    QVERIFY(stopped->debuggerPanes()->isVisible()); // its Debugger, not its Profile
    QCOMPARE(m_window->tabs()->currentIndex(), tabOf(stopped->session()));

    // The user looks at the dead tab; the stopped machine's connection drops: its tab stays.
    QTest::mouseClick(m_window->tabs()->tabBar(), Qt::LeftButton, {},
                      m_window->tabs()->tabBar()->tabRect(m_window->tabs()->indexOf(dead)).center());
    QCOMPARE(m_window->machines()->currentDebuggee(), dead);
    const MachineSession* session = stopped->session();
    again.socket.disconnectFromHost();
    QTRY_VERIFY(!session->isConnected());
    QTest::qWait(100);
    QVERIFY(tabOf(session) >= 0);
}

// The user types in Evaluate at a break and steps with the keys: the field keeps the keyboard
// while the machine runs and when it stops again, and Enter never reaches another control
// (it used to land on the console's Copy button).
void TestDebuggerFlow::evaluateKeepsTheKeyboardAcrossStepsRunAndBreak()
{
    m_window->preferences()->setXscPath(QStringLiteral(XSPROF_FIXTURES_DIR "/xsc/fake-xsc"));
    startServer(false);
    m_window->show();
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    FakeXsMachine engine;
    QVERIFY(engine.connectTo(m_window->machines()->serverController()->server()->port()));
    engine.send("<login name=\"xst\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
    QVERIFY(engine.waitFor("</set-all-breakpoints>"));
    const QString script = m_dir->filePath(QStringLiteral("prog.js"));
    engine.send(fakeBreakIn(script, 4));
    QTRY_VERIFY(m_window->machines()->currentDebuggee());
    DebuggeePage* machine = m_window->machines()->currentDebuggee();
    QTRY_COMPARE(machine->session()->state(), MachineSession::State::Broken);
    QLineEdit* field = machine->debuggerPanes()->console()->evalField();
    QTRY_VERIFY(!field->isReadOnly());
    QTest::mouseClick(field, Qt::LeftButton);
    QTRY_COMPARE(QApplication::focusWidget(), field);
    QApplication::clipboard()->setText(QStringLiteral("untouched"));

    // F10, F11, F5 and Ctrl+. (Break) from the field, each followed by the machine's next break.
    const struct { Qt::Key key; Qt::KeyboardModifiers modifiers; QByteArray command; bool breaks; } presses[] = {
        {Qt::Key_F10, Qt::NoModifier, "<step/>", true},
        {Qt::Key_F11, Qt::NoModifier, "<step-inside/>", true},
        {Qt::Key_F5, Qt::NoModifier, "<go/>", false},
        {Qt::Key_Period, Qt::ControlModifier, "<step/>", true},
    };
    int line = 5;
    for (const auto& press : presses) {
        engine.received.clear();
        QTest::keyClick(QApplication::focusWidget(), press.key, press.modifiers);
        QVERIFY2(engine.waitFor(press.command), press.command.constData());
        QTRY_COMPARE(machine->session()->state(), MachineSession::State::Running);
        QCOMPARE(QApplication::focusWidget(), field);
        QVERIFY(field->isReadOnly()); // says it needs a break
        QTest::keyClicks(field, QStringLiteral("n"));
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return); // nothing to press, nothing sent
        QCOMPARE(QApplication::clipboard()->text(), QStringLiteral("untouched"));
        if (press.breaks) {
            engine.send(fakeBreakIn(script, line++));
            QTRY_COMPARE(machine->session()->state(), MachineSession::State::Broken);
            QCOMPARE(QApplication::focusWidget(), field);
            QVERIFY(!field->isReadOnly());
        }
    }
}

// A Worker flood fills the console of all machines past its bound while the user reads its
// bottom: it shows the newest lines all along, as a machine's own console does; scrolled up, it
// stays where the user is; back at the bottom, it follows again.
void TestDebuggerFlow::theConsoleOfAllMachinesFollowsItsTail()
{
    m_window->preferences()->setConsoleLines(100);
    startServer(false);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    AllMachinesConsole* console = m_window->machines()->allMachinesConsole();
    auto* pane = m_window->findChild<QDockWidget*>(QStringLiteral("allMachinesConsole"))->findChild<ConsolePane*>();
    QVERIFY(pane);
    QListView* view = pane->view();
    QScrollBar* bar = view->verticalScrollBar();

    // Workers that each say 20 lines, as the simulator's simpleworker with logs.
    QFile recorded(QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_worker.xsbug"));
    QVERIFY(recorded.open(QIODevice::ReadOnly));
    QByteArray worker = recorded.readAll();
    QByteArray lines;
    for (int i = 0; i < 20; ++i)
        lines += "\r\n<xsbug><log>worker line " + QByteArray::number(i) + "&#10;</log></xsbug>\r\n";
    worker.insert(worker.indexOf("</xsbug>\r\n") + 10, lines);
    QFile talking(m_dir->filePath(QStringLiteral("talking_worker.xsbug")));
    QVERIFY(talking.open(QIODevice::WriteOnly) && talking.write(worker) == worker.size());
    talking.close();
    const QString address = QStringLiteral("127.0.0.1:%1").arg(m_window->machines()->serverController()->server()->port());
    // Plays `count` Workers; how often the newest line was out of view while they came.
    auto flood = [&](int count) {
        QProcess storm;
        storm.start(QStringLiteral("python3"), {QStringLiteral(XSPROF_TOOLS_DIR "/machine_storm.py"), talking.fileName(),
                                                QStringLiteral("--connect"), address, QStringLiteral("--count"),
                                                QString::number(count), QStringLiteral("--timeout"), QStringLiteral("60")});
        int outOfView = 0;
        QDeadlineTimer deadline(70000);
        while (storm.state() != QProcess::NotRunning && !deadline.hasExpired()) {
            QTest::qWait(20);
            outOfView += view->isVisible() && view->model()->rowCount() > 0 && !tailInView(view);
        }
        QTest::qWait(2 * 200); // the intake's last batch
        return outOfView;
    };
    // The flood comes while the console is hidden (each Worker's unread lines earn it a tab);
    // the user opens the console: it shows the newest lines.
    flood(8);
    QTRY_COMPARE(view->model()->rowCount(), 100); // full
    m_window->machines()->consoleAction()->trigger();
    QTRY_VERIFY(console->isShown());
    QTRY_VERIFY(tailInView(view));
    QVERIFY(view->model()->index(99, 0).data().toString().endsWith(QLatin1String("worker line 19")));

    // Shown, full, and more come: the tail stays in view.
    flood(20);
    QTRY_VERIFY(tailInView(view));
    // The user scrolls up: the console stays there while lines come.
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, QPoint(20, 5));
    QTest::keyClick(view, Qt::Key_Home);
    QTRY_COMPARE(bar->value(), 0);
    flood(10);
    QVERIFY(!tailInView(view));
    // Back at the bottom (End, though the line the user clicked is gone): it follows again.
    QTest::keyClick(view, Qt::Key_End);
    QTRY_VERIFY(tailInView(view));
    QCOMPARE(flood(10), 0);
    QTRY_VERIFY(tailInView(view));
}

// Tab names count the machines there now: a script run again after its tabs were closed is
// "xst", not "xst #3"; a second one while the first is there is "xst #2".
void TestDebuggerFlow::aScriptRunAgainAfterItsTabsClosedIsNamedAsBefore()
{
    startServer(false);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    const quint16 port = m_window->machines()->serverController()->server()->port();
    WindowTabs* tabs = m_window->tabs();
    auto run = [&](FakeXsMachine& engine) {
        const int before = tabs->count();
        QVERIFY(engine.connectTo(port));
        engine.send("<login name=\"xst\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
        QVERIFY(engine.waitFor("</set-all-breakpoints>"));
        engine.send("<log>hello&#10;</log>"); // unread: its tab stays when it goes
        QTRY_COMPARE_WITH_TIMEOUT(tabs->count(), before + 1, 10000);
    };
    auto texts = [&] {
        QStringList all;
        for (int i = 0; i < tabs->count(); ++i)
            all << tabs->tabBar()->tabText(i);
        return all;
    };
    {
        FakeXsMachine first, second;
        run(first);
        run(second);
        QCOMPARE(texts(), (QStringList{QStringLiteral("xst"), QStringLiteral("xst #2")}));
        first.socket.disconnectFromHost();
        second.socket.disconnectFromHost();
        QTRY_COMPARE(texts(), (QStringList{QStringLiteral("xst (disconnected)"), QStringLiteral("xst #2 (disconnected)")}));
    }
    // The user closes both tabs with their close buttons.
    while (tabs->count() > 0) {
        QTabBar* bar = tabs->tabBar();
        QWidget* close = bar->tabButton(0, QTabBar::RightSide) ? bar->tabButton(0, QTabBar::RightSide)
                                                                : bar->tabButton(0, QTabBar::LeftSide);
        QVERIFY(close);
        const int before = tabs->count();
        QTest::mouseClick(close, Qt::LeftButton);
        QTRY_COMPARE(tabs->count(), before - 1);
    }
    FakeXsMachine again, alongside;
    run(again);
    QCOMPARE(texts(), QStringList{QStringLiteral("xst")});
    run(alongside);
    QCOMPARE(texts(), (QStringList{QStringLiteral("xst"), QStringLiteral("xst #2")}));
}

// The stopwatch pressed at a break: the machine resumes, and XS sends no samples (xst does not
// even start). A few seconds later the tab says so and what works; samples that come after all
// take the note away.
void TestDebuggerFlow::theStopwatchSaysWhenNoSamplesCome()
{
    startServer(false);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    const quint16 port = m_window->machines()->serverController()->server()->port();
    const QString script = m_dir->filePath(QStringLiteral("prog.js"));
    auto stopAndPress = [&](FakeXsMachine& engine) -> DebuggeePage* {
        const int before = m_window->tabs()->count();
        if (!engine.connectTo(port))
            return nullptr;
        engine.send("<login name=\"xst\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
        engine.send(fakeBreakIn(script, 4));
        QDeadlineTimer deadline(10000);
        while ((m_window->tabs()->count() == before || !m_window->machines()->currentDebuggee() ||
                m_window->machines()->currentDebuggee()->session()->state() != MachineSession::State::Broken) &&
               !deadline.hasExpired())
            QTest::qWait(10);
        DebuggeePage* machine = m_window->machines()->currentDebuggee();
        if (!machine)
            return nullptr;
        engine.received.clear();
        QTest::mouseClick(machine->stopwatch(), Qt::LeftButton);
        return engine.waitFor("<start-profiling/>") ? machine : nullptr;
    };

    // The engine says it started (XS does when the command is read at a break) but sends nothing.
    FakeXsMachine saysItStarted;
    DebuggeePage* machine = stopAndPress(saysItStarted);
    QVERIFY(machine);
    QVERIFY(saysItStarted.received.contains("<go/>"));
    saysItStarted.send("<pt name=\"start\" value=\"@0000000000001000\"/>");
    QTRY_VERIFY(machine->session()->isProfiling());
    QTRY_VERIFY_WITH_TIMEOUT(!machine->sampleWatch()->note().isEmpty(), SampleWatch::defaultWaitMs + 4000);
    const QString note = machine->sampleWatch()->note();
    QVERIFY2(note.contains(QLatin1String("xst says it is profiling but has sent no samples")), qPrintable(note));
    QVERIFY2(note.contains(QLatin1String("started at a break")), qPrintable(note));
    QVERIFY2(note.contains(QLatin1String("Profile on Start")) && note.contains(QLatin1String("simulator")), qPrintable(note));
    // On screen: the Profile section says it, the header too.
    bool shown = false;
    for (QLabel* label : machine->findChildren<QLabel*>()) {
        shown = shown || (label->isVisible() && label->text() == note);
    }
    QVERIFY(shown);
    // Samples after all: the note goes.
    QByteArray batch;
    for (int i = 0; i < 8; ++i)
        batch += (i ? "." : "") + QByteArray("5,1,0");
    saysItStarted.send("<pr name=\"(host)\" value=\"0\"/>");
    saysItStarted.send("<pr name=\"main\" value=\"1\" path=\"/app/main.js\" line=\"3\"/>");
    saysItStarted.send("<ps>" + batch + "</ps>");
    QTRY_VERIFY(machine->sampleWatch()->note().isEmpty());

    // xst: it resumes, and never says it started (it reads the command only at its next pause).
    FakeXsMachine neverStarts;
    machine = stopAndPress(neverStarts);
    QVERIFY(machine);
    QTRY_VERIFY_WITH_TIMEOUT(!machine->sampleWatch()->note().isEmpty(), SampleWatch::defaultWaitMs + 4000);
    QVERIFY2(machine->sampleWatch()->note().contains(QLatin1String("has not started profiling")),
             qPrintable(machine->sampleWatch()->note()));
    QVERIFY(!machine->session()->isProfiling());
}

// The "N left" list, opened with a click, names one machine and several of a name without a
// "QString::arg: Argument missing" on stderr.
void TestDebuggerFlow::theLeftListOpensWithoutWarnings()
{
    startServer(false);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    const QDateTime at = QDateTime::currentDateTime();
    m_window->machines()->leftMachines()->add({{QStringLiteral("xst"), QString(), at, 12},
                                               {QStringLiteral("simpleworker"), QString(), at, 3},
                                               {QStringLiteral("simpleworker"), QStringLiteral("simpleworker #2"), at, 4}});
    QToolButton* left = m_window->machines()->serverStatus()->leftButton();
    QTRY_COMPARE(left->text(), QStringLiteral("3 left"));
    QTest::failOnWarning(QRegularExpression(QStringLiteral("QString::arg")));
    QStringList shown;
    QTimer::singleShot(200, this, [&] {
        if (auto* menu = qobject_cast<QMenu*>(QApplication::activePopupWidget())) {
            for (QAction* action : menu->actions())
                shown << action->text();
            menu->close();
        }
    });
    QTest::mouseClick(left, Qt::LeftButton);
    QTRY_VERIFY(!shown.isEmpty());
    const QString clock = at.toString(QStringLiteral("HH:mm:ss.zzz"));
    QVERIFY2(shown.contains(QStringLiteral("xst — 1 machine, at ") + clock), qPrintable(shown.join(u'|')));
    QVERIFY2(shown.contains(QStringLiteral("simpleworker — 2 machines, the last at ") + clock), qPrintable(shown.join(u'|')));
}

QTEST_MAIN(TestDebuggerFlow)
#include "tst_debuggerflow.moc"
