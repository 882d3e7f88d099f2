// Issue 13 in the window, offscreen: the console's Evaluate field in each state and an
// evaluation end to end (a fake xsc returning .xsb files recorded from a real xsc, a scripted
// machine answering with <result> recorded from xst), the breakpoint editor, gutter markers
// and menu, File › Open Source… with the Sources list, and the screenshots of them.
#include "fakexsmachine.h"

#include "app/debugger/breakpointeditor.h"
#include "app/debugger/breakpointsmodel.h"
#include "app/debugger/breakpointspane.h"
#include "app/debugger/consoleevaluator.h"
#include "app/debugger/consolemodel.h"
#include "app/debugger/consolepane.h"
#include "app/debugger/debugcontrols.h"
#include "app/debugger/debuggeepage.h"
#include "app/debugger/debuggerpanes.h"
#include "app/debugger/debuggersourcepane.h"
#include "app/debugger/sourcespane.h"
#include "app/debugger/variablesmodel.h"
#include "app/machines/machinetabs.h"
#include "app/machines/servercontroller.h"
#include "app/mainwindow.h"
#include "app/preferences.h"
#include "app/preferencesdialog.h"
#include "app/tabs/windowtabs.h"
#include "app/xscpathfield.h"
#include "views/sourceview.h"

#include "model/xs/xsbinary.h"
#include "protocol/debugserver.h"
#include "protocol/sessionexpressions.h"
#include "protocol/xsccompiler.h"

#include <QCheckBox>
#include <QDeadlineTimer>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardItemModel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QSpinBox>
#include <QTest>
#include <QTextBlock>
#include <QToolButton>
#include <QTreeView>

namespace {
const QString fixtures = QStringLiteral(XSPROF_FIXTURES_DIR);
const QString fakeXsc = fixtures + QStringLiteral("/xsc/fake-xsc");

QByteArray recordedHex(const char* name)
{
    QFile file(fixtures + QStringLiteral("/xsc/xsc32/%1.xsb").arg(QLatin1String(name)));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray data = file.readAll();
    return QByteArray::fromStdString(xsprof::hexEncode({data.begin(), data.end()}));
}

// The <result> xst sent for `o` in tests/fixtures/eval-session-xst.txt.
QByteArray recordedResult(int line)
{
    QFile file(fixtures + QStringLiteral("/eval-session-xst.txt"));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    const QByteArray text = file.readAll();
    const QByteArray start = "<result line=\"" + QByteArray::number(line) + "\">";
    const qsizetype from = text.indexOf(start);
    const qsizetype to = text.indexOf("</result>", from);
    return from < 0 || to < 0 ? QByteArray() : text.mid(from, to + 9 - from);
}


} // namespace

class TestDebuggerExpressions : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void consoleFieldStatesAndEvaluation();
    void breakpointEditorSendsCompiledCondition();
    void gutterMarkersAndMenu();
    void openSourceBeforeAnyMachine();
    void conditionsSetBeforeAMachineAreInItsLoginAnswer();
    void sourcesListIsRememberedPerMachine();
    void preferencesTestTheCompiler();
    void sourceHeaderFollowsSteps();

private:
    MachineSession* connect(DebugServer& server, FakeXsMachine& machine, SessionSettings settings);
    void screenshot(QWidget* widget, const QString& name);
    QTemporaryDir m_dir;
    QString m_script;
};

void TestDebuggerExpressions::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QDir().mkpath(QStringLiteral(XSPROF_SCREENSHOT_DIR));
    QVERIFY(QDir().mkpath(m_dir.filePath(QStringLiteral("app/lib"))));
    m_script = m_dir.filePath(QStringLiteral("app/prog.js"));
    QFile program(m_script);
    QVERIFY(program.open(QIODevice::WriteOnly));
    QFile recorded(fixtures + QStringLiteral("/eval-session-prog.js"));
    QVERIFY(recorded.open(QIODevice::ReadOnly));
    program.write(recorded.readAll());
    program.close();
    QFile other(m_dir.filePath(QStringLiteral("app/lib/util.js")));
    QVERIFY(other.open(QIODevice::WriteOnly));
    other.write("export function util() {}\n");
}

MachineSession* TestDebuggerExpressions::connect(DebugServer& server, FakeXsMachine& machine, SessionSettings settings)
{
    return machine.logInto(server, settings, "xst");
}

void TestDebuggerExpressions::screenshot(QWidget* widget, const QString& name)
{
    const QString path = QStringLiteral(XSPROF_SCREENSHOT_DIR "/") + name;
    QVERIFY(widget->grab().save(path));
    qInfo("screenshot: %s", qPrintable(path));
}

void TestDebuggerExpressions::consoleFieldStatesAndEvaluation()
{
    // Without a compiler the field says how to get one.
    {
        DebugServer server;
        FakeXsMachine machine;
        MachineSession* session = connect(server, machine, {});
        QVERIFY(session);
        DebuggerPanes panes(session, nullptr);
        QLineEdit* field = panes.console()->evalField();
        QVERIFY(field->isReadOnly()); // it keeps the keyboard, and says why it cannot evaluate
        QVERIFY2(field->placeholderText().contains(QLatin1String("xsc")), qPrintable(field->placeholderText()));
        QVERIFY(field->toolTip().contains(QLatin1String("$MODDABLE")));
    }
    DebugServer server;
    FakeXsMachine machine;
    SessionSettings settings;
    settings.xscPath = fakeXsc;
    MachineSession* session = connect(server, machine, settings);
    QVERIFY(session);
    DebuggerPanes panes(session, nullptr);
    panes.resize(1200, 800);
    QLineEdit* field = panes.console()->evalField();
    // Running: it explains that evaluation needs a break.
    QVERIFY(field->isReadOnly());
    QVERIFY2(field->placeholderText().contains(QLatin1String("needs a break")), qPrintable(field->placeholderText()));

    QSignalSpy broke(session, &MachineSession::broke);
    machine.send(fakeBreakIn(m_script, 4));
    QVERIFY(broke.wait(5000));
    QVERIFY(!field->isReadOnly());
    QVERIFY(field->placeholderText().contains(QLatin1String("in mid")));

    // Evaluate `o`: the machine gets the recorded bytecode in the selected frame.
    QTest::keyClicks(field, QStringLiteral("o"));
    QTest::keyClick(field, Qt::Key_Return);
    QVERIFY(machine.waitFor("<eval id=\"@00007FE5E13FB000\" path=\"" + recordedHex("object") + "\" line=\"1\"/>"));
    const QByteArray object = recordedResult(2); // xst's answer to `o`
    QVERIFY(!object.isEmpty());
    machine.send(QByteArray(object).replace("line=\"2\"", "line=\"1\""));
    ConsoleModel* console = panes.consoleModel();
    QTRY_COMPARE_WITH_TIMEOUT(console->rowCount(), 2, 5000);
    QCOMPARE(console->lineText(0), QStringLiteral("> o"));
    QCOMPARE(console->lineKind(0), ConsoleModel::Kind::Input);
    QCOMPARE(console->lineText(1), QStringLiteral("< {a: 1, s: 'hi\\n', inner: {…}}"));
    // The object in the result tree, opened one level, strings quoted as xsbug does.
    QTreeView* tree = panes.resultView();
    QVERIFY(tree->isVisibleTo(&panes));
    QAbstractItemModel* model = tree->model();
    const QModelIndex top = model->index(0, 0);
    QCOMPARE(top.data().toString(), QStringLiteral("o"));
    QVERIFY(tree->isExpanded(top));
    QStringList children;
    for (int r = 0; r < model->rowCount(top); ++r)
        children << model->index(r, 0, top).data().toString() + QLatin1Char('=') +
                        model->index(r, 1, top).data().toString();
    QVERIFY2(children.contains(QStringLiteral("s='hi\\n'")), qPrintable(children.join(QLatin1Char('|'))));
    QVERIFY(children.contains(QStringLiteral("a=1")));
    panes.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panes));
    screenshot(&panes, QStringLiteral("debugger-eval-object.png"));

    // An exception from the machine, in red.
    QTest::keyClicks(field, QStringLiteral("nope.x"));
    QTest::keyClick(field, Qt::Key_Return);
    QVERIFY(machine.waitFor("line=\"2\"/>"));
    machine.send(QByteArray(recordedResult(4)).replace("line=\"4\"", "line=\"2\""));
    QTRY_COMPARE_WITH_TIMEOUT(console->rowCount(), 4, 5000);
    QCOMPARE(console->lineText(3), QStringLiteral("ReferenceError: get nope: undefined variable"));
    QCOMPARE(console->lineKind(3), ConsoleModel::Kind::Error);
    // A compile error from xsc, in red, and nothing sent.
    machine.received.clear();
    QTest::keyClicks(field, QStringLiteral("o."));
    QTest::keyClick(field, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(console->rowCount(), 6, 5000);
    QCOMPARE(console->lineText(5), QStringLiteral("error: missing property"));
    QCOMPARE(console->lineKind(5), ConsoleModel::Kind::Error);
    QVERIFY(!machine.received.contains("<eval"));
    // History: Up walks back, Down forward to what was being typed.
    QTest::keyClicks(field, QStringLiteral("typing"));
    QTest::keyClick(field, Qt::Key_Up);
    QCOMPARE(field->text(), QStringLiteral("o."));
    QTest::keyClick(field, Qt::Key_Up);
    QCOMPARE(field->text(), QStringLiteral("nope.x"));
    QTest::keyClick(field, Qt::Key_Down);
    QTest::keyClick(field, Qt::Key_Down);
    QCOMPARE(field->text(), QStringLiteral("typing"));

    // Resumed: read-only again.
    session->go();
    QVERIFY(field->isReadOnly());
    // A log point's output is not coloured as an exception.
    const int rows = console->rowCount();
    machine.send("<log path=\"" + m_script.toUtf8() + "\" line=\"5\">n is 0\n</log>");
    QTRY_COMPARE_WITH_TIMEOUT(console->rowCount(), rows + 1, 5000);
    QCOMPARE(console->lineText(rows), m_script + QStringLiteral(" (5) n is 0"));
    QCOMPARE(console->lineKind(rows), ConsoleModel::Kind::Breakpoint);
}

void TestDebuggerExpressions::breakpointEditorSendsCompiledCondition()
{
    DebugServer server;
    FakeXsMachine machine;
    SessionSettings settings;
    settings.xscPath = fakeXsc;
    MachineSession* session = connect(server, machine, settings);
    QVERIFY(session);
    BreakpointsModel breakpoints;
    breakpoints.attach(session);
    breakpoints.add(m_script, 3);
    QVERIFY(machine.waitFor("line=\"3\" id=\"@0\"/>"));
    BreakpointsPane pane(&breakpoints);
    pane.view()->setCurrentIndex(breakpoints.index(0));
    QVERIFY(pane.editButton()->isEnabled());
    BreakpointEditor* editor = pane.editCurrent();
    QVERIFY(editor);
    QVERIFY(editor->enabledBox()->isChecked());
    editor->conditionField()->setText(QStringLiteral("n === 1"));
    editor->hitCountField()->setText(QStringLiteral(">=2"));
    editor->accept();
    QCOMPARE(breakpoints.breakpoints().at(0).condition, QStringLiteral("n === 1"));
    QCOMPARE(breakpoints.index(0).data().toString(), QStringLiteral("prog.js:3  · hit count >=2  · if n === 1"));
    QVERIFY(machine.waitFor("<set-breakpoint path=\"" + m_script.toUtf8() + "\" line=\"3\" id=\"@1\"><breakpoint-condition path=\"" +
                            recordedHex("cond") + "\"/><breakpoint-hit-count path=\">=2\"/></set-breakpoint>"));
    // A log point on the same line replaces the record; disabling clears it.
    machine.received.clear();
    Breakpoint logPoint = breakpoints.breakpoints().at(0);
    logPoint.condition.clear();
    logPoint.hitCount.clear();
    logPoint.logMessage = QStringLiteral("\"n is \" + n");
    QVERIFY(breakpoints.update(0, logPoint));
    QVERIFY(machine.waitFor("<breakpoint-trace path=\"" + recordedHex("trace") + "\"/></set-breakpoint>"));
    logPoint.enabled = false;
    QVERIFY(breakpoints.update(0, logPoint));
    QVERIFY(machine.waitFor("<clear-breakpoint path=\"" + m_script.toUtf8() + "\" line=\"3\""));
    // A bad hit count is refused in the editor, nothing changes.
    BreakpointEditor* again = pane.editCurrent();
    again->hitCountField()->setText(QStringLiteral("two"));
    QSignalSpy edited(again, &BreakpointEditor::edited);
    again->accept();
    QCOMPARE(edited.size(), 0);
    again->reject();
}

void TestDebuggerExpressions::gutterMarkersAndMenu()
{
    BreakpointsModel breakpoints;
    DebuggerPanes panes(nullptr, &breakpoints);
    panes.resize(1200, 760);
    DebuggerSourcePane* source = panes.source();
    QVERIFY(source->openLocalFile(m_script));
    breakpoints.add(m_script, 2);
    Breakpoint conditional(m_script, 3);
    conditional.condition = QStringLiteral("n === 1");
    QVERIFY(breakpoints.addBreakpoint(conditional));
    Breakpoint logPoint(m_script, 5);
    logPoint.logMessage = QStringLiteral("`n = ${n}`");
    QVERIFY(breakpoints.addBreakpoint(logPoint));
    breakpoints.add(m_script, 9);
    breakpoints.setEnabled(breakpoints.rowOf(m_script, 9), false);
    SourceView* view = source->view();
    QCOMPARE(view->markedLines().size(), 4);
    QCOMPARE(view->markerAt(2), SourceView::Marker::Plain);
    QCOMPARE(view->markerAt(3), SourceView::Marker::Conditional);
    QCOMPARE(view->markerAt(5), SourceView::Marker::LogPoint);
    QCOMPARE(view->markerAt(9), SourceView::Marker::Disabled);
    panes.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panes));
    // Each kind is painted in its own colour in the gutter.
    const QImage shot = view->grab().toImage();
    auto lineColourFound = [&](int line, const QColor& colour) {
        const int y = view->cursorRect(QTextCursor(view->document()->findBlockByNumber(line - 1))).center().y();
        for (int x = 0; x < view->gutterWidth(); ++x) {
            if (shot.pixelColor(x, y) == colour)
                return true;
        }
        return false;
    };
    QVERIFY(lineColourFound(2, SourceView::markerColour(SourceView::Marker::Plain)));
    QVERIFY(lineColourFound(3, SourceView::markerColour(SourceView::Marker::Conditional)));
    QVERIFY(lineColourFound(5, SourceView::markerColour(SourceView::Marker::LogPoint)));
    screenshot(&panes, QStringLiteral("debugger-gutter-markers.png"));

    // Right-click on a line without a breakpoint: add, conditional, log point.
    QSignalSpy menuRequested(view, &SourceView::gutterMenuRequested);
    const int y7 = view->cursorRect(QTextCursor(view->document()->findBlockByNumber(6))).center().y();
    view->gutterContextMenu(y7, view->mapToGlobal(QPoint(4, y7)));
    QCOMPARE(menuRequested.size(), 1);
    QCOMPARE(menuRequested.at(0).at(0).toInt(), 7);
    QMenu* menu = source->findChild<QMenu*>();
    QVERIFY(menu);
    QStringList texts;
    for (QAction* a : menu->actions())
        texts << a->text();
    QCOMPARE(texts, (QStringList{QStringLiteral("Add Breakpoint"), QStringLiteral("Add Conditional Breakpoint…"),
                                 QStringLiteral("Add Log Point…")}));
    menu->actions().at(2)->trigger();
    menu->close();
    auto* editor = source->findChild<BreakpointEditor*>();
    QVERIFY(editor);
    QVERIFY(editor->logMessageField()->hasFocus() || QApplication::focusWidget() == editor->logMessageField() ||
            !editor->isActiveWindow());
    editor->logMessageField()->setText(QStringLiteral("sum"));
    editor->accept();
    QCOMPARE(view->markerAt(7), SourceView::Marker::LogPoint);
    QCOMPARE(breakpoints.breakpoints().last().logMessage, QStringLiteral("sum"));
}

void TestDebuggerExpressions::openSourceBeforeAnyMachine()
{
    QSettings settings(m_dir.filePath(QStringLiteral("window.ini")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("debug/port"), 0);
    settings.setValue(QStringLiteral("source/pathMappings"),
                      QStringLiteral("/build/host/app => %1").arg(m_dir.filePath(QStringLiteral("app"))));
    MainWindow window(&settings);
    window.resize(1400, 900);
    QVERIFY(window.machines()->startDebugServer());
    // No machine: the file opens in a Sources tab, its gutter sets breakpoints under the
    // path the machine will report (the mapping applied in reverse).
    QVERIFY(window.machines()->openSource(m_script));
    DebuggerPanes* sources = window.machines()->sourcesTab();
    QCOMPARE(window.tabs()->currentWidget(), sources);
    QCOMPARE(window.tabs()->shownText(window.tabs()->currentIndex()), QStringLiteral("Sources"));
    QCOMPARE(sources->source()->currentPath(), QStringLiteral("/build/host/app/prog.js"));
    QVERIFY(sources->source()->isLoaded());
    SourceView* view = sources->source()->view();
    const int y = view->cursorRect(QTextCursor(view->document()->findBlockByNumber(3))).center().y();
    view->gutterPressed(y);
    QCOMPARE(sources->breakpointsPane()->view()->model()->rowCount(), 1);
    QCOMPARE(sources->breakpointsPane()->view()->model()->index(0, 0).data(BreakpointsModel::PathRole).toString(),
             QStringLiteral("/build/host/app/prog.js"));
    // A machine that connects now gets it in its handshake.
    FakeXsMachine machine;
    QVERIFY(machine.connectTo(window.machines()->serverController()->server()->port()));
    machine.send("<login name=\"xst\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
    QVERIFY(machine.waitFor("<breakpoint path=\"/build/host/app/prog.js\" line=\"4\" id=\"@0\"/>"));
    QVERIFY(!window.machines()->openSource(m_dir.filePath(QStringLiteral("missing.js"))));
}

// Issue 38 in the window: a conditional breakpoint set before any machine connects reaches a
// machine compiled, in the answer to its login (xst reads nothing more until it pauses); one
// set while the machine runs says it takes effect at the machine's next pause.
void TestDebuggerExpressions::conditionsSetBeforeAMachineAreInItsLoginAnswer()
{
    QSettings settings(m_dir.filePath(QStringLiteral("conditions.ini")), QSettings::IniFormat);
    settings.setValue(QStringLiteral("debug/port"), 0);
    MainWindow window(&settings);
    window.resize(1400, 900);
    window.preferences()->setXscPath(fakeXsc);
    QVERIFY(window.machines()->startDebugServer());
    QVERIFY(window.machines()->openSource(m_script));
    DebuggerPanes* sources = window.machines()->sourcesTab();
    SourceView* view = sources->source()->view();
    auto lineY = [](SourceView* v, int line) {
        return v->cursorRect(QTextCursor(v->document()->findBlockByNumber(line - 1))).center().y();
    };
    view->gutterPressed(lineY(view, 3));
    auto* breakpoints = qobject_cast<BreakpointsModel*>(sources->breakpointsPane()->view()->model());
    QVERIFY(breakpoints);
    QCOMPARE(breakpoints->rowCount(), 1);
    Breakpoint conditional = breakpoints->breakpoints().at(0);
    conditional.condition = QStringLiteral("n === 1");
    QVERIFY(breakpoints->update(0, conditional));

    FakeXsMachine machine;
    QVERIFY(machine.connectTo(window.machines()->serverController()->server()->port()));
    machine.send("<login name=\"xst\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
    QVERIFY(machine.waitFor("</set-breakpoint>\r\n"));
    QCOMPARE(machine.received, "\r\n<set-all-breakpoints><breakpoint path=\"exceptions\" line=\"0\" id=\"@0\"/></set-all-breakpoints>"
                               "<set-breakpoint path=\"" + m_script.toUtf8() + "\" line=\"3\" id=\"@1\"><breakpoint-condition path=\"" +
                                   recordedHex("cond") + "\"/></set-breakpoint>\r\n");

    machine.send("<log>running&#10;</log>"); // something to show: a tab
    DebuggeePage* tab = nullptr;
    QTRY_VERIFY((tab = window.tabs()->view()->findChild<DebuggeePage*>()));
    QTRY_COMPARE(tab->session()->state(), MachineSession::State::Running);
    DebuggerSourcePane* source = tab->debuggerPanes()->source();
    QVERIFY(source->openLocalFile(m_script));
    machine.received.clear();
    source->view()->gutterPressed(lineY(source->view(), 5));
    QVERIFY(machine.waitFor("<set-breakpoint path=\"" + m_script.toUtf8() + "\" line=\"5\" id=\"@0\"/>"));
    const QString note = tab->debuggerPanes()->statusLabel()->text();
    QVERIFY2(note.contains(QStringLiteral("Breakpoint prog.js:5 set — the machine acts on it at its next pause")), qPrintable(note));
    // The machine pauses: it has read it.
    machine.send(fakeBreakIn(m_script, 4));
    QTRY_VERIFY(!tab->debuggerPanes()->statusLabel()->text().contains(QLatin1String("next pause")));
}

void TestDebuggerExpressions::sourcesListIsRememberedPerMachine()
{
    QSettings settings(m_dir.filePath(QStringLiteral("sources.ini")), QSettings::IniFormat);
    BreakpointsModel breakpoints;
    DebuggerPanes panes(nullptr, &breakpoints);
    panes.resize(1200, 760);
    SourcesPane* list = panes.sourcesPane();
    list->setStore(&settings, QStringLiteral("xst"));
    QVERIFY(list->folders().isEmpty());
    list->addFolder(m_dir.filePath(QStringLiteral("app")));
    QStandardItemModel* model = list->model();
    QCOMPARE(model->rowCount(), 1);
    const QModelIndex root = model->index(0, 0);
    QStringList rows;
    for (int r = 0; r < model->rowCount(root); ++r)
        rows << model->index(r, 0, root).data().toString();
    QCOMPARE(rows, (QStringList{QStringLiteral("lib/"), QStringLiteral("prog.js")}));
    // Another machine name has its own list; the first one's comes back.
    list->setStore(&settings, QStringLiteral("simulator"));
    QCOMPARE(model->rowCount(), 0);
    list->setStore(&settings, QStringLiteral("xst"));
    QCOMPARE(list->folders(), QStringList{QDir::cleanPath(m_dir.filePath(QStringLiteral("app")))});
    // Activating a file opens it in the source pane with the gutter active.
    panes.variableTabs()->setCurrentWidget(list);
    panes.show();
    QVERIFY(QTest::qWaitForWindowExposed(&panes));
    const QModelIndex file = model->index(1, 0, model->index(0, 0));
    list->view()->setCurrentIndex(file);
    emit list->view()->activated(file);
    QCOMPARE(panes.source()->currentPath(), m_script);
    QVERIFY(panes.source()->isLoaded());
    screenshot(&panes, QStringLiteral("debugger-sources-list.png"));
}

void TestDebuggerExpressions::preferencesTestTheCompiler()
{
    QSettings settings(m_dir.filePath(QStringLiteral("prefs.ini")), QSettings::IniFormat);
    Preferences preferences(&settings);
    PreferencesDialog dialog(&preferences);
    XscPathField* xsc = dialog.xscField();
    xsc->setPath(fakeXsc);
    QSignalSpy tested(xsc, &XscPathField::tested);
    QTest::mouseClick(xsc->testButton(), Qt::LeftButton);
    QVERIFY(tested.wait(10000));
    QCOMPARE(tested.at(0).at(0).toBool(), true);
    QVERIFY2(xsc->resultLabel()->text().contains(QLatin1String("xsc 17.9.1, 32-bit IDs")), qPrintable(xsc->resultLabel()->text()));
    xsc->setPath(QStringLiteral("/nonexistent/xsc"));
    QTest::mouseClick(xsc->testButton(), Qt::LeftButton);
    QVERIFY(tested.wait(10000));
    QCOMPARE(tested.at(1).at(0).toBool(), false);
    xsc->setPath(fakeXsc);
    QSignalSpy changed(&preferences, &Preferences::xscPathChanged);
    dialog.accept();
    QCOMPARE(changed.size(), 1);
    QCOMPARE(preferences.xscPath(), fakeXsc);
    // Console lines kept now sits with the debugger, not under Profiling.
    QCOMPARE(dialog.consoleLinesField()->parentWidget()->objectName(), QStringLiteral("debuggerGroup"));
}

// Issue 16: after a step in the same file the header names the new line, not the first break's.
void TestDebuggerExpressions::sourceHeaderFollowsSteps()
{
    BreakpointsModel breakpoints;
    DebuggerSourcePane pane(&breakpoints);
    QVERIFY(pane.showLocation(m_script, 4));
    QCOMPARE(pane.title(), QStringLiteral("prog.js, line 4"));
    QVERIFY(pane.showLocation(m_script, 5)); // same file: the fast path
    QCOMPARE(pane.title(), QStringLiteral("prog.js, line 5"));
    QCOMPARE(pane.view()->highlightedLine(), 5);
}

QTEST_MAIN(TestDebuggerExpressions)
#include "tst_debuggerexpressions.moc"
