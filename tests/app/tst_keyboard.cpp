// The window without a mouse: Tab visits every control of a profile page with a visible
// focus mark and comes back round; Ctrl+Tab / Ctrl+PgUp/PgDn switch documents (also from a
// tree), Alt+1…4 the views, and focus lands in the document's main view after a switch or
// a close; a small window keeps its controls apart; the debugger panes have names.
#include "viewtestutils.h"

#include "app/debugger/callstackview.h"
#include "app/debugger/consolepane.h"
#include "app/debugger/debuggerpanes.h"
#include "app/mainwindow.h"
#include "app/tabs/windowtabs.h"
#include "app/theme.h"
#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/functiondelegate.h"
#include "views/flamegraphpanel.h"
#include "views/flamegraphview.h"
#include "views/profilepage.h"
#include "views/searchbar.h"
#include "views/timelinewidget.h"

#include <QAccessible>
#include <QApplication>
#include <QButtonGroup>
#include <QComboBox>
#include <QHeaderView>
#include <QLineEdit>
#include <QSettings>
#include <QSplitter>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>

#include <memory>

using namespace ViewTestUtils;

namespace {

QString describe(const QWidget* w)
{
    if (!w)
        return QStringLiteral("(none)");
    QString text = QString::fromLatin1(w->metaObject()->className());
    if (!w->accessibleName().isEmpty())
        text += QStringLiteral(" '%1'").arg(w->accessibleName());
    else if (auto* bar = qobject_cast<const QTabBar*>(w))
        text += QStringLiteral(" '%1'").arg(bar->tabText(0));
    else if (auto* button = qobject_cast<const QAbstractButton*>(w))
        text += QStringLiteral(" '%1'").arg(button->text());
    return text;
}

// Whether the widget looks different with the keyboard focus: its focus mark.
bool showsFocus(QWidget* w)
{
    const QImage focused = w->grab().toImage();
    w->clearFocus();
    QApplication::processEvents();
    const QImage unfocused = w->grab().toImage();
    w->setFocus(Qt::TabFocusReason);
    QApplication::processEvents();
    return focused != unfocused;
}

// Whether the focus mark is plain to see: enough pixels change clearly, not by a shade.
bool showsFocusClearly(QWidget* w, int* changed = nullptr)
{
    const QImage focused = w->grab().toImage();
    w->clearFocus();
    QApplication::processEvents();
    const QImage unfocused = w->grab().toImage();
    w->setFocus(Qt::TabFocusReason);
    QApplication::processEvents();
    int count = 0;
    for (int y = 0; y < std::min(focused.height(), unfocused.height()); ++y) {
        for (int x = 0; x < std::min(focused.width(), unfocused.width()); ++x) {
            const QColor a = focused.pixelColor(x, y), b = unfocused.pixelColor(x, y);
            if (std::abs(a.red() - b.red()) + std::abs(a.green() - b.green()) + std::abs(a.blue() - b.blue()) > 120)
                ++count;
        }
    }
    if (changed)
        *changed = count;
    return count >= 2 * std::min(w->width(), w->height()); // a ring of two pixels
}

} // namespace

class TestKeyboard : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void tabVisitsEveryControlAndComesBack();
    void documentKeys();
    void smallWindow();
    void debuggerPanesHaveNames();
    void darkThemeMarksTheFocus();
    void viewKeysWorkFromTheFindField();

private:
    ProfilePage* openAndWait(const QString& path);

    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<QSettings> m_settings;
    std::unique_ptr<MainWindow> m_window;
};

void TestKeyboard::init()
{
    m_dir = std::make_unique<QTemporaryDir>();
    m_settings = std::make_unique<QSettings>(m_dir->filePath(QStringLiteral("settings.ini")), QSettings::IniFormat);
    m_window = std::make_unique<MainWindow>(m_settings.get());
}

void TestKeyboard::cleanup()
{
    m_window.reset();
    m_settings.reset();
    m_dir.reset();
}

ProfilePage* TestKeyboard::openAndWait(const QString& path)
{
    const int before = m_window->documentCount();
    m_window->openFile(path);
    if (!QTest::qWaitFor([&] { return m_window->documentCount() > before; }, 20000))
        return nullptr;
    return m_window->currentPage();
}

void TestKeyboard::tabVisitsEveryControlAndComesBack()
{
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    ProfilePage* page = openAndWait(corpusPath(QStringLiteral("node_tree.cpuprofile")));
    QVERIFY(page);
    QWidget* start = page->functionView(false);
    start->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), start);

    QList<QWidget*> stops;
    QStringList names;
    for (int i = 0; i < 60; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget* now = QApplication::focusWidget();
        names << describe(now);
        if (now == start)
            break;
        QVERIFY2(!stops.contains(now),
                 qPrintable(QStringLiteral("Tab cycles without the start: ") + names.join(QStringLiteral(" → "))));
        stops << now;
    }
    QVERIFY2(QApplication::focusWidget() == start, qPrintable(names.join(QStringLiteral(" → "))));

    // Every control of the page is a stop.
    auto* searchBar = page->findChild<SearchBar*>();
    QList<QWidget*> wanted{searchBar->findChild<QLineEdit*>(), page->tabs()->tabBar(), page->timeline()};
    QToolButton* grouped = nullptr;
    for (QToolButton* button : page->findChildren<QToolButton*>()) {
        if (!button->isVisible() || button->parentWidget() == searchBar->findChild<QLineEdit*>()
            || qobject_cast<QTabBar*>(button->parentWidget()))
            continue;
        // Like radio buttons, an exclusive group is one stop (its checked button); arrows move inside it.
        if (button->group() && button->group()->exclusive() && !button->isChecked()) {
            grouped = button;
            continue;
        }
        wanted << button;
    }
    QVERIFY(grouped); // Bottom-up
    QToolButton* checked = qobject_cast<QToolButton*>(grouped->group()->checkedButton());
    checked->setFocus(Qt::TabFocusReason);
    QTest::keyClick(checked, Qt::Key_Right);
    QCOMPARE(QApplication::focusWidget(), grouped);
    QVERIFY(showsFocus(grouped));
    start->setFocus(Qt::TabFocusReason);
    for (QWidget* w : std::as_const(wanted))
        QVERIFY2(stops.contains(w),
                 qPrintable(describe(w) + QStringLiteral(" missing from ") + names.join(QStringLiteral(" → "))));

    // From the window's tab bar on, Tab reads the page as the eye does: down the rows, and
    // left to right within one (the timeline, the order and hot-path buttons, the search
    // field, the view tabs, the tree).
    const qsizetype first = stops.indexOf(m_window->tabs()->tabBar());
    QVERIFY2(first >= 0, qPrintable(names.join(QStringLiteral(" → "))));
    QList<QWidget*> reading = stops.mid(first);
    reading << start;
    for (qsizetype i = 1; i < reading.size(); ++i) {
        const QRect a(reading[i - 1]->mapToGlobal(QPoint(0, 0)), reading[i - 1]->size());
        const QRect b(reading[i]->mapToGlobal(QPoint(0, 0)), reading[i]->size());
        const bool sameRow = std::abs(a.center().y() - b.center().y()) < std::min(a.height(), b.height()) / 2 + 4;
        QVERIFY2(sameRow ? b.left() > a.left() : b.top() > a.center().y(),
                 qPrintable(describe(reading[i - 1]) + QStringLiteral(" then ") + describe(reading[i]) +
                            QStringLiteral(" is not the screen's order: ") + names.join(QStringLiteral(" → "))));
    }

    // Each stop is on screen and marks its focus.
    for (QWidget* w : std::as_const(stops)) {
        w->setFocus(Qt::TabFocusReason);
        QApplication::processEvents();
        QVERIFY2(w->isVisible() && !w->visibleRegion().isEmpty(), qPrintable(describe(w)));
        QVERIFY2(showsFocus(w), qPrintable(describe(w) + QStringLiteral(" shows no focus mark")));
    }
    // On the flame graph's tab: its buttons, the colouring and the graph are stops, all marked.
    page->tabs()->setCurrentIndex(ProfilePage::FlameGraphTab);
    FlameGraphPanel* flame = page->flameGraph();
    page->tabs()->tabBar()->setFocus(Qt::TabFocusReason);
    QList<QWidget*> flameStops;
    for (int i = 0; i < 10 && QApplication::focusWidget() != flame->view(); ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        flameStops << QApplication::focusWidget();
    }
    for (QWidget* w : {static_cast<QWidget*>(flame->view()), static_cast<QWidget*>(flame->coloringBox())})
        QVERIFY2(flameStops.contains(w), qPrintable(describe(w)));
    QVERIFY(flameStops.contains(flame->chartButton()->group()->checkedButton()));
    for (QWidget* w : std::as_const(flameStops)) {
        w->setFocus(Qt::TabFocusReason);
        QApplication::processEvents();
        QVERIFY2(showsFocus(w), qPrintable(describe(w) + QStringLiteral(" shows no focus mark")));
    }
}

void TestKeyboard::documentKeys()
{
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    ProfilePage* first = openAndWait(corpusPath(QStringLiteral("node_tree.cpuprofile")));
    ProfilePage* second = openAndWait(corpusPath(QStringLiteral("node_fib.cpuprofile")));
    ProfilePage* third = openAndWait(corpusPath(QStringLiteral("node_dag_shared.cpuprofile")));
    QVERIFY(first && second && third);
    QCOMPARE(m_window->currentPage(), third);
    QTRY_COMPARE(QApplication::focusWidget(), third->functionView(false));

    // Ctrl+Tab from the tree: the next document (wrapping), not the next inner view.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab, Qt::ControlModifier);
    QCOMPARE(m_window->currentPage(), first);
    QCOMPARE(first->tabs()->currentIndex(), int(ProfilePage::FunctionsTab));
    QTRY_COMPARE(QApplication::focusWidget(), first->functionView(false));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Backtab, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(m_window->currentPage(), third);
    // Ctrl+PgDn / Ctrl+PgUp are not eaten by the tree.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageDown, Qt::ControlModifier);
    QCOMPARE(m_window->currentPage(), first);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageDown, Qt::ControlModifier);
    QCOMPARE(m_window->currentPage(), second);
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_PageUp, Qt::ControlModifier);
    QCOMPARE(m_window->currentPage(), first);
    QTRY_COMPARE(QApplication::focusWidget(), first->functionView(false));

    // Alt+1…4: the views inside the document, each focused.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_2, Qt::AltModifier);
    QCOMPARE(first->tabs()->currentIndex(), int(ProfilePage::CallTreeTab));
    QTRY_COMPARE(QApplication::focusWidget(), first->callTreeView());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_4, Qt::AltModifier);
    QCOMPARE(first->tabs()->currentIndex(), int(ProfilePage::FlameGraphTab));
    QTRY_COMPARE(QApplication::focusWidget(), first->flameGraph()->view());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_3, Qt::AltModifier);
    QTRY_COMPARE(QApplication::focusWidget(), first->bottomUpTreeView());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_1, Qt::AltModifier);
    QTRY_COMPARE(QApplication::focusWidget(), first->functionView(true)); // the order chosen on tab 3 stays

    // Ctrl+W: the next document's main view has the keys, not the tab bar.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_W, Qt::ControlModifier);
    QTRY_COMPARE(m_window->documentCount(), 2);
    ProfilePage* now = m_window->currentPage();
    QVERIFY(now == second || now == third);
    QTRY_COMPARE(QApplication::focusWidget(), now->mainView());
    // And the keys work there at once.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_4, Qt::AltModifier);
    QTRY_COMPARE(QApplication::focusWidget(), now->flameGraph()->view());
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Down);
    QVERIFY(now->flameGraph()->view()->selectedBox());
}

void TestKeyboard::smallWindow()
{
    m_window->resize(640, 480);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    ProfilePage* page = openAndWait(QStringLiteral(XSPROF_EXAMPLE));
    QVERIFY(page);
    QApplication::processEvents();
    QVERIFY2(m_window->minimumSizeHint().width() <= 640 && m_window->minimumSizeHint().height() <= 480,
             qPrintable(QStringLiteral("%1×%2")
                            .arg(m_window->minimumSizeHint().width())
                            .arg(m_window->minimumSizeHint().height())));
    QCOMPARE(m_window->size(), QSize(640, 480));

    // The search field and its buttons do not overlap.
    auto* searchBar = page->findChild<SearchBar*>();
    auto* field = searchBar->findChild<QLineEdit*>();
    const QRect fieldRect(field->mapTo(m_window.get(), QPoint()), field->size());
    for (QToolButton* button : searchBar->findChildren<QToolButton*>()) {
        if (button->parentWidget() != searchBar)
            continue; // the clear button inside the field
        const QRect rect(button->mapTo(m_window.get(), QPoint()), button->size());
        QVERIFY2(!fieldRect.intersects(rect), qPrintable(button->accessibleName()));
    }
    // The Function column keeps room for the name of the deepest row the hot path opened.
    CostTreeView* tree = page->functionView(false);
    QTRY_VERIFY(tree->currentIndex().isValid());
    const int level = tree->currentIndex().data(CostTreeModel::LevelRole).toInt();
    QVERIFY(level >= 4);
    const QModelIndex name = tree->currentIndex().siblingAtColumn(0);
    const auto nameRoom = [&] {
        return (FunctionDelegate::layout(tree->visualRect(name), level, tree->fontMetrics()).text & tree->viewport()->rect()).width();
    };
    QTRY_VERIFY2(nameRoom() >= tree->fontMetrics().averageCharWidth() * 12, qPrintable(QString::number(nameRoom())));

    // A selected range (its numbers in the header) does not widen the window either.
    page->setTimeRange(page->timeline()->profileStart(),
                       (page->timeline()->profileStart() + page->timeline()->profileEnd()) / 2);
    QTRY_VERIFY(!page->isRangeBusy());
    QApplication::processEvents();
    QCOMPARE(m_window->size(), QSize(640, 480));
    QVERIFY2(page->minimumSizeHint().width() <= 640, qPrintable(QString::number(page->minimumSizeHint().width())));

    // The timeline gives its room to the trees through a splitter.
    TimelineWidget* timeline = page->timeline();
    // (the timeline and the instrument tracks under it share the splitter's first pane)
    auto* splitter = qobject_cast<QSplitter*>(timeline->parentWidget()->parentWidget());
    QVERIFY(splitter);
    const int treeHeight = tree->height();
    splitter->setSizes({0, 10000});
    QApplication::processEvents();
    QVERIFY(timeline->height() < 80);
    QVERIFY(tree->height() > treeHeight);
}

void TestKeyboard::debuggerPanesHaveNames()
{
    DebuggerPanes panes(nullptr, nullptr);
    QStringList names;
    for (QWidget* w : {static_cast<QWidget*>(panes.callStack()), static_cast<QWidget*>(panes.console())})
        names << QAccessible::queryAccessibleInterface(w)->text(QAccessible::Name);
    QCOMPARE(names, (QStringList{QStringLiteral("Call stack"), QStringLiteral("Console")}));
    QStringList all;
    for (QWidget* w : panes.findChildren<QWidget*>())
        all << w->accessibleName();
    for (const QString& name : {QStringLiteral("Locals"), QStringLiteral("Globals"), QStringLiteral("Breakpoints"),
                                QStringLiteral("Source"), QStringLiteral("Sources"), QStringLiteral("Machine status")})
        QVERIFY2(all.contains(name), qPrintable(name));
}

// In the dark theme every Tab stop of a page, the window's tab bar and the checked
// Top-down button among them, marks its focus plainly.
void TestKeyboard::darkThemeMarksTheFocus()
{
    Theme::apply(Theme::Mode::Dark);
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    ProfilePage* page = openAndWait(corpusPath(QStringLiteral("node_tree.cpuprofile")));
    QVERIFY(page);
    QWidget* start = page->functionView(false);
    start->setFocus(Qt::TabFocusReason);
    QTRY_COMPARE(QApplication::focusWidget(), start);
    QStringList faint;
    for (int i = 0; i < 60; ++i) {
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Tab);
        QWidget* now = QApplication::focusWidget();
        int changed = 0;
        const bool clear = showsFocusClearly(now, &changed);
        if (!clear)
            faint << describe(now) + QStringLiteral(" (%1 pixels)").arg(changed);
        if (now == start)
            break;
    }
    Theme::apply(Theme::Mode::System);
    QVERIFY2(faint.isEmpty(), qPrintable(faint.join(QStringLiteral(", "))));
}

// Ctrl+E from the find field expands the hot path (the field's "end of line" does not take
// it); in the flame graph F3 / Shift+F3 step through the matching boxes, counted.
void TestKeyboard::viewKeysWorkFromTheFindField()
{
    m_window->resize(1200, 800);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    ProfilePage* page = openAndWait(corpusPath(QStringLiteral("node_fib.cpuprofile")));
    QVERIFY(page);
    CostTreeView* tree = page->functionView(false);
    QTRY_COMPARE(QApplication::focusWidget(), tree);
    tree->collapseAll();
    tree->setCurrentIndex(tree->model()->index(0, 0));
    QTest::keyClick(tree, Qt::Key_F, Qt::ControlModifier);
    QLineEdit* field = page->searchBar()->field();
    QTRY_COMPARE(QApplication::focusWidget(), field);
    QTest::keyClick(field, Qt::Key_E, Qt::ControlModifier);
    QCOMPARE(tree->currentIndex().data(CostTreeModel::NameRole).toString(), QStringLiteral("sumLoop"));
    QTRY_COMPARE(QApplication::focusWidget(), tree);

    // The flame graph in front (Alt+4), a search typed in the field, then F3 and Shift+F3.
    QTest::keyClick(tree, Qt::Key_4, Qt::AltModifier);
    FlameGraphView* flame = page->flameGraph()->view();
    QTRY_COMPARE(QApplication::focusWidget(), flame);
    QTest::keyClick(flame, Qt::Key_F, Qt::ControlModifier);
    QTRY_COMPARE(QApplication::focusWidget(), field);
    QTest::keyClicks(field, QStringLiteral("runFib"));
    QTRY_VERIFY(page->searchBar()->hitsText().startsWith(QLatin1String("1 of ")));
    const int count = page->matchCount();
    QVERIFY(count >= 1);
    const auto name = [&] { return page->data()->frameName(flame->selectedBox()->frame); };
    QCOMPARE(name(), QStringLiteral("runFib"));
    const int first = flame->selectedIndex();
    QTest::keyClick(field, Qt::Key_F3);
    QCOMPARE(page->searchBar()->hitsText(), QStringLiteral("%1 of %2").arg(count > 1 ? 2 : 1).arg(count));
    QCOMPARE(name(), QStringLiteral("runFib"));
    QTest::keyClick(field, Qt::Key_F3, Qt::ShiftModifier);
    QCOMPARE(flame->selectedIndex(), first);
    QCOMPARE(page->searchBar()->hitsText(), QStringLiteral("1 of %1").arg(count));
    // From the graph itself too.
    flame->setFocus();
    QTest::keyClick(flame, Qt::Key_F3, Qt::ShiftModifier);
    QCOMPARE(page->searchBar()->hitsText(), QStringLiteral("%1 of %1").arg(count));
}

QTEST_MAIN(TestKeyboard)
#include "tst_keyboard.moc"
