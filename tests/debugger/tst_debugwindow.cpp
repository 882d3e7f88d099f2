// Issue 16 in the window, offscreen: the Debug menu's keys act on the machine in front from
// anywhere in the window, repeated machine names are numbered (tab, tooltip, shared console),
// and a call-stack frame opens in the user's editor through the path mappings. The machines
// are scripted on a loopback socket.
#include "fakexsmachine.h"

#include "app/debugger/callstackview.h"
#include "app/debugger/consolemodel.h"
#include "app/debugger/consolepane.h"
#include "app/debugger/debugcontrols.h"
#include "app/debugger/debuggeepage.h"
#include "app/debugger/debuggerpanes.h"
#include "app/debugger/debuggersourcepane.h"
#include "app/machines/machinetabs.h"
#include "app/machines/servercontroller.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "app/tabs/windowtabs.h"
#include "views/sourceview.h"

#include "protocol/debugserver.h"

#include <QApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QTabWidget>
#include <QTcpSocket>
#include <QTemporaryDir>
#include <QTabBar>
#include <QTest>

#include <iterator>

namespace {
const QString fixtures = QStringLiteral(XSPROF_FIXTURES_DIR);


} // namespace

class TestDebugWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void debugMenuKeysActOnFrontMachine();
    void callStackFrameOpensInEditor();

private:
    QTemporaryDir m_dir;
    QString m_script;
};

void TestDebugWindow::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("app"))));
    m_script = m_dir.filePath(QStringLiteral("app/prog.js"));
    QVERIFY(QFile::copy(fixtures + QStringLiteral("/eval-session-prog.js"), m_script));
}

// Issue 16: the Debug menu acts on the machine in front from anywhere in the window, with
// the keys; repeated names are numbered; a Break sent while running shows as pending.
void TestDebugWindow::debugMenuKeysActOnFrontMachine()
{
    QSettings settings(m_dir.filePath(QStringLiteral("keys.ini")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("debug/port"), 0);
    MainWindow window(&settings);
    window.resize(1400, 900);
    QVERIFY(window.machines()->startDebugServer());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const quint16 port = window.machines()->serverController()->server()->port();
    FakeXsMachine first, second;
    QVERIFY(first.connectTo(port));
    first.send("<login name=\"xst\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
    QVERIFY(first.waitFor("</set-all-breakpoints>"));
    QVERIFY(second.connectTo(port));
    // The login and the first log in one write: the line is shown under the numbered label.
    second.socket.write("\r\n<xsbug><login name=\"xst\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/></xsbug>\r\n"
                        "\r\n<xsbug><log>hello from the second\n</log></xsbug>\r\n");
    second.socket.flush();
    QVERIFY(second.waitFor("</set-all-breakpoints>"));
    QTRY_COMPARE(window.tabs()->count(), 2);
    QCOMPARE(window.tabs()->shownText(0), QStringLiteral("xst"));
    QCOMPARE(window.tabs()->shownText(1), QStringLiteral("xst #2"));
    QVERIFY(window.tabs()->toolTip(1).contains(QLatin1String("connected at")));
    auto* shared = window.findChild<QDockWidget*>();
    QVERIFY(shared);
    ConsoleModel* all = qobject_cast<ConsolePane*>(shared->widget())->model();
    QTRY_VERIFY(all->rowCount() > 0);
    QStringList sharedLines;
    for (int row = 0; row < all->rowCount(); ++row)
        sharedLines << all->index(row).data().toString();
    QVERIFY2(sharedLines.contains(QStringLiteral("xst #2: hello from the second")), qPrintable(sharedLines.join(u'|')));
    // The second opened behind the first (a new machine never takes the front tab): the user
    // clicks its tab.
    QCOMPARE(window.tabs()->currentIndex(), 0);
    QTest::mouseClick(window.tabs()->tabBar(), Qt::LeftButton, {},
                      window.tabs()->tabBar()->tabRect(1).center());
    QCOMPARE(window.tabs()->currentIndex(), 1);
    DebuggeePage* front = window.machines()->currentDebuggee();
    QCOMPARE(window.machines()->frontControls()->session(), front->session());

    // Break (Ctrl+.) while running: sent, and shown as pending until the machine answers.
    second.received.clear();
    window.activateWindow();
    QTest::keyClick(&window, Qt::Key_Period, Qt::ControlModifier);
    QVERIFY(second.waitFor("<step/>"));
    QVERIFY(!first.received.contains("<step/>"));
    QLabel* status = front->debuggerPanes()->statusLabel();
    QVERIFY2(status->text().contains(QLatin1String("Break requested")), qPrintable(status->text()));
    second.send(fakeBreakIn(m_script, 4));
    QTRY_VERIFY(window.machines()->frontControls()->runAction()->isEnabled());
    QVERIFY(!status->text().contains(QLatin1String("requested")));

    // F10 with the focus in the console's find field of the tab, F5 with the focus in the
    // source view: the keys reach the machine in front once each.
    front->debuggerPanes()->console()->evalField()->setFocus();
    second.received.clear();
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : static_cast<QWidget*>(&window), Qt::Key_F10);
    QVERIFY(second.waitFor("<step/>"));
    QCOMPARE(second.received.count("<step/>"), 1);
    second.send(fakeBreakIn(m_script, 5));
    QTRY_VERIFY(window.machines()->frontControls()->runAction()->isEnabled());
    front->debuggerPanes()->source()->view()->setFocus();
    second.received.clear();
    QTest::keyClick(QApplication::focusWidget() ? QApplication::focusWidget() : static_cast<QWidget*>(&window), Qt::Key_F5);
    QVERIFY(second.waitFor("<go/>"));
    QVERIFY(!first.received.contains("<go/>"));
    QTRY_VERIFY(!window.machines()->frontControls()->runAction()->isEnabled());

    // F11 and Shift+F11 sent to the window itself (not to a pane) while stopped at a break.
    const struct { Qt::KeyboardModifiers modifiers; QByteArray command; } steps[] = {
        {Qt::NoModifier, "<step-inside/>"}, {Qt::ShiftModifier, "<step-outside/>"}, {Qt::NoModifier, "<step/>"}};
    const Qt::Key keys[] = {Qt::Key_F11, Qt::Key_F11, Qt::Key_F10};
    for (size_t k = 0; k < std::size(steps); ++k) {
        second.send(fakeBreakIn(m_script, 6 + int(k)));
        QTRY_VERIFY(window.machines()->frontControls()->runAction()->isEnabled());
        window.setFocus();
        second.received.clear();
        QTest::keyClick(&window, keys[k], steps[k].modifiers);
        QVERIFY2(second.waitFor(steps[k].command), steps[k].command.constData());
        QCOMPARE(second.received.count(steps[k].command), 1);
        QVERIFY(!first.received.contains(steps[k].command));
    }
    // Not stopped: the step keys are disabled and send nothing.
    QTRY_VERIFY(!window.machines()->frontControls()->runAction()->isEnabled());
    second.received.clear();
    QTest::keyClick(&window, Qt::Key_F10);
    QTest::qWait(200);
    QVERIFY(!second.received.contains("<step"));
}

// Issue 16: double-click on a call-stack frame opens it in the user's editor, through the
// path mappings (the machine reports the path where it was built).
void TestDebugWindow::callStackFrameOpensInEditor()
{
    QSettings settings(m_dir.filePath(QStringLiteral("editor.ini")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("debug/port"), 0);
    MainWindow window(&settings);
    const QString record = m_dir.filePath(QStringLiteral("opened.txt"));
    const QString editor = m_dir.filePath(QStringLiteral("editor.sh"));
    QFile script(editor);
    QVERIFY(script.open(QIODevice::WriteOnly));
    script.write(QStringLiteral("#!/bin/sh\nprintf '%s|%s' \"$1\" \"$2\" > '%1'\n").arg(record).toUtf8());
    script.close();
    script.setPermissions(script.permissions() | QFileDevice::ExeOwner);
    window.preferences()->setOpenSourceCommand(QStringLiteral("\"%1\" {file} {line}").arg(editor));
    window.preferences()->setPathMappings(
        PathMappings::fromText(QStringLiteral("/build/host/app => ") + m_dir.filePath(QStringLiteral("app"))));
    QVERIFY(window.machines()->startDebugServer());
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    FakeXsMachine machine;
    QVERIFY(machine.connectTo(window.machines()->serverController()->server()->port()));
    machine.send("<login name=\"xst\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
    QVERIFY(machine.waitFor("</set-all-breakpoints>"));
    machine.send(fakeBreakIn(QStringLiteral("/build/host/app/prog.js"), 4));
    QTRY_VERIFY(window.machines()->frontControls()->runAction()->isEnabled());
    CallStackView* stack = window.machines()->currentDebuggee()->debuggerPanes()->callStack();
    QTRY_COMPARE(stack->model()->rowCount(), 1);
    const QModelIndex frame = stack->model()->index(0, 0);
    stack->scrollTo(frame);
    const QPoint centre = stack->visualRect(frame).center();
    QTest::mouseClick(stack->viewport(), Qt::LeftButton, {}, centre);
    QTest::qWait(300);
    QVERIFY(!QFileInfo::exists(record)); // a click selects the frame, it opens nothing
    QTest::mouseDClick(stack->viewport(), Qt::LeftButton, {}, centre);
    QTRY_VERIFY_WITH_TIMEOUT(QFileInfo(record).size() > 0, 10000);
    QFile opened(record);
    QVERIFY(opened.open(QIODevice::ReadOnly));
    QCOMPARE(QString::fromUtf8(opened.readAll()), m_script + QStringLiteral("|4"));

    // Without an editor the frame shows in the built-in pane (the recorded path, mapped to read it).
    window.preferences()->setOpenSourceCommand(QString());
    QFile::remove(record);
    stack->setFocus();
    QTest::keyClick(stack, Qt::Key_Return);
    QCOMPARE(window.machines()->currentDebuggee()->debuggerPanes()->source()->currentPath(), QStringLiteral("/build/host/app/prog.js"));
    QTest::qWait(100);
    QVERIFY(!QFileInfo::exists(record));
}


QTEST_MAIN(TestDebugWindow)
#include "tst_debugwindow.moc"
