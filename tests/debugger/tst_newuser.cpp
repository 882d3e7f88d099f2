// What a new user hit (issue 41), in the window as they drive it: the Devices pane and the
// other docks fit beside a machine's tab, the Messages dock opens only when asked, a new
// machine's tab shows in the strip without taking the front, every menu's mnemonics differ,
// and a source edited on disk shows as it is now with its changed lines marked.
#include "debuggeewindowfixture.h"
#include "fakexsmachine.h"

#include "app/debugger/conversationmodel.h"
#include "app/debugger/conversationpane.h"
#include "app/debugger/debuggeepage.h"
#include "app/debugger/debuggerpanes.h"
#include "app/debugger/debuggersourcepane.h"
#include "app/debugger/instrumentspanel.h"
#include "app/machines/allmachinesconsole.h"
#include "app/machines/devicespane.h"
#include "app/machines/machinetabs.h"
#include "app/machines/servercontroller.h"
#include "app/mainwindow.h"
#include "app/settingskeys.h"
#include "app/tabs/windowtabs.h"
#include "protocol/debugserver.h"
#include "views/elidedlabel.h"
#include "views/sourceview.h"

#include <QAbstractButton>
#include <QApplication>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTextBlock>
#include <QTest>
#include <QTimer>
#include <QToolButton>

class TestNewUser : public DebuggeeWindowFixture
{
    Q_OBJECT
private slots:
    void docksFitBesideAMachine();
    void instrumentsAreWholeInATabOpenedBehind();
    void messagesDockOpensOnlyWhenAsked();
    void aNewMachineTabShowsInTheStripWithoutTakingTheFront();
    void everyMenuHasDistinctMnemonics();
    void aSourceEditedOnDiskShowsAsItIsNowWithItsChangesMarked();

private:
    DebuggeePage* connectFakeMachine(FakeXsMachine& engine, const QByteArray& name);
    // Opens top-level menu `menuKey` (Alt+key) and presses `itemKey` in it, as a user would.
    void chooseFromMenu(Qt::Key menuKey, Qt::Key itemKey);
};

DebuggeePage* TestNewUser::connectFakeMachine(FakeXsMachine& engine, const QByteArray& name)
{
    const int before = m_window->tabs()->count();
    if (!engine.connectTo(m_window->machines()->serverController()->server()->port()))
        return nullptr;
    engine.send("<login name=\"" + name + "\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
    QDeadlineTimer deadline(10000);
    while (m_window->tabs()->count() == before && !deadline.hasExpired())
        QTest::qWait(10);
    for (int i = 0; i < m_window->tabs()->count(); ++i) {
        DebuggeePage* machine = m_window->machines()->debuggee(i);
        if (machine && machine->session()->name() == QString::fromLatin1(name))
            return machine;
    }
    return nullptr;
}

void TestNewUser::chooseFromMenu(Qt::Key menuKey, Qt::Key itemKey)
{
    m_window->activateWindow();
    QTest::keyClick(m_window.get(), menuKey, Qt::AltModifier);
    QTRY_VERIFY(qobject_cast<QMenu*>(QApplication::activePopupWidget()));
    QTest::keyClick(QApplication::activePopupWidget(), itemKey);
    QTRY_VERIFY(!QApplication::activePopupWidget());
}

// A 1366-pixel screen, the window as the issue measured it (1311 px) with a machine's tab in
// front: Devices › Devices Pane (Alt+I, D) opens the pane inside the window, which keeps its
// width, with Refresh and Connect whole in it; the two all-machines docks as well.
void TestNewUser::docksFitBesideAMachine()
{
    startServer(false);
    m_window->resize(1311, 740);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    FakeXsMachine engine;
    DebuggeePage* machine = connectFakeMachine(engine, "fit");
    QVERIFY(machine);
    m_window->tabs()->setCurrent(machine);
    QTest::qWait(50);
    const QSize before = m_window->size();

    auto* devices = m_window->findChild<QDockWidget*>(QStringLiteral("devicesDock"));
    QVERIFY(devices && !devices->isVisible());
    chooseFromMenu(Qt::Key_I, Qt::Key_D);
    QTRY_VERIFY(devices->isVisible());
    QTest::qWait(100);
    QCOMPARE(m_window->size(), before);
    const QRect window = m_window->rect();
    auto wholeInWindow = [&](QWidget* w) {
        const QRect r(w->mapTo(m_window.get(), QPoint(0, 0)), w->size());
        return w->isVisible() && window.contains(r) && !w->visibleRegion().isEmpty();
    };
    QStringList buttons;
    for (QAbstractButton* button : m_window->devices()->findChildren<QAbstractButton*>()) {
        if (button->text() == QLatin1String("Refresh") || button->text() == QLatin1String("Connect")) {
            buttons << button->text();
            QVERIFY2(wholeInWindow(button), qPrintable(button->text()));
        }
    }
    QCOMPARE(buttons.size(), 2);
    QVERIFY(wholeInWindow(m_window->statusBar()));
    QVERIFY(devices->width() < m_window->width() / 2);

    // The all-machines console and messages too: the window keeps its size.
    AllMachinesConsole* console = m_window->machines()->allMachinesConsole();
    console->toggleViewAction()->trigger();
    console->conversationsAction()->trigger();
    QTRY_VERIFY(console->conversationsDock()->isVisible());
    QTest::qWait(100);
    QCOMPARE(m_window->size(), before);
    for (QDockWidget* dock : m_window->findChildren<QDockWidget*>()) {
        if (dock->isVisible())
            QVERIFY2(window.contains(QRect(dock->mapTo(m_window.get(), QPoint(0, 0)), dock->size())),
                     qPrintable(dock->windowTitle()));
    }
    saveScreenshot(m_window.get(), QStringLiteral("devices-beside-machine"));
}

// The simulator's 21 instruments arrive while a file's tab is in front (the machine's tab laid
// out at its real size only when shown): brought forward, every name and value is whole.
void TestNewUser::instrumentsAreWholeInATabOpenedBehind()
{
    startServer(false);
    m_window->resize(1311, 740);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->openFile(QStringLiteral(XSPROF_CORPUS_DIR "/tiny/diamond.cpuprofile"));
    QTRY_VERIFY(m_window->currentPage());
    FakeXsMachine engine;
    DebuggeePage* machine = connectFakeMachine(engine, "simulator");
    QVERIFY(machine);
    QVERIFY(m_window->tabs()->currentWidget() != machine);
    QFile recording(QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_fibapp.profile-on-start.xsbug"));
    QVERIFY(recording.open(QIODevice::ReadOnly));
    static const QRegularExpression sent(QStringLiteral("<instruments>.*?</instruments>|<samples>[^<]*</samples>"));
    for (const QRegularExpressionMatch& m : sent.globalMatch(QString::fromLatin1(recording.readAll())))
        engine.send(m.captured(0).toLatin1());
    InstrumentsPanel* panel = machine->debuggerPanes()->instruments();
    QTRY_COMPARE(panel->sampleCount(), qint64(3));
    QTabBar* bar = m_window->tabs()->tabBar();
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(m_window->tabs()->indexOf(machine)).center());
    QCOMPARE(m_window->tabs()->currentWidget(), machine);
    auto elided = [panel] {
        QStringList cut;
        for (int row = 0; row < panel->rowCount(); ++row) {
            for (ElidedLabel* label : {panel->nameLabel(row), panel->valueLabel(row)}) {
                if (label->isElided())
                    cut << label->text();
            }
        }
        return cut;
    };
    QTRY_VERIFY2(panel->isVisible() && elided().isEmpty(), qPrintable(elided().join(QLatin1String(" | "))));
    saveScreenshot(m_window.get(), QStringLiteral("instruments-whole"));
}

// The chat app's messages arrive: each shows in its machine's tab, and a note (not the dock)
// says where all machines' are. View › Messages (all machines) (Alt+V, S) opens the dock; the
// next start has it only when the user left it open.
void TestNewUser::messagesDockOpensOnlyWhenAsked()
{
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    startServer(false);
    connect(m_window->machines()->serverController()->intake(), &MachineIntake::machineReady, this, [&](MachineSession* s) {
        connect(s, &MachineSession::broke, this, [s] { QTimer::singleShot(20, s, &MachineSession::go); });
    });
    QStringList notes;
    connect(m_window->statusBar(), &QStatusBar::messageChanged, this, [&notes](const QString& text) { notes << text; });
    const Replay r = replay({}, QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_chat.bubbles"));
    QVERIFY2(r.ok, qPrintable(r.output));
    AllMachinesConsole* console = m_window->machines()->allMachinesConsole();
    QTRY_VERIFY(console->conversationModel()->rowCount() > 0);
    DebuggeePage* machine = m_window->machines()->currentDebuggee();
    QVERIFY(machine);
    QTRY_VERIFY(machine->debuggerPanes()->conversations()->isVisible()); // the machine's own pane
    QVERIFY(!console->conversationsDock()->isVisible());
    const QStringList said = notes.filter(QStringLiteral("View › Messages (all machines)"));
    QCOMPARE(said.size(), 1);
    QVERIFY2(said.front().startsWith(machine->title()), qPrintable(said.front()));

    // Closed and started again: still closed.
    m_window->close();
    m_window = std::make_unique<MainWindow>(m_settings.get());
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    console = m_window->machines()->allMachinesConsole();
    QVERIFY(!console->conversationsDock()->isVisible());

    // Asked for from the View menu; left open, it comes back with the next start.
    chooseFromMenu(Qt::Key_V, Qt::Key_S);
    QTRY_VERIFY(console->conversationsDock()->isVisible());
    m_window->close();
    m_window = std::make_unique<MainWindow>(m_settings.get());
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QTRY_VERIFY(m_window->machines()->allMachinesConsole()->conversationsDock()->isVisible());
}

// Many files open in a narrow window, the first in front: a machine's tab opens at the end of
// the strip, which scrolls to show it whole, marked, with a note; the front stays. Clicking it
// clears the mark and the note. A second machine's tab, brought forward by a break, too.
void TestNewUser::aNewMachineTabShowsInTheStripWithoutTakingTheFront()
{
    startServer(false);
    m_window->resize(700, 500);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    const QStringList files{QStringLiteral("diamond"), QStringLiteral("cycle"), QStringLiteral("cycle_order"),
                            QStringLiteral("linear"), QStringLiteral("variants"), QStringLiteral("xs_stacks")};
    for (const QString& name : files)
        m_window->openFile(QStringLiteral(XSPROF_CORPUS_DIR "/tiny/%1.cpuprofile").arg(name));
    QTRY_COMPARE(m_window->tabs()->count(), 6);
    QTest::qWait(200);
    m_window->tabs()->setCurrent(0);
    QTabBar* bar = m_window->tabs()->tabBar();
    QWidget* front = m_window->tabs()->currentWidget();
    const QColor plain = bar->tabTextColor(0);

    FakeXsMachine engine;
    DebuggeePage* machine = connectFakeMachine(engine, "newcomer");
    QVERIFY(machine);
    QCOMPARE(m_window->tabs()->currentWidget(), front);
    const int index = m_window->tabs()->indexOf(machine);
    QTRY_VERIFY(bar->rect().contains(bar->tabRect(index)));
    int scrollButtons = 0;
    for (QToolButton* scroll : bar->findChildren<QToolButton*>(Qt::FindDirectChildrenOnly)) { // not under one
        if (!scroll->isVisible() || (scroll->arrowType() != Qt::LeftArrow && scroll->arrowType() != Qt::RightArrow))
            continue;
        ++scrollButtons;
        QVERIFY2(!scroll->geometry().intersects(bar->tabRect(index)),
                 qPrintable(QStringLiteral("button %1 %2 wide; tab %3 %4 wide")
                                .arg(scroll->x()).arg(scroll->width()).arg(bar->tabRect(index).x()).arg(bar->tabRect(index).width())));
    }
    QCOMPARE(scrollButtons, 2); // the strip is too narrow for every tab: it had to scroll
    QVERIFY(m_window->tabs()->isMarkedOpenedBehind(machine));
    QCOMPARE(bar->tabTextColor(index), bar->palette().color(QPalette::Link));
    const QString note = m_window->statusBar()->currentMessage();
    QVERIFY2(note.startsWith(QLatin1String("newcomer")) && note.contains(QLatin1String("its tab opened behind the one in front, marked")),
             qPrintable(note));
    saveScreenshot(m_window.get(), QStringLiteral("new-machine-tab-marked"));

    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(index).center());
    QCOMPARE(m_window->tabs()->currentWidget(), machine);
    QVERIFY(!m_window->tabs()->isMarkedOpenedBehind(machine));
    QCOMPARE(bar->tabTextColor(index), plain);
    QVERIFY(m_window->statusBar()->currentMessage().isEmpty());

    // Back to a file; a second machine comes behind it, then breaks: forward, mark and note gone.
    m_window->tabs()->setCurrent(front);
    QStringList notes;
    connect(m_window->statusBar(), &QStatusBar::messageChanged, this, [&notes](const QString& text) { notes << text; });
    FakeXsMachine second;
    DebuggeePage* breaking = connectFakeMachine(second, "breaker");
    QVERIFY(breaking);
    QVERIFY(m_window->tabs()->isMarkedOpenedBehind(breaking));
    // Said (the second machine's hint about the all-machines console may follow it).
    QVERIFY2(notes.filter(QStringLiteral("its tab opened behind")).size() == 1 && notes.first().startsWith(QLatin1String("breaker")),
             qPrintable(notes.join(QLatin1String(" | "))));
    second.send(fakeBreakIn(QStringLiteral(XSPROF_CORPUS_DIR "/workloads/fib.js"), 3));
    QTRY_COMPARE(m_window->tabs()->currentWidget(), breaking);
    QVERIFY(!m_window->tabs()->isMarkedOpenedBehind(breaking));
    QVERIFY(!m_window->statusBar()->currentMessage().contains(QLatin1String("its tab opened behind")));
}

// Alt+letter reaches one item per menu: no two items of a menu (or two menus of the bar)
// share an underlined letter.
void TestNewUser::everyMenuHasDistinctMnemonics()
{
    QStringList clashes;
    auto check = [&clashes](const QString& where, const QList<QAction*>& actions, auto& self) -> void {
        QHash<QString, QString> taken;
        for (QAction* action : actions) {
            if (action->isSeparator() || !action->isVisible())
                continue;
            const QKeySequence mnemonic = QKeySequence::mnemonic(action->text());
            if (!mnemonic.isEmpty()) {
                const QString key = mnemonic.toString();
                if (taken.contains(key))
                    clashes << QStringLiteral("%1: %2 and %3 (%4)").arg(where, taken.value(key), action->text(), key);
                taken.insert(key, action->text());
            }
            if (QMenu* menu = action->menu())
                self(where + QStringLiteral(" › ") + action->text(), menu->actions(), self);
        }
    };
    check(QStringLiteral("menu bar"), m_window->menuBar()->actions(), check);
    QVERIFY2(clashes.isEmpty(), qPrintable(clashes.join(QLatin1Char('\n'))));
    // The two of the issue, as the user presses them: File › Save Profile As… is Alt+F, A.
    bool found = false;
    for (QAction* file : m_window->menuBar()->actions()) {
        if (file->text() != QLatin1String("&File"))
            continue;
        QStringList texts;
        for (QAction* action : file->menu()->actions())
            texts << action->text();
        QVERIFY2(texts.contains(QStringLiteral("Save Profile &As…")), qPrintable(texts.join(u'|')));
        QVERIFY2(texts.contains(QStringLiteral("Open So&urce…")), qPrintable(texts.join(u'|')));
        found = true;
    }
    QVERIFY(found);
}

// A machine breaks in app.js; the file is edited on disk (a line changed, one added) and the
// machine breaks there again: the pane shows the file as it is now, the two lines marked in
// the gutter and the title saying why. xsbug kept the old lines (Moddable issue 853).
void TestNewUser::aSourceEditedOnDiskShowsAsItIsNowWithItsChangesMarked()
{
    startServer(false);
    m_window->show();
    const QString path = m_dir->filePath(QStringLiteral("app.js"));
    auto write = [&path](const QByteArray& text) {
        QFile file(path);
        return file.open(QIODevice::WriteOnly | QIODevice::Truncate) && file.write(text) == text.size();
    };
    QVERIFY(write("let a = 1;\nlet b = 2;\ndebugger;\nlet c = a + b;\ntrace(c);\n"));
    {
        QFile file(path); // written before the machine started, as a build does
        QVERIFY(file.open(QIODevice::ReadWrite));
        QVERIFY(file.setFileTime(QDateTime::currentDateTime().addSecs(-60), QFileDevice::FileModificationTime));
    }
    FakeXsMachine engine;
    DebuggeePage* machine = connectFakeMachine(engine, "editor");
    QVERIFY(machine);
    DebuggerSourcePane* source = machine->debuggerPanes()->source();
    engine.send(fakeBreakIn(path, 3));
    QTRY_COMPARE(machine->session()->state(), MachineSession::State::Broken);
    QTRY_VERIFY(source->isLoaded());
    QCOMPARE(source->view()->toPlainText(), QStringLiteral("let a = 1;\nlet b = 2;\ndebugger;\nlet c = a + b;\ntrace(c);\n"));
    QVERIFY(source->view()->changedLines().isEmpty());
    QVERIFY(source->changeNote().isEmpty());

    // Edited and saved: line 2 changed, a line added after "debugger;".
    QVERIFY(write("let a = 1;\nlet b = 20;\ndebugger;\ntrace(a);\nlet c = a + b;\ntrace(c);\n"));
    machine->session()->go();
    QVERIFY(engine.waitFor("<go/>"));
    engine.send(fakeBreakIn(path, 4));
    QTRY_VERIFY(source->view()->toPlainText().contains(QLatin1String("let b = 20;")));
    QCOMPARE(source->view()->toPlainText(), QStringLiteral("let a = 1;\nlet b = 20;\ndebugger;\ntrace(a);\nlet c = a + b;\ntrace(c);\n"));
    QCOMPARE(source->view()->changedLines(), (QList<int>{2, 4}));
    QCOMPARE(source->view()->highlightedLine(), 4);
    QVERIFY2(source->changeNote().contains(QLatin1String("since the machine loaded it: 2 lines marked")),
             qPrintable(source->changeNote()));
    QVERIFY(source->view()->accessibleDescription().contains(source->changeNote()));
    // The title says it whole, on a second line when the pane is narrow, not cut at its edge.
    m_window->tabs()->setCurrent(machine);
    QLabel* title = source->titleLabel();
    QTRY_VERIFY(title->isVisible());
    QVERIFY(title->text().endsWith(source->changeNote()));
    QVERIFY(title->wordWrap());
    QTRY_VERIFY2(title->height() >= title->heightForWidth(title->width()),
                 qPrintable(QStringLiteral("%1 px high, %2 needed at %3 px")
                                .arg(title->height())
                                .arg(title->heightForWidth(title->width()))
                                .arg(title->width())));
    // The gutter paints the marks: the bar's colour at line 2's height, not at line 1's.
    m_window->tabs()->setCurrent(machine);
    QTRY_VERIFY(source->view()->isVisible());
    QWidget* gutter = nullptr;
    for (QWidget* child : source->view()->findChildren<QWidget*>(Qt::FindDirectChildrenOnly)) {
        if (child->x() == source->view()->contentsRect().left() && child->width() == source->view()->gutterWidth())
            gutter = child;
    }
    QVERIFY(gutter);
    const QImage image = gutter->grab().toImage();
    const int lineHeight = source->view()->fontMetrics().height();
    const QRect firstLine = source->view()->cursorRect(QTextCursor(source->view()->document()->findBlockByNumber(0)));
    const int x = gutter->width() - 2;
    QCOMPARE(image.pixelColor(x, firstLine.top() + lineHeight + lineHeight / 2), SourceView::changedLineColour());
    QVERIFY(image.pixelColor(x, firstLine.top() + lineHeight / 2) != SourceView::changedLineColour());
}

QTEST_MAIN(TestNewUser)
#include "tst_newuser.moc"
