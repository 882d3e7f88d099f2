// The debugger panes (issue 5) against fake machines: raw <xsbug> messages written from a
// QTcpSocket into a real DebugServer, and the recorded log_and_break transcript replayed.
// The console and variables models alone are in tst_debuggermodels.
#include "fakexsmachine.h"

#include "app/debugger/breakpointsettings.h"
#include "app/debugger/breakpointsmodel.h"
#include "app/debugger/breakpointspane.h"
#include "app/debugger/callstackmodel.h"
#include "app/debugger/callstackview.h"
#include "app/debugger/consolemodel.h"
#include "app/debugger/consolepane.h"
#include "app/debugger/debugcontrols.h"
#include "app/debugger/debuggerpanes.h"
#include "app/debugger/instrumentspanel.h"
#include "app/debugger/debuggersourcepane.h"
#include "app/debugger/staleviewtimer.h"
#include "app/debugger/variablesmodel.h"
#include "app/debugger/variablesview.h"
#include "app/theme.h"
#include "views/elidedlabel.h"
#include "views/sourceview.h"

#include "views/qcustomplotinclude.h"

#include "protocol/debugserver.h"
#include "protocol/xsbugcommandwriter.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QScopeGuard>
#include <QScrollBar>
#include <QToolBar>
#include <QTextBlock>
#include <QListView>
#include <QClipboard>
#include <QApplication>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QTextBlock>
#include <QTextDocument>
#include <QProcess>
#include <QRegularExpression>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QToolTip>

#include <algorithm>
#include <cstdlib>

namespace {
const QString script = QStringLiteral("/work/fake/app/main.js");

// The machine side: writes messages as the engine frames them, keeps what it receives.

QByteArray breakMessage(const QByteArray& locals, int line = 7)
{
    const QByteArray l = QByteArray::number(line);
    return "<frames><frame name=\"mid\" value=\"@00007F3A10C0A710\" path=\"" + script.toUtf8() + "\" line=\"" + l
           + "\"/><frame name=\"outer\" value=\"@00007F3A10C0A7B0\" path=\"" + script.toUtf8()
           + "\" line=\"12\"/><frame name=\"(host)\" value=\"@00007F3A10C0AA30\"/></frames>"
             "<local name=\"mid\" value=\"@00007F3A10C0A710\" path=\""
           + script.toUtf8() + "\" line=\"" + l + "\">" + locals
           + "</local><global><property flags=\"+cEw_\" name=\"Array\" value=\"@00007FEDC80C97D0\"/>"
             "<property flags=\" cew_\" name=\"answer\" value=\"42\"/></global>"
             "<grammar><node flags=\"+cew_\" name=\"main\" value=\"@00007FEDC80E0000\"/></grammar>"
             "<break path=\""
           + script.toUtf8() + "\" line=\"" + l + "\"># Break: breakpoint!\n</break>";
}

const QByteArray collapsedLocals = "<property flags=\" cew_\" name=\"(return)\" value=\"undefined\"/>"
                                   "<property flags=\"+cew_\" name=\"this\" value=\"@00007FEDC80E01D0\"/>"
                                   "<property flags=\" Cew_\" name=\"label\" value=\"'probe'\"/>"
                                   "<property flags=\"+CeW_\" name=\"data\" value=\"@00007FEDC80E30B0\"/>"
                                   "<property flags=\" Cew_\" name=\"big\" value=\"0x7Bn\"/>";
} // namespace

class TestDebugger : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void logsFromMachineReachTheConsole();
    void breakShowsFramesAndLocalsAndSteps();
    void togglingAPropertyOpensIt();
    void instrumentsReachThePlots();
    void instrumentSamplesBeforeThePanelAreKept();
    void instrumentLinesFitThenElide();
    void breakpointsReachTheHandshakeAndLaterChanges();
    void breakpointSettingsRoundTrip();
    void sourceGutterTogglesBreakpoints();
    void sourceTabStopsAreFourColumns();
    void disabledControlsLookDisabledOnTheDarkTheme();
    void replayedTranscript();
    void longConsoleLinesScrollSidewaysWhole();

private:
    // A server with `settings`, one fake machine logged in, and its session.
    MachineSession* connectMachine(DebugServer& server, FakeXsMachine& machine, const SessionSettings& settings = {});
    void screenshot(QWidget* widget, const QString& name);
    QTemporaryDir m_dir;
};

void TestDebugger::initTestCase()
{
    QDir().mkpath(QStringLiteral(XSPROF_SCREENSHOT_DIR));
    // A source file at the machine's path, so the source pane has something to show.
    QDir().mkpath(QStringLiteral("/work/fake/app"));
    QFile file(script);
    QVERIFY(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    file.write("// fake machine\nfunction mid(data) {\n    const label = 'probe';\n    let big = 123n;\n"
               "    trace(`mid ${label}\\n`);\n    data.count++;\n    debugger;\n    return data;\n}\n"
               "function outer() {\n    const data = { count: 1, items: [1, 2, 3] };\n    return mid(data);\n}\n"
               "outer();\n");
}

MachineSession* TestDebugger::connectMachine(DebugServer& server, FakeXsMachine& machine, const SessionSettings& settings)
{
    return machine.logInto(server, settings, "fake");
}

void TestDebugger::screenshot(QWidget* widget, const QString& name)
{
    const QString path = QStringLiteral(XSPROF_SCREENSHOT_DIR "/") + name;
    QVERIFY(widget->grab().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

void TestDebugger::logsFromMachineReachTheConsole()
{
    DebugServer server;
    FakeXsMachine machine;
    MachineSession* session = connectMachine(server, machine);
    QVERIFY(session);
    BreakpointsModel breakpoints;
    DebuggerPanes panes(session, &breakpoints);
    ConsoleModel* console = panes.consoleModel();
    QAbstractItemModelTester tester(console, QAbstractItemModelTester::FailureReportingMode::QtTest);
    machine.send("<log>partial line, </log>");
    machine.send("<log>continued&#10;&#60;warn&#62;careful&#10;</log>");
    machine.send("<log path=\"/x/a.js\" line=\"3\"># Exception: throw!\n</log>");
    QTRY_COMPARE(console->rowCount(), 3);
    QCOMPARE(console->lineText(0), QStringLiteral("partial line, continued"));
    QCOMPARE(console->lineText(1), QStringLiteral("careful"));
    QCOMPARE(console->lineKind(1), ConsoleModel::Kind::Warn);
    QCOMPARE(console->lineText(2), QStringLiteral("/x/a.js (3) # Exception: throw!"));
    QCOMPARE(console->lineKind(2), ConsoleModel::Kind::Exception);
    QVERIFY(panes.console()->findNext(QStringLiteral("careful")));
    QCOMPARE(panes.console()->view()->currentIndex().row(), 1);
    QVERIFY(panes.console()->evalField()->isReadOnly());
    QVERIFY(panes.console()->evalField()->toolTip().contains(QLatin1String("xsc")));

    // A merged console keeps the lines after the machine leaves.
    ConsoleModel merged;
    merged.setShowsSource(true);
    merged.attach(session, session->name());
    machine.send("<log>bye&#10;</log>");
    QTRY_COMPARE(merged.rowCount(), 1);
    machine.socket.disconnectFromHost();
    QTRY_VERIFY(!session->isConnected());
    QCOMPARE(merged.index(0).data().toString(), QStringLiteral("fake: bye"));
}

void TestDebugger::breakShowsFramesAndLocalsAndSteps()
{
    DebugServer server;
    FakeXsMachine machine;
    MachineSession* session = connectMachine(server, machine);
    QVERIFY(session);
    BreakpointsModel breakpoints;
    DebuggerPanes panes(session, &breakpoints);
    panes.resize(1200, 760);
    panes.show();
    QAbstractItemModelTester t1(panes.callStack()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t2(panes.locals()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t3(panes.globals()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester t4(panes.modules()->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    DebugControls* controls = panes.controls();
    QVERIFY(controls->breakAction()->isEnabled());
    QVERIFY(!controls->stepAction()->isEnabled());
    QCOMPARE(controls->runAction()->shortcut(), QKeySequence(Qt::Key_F5));
    QVERIFY(!controls->runAction()->icon().isNull());

    machine.send("<log>mid probe&#10;</log>");
    machine.send(breakMessage(collapsedLocals));
    QTRY_COMPARE(session->state(), MachineSession::State::Broken);
    QCOMPARE(panes.callStack()->model()->rowCount(), 3);
    QCOMPARE(panes.callStack()->model()->index(0, 0).data().toString(), QStringLiteral("mid"));
    QCOMPARE(panes.locals()->model()->rowCount(), 5);
    // Sorted as xsbug does: the frame's slots first, then by name.
    QCOMPARE(panes.locals()->model()->index(1, 0).data().toString(), QStringLiteral("this"));
    QCOMPARE(panes.locals()->model()->index(2, 1).data().toString(), QStringLiteral("123n"));
    QCOMPARE(panes.locals()->model()->index(4, 1).data().toString(), QStringLiteral("'probe'"));
    QCOMPARE(panes.globals()->model()->rowCount(), 2);
    QCOMPARE(panes.modules()->model()->rowCount(), 1);
    QVERIFY(panes.source()->isLoaded());
    QCOMPARE(panes.source()->view()->highlightedLine(), 7);
    QVERIFY(!controls->breakAction()->isEnabled());
    for (QAction* a : {controls->runAction(), controls->stepAction(), controls->stepInAction(), controls->stepOutAction()})
        QVERIFY(a->isEnabled());
    QTest::qWait(50);
    screenshot(&panes, QStringLiteral("debuggerpanes-broken.png"));

    // Selecting the caller sends <select>; the machine answers with its locals.
    panes.callStack()->setCurrentIndex(panes.callStack()->model()->index(1, 0));
    QVERIFY(machine.waitFor("<select id=\"@00007F3A10C0A7B0\"/>"));
    machine.send("<local name=\"outer\" value=\"@00007F3A10C0A7B0\" path=\"" + script.toUtf8()
                 + "\" line=\"12\"><property flags=\"+cew_\" name=\"data\" value=\"@00007FEDC80E30B0\"/></local>"
                   "<global></global><grammar></grammar>");
    QTRY_COMPARE(panes.locals()->model()->rowCount(), 1);
    QCOMPARE(panes.source()->view()->highlightedLine(), 12);
    QCOMPARE(static_cast<CallStackModel*>(panes.callStack()->model())->currentAddress(), QStringLiteral("@00007F3A10C0A7B0"));

    machine.received.clear();
    controls->stepAction()->trigger();
    QVERIFY(machine.waitFor("\r\n<step/>\r\n"));
    QCOMPARE(session->state(), MachineSession::State::Running);
    QVERIFY(!controls->stepAction()->isEnabled());
    QVERIFY(controls->breakAction()->isEnabled());
    // A step that breaks again at once updates the rows without blanking them first (xsbug's
    // half second); a machine that keeps running loses them.
    QCOMPARE(panes.callStack()->model()->rowCount(), 3);
    QCOMPARE(panes.locals()->model()->rowCount(), 1);
    QTRY_COMPARE(panes.callStack()->model()->rowCount(), 0);
    QCOMPARE(panes.locals()->model()->rowCount(), 0);
    controls->stepInAction()->trigger(); // not broken: nothing sent
    machine.send(breakMessage(collapsedLocals, 8));
    QTRY_COMPARE(session->state(), MachineSession::State::Broken);
    QSignalSpy stackRemovals(panes.callStack()->model(), &QAbstractItemModel::rowsRemoved);
    QSignalSpy stackResets(panes.callStack()->model(), &QAbstractItemModel::modelReset);
    controls->stepAction()->trigger();
    QVERIFY(machine.waitFor("<step/>"));
    machine.send(breakMessage(collapsedLocals, 8));
    QTRY_COMPARE(session->state(), MachineSession::State::Broken);
    QTest::qWait(StaleViewTimer::delayMs + 100);
    QCOMPARE(panes.callStack()->model()->rowCount(), 3);
    QCOMPARE(stackRemovals.size() + stackResets.size(), 0);
    QCOMPARE(panes.locals()->model()->rowCount(), 5);
    machine.received.clear();
    controls->stepInAction()->trigger();
    QVERIFY(machine.waitFor("<step-inside/>"));
    machine.send(breakMessage(collapsedLocals, 3));
    QTRY_COMPARE(session->state(), MachineSession::State::Broken);
    controls->stepOutAction()->trigger();
    QVERIFY(machine.waitFor("<step-outside/>"));
    machine.send(breakMessage(collapsedLocals, 9));
    QTRY_COMPARE(session->state(), MachineSession::State::Broken);
    controls->runAction()->trigger();
    QVERIFY(machine.waitFor("<go/>"));
    QCOMPARE(machine.received, QByteArray("\r\n<step-inside/>\r\n\r\n<step-outside/>\r\n\r\n<go/>\r\n"));
    controls->breakAction()->trigger(); // Break while running is <step/>
    QVERIFY(machine.waitFor("<go/>\r\n\r\n<step/>\r\n"));
    controls->killAction()->trigger();
    QVERIFY(machine.waitFor("<abort/>"));
}

void TestDebugger::togglingAPropertyOpensIt()
{
    DebugServer server;
    FakeXsMachine machine;
    MachineSession* session = connectMachine(server, machine);
    QVERIFY(session);
    BreakpointsModel breakpoints;
    DebuggerPanes panes(session, &breakpoints);
    panes.resize(1200, 760);
    panes.show();
    VariablesView* locals = panes.locals();
    QAbstractItemModelTester tester(locals->model(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    machine.send(breakMessage(collapsedLocals));
    QTRY_COMPARE(locals->model()->rowCount(), 5);
    const QPersistentModelIndex label = locals->model()->index(4, 0); // rows sorted: (return), this, big, data, label
    QCOMPARE(label.data().toString(), QStringLiteral("label"));
    const QModelIndex data = locals->model()->index(3, 0);
    QCOMPARE(data.data().toString(), QStringLiteral("data"));
    QSignalSpy resets(locals->model(), &QAbstractItemModel::modelReset);
    machine.received.clear();
    locals->expand(data); // the user opens "data"
    QVERIFY(machine.waitFor("<toggle id=\"@00007FEDC80E30B0\"/>"));
    const QByteArray expanded = "<property flags=\" cew_\" name=\"(return)\" value=\"undefined\"/>"
                                "<property flags=\"+cew_\" name=\"this\" value=\"@00007FEDC80E01D0\"/>"
                                "<property flags=\" Cew_\" name=\"label\" value=\"'probe'\"/>"
                                "<property flags=\"-CeW_\" name=\"data\" value=\"@00007FEDC80E30B0\">"
                                "<property flags=\"+cew_\" name=\"(..)\" value=\"@00007FEDC80C0000\"/>"
                                "<property flags=\" cew_\" name=\"count\" value=\"2\"/>"
                                "<property flags=\"+cew_\" name=\"items\" value=\"@00007FEDC80E3200\"/></property>"
                                "<property flags=\" Cew_\" name=\"big\" value=\"0x7Bn\"/>";
    machine.send("<local name=\"mid\" value=\"@00007F3A10C0A710\" path=\"" + script.toUtf8() + "\" line=\"7\">" + expanded
                 + "</local><global></global><grammar></grammar>");
    QTRY_COMPARE(locals->model()->rowCount(data), 3);
    QCOMPARE(resets.size(), 0);
    QVERIFY(label.isValid()); // updated in place
    QVERIFY(locals->isExpanded(data));
    QCOMPARE(locals->model()->index(1, 1, data).data().toString(), QStringLiteral("2"));
    QTest::qWait(50);
    screenshot(&panes, QStringLiteral("debuggerpanes-expanded.png"));
    // Closing it toggles again.
    machine.received.clear();
    locals->collapse(data);
    QVERIFY(machine.waitFor("<toggle id=\"@00007FEDC80E30B0\"/>"));
}

void TestDebugger::instrumentsReachThePlots()
{
    DebugServer server;
    FakeXsMachine machine;
    MachineSession* session = connectMachine(server, machine);
    QVERIFY(session);
    BreakpointsModel breakpoints;
    DebuggerPanes panes(session, &breakpoints);
    InstrumentsPanel* panel = panes.instruments();
    panel->setWindow(4);
    QVERIFY(!panes.instrumentsAction()->isChecked());
    machine.send("<instruments><instrument name=\"Pixels drawn\" value=\" pixels\"/>"
                 "<instrument name=\"Chunk used\" value=\" / \"/><instrument name=\"Chunk available\" value=\" bytes\"/>"
                 "<instrument name=\"Garbage collections\" value=\" times\"/></instruments>");
    QTRY_COMPARE(panel->rowCount(), 3);
    QVERIFY(panes.instrumentsAction()->isChecked());
    QCOMPARE(panel->rowName(1), QStringLiteral("Chunk used"));
    for (int i = 1; i <= 6; ++i)
        machine.send("<samples>" + QByteArray::number(i * 100) + "," + QByteArray::number(i * 1000) + ",65536,"
                     + QByteArray::number(i) + "</samples>");
    QTRY_COMPARE(panel->sampleCount(), qint64(6));
    QCOMPARE(panel->rowValue(0), QLocale().toString(600) + QStringLiteral(" pixels"));
    QCOMPARE(panel->rowValue(1), QLocale().toString(6000) + QStringLiteral(" / ") + QLocale().toString(65536)
                                     + QStringLiteral(" bytes"));
    QCPGraph* graph = panel->plot(1)->graph(0);
    QCOMPARE(graph->data()->size(), 4); // the rolling window
    QCOMPARE((graph->data()->constEnd() - 1)->value, 6000.0);
    QCOMPARE(graph->data()->constBegin()->value, 3000.0);
    QCOMPARE(panel->plot(2)->graph(0)->data()->size(), 4);
    // Hovering a sparkline tells the value of the sample under the pointer.
    QCOMPARE(panel->valueTextAt(1, 5.2), QStringLiteral("Chunk used: %1 bytes (last sample)").arg(QLocale().toString(6000)));
    QCOMPARE(panel->valueTextAt(0, 2.6), QStringLiteral("Pixels drawn: %1 pixels (2 samples ago)").arg(QLocale().toString(400)));
    QVERIFY(panel->valueTextAt(0, 1.0).isEmpty()); // out of the window now
    QVERIFY(panel->valueTextAt(7, 5.0).isEmpty());
    panes.resize(1000, 600);
    panes.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panes));
    QCustomPlot* sparkline = panel->plot(0);
    const int lastX = int(sparkline->xAxis->coordToPixel(5.0));
    const QPointF at(lastX - 1, sparkline->height() / 2);
    QMouseEvent move(QEvent::MouseMove, at, sparkline->mapToGlobal(at), Qt::NoButton, Qt::NoButton, Qt::NoModifier);
    QCoreApplication::sendEvent(sparkline, &move);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().startsWith(QLatin1String("Pixels drawn: ")), qPrintable(QToolTip::text()));
    panes.instrumentsAction()->setChecked(false); // hideable
    QVERIFY(!panel->isVisibleTo(&panes));
}

// A machine's instruments and samples sent before its panes exist (a Worker held by the intake
// until it earns a tab) are on the plots when the panes come; a new declaration starts again.
void TestDebugger::instrumentSamplesBeforeThePanelAreKept()
{
    DebugServer server;
    FakeXsMachine machine;
    MachineSession* session = connectMachine(server, machine);
    QVERIFY(session);
    machine.send("<instruments><instrument name=\"Pixels drawn\" value=\" pixels\"/>"
                 "<instrument name=\"Garbage collections\" value=\" times\"/></instruments>");
    for (int i = 1; i <= 3; ++i)
        machine.send("<samples>" + QByteArray::number(i * 100) + "," + QByteArray::number(i) + "</samples>");
    QTRY_COMPARE(session->instrumentHistory().size(), size_t(3));
    BreakpointsModel breakpoints;
    DebuggerPanes panes(session, &breakpoints);
    InstrumentsPanel* panel = panes.instruments();
    QCOMPARE(panel->rowCount(), 2);
    QCOMPARE(panel->sampleCount(), qint64(3));
    QCOMPARE(panel->rowValue(0), QLocale().toString(300) + QStringLiteral(" pixels"));
    machine.send("<samples>400,4</samples>"); // and on as they come
    QTRY_COMPARE(panel->sampleCount(), qint64(4));
    machine.send("<instruments><instrument name=\"Pixels drawn\" value=\" pixels\"/></instruments>");
    QTRY_COMPARE(panel->rowCount(), 1);
    QCOMPARE(panel->sampleCount(), qint64(0));
    QCOMPARE(session->instrumentHistory().size(), size_t(0));
}

// The simulator's 21 instruments: at the width the machine's tab gives the strip when they
// appear, every name and value whole ("Chunk used 24 / 32,768 bytes", not "24 / 32,76");
// narrowed, they elide with "…" and their tooltip is the whole text, with no horizontal
// scrolling. The plots are opaque in the palette's colours, also after a theme change.
void TestDebugger::instrumentLinesFitThenElide()
{
    QFile recording(QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_fibapp.profile-on-start.xsbug"));
    QVERIFY(recording.open(QIODevice::ReadOnly));
    const QByteArray bytes = recording.readAll();
    DebugServer server;
    FakeXsMachine machine;
    MachineSession* session = connectMachine(server, machine);
    QVERIFY(session);
    BreakpointsModel breakpoints;
    DebuggerPanes panes(session, &breakpoints);
    panes.resize(1311, 700); // a machine's tab in a 1366-pixel-wide window
    panes.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panes));
    InstrumentsPanel* panel = panes.instruments();
    static const QRegularExpression sent(QStringLiteral("<instruments>.*?</instruments>|<samples>[^<]*</samples>"));
    for (const QRegularExpressionMatch& m : sent.globalMatch(QString::fromLatin1(bytes)))
        machine.send(m.captured(0).toLatin1());
    QTRY_COMPARE(panel->sampleCount(), qint64(3));
    QCOMPARE(panel->rowCount(), 18); // 21 instruments, three " / " pairs
    auto* strip = qobject_cast<QScrollArea*>(panel->parentWidget()->parentWidget());
    QVERIFY(strip);
    auto* splitter = qobject_cast<QSplitter*>(strip->parentWidget());
    QVERIFY(splitter);
    auto elided = [&] {
        QStringList cut;
        for (int row = 0; row < panel->rowCount(); ++row) {
            for (ElidedLabel* label : {panel->nameLabel(row), panel->valueLabel(row)}) {
                if (label->isElided())
                    cut << label->text();
            }
        }
        return cut;
    };
    // The default width: every line whole, no scroll bar.
    QTRY_VERIFY2(elided().isEmpty(), qPrintable(elided().join(QLatin1String(" | "))));
    QVERIFY(!strip->horizontalScrollBar()->isVisible());
    QCOMPARE(panel->rowName(9), QStringLiteral("Chunk used"));
    QVERIFY(panel->valueLabel(9)->shownText() == panel->rowValue(9));
    QVERIFY(panel->rowValue(9).contains(QLatin1String(" / ")));
    QVERIFY(panel->rowValue(9).endsWith(QLatin1String(" bytes")));

    // Narrowed by the user: elided with a tooltip holding the whole text, still no scrolling.
    const QList<int> sizes = splitter->sizes();
    splitter->setSizes({sizes[0], sizes[1] + sizes[2] - 130, 130});
    QTRY_VERIFY(!elided().isEmpty());
    QVERIFY(!strip->horizontalScrollBar()->isVisible());
    for (int row = 0; row < panel->rowCount(); ++row) {
        for (ElidedLabel* label : {panel->nameLabel(row), panel->valueLabel(row)}) {
            if (!label->isElided())
                continue;
            QVERIFY2(label->shownText().endsWith(QChar(0x2026)), qPrintable(label->shownText()));
            QVERIFY2(label->toolTip().contains(label->text().toHtmlEscaped()), qPrintable(label->toolTip()));
            QVERIFY(label->width() >= label->minimumSizeHint().width()); // a few letters remain
        }
    }
    // Hovering an elided value shows its whole text.
    ElidedLabel* value = panel->valueLabel(9);
    QVERIFY(value->isElided());
    QHelpEvent help(QEvent::ToolTip, value->rect().center(), value->mapToGlobal(value->rect().center()));
    QCoreApplication::sendEvent(value, &help);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY2(QToolTip::text().contains(panel->rowValue(9)), qPrintable(QToolTip::text()));
    QToolTip::hideText();
    for (int row = 0; row < panel->rowCount(); ++row)
        QVERIFY(panel->plot(row)->width() > panel->width() - 20); // the sparkline under its line
    for (const QColor& base : {QColor(Qt::white), QColor(30, 30, 30)}) {
        QPalette palette = panel->palette();
        palette.setColor(QPalette::Base, base);
        panel->setPalette(palette);
        QCustomPlot* plot = panel->plot(3);
        QTRY_COMPARE(plot->grab().toImage().pixelColor(plot->width() - 2, 0), base);
    }
}

void TestDebugger::breakpointsReachTheHandshakeAndLaterChanges()
{
    BreakpointsModel breakpoints;
    QAbstractItemModelTester tester(&breakpoints, QAbstractItemModelTester::FailureReportingMode::QtTest);
    breakpoints.add(script, 7);
    breakpoints.add(script, 12);
    breakpoints.add(QStringLiteral("/work/fake/app/other.js"), 3);
    breakpoints.setEnabled(2, false);
    breakpoints.setBreakOnStart(true);
    QCOMPARE(breakpoints.enabledBreakpoints().size(), 2);

    DebugServer server;
    FakeXsMachine machine;
    MachineSession* session = connectMachine(server, machine, breakpoints.sessionSettings());
    QVERIFY(session);
    const QByteArray path = script.toUtf8();
    QCOMPARE(machine.received, QByteArray("\r\n<set-all-breakpoints><breakpoint path=\"start\" line=\"0\" id=\"@0\"/>"
                               "<breakpoint path=\"exceptions\" line=\"0\" id=\"@0\"/><breakpoint path=\""
                                   + path + "\" line=\"7\" id=\"@0\"/><breakpoint path=\"" + path
                                   + "\" line=\"12\" id=\"@0\"/></set-all-breakpoints>\r\n"));
    DebuggerPanes panes(session, &breakpoints); // attaches the session to the breakpoints
    machine.received.clear();
    breakpoints.add(script, 9);
    QVERIFY(machine.waitFor("<set-breakpoint path=\"" + path + "\" line=\"9\" id=\"@0\"/>"));
    breakpoints.setData(breakpoints.index(0), Qt::Unchecked, Qt::CheckStateRole);
    QVERIFY(machine.waitFor("<clear-breakpoint path=\"" + path + "\" line=\"7\" id=\"@0\"/>"));
    panes.breakpointsPane()->breakOnExceptionsBox()->setChecked(false);
    QVERIFY(machine.waitFor("<clear-breakpoint path=\"exceptions\" line=\"0\" id=\"@0\"/>"));
    machine.received.clear();
    breakpoints.removeAll();
    QVERIFY(machine.waitFor("line=\"9\" id=\"@0\"/>"));
    QCOMPARE(machine.received.count("<clear-breakpoint"), 2); // the enabled ones: 12 and 9
    QCOMPARE(breakpoints.rowCount(), 0);

    // A function breakpoint and a hit count, through the pane's dialogs.
    BreakpointsPane* pane = panes.breakpointsPane();
    machine.received.clear();
    pane->addFunctionButton()->click();
    auto* ask = pane->findChild<QInputDialog*>();
    QVERIFY(ask);
    ask->setTextValue(QStringLiteral("fib"));
    ask->accept();
    QVERIFY(machine.waitFor("\r\n<set-breakpoint path=\"fib\" line=\"0\" id=\"@2\"/>\r\n"));
    QCOMPARE(breakpoints.index(0).data().toString(), QStringLiteral("fib()"));
    QVERIFY(breakpoints.linesIn(QStringLiteral("fib")).isEmpty());
    QVERIFY(!pane->hitCountButton()->isEnabled());
    pane->view()->setCurrentIndex(breakpoints.index(0));
    QVERIFY(pane->hitCountButton()->isEnabled());
    QTRY_VERIFY(!pane->findChild<QInputDialog*>()); // the first one closed itself
    pane->hitCountButton()->click();
    ask = pane->findChild<QInputDialog*>();
    QVERIFY(ask);
    ask->setTextValue(QStringLiteral(">=5"));
    ask->accept();
    QVERIFY(machine.waitFor("\r\n<set-breakpoint path=\"fib\" line=\"0\" id=\"@3\"><breakpoint-hit-count "
                            "path=\">=5\"/></set-breakpoint>\r\n"));
    QCOMPARE(breakpoints.index(0).data(BreakpointsModel::HitCountRole).toString(), QStringLiteral(">=5"));
    QVERIFY(breakpoints.index(0).data().toString().contains(QLatin1String(">=5")));
    // Not a hit count: refused, nothing sent, the old one kept.
    machine.received.clear();
    QVERIFY(!breakpoints.setHitCount(0, QStringLiteral("five")));
    QCOMPARE(breakpoints.breakpoints().at(0).hitCount, QStringLiteral(">=5"));
    QVERIFY(!breakpoints.addFunction(QStringLiteral("a\"b")));
    QCOMPARE(breakpoints.rowCount(), 1);
    // Back to every hit: set again, without the child.
    QVERIFY(breakpoints.setHitCount(0, QString()));
    QVERIFY(machine.waitFor("\r\n<set-breakpoint path=\"fib\" line=\"0\" id=\"@2\"/>\r\n"));
    QCOMPARE(machine.received.count("breakpoint"), 1);
    // And a machine logging in later gets both kinds in its handshake.
    breakpoints.add(script, 7);
    breakpoints.setHitCount(1, QStringLiteral("%2"));
    const QByteArray handshake = XsbugCommandWriter::setAllBreakpoints(breakpoints.enabledBreakpoints(), false, false);
    QVERIFY(handshake.contains("<breakpoint path=\"fib\" line=\"0\" id=\"@2\"/>"));
    QVERIFY(handshake.contains("line=\"7\" id=\"@1\"><breakpoint-hit-count path=\"%2\"/></breakpoint>"));
    pane->resize(520, 160);
    screenshot(pane, QStringLiteral("breakpoints-pane.png"));
}

void TestDebugger::breakpointSettingsRoundTrip()
{
    QSettings settings(m_dir.filePath(QStringLiteral("bp.ini")), QSettings::IniFormat);
    BreakpointsModel saved;
    saved.add(script, 7);
    saved.add(script, 12);
    saved.setEnabled(1, false);
    saved.setBreakOnStart(true);
    saved.setBreakOnExceptions(false);
    QVERIFY(saved.addFunction(QStringLiteral("fib")));
    QVERIFY(saved.setHitCount(0, QStringLiteral("%3")));
    BreakpointSettings::save(settings, saved);
    BreakpointsModel loaded;
    QAbstractItemModelTester tester(&loaded, QAbstractItemModelTester::FailureReportingMode::QtTest);
    BreakpointSettings::load(settings, loaded);
    QCOMPARE(loaded.rowCount(), 3);
    QCOMPARE(loaded.breakpoints().at(0).hitCount, QStringLiteral("%3"));
    QVERIFY(loaded.breakpoints().at(2).function);
    QCOMPARE(loaded.breakpoints().at(2).path, QStringLiteral("fib"));
    QCOMPARE(loaded.breakpoints().at(1).line, 12);
    QVERIFY(!loaded.breakpoints().at(1).enabled);
    QCOMPARE(loaded.index(1).data(Qt::CheckStateRole).toInt(), int(Qt::Unchecked));
    QVERIFY(loaded.breakOnStart());
    QVERIFY(!loaded.breakOnExceptions());
}

void TestDebugger::sourceGutterTogglesBreakpoints()
{
    BreakpointsModel breakpoints;
    DebuggerSourcePane source(&breakpoints);
    source.resize(600, 400);
    source.show();
    QVERIFY(QTest::qWaitForWindowExposed(&source));
    QVERIFY(source.showLocation(script, 7));
    SourceView* view = source.view();
    const QRect third = view->cursorRect(QTextCursor(view->document()->findBlockByNumber(2)));
    QWidget* gutter = nullptr;
    for (QWidget* child : view->findChildren<QWidget*>()) {
        if (child->parentWidget() == view && child->geometry().left() == view->contentsRect().left()
            && child->width() == view->gutterWidth())
            gutter = child;
    }
    QVERIFY(gutter);
    QTest::mouseClick(gutter, Qt::LeftButton, {}, QPoint(5, third.center().y()));
    QVERIFY(breakpoints.contains(script, 3));
    QCOMPARE(view->markedLines(), QList<int>{3});
    QTest::mouseClick(gutter, Qt::LeftButton, {}, QPoint(5, third.center().y()));
    QVERIFY(!breakpoints.contains(script, 3));
    QVERIFY(view->markedLines().isEmpty());
    QVERIFY(source.find(QStringLiteral("debugger")));
    QCOMPARE(view->textCursor().blockNumber(), 6);
    QVERIFY(!source.showLocation(QStringLiteral("/nowhere/x.js"), 2));
}

// The debugger's source pane indents a tab as far as 4 spaces (xsbug and editors do; Qt's
// default is 8), and says which file it shows to screen readers.
void TestDebugger::sourceTabStopsAreFourColumns()
{
    const QString path = m_dir.filePath(QStringLiteral("tabs.js"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write("function f() {\n\tlet a = 1;\n    let b = 2;\n\t\tdebugger;\n        return a + b;\n}\n");
    file.close();
    DebuggerSourcePane source(nullptr);
    source.resize(600, 300);
    source.show();
    QVERIFY(QTest::qWaitForWindowExposed(&source));
    QVERIFY(source.showLocation(path, 4));
    SourceView* view = source.view();
    const auto startOf = [view](int line) {
        QTextCursor cursor(view->document()->findBlockByNumber(line - 1));
        const QString text = cursor.block().text();
        cursor.setPosition(cursor.block().position() + int(text.size() - text.trimmed().size()));
        return view->cursorRect(cursor).left();
    };
    QCOMPARE(startOf(2), startOf(3));
    QCOMPARE(startOf(4), startOf(5));
    QVERIFY(startOf(2) < startOf(4));
    QCOMPARE(view->accessibleName(), QStringLiteral("Source text"));
    QCOMPARE(view->accessibleDescription(), QStringLiteral("tabs.js, line 4"));
}

// On the dark theme (and the light one) a control the machine's state disables is drawn like
// its disabled label, icon included: Break, amber while the machine runs, is dim once it has
// left (the style's own disabled icon was a light grey that looked enabled on dark).
void TestDebugger::disabledControlsLookDisabledOnTheDarkTheme()
{
    const auto restore = qScopeGuard([] { Theme::apply(Theme::Mode::System); });
    for (const Theme::Mode theme : {Theme::Mode::Dark, Theme::Mode::Light}) {
        Theme::apply(theme);
        DebugServer server;
        FakeXsMachine machine;
        MachineSession* session = connectMachine(server, machine);
        QVERIFY(session);
        DebuggerPanes panes(session, nullptr);
        panes.resize(900, 500);
        panes.show();
        QVERIFY(QTest::qWaitForWindowExposed(&panes));
        QWidget* button = panes.toolBar()->widgetForAction(panes.controls()->breakAction());
        QVERIFY(button);
        const auto pixels = [button] {
            const QImage shot = button->grab().toImage().convertToFormat(QImage::Format_RGB32);
            QList<QColor> colours;
            for (int y = 0; y < shot.height(); ++y)
                for (int x = 0; x < shot.width(); ++x)
                    colours << QColor(shot.pixel(x, y));
            return colours;
        };
        QVERIFY(button->isEnabled());
        const QList<QColor> running = pixels();
        QVERIFY(std::any_of(running.begin(), running.end(),
                            [](const QColor& c) { return c.red() > 200 && c.green() > 130 && c.blue() < 90; })); // amber

        machine.socket.disconnectFromHost();
        QTRY_COMPARE(session->state(), MachineSession::State::Disconnected);
        QTRY_VERIFY(!button->isEnabled());
        // No pixel of the button stands out from the window more than the disabled label does.
        const QPalette palette = QApplication::palette();
        const int window = qGray(palette.color(QPalette::Window).rgb());
        const int label = std::abs(qGray(palette.color(QPalette::Disabled, QPalette::ButtonText).rgb()) - window);
        int strongest = 0;
        for (const QColor& c : pixels())
            strongest = std::max(strongest, std::abs(qGray(c.rgb()) - window));
        QVERIFY2(strongest <= label + 6, qPrintable(QStringLiteral("%1: contrast %2, disabled label %3")
                                                        .arg(Theme::name(theme)).arg(strongest).arg(label)));
        if (theme == Theme::Mode::Dark)
            screenshot(&panes, QStringLiteral("debuggerpanes-dark-disconnected.png"));
    }
}

void TestDebugger::replayedTranscript()
{
    DebugServer server;
    QVERIFY(server.listen(0));
    BreakpointsModel breakpoints;
    std::unique_ptr<DebuggerPanes> panes;
    QStringList breaks;
    QTemporaryDir dir;
    connect(&server, &DebugServer::machineConnected, this, [&](MachineSession* s) {
        panes = std::make_unique<DebuggerPanes>(s, &breakpoints);
        panes->resize(1200, 760);
        panes->show();
        connect(s, &MachineSession::broke, this, [&, s](const xsbug::Break& b) {
            breaks << b.message.trimmed();
            QVERIFY(panes->controls()->runAction()->isEnabled());
            if (breaks.size() == 1)
                screenshot(panes.get(), QStringLiteral("debuggerpanes-replay.png"));
            QCOMPARE(panes->callStack()->model()->rowCount(), int(s->frames().frames.size()));
            panes->controls()->runAction()->trigger();
        });
    });
    const QString received = dir.filePath(QStringLiteral("received.bin"));
    QProcess python;
    python.setProcessChannelMode(QProcess::MergedChannels);
    python.start(QStringLiteral("python3"),
                 {QStringLiteral(XSPROF_TOOLS_DIR "/xs_replay.py"),
                  QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/log_and_break.break.xsbug"), QStringLiteral("--connect"),
                  QStringLiteral("127.0.0.1:%1").arg(server.port()), QStringLiteral("--save-received"), received,
                  QStringLiteral("--quiet")});
    QDeadlineTimer deadline(60000);
    while (python.state() != QProcess::NotRunning && !deadline.hasExpired())
        QTest::qWait(20); // serve the server while the replay runs
    QVERIFY2(python.exitCode() == 0, python.readAll().constData());
    QVERIFY(panes);
    QTRY_VERIFY(!panes->session() || !panes->session()->isConnected());
    QCOMPARE(breaks.size(), 2);
    const ConsoleModel* console = panes->consoleModel();
    QStringList lines;
    for (int i = 0; i < console->rowCount(); ++i)
        lines << console->lineText(i);
    QVERIFY2(lines.contains(QStringLiteral("log_and_break: start")), qPrintable(lines.join(QLatin1Char('|'))));
    QVERIFY(lines.contains(QStringLiteral("partial line, continued")));
    QVERIFY(lines.contains(QStringLiteral("inspect probe at depth 2")));
    QVERIFY(lines.contains(QStringLiteral("log_and_break: done")));
    QFile file(received);
    QVERIFY(file.open(QIODevice::ReadOnly));
    QCOMPARE(file.readAll().count("<go/>"), 2);
}

// A line wider than the pane is not cut with "…": the view scrolls sideways to its end,
// also when the line grew across <log> messages, and Copy gives it whole.
void TestDebugger::longConsoleLinesScrollSidewaysWhole()
{
    DebugServer server;
    FakeXsMachine machine;
    MachineSession* session = connectMachine(server, machine);
    QVERIFY(session);
    DebuggerPanes panes(session, nullptr);
    panes.resize(900, 600);
    panes.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panes));
    const QString start = QStringLiteral("short line");
    machine.send("<log>" + start.toUtf8() + "&#10;</log>");
    const QString longLine = QStringLiteral("payload=") + QString(QStringLiteral("0123456789")).repeated(40);
    machine.send("<log>" + longLine.left(100).toUtf8() + "</log>");
    machine.send("<log>" + longLine.mid(100).toUtf8() + "&#10;</log>");
    ConsoleModel* console = panes.consoleModel();
    QTRY_COMPARE(console->rowCount(), 2);
    QTRY_COMPARE(console->lineText(1), longLine);
    QListView* view = panes.console()->view();
    QCOMPARE(view->textElideMode(), Qt::ElideNone);
    const int textWidth = QFontMetrics(view->font()).horizontalAdvance(longLine);
    QTRY_VERIFY(view->horizontalScrollBar()->maximum() > 0);
    QVERIFY2(view->visualRect(console->index(1)).width() >= textWidth,
             qPrintable(QStringLiteral("%1 < %2").arg(view->visualRect(console->index(1)).width()).arg(textWidth)));
    QVERIFY(view->horizontalScrollBar()->maximum() + view->viewport()->width() >= textWidth);
    view->horizontalScrollBar()->setValue(view->horizontalScrollBar()->maximum()); // the end is reachable
    QCOMPARE(view->horizontalScrollBar()->value(), view->horizontalScrollBar()->maximum());
    view->setCurrentIndex(console->index(1));
    view->selectionModel()->select(console->index(1), QItemSelectionModel::ClearAndSelect);
    panes.console()->copy();
    QCOMPARE(QApplication::clipboard()->text(), longLine);
    console->clear();
    machine.send("<log>" + start.toUtf8() + "&#10;</log>");
    QTRY_COMPARE(console->rowCount(), 1);
    QTRY_COMPARE(view->horizontalScrollBar()->maximum(), 0); // narrow again once the wide line is gone
}

QTEST_MAIN(TestDebugger)
#include "tst_debugger.moc"
