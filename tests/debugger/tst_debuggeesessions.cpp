// A machine's tab beyond its profile: closing it while connected, a busy port, Debug › Profile
// on Start, a machine that breaks (tab in front, console kept), the debugger layout carried to
// the next machine, and earlier profiling sessions opened and compared in tabs of their own.
#include "debuggeewindowfixture.h"
#include "fakexsmachine.h"
#include "viewtestutils.h"

#include "app/debugger/callstackview.h"
#include "app/debugger/consolemodel.h"
#include "app/debugger/debuggeepage.h"
#include "app/debugger/debuggerpanes.h"
#include "app/debugger/debuggersourcepane.h"
#include "app/debugger/instrumentspanel.h"
#include "app/machines/allmachinesconsole.h"
#include "app/machines/connectedmachines.h"
#include "app/machines/leftmachines.h"
#include "app/machines/machinetabs.h"
#include "app/machines/servercontroller.h"
#include "app/machines/serverstatuswidget.h"
#include "app/machines/unsavedprofiles.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "app/preferencesdialog.h"
#include "app/settingskeys.h"
#include "app/tabs/windowtabs.h"
#include "expectedprofile.h"
#include "protocol/debugserver.h"
#include "views/comparisonpage.h"
#include "views/profilepage.h"
#include "views/sourceview.h"

#include <QAccessible>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QDialog>
#include <QDockWidget>
#include <QLayout>
#include <QMenu>
#include <QMessageBox>
#include <QProcess>
#include <QRegularExpression>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSplitter>
#include <QStatusBar>
#include <QTabBar>
#include <QTcpServer>
#include <QTcpSocket>
#include <QTest>
#include <QTimer>
#include <QToolButton>

using namespace ViewTestUtils;

namespace {
QPushButton* buttonNamed(QMessageBox* box, const QString& text)
{
    for (QAbstractButton* b : box->buttons()) {
        if (b->text() == text)
            return qobject_cast<QPushButton*>(b);
    }
    return nullptr;
}

quint16 freePort()
{
    QTcpServer probe;
    return probe.listen(QHostAddress::LocalHost, 0) ? probe.serverPort() : 0;
}
} // namespace

class TestDebuggeeSessions : public DebuggeeWindowFixture
{
    Q_OBJECT
private slots:
    void closingAConnectedMachineAsksToAbortIt();
    void aPortInUseIsSaidAndCanBeChanged();
    void profileOnStartStartsEveryNewMachine();
    void aBrokenMachineComesForwardAndItsConsoleSurvives();
    void theDebuggerLayoutCarriesOverToTheNextMachine();
    void anEarlierSessionOpensInItsOwnTab();
    void workersLeaveNoTabsAndTheFrontTabStays();
    void theConnectedCountFollowsMachinesInAnyOrder();
    void everyFocusableControlHasAnAccessibleName();
};

void TestDebuggeeSessions::closingAConnectedMachineAsksToAbortIt()
{
    startServer(false);
    QTcpSocket engine;
    engine.connectToHost(QHostAddress::LocalHost, m_window->machines()->serverController()->server()->port());
    QVERIFY(engine.waitForConnected(5000));
    engine.write("\r\n<xsbug><login name=\"fake\" value=\"XS test\" flags=\"e\"/></xsbug>\r\n");
    QTRY_VERIFY(m_window->machines()->currentDebuggee());
    QTRY_VERIFY(engine.bytesAvailable() > 0 || engine.waitForReadyRead(10));
    engine.readAll();

    // Cancel keeps the tab and the connection.
    m_window->closeDocument(0);
    QMessageBox* box = nullptr;
    QTRY_VERIFY((box = m_window->findChild<QMessageBox*>()) && box->isVisible());
    box->button(QMessageBox::Cancel)->click();
    QTest::qWait(50);
    QCOMPARE(m_window->documentCount(), 1);
    QVERIFY(m_window->machines()->currentDebuggee()->isConnected());

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
    other.connectToHost(QHostAddress::LocalHost, m_window->machines()->serverController()->server()->port());
    QVERIFY(other.waitForConnected(5000));
    other.write("\r\n<xsbug><login name=\"gone\" value=\"XS test\" flags=\"e\"/></xsbug>\r\n");
    QTRY_COMPARE(m_window->documentCount(), 1);
    other.disconnectFromHost();
    QTRY_VERIFY(!m_window->machines()->currentDebuggee()->isConnected());
    m_window->closeDocument(0);
    QTRY_COMPARE(m_window->documentCount(), 0);
}

void TestDebuggeeSessions::aPortInUseIsSaidAndCanBeChanged()
{
    QTcpServer squatter;
    QVERIFY(squatter.listen(QHostAddress::LocalHost, 0));
    m_window->preferences()->setListening(squatter.serverPort(), false);
    m_window->show();
    QVERIFY(!m_window->machines()->startDebugServer());
    ServerStatusWidget* status = m_window->machines()->serverStatus();
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
    // Shown at its whole size: nothing left for a layout request to grow while it is being placed.
    QVERIFY2(dialog->height() >= dialog->layout()->totalHeightForWidth(dialog->width()),
             qPrintable(QStringLiteral("%1 px, %2 needed").arg(dialog->height()).arg(dialog->layout()->totalHeightForWidth(dialog->width()))));
    PreferencesDialog unshown(m_window->preferences(), m_window.get());
    QVERIFY(unshown.height() >= unshown.layout()->totalHeightForWidth(unshown.width()));
    QVERIFY(unshown.width() >= unshown.minimumWidth());
    const quint16 port = freePort();
    QVERIFY(port != 0);
    dialog->portField()->setValue(port);
    dialog->accept();
    QVERIFY(m_window->machines()->serverController()->isListening());
    QCOMPARE(m_window->machines()->serverController()->server()->port(), port);
    QVERIFY(status->text().contains(QStringLiteral("127.0.0.1:%1").arg(port)));
    QVERIFY(!status->changeButton()->isVisibleTo(m_window.get()));
    QCOMPARE(m_settings->value(SettingsKeys::port).toInt(), int(port));

    // Other devices: every interface.
    m_window->preferences()->setListening(port, true);
    QVERIFY(m_window->machines()->serverController()->isListening());
    QVERIFY(m_window->machines()->serverController()->server()->address() == QHostAddress::Any);
}

// Debug > Profile on Start, the dialog and QSettings agree; machines that connect next get it.
void TestDebuggeeSessions::profileOnStartStartsEveryNewMachine()
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
    QVERIFY(m_window->machines()->serverController()->server()->sessionSettings().profileOnStart);

    PreferencesDialog* dialog = m_window->showPreferences();
    QVERIFY(dialog->profileOnStartBox()->isChecked());
    dialog->profileOnStartBox()->setChecked(false);
    dialog->accept();
    QVERIFY(!(*onStart)->isChecked());
    QVERIFY(!m_window->machines()->serverController()->server()->sessionSettings().profileOnStart);

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

void TestDebuggeeSessions::aBrokenMachineComesForwardAndItsConsoleSurvives()
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
    QTRY_VERIFY(m_window->currentPage() && !m_window->machines()->currentDebuggee()); // a file tab in front
    int breaks = 0;
    connect(m_window->machines()->serverController()->intake(), &MachineIntake::machineReady, this, [&](MachineSession* s) {
        connect(s, &MachineSession::broke, this, [&, s] {
            ++breaks;
            QVERIFY(m_window->machines()->currentDebuggee() && m_window->machines()->currentDebuggee()->session() == s);
            // Path mappings and the console limit reach the machine's debugger panes.
            DebuggerPanes* panes = m_window->machines()->currentDebuggee()->debuggerPanes();
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
                  QStringLiteral("127.0.0.1:%1").arg(m_window->machines()->serverController()->server()->port()),
                  QStringLiteral("--quiet"), QStringLiteral("--timeout"), QStringLiteral("60")});
    QDeadlineTimer deadline(70000);
    while (python.state() != QProcess::NotRunning && !deadline.hasExpired())
        QTest::qWait(20);
    QCOMPARE(python.exitCode(), 0); // both breaks were continued
    QCOMPARE(breaks, 2);
    // The all-machines console keeps the lines after the machine is gone and its tab closed.
    ConsoleModel* console = m_window->machines()->allMachinesConsole()->model();
    QVERIFY(console);
    QCOMPARE(console->maxLines(), 150);
    QTRY_VERIFY(!m_window->machines()->currentDebuggee()->isConnected());
    m_window->closeDocument(m_window->indexOf(m_window->machines()->currentDebuggee()));
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
void TestDebuggeeSessions::theDebuggerLayoutCarriesOverToTheNextMachine()
{
    startServer(false);
    const auto connectEngine = [&](QTcpSocket& engine, const char* name) {
        engine.connectToHost(QHostAddress::LocalHost, m_window->machines()->serverController()->server()->port());
        QVERIFY(engine.waitForConnected(5000));
        engine.write(QByteArray("\r\n<xsbug><login name=\"") + name + "\" value=\"XS test\" flags=\"e\"/></xsbug>\r\n");
    };
    const auto leftSplitter = [](DebuggeePage* machine) {
        return qobject_cast<QSplitter*>(machine->debuggerPanes()->callStack()->parentWidget());
    };
    m_window->show();
    QTcpSocket first;
    connectEngine(first, "first");
    QTRY_VERIFY(m_window->machines()->currentDebuggee());
    DebuggeePage* a = m_window->machines()->currentDebuggee();
    QSplitter* left = leftSplitter(a);
    QVERIFY(left);
    QTRY_VERIFY(left->sizes().at(0) > 0);
    const int total = left->sizes().at(0) + left->sizes().at(1) + left->sizes().at(2);
    left->setSizes({total / 2, total / 3, total - total / 2 - total / 3});
    const QList<int> arranged = left->sizes();
    // The first declares instruments (as the simulator does): they show, and the choice carries.
    first.write("\r\n<xsbug><instruments><instrument name=\"Timers\" value=\" timers\"/></instruments></xsbug>\r\n");
    QTRY_VERIFY(a->debuggerPanes()->instrumentsAction()->isChecked());

    QTcpSocket second;
    connectEngine(second, "second");
    QTRY_VERIFY(m_window->machines()->debuggee(1));
    DebuggeePage* b = m_window->machines()->debuggee(1);
    QCOMPARE(m_window->machines()->currentDebuggee(), a); // the new machine opened behind
    QTabBar* tabBar = m_window->tabs()->tabBar();
    QTest::mouseClick(tabBar, Qt::LeftButton, {}, tabBar->tabRect(m_window->indexOf(b)).center()); // the user looks at it
    QCOMPARE(m_window->machines()->currentDebuggee(), b);
    // It declares no instruments (as xst): no empty Instruments column, whatever the first chose.
    QVERIFY(!b->debuggerPanes()->instrumentsAction()->isChecked());
    QVERIFY(!b->debuggerPanes()->instrumentsAction()->isEnabled());
    QVERIFY(!b->debuggerPanes()->instruments()->isVisible());
    QTRY_COMPARE(leftSplitter(b)->sizes(), arranged);

    // Closing a connected machine asks first, in a box wide enough for its own title; Cancel
    // keeps the tab.
    b->requestClose();
    QMessageBox* ask = nullptr;
    QTRY_VERIFY((ask = b->findChild<QMessageBox*>()) && ask->isVisible());
    QVERIFY2(ask->width() >= QFontMetrics(QApplication::font()).horizontalAdvance(ask->windowTitle()) + 150,
             qPrintable(QStringLiteral("%1 px for '%2'").arg(ask->width()).arg(ask->windowTitle())));
    ask->button(QMessageBox::Cancel)->click();
    QTRY_VERIFY(!b->findChild<QMessageBox*>());
    QCOMPARE(m_window->documentCount(), 2);
    QVERIFY(b->isConnected());

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
void TestDebuggeeSessions::anEarlierSessionOpensInItsOwnTab()
{
    startServer(false);
    QTcpSocket engine;
    engine.connectToHost(QHostAddress::LocalHost, m_window->machines()->serverController()->server()->port());
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
    QTRY_VERIFY(m_window->machines()->currentDebuggee());
    DebuggeePage* machine = m_window->machines()->currentDebuggee();
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
    QVERIFY(page && !m_window->machines()->currentDebuggee());
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
    auto* comparison = qobject_cast<ComparisonPage*>(m_window->tabs()->currentWidget());
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
    QMessageBox* prompt = m_window->machines()->unsavedProfiles()->openPrompt();
    QVERIFY(prompt);
    for (QAbstractButton* b : prompt->buttons()) {
        if (b->text() == QStringLiteral("Discard"))
            b->click();
    }
    QTRY_VERIFY(m_settings->contains(SettingsKeys::sessionFiles)); // saved, without the session's tab
    QVERIFY(m_settings->value(SettingsKeys::sessionFiles).toStringList().isEmpty());
}

// A Moddable app that starts Workers (sim_worker_main, recorded from the simulator) and twenty
// Workers (sim_worker, each saying a line), while the user reads a file with the console of all
// machines on screen. The file stays in front; the Workers leave no tab and no journal, are
// listed by name and number, and their lines are in that console; the app's tab keeps its
// profile, equal to the oracle's, until Close Disconnected Machines (Ctrl+Shift+W, Discard).
void TestDebuggeeSessions::workersLeaveNoTabsAndTheFrontTabStays()
{
    const QString recovery = m_dir->filePath(QStringLiteral("recovery"));
    m_window->machines()->setRecoveryDirectory(recovery);
    startServer(true);
    m_window->show();
    m_window->openFiles({QStringLiteral(XSPROF_CORPUS_DIR "/tiny/diamond.cpuprofile")});
    QTRY_VERIFY(m_window->currentPage());
    QWidget* front = m_window->tabs()->currentWidget();
    m_window->machines()->consoleAction()->trigger();
    QVERIFY(m_window->machines()->allMachinesConsole()->isShown());

    const QString corpus = QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/");
    QFile recorded(corpus + QStringLiteral("sim_worker.xsbug"));
    QVERIFY(recorded.open(QIODevice::ReadOnly));
    QByteArray worker = recorded.readAll();
    const qsizetype afterLogin = worker.indexOf("</xsbug>\r\n") + 10;
    worker.insert(afterLogin, "\r\n<xsbug><log>worker says hi&#10;</log></xsbug>\r\n");
    QFile talking(m_dir->filePath(QStringLiteral("talking_worker.xsbug")));
    QVERIFY(talking.open(QIODevice::WriteOnly) && talking.write(worker) == worker.size());
    talking.close();

    const QString address = QStringLiteral("127.0.0.1:%1").arg(m_window->machines()->serverController()->server()->port());
    QProcess app, workers;
    app.start(QStringLiteral("python3"), {QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"),
                                          corpus + QStringLiteral("sim_worker_main.xsbug"), QStringLiteral("--connect"),
                                          address, QStringLiteral("--quiet"), QStringLiteral("--timeout"), QStringLiteral("60")});
    QTRY_VERIFY(m_window->machines()->debuggee(1)); // the app first, as when it starts its Workers
    workers.start(QStringLiteral("python3"), {QStringLiteral(XSPROF_TOOLS_DIR "/machine_storm.py"), talking.fileName(),
                                              QStringLiteral("--connect"), address, QStringLiteral("--count"),
                                              QStringLiteral("20"), QStringLiteral("--timeout"), QStringLiteral("60")});
    QDeadlineTimer deadline(70000);
    while ((app.state() != QProcess::NotRunning || workers.state() != QProcess::NotRunning) && !deadline.hasExpired())
        QTest::qWait(20);
    QCOMPARE(app.exitCode(), 0);
    QVERIFY2(workers.exitCode() == 0, workers.readAllStandardOutput().constData());

    LeftMachines* left = m_window->machines()->leftMachines();
    QTRY_COMPARE(left->count(), 20);
    QCOMPARE(m_window->tabs()->currentWidget(), front);
    QCOMPARE(m_window->tabs()->count(), 2); // the file and the app
    DebuggeePage* appTab = m_window->machines()->debuggee(1);
    QVERIFY(appTab);
    QCOMPARE(appTab->title(), QStringLiteral("simple"));
    QCOMPARE(left->groups().size(), size_t(1));
    const LeftMachines::Group& group = left->groups().front();
    QCOMPARE(group.name, QStringLiteral("simpleworker"));
    QCOMPARE(group.count, 20);
    // Numbered by the machines there at once (the storm's 4 at most, with the first one's tab):
    // a number comes free when its Worker leaves.
    QStringList labels;
    for (const LeftMachines::Entry& e : group.recent) {
        labels << e.label;
        QVERIFY2(QRegularExpression(QStringLiteral("^(simpleworker #([2-9]|1[0-9]))?$")).match(e.label).hasMatch(),
                 qPrintable(e.label));
    }
    QVERIFY2(labels.contains(QStringLiteral("simpleworker #2")), qPrintable(labels.join(u'|')));
    labels.removeDuplicates();
    QVERIFY2(labels.size() < 20, qPrintable(labels.join(u'|'))); // numbers came free and were taken again
    QVERIFY(group.recent.back().describe().contains(QStringLiteral(" — connected ")));
    QTRY_COMPARE(m_window->machines()->serverStatus()->leftButton()->text(), QStringLiteral("20 left"));

    ConsoleModel* console = m_window->machines()->allMachinesConsole()->model();
    QStringList lines;
    for (int row = 0; row < console->rowCount(); ++row)
        lines << console->index(row, 0).data().toString();
    QCOMPARE(lines.filter(QStringLiteral("worker says hi")).size(), 20);
    QVERIFY(lines.contains(QStringLiteral("simpleworker #2: worker says hi")));

    // The app's numbers are the oracle's; its journal is the only one.
    QTRY_VERIFY(!appTab->isConnected());
    const std::shared_ptr<const xsprof::Profile> profile = appTab->profile();
    QVERIFY(profile);
    const nlohmann::json expected = ExpectedProfile::readFile(QString(corpus + QStringLiteral("sim_worker_main.expected.json")).toStdString());
    const auto errors = ExpectedProfile::compare(*profile, xsprof::ProfileAnalysis::compute(*profile),
                                                 ExpectedProfile::profilesOf(expected).at(0), 1);
    for (size_t i = 0; i < errors.size() && i < 10; ++i)
        qWarning("%s", errors[i].c_str());
    QCOMPARE(errors.size(), size_t(0));
    QCOMPARE(QDir(recovery).entryList({QStringLiteral("*.xsj")}, QDir::Files).size(), 1);

    // Close Disconnected Machines asks for the app's unsaved profile first.
    m_window->activateWindow();
    QTest::keyClick(m_window.get(), Qt::Key_W, Qt::ControlModifier | Qt::ShiftModifier);
    QTRY_VERIFY(m_window->machines()->unsavedProfiles()->openPrompt());
    QCOMPARE(m_window->tabs()->count(), 2);
    buttonNamed(m_window->machines()->unsavedProfiles()->openPrompt(), QStringLiteral("Discard"))->click();
    QTRY_COMPARE(m_window->tabs()->count(), 1);
    QCOMPARE(m_window->tabs()->currentWidget(), front);
}

// The status bar counts the machines connected now, TCP logins as xst sends them, whatever
// order they come and go in; the all-machines console's hint comes when two are really there.
void TestDebuggeeSessions::theConnectedCountFollowsMachinesInAnyOrder()
{
    startServer(false);
    m_window->show();
    const quint16 port = m_window->machines()->serverController()->server()->port();
    ServerStatusWidget* status = m_window->machines()->serverStatus();
    QCOMPARE(status->connectedText(), QString());
    std::map<QByteArray, std::unique_ptr<QTcpSocket>> engines;
    const auto logIn = [&](const QByteArray& key, const QByteArray& name) {
        auto engine = std::make_unique<QTcpSocket>();
        engine->connectToHost(QHostAddress::LocalHost, port);
        QVERIFY(engine->waitForConnected(5000));
        engine->write("\r\n<xsbug><login name=\"" + name + "\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/></xsbug>\r\n");
        engine->flush();
        engines[key] = std::move(engine);
    };
    const auto leave = [&](const QByteArray& key) {
        engines[key]->disconnectFromHost();
        engines.erase(key);
    };
    const QString hint = QStringLiteral("Two machines connected");

    logIn("a", "alpha");
    QTRY_COMPARE(status->connectedText(), QStringLiteral("· 1 machine connected"));
    leave("a"); // its tab stays (the user is looking at it); the count does not
    QTRY_COMPARE(status->connectedText(), QString());
    logIn("b", "beta");
    QTRY_COMPARE(status->connectedText(), QStringLiteral("· 1 machine connected"));
    QTRY_COMPARE(m_window->machines()->debuggee(1) != nullptr, true);
    QVERIFY2(!m_window->statusBar()->currentMessage().contains(hint), qPrintable(m_window->statusBar()->currentMessage()));
    logIn("c", "gamma");
    QTRY_COMPARE(status->connectedText(), QStringLiteral("· 2 machines connected"));
    QTRY_VERIFY2(m_window->statusBar()->currentMessage().contains(hint), qPrintable(m_window->statusBar()->currentMessage()));
    logIn("w", "gamma"); // a Worker of gamma: no tab yet, but connected
    QTRY_COMPARE(status->connectedText(), QStringLiteral("· 3 machines connected"));
    leave("b"); // the first in leaves first
    QTRY_COMPARE(status->connectedText(), QStringLiteral("· 2 machines connected"));
    leave("w");
    logIn("d", "delta");
    QTRY_COMPARE(status->connectedText(), QStringLiteral("· 2 machines connected"));
    leave("d"); // the last in leaves first
    QTRY_COMPARE(status->connectedText(), QStringLiteral("· 1 machine connected"));
    // A Worker held by the intake that earns its tab by printing, then leaves: counted once
    // while there, and not at all after (the intake's count of held machines follows it out).
    const int tabsBefore = m_window->tabs()->count();
    logIn("w2", "gamma");
    QTRY_COMPARE(status->connectedText(), QStringLiteral("· 2 machines connected"));
    engines["w2"]->write("<xsbug><log>worker says hello\n</log></xsbug>\r\n");
    engines["w2"]->flush();
    QTRY_COMPARE(m_window->tabs()->count(), tabsBefore + 1);
    QTRY_COMPARE(status->connectedText(), QStringLiteral("· 2 machines connected"));
    leave("w2");
    QTRY_COMPARE(status->connectedText(), QStringLiteral("· 1 machine connected"));
    leave("c");
    QTRY_COMPARE(status->connectedText(), QString());
    QCOMPARE(m_window->machines()->connectedMachines()->count(), 0);
}

// A screen reader names every control the keyboard reaches: in a window with a machine's tab
// (stopped at a break, its panes filled), a profile's tab and every dock open, no focusable
// widget is nameless.
void TestDebuggeeSessions::everyFocusableControlHasAnAccessibleName()
{
    startServer(false);
    m_window->resize(1400, 900);
    m_window->show();
    m_window->openFiles({QStringLiteral(XSPROF_CORPUS_DIR "/tiny/diamond.cpuprofile")});
    QTRY_VERIFY(m_window->currentPage());
    FakeXsMachine engine;
    QVERIFY(engine.connectTo(m_window->machines()->serverController()->server()->port()));
    engine.send("<login name=\"fake\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
    QTRY_VERIFY(m_window->machines()->debuggee(1));
    DebuggeePage* machine = m_window->machines()->debuggee(1);
    engine.send(fakeBreakIn(QStringLiteral(XSPROF_CORPUS_DIR "/workloads/fib.js"), 3));
    QTRY_COMPARE(machine->session()->state(), MachineSession::State::Broken);
    // Every dock open too: the Devices pane, the all-machines console and messages.
    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>()) {
        dock->show();
        QVERIFY(dock->isVisible());
    }

    QStringList nameless;
    for (int tab = 0; tab < m_window->tabs()->count(); ++tab) {
        m_window->tabs()->setCurrent(tab);
        QTest::qWait(20);
        for (QWidget* widget : m_window->findChildren<QWidget*>()) {
            // Tab reaches it (a focus proxy passes focus on: the tab bar of a tab widget).
            if (!(widget->focusPolicy() & Qt::TabFocus) || widget->focusProxy() || !widget->isVisibleTo(m_window.get())
                || widget->isWindow())
                continue;
            QAccessibleInterface* accessible = QAccessible::queryAccessibleInterface(widget);
            if (accessible && !accessible->text(QAccessible::Name).trimmed().isEmpty())
                continue;
            QStringList path;
            for (QWidget* w = widget; w && w != m_window.get(); w = w->parentWidget())
                path.prepend(QString::fromLatin1(w->metaObject()->className()) +
                             (w->objectName().isEmpty() ? QString() : QLatin1Char('#') + w->objectName()));
            nameless << path.join(QStringLiteral(" > "));
        }
    }
    nameless.removeDuplicates();
    QVERIFY2(nameless.isEmpty(), qPrintable(nameless.join(QLatin1Char('\n'))));
}

QTEST_MAIN(TestDebuggeeSessions)
#include "tst_debuggeesessions.moc"
