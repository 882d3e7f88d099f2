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
#include "app/machines/machinetabs.h"
#include "app/machines/servercontroller.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "protocol/debugserver.h"
#include "protocol/machinesession.h"

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QFile>
#include <QLineEdit>
#include <QTabBar>
#include <QTabWidget>
#include <QTest>

namespace {
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

private:
    int tabOf(const MachineSession* session) const;
};

int TestDebuggerFlow::tabOf(const MachineSession* session) const
{
    for (int i = 0; i < m_window->tabWidget()->count(); ++i) {
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
    QCOMPARE(m_window->tabWidget()->currentIndex(), tabOf(stopped->session()));

    // The user looks at the dead tab; the stopped machine's connection drops: its tab stays.
    QTest::mouseClick(m_window->tabWidget()->tabBar(), Qt::LeftButton, {},
                      m_window->tabWidget()->tabBar()->tabRect(m_window->tabWidget()->indexOf(dead)).center());
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

QTEST_MAIN(TestDebuggerFlow)
#include "tst_debuggerflow.moc"
