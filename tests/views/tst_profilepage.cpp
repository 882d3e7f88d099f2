// The profile page: tabs, default sorting, order toggle, search, hot path, copy, go to source.
#include "viewtestutils.h"

#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/flamegraphpanel.h"
#include "views/profilepage.h"
#include "views/searchbar.h"
#include "views/sourcepane.h"
#include "views/sourceview.h"
#include "views/timelinewidget.h"

#include "views/qcustomplotinclude.h"

#include <QAbstractButton>
#include <QApplication>
#include <QClipboard>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QTabBar>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>

using namespace ViewTestUtils;

namespace {
QString currentName(const ProfilePage& page)
{
    return page.currentView()->currentIndex().data(CostTreeModel::NameRole).toString();
}

bool ancestorsExpanded(const CostTreeView* view, const QModelIndex& index)
{
    for (QModelIndex p = index.parent(); p.isValid(); p = p.parent()) {
        if (!view->isExpanded(p))
            return false;
    }
    return true;
}
} // namespace

class TestProfilePage : public QObject
{
    Q_OBJECT
private slots:
    void aStackProfileHasAllFourTabs();
    void aGraphProfileExplainsItsMissingTrees();
    void viewsSortByTheirMainCostDescending();
    void togglingTheOrderShowsTheOtherFunctionView();
    void searchSelectsAndRevealsTheFirstMatch();
    void searchFollowsTheCurrentView();
    void theHotPathExpandsToTheHottestLeaf();
    void copyGivesTheSelectedRowAsTabSeparatedText();
    void aSourceNotOnThisMachineIsSaidInTheStatusBar();
    void aLocalSourceOpensAtItsLine();
    void pathMappingsOpenTheLocalCheckout();
    void viewStateIsRestoredOnANewPage();
    void theTimelineDrawsTheFunctionOfTheViewInFront();
    void theLegendNamesAnAnonymousFunctionAboveTheData();
    void flameGraphSearchCountsAndStepsThroughItsBoxes();
    void doubleClickOpensTheSourceWithoutExpanding();
};


void TestProfilePage::aStackProfileHasAllFourTabs()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    QCOMPARE(page.tabs()->count(), 4); // + Flame Graph
    QVERIFY(page.callTreeView());
    QVERIFY(page.bottomUpTreeView());
    QCOMPARE(page.currentView(), page.functionView(false));
    QCOMPARE(page.title(), QStringLiteral("node_fib.cpuprofile"));
    // Function, Self, Total, Inclusive and VS Code's total (hidden until chosen).
    QCOMPARE(page.functionView(false)->model()->columnCount(), 5);
}

void TestProfilePage::aGraphProfileExplainsItsMissingTrees()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("tiny/xs_graph.cpuprofile"))));
    QCOMPARE(page.tabs()->count(), 4); // + Flame Graph
    QVERIFY(!page.callTreeView());
    QVERIFY(!page.bottomUpTreeView());
    for (int tab : {ProfilePage::CallTreeTab, ProfilePage::BottomUpTreeTab}) {
        auto* label = qobject_cast<QLabel*>(page.tabs()->widget(tab));
        QVERIFY(label);
        QVERIFY(label->text().contains(QLatin1String("per-sample stacks")));
        QVERIFY(label->text().contains(QLatin1String("xst -p")));
        // The tab itself is disabled and says why on hover.
        QVERIFY(!page.tabs()->isTabEnabled(tab));
        QVERIFY(page.tabs()->tabToolTip(tab).contains(QLatin1String("per-sample stacks")));
    }
    // A click on the disabled tab leaves the Functions tab in front.
    page.resize(900, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTabBar* bar = page.tabs()->tabBar();
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(ProfilePage::CallTreeTab).center());
    QCOMPARE(page.tabs()->currentIndex(), int(ProfilePage::FunctionsTab));
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(ProfilePage::FlameGraphTab).center());
    QCOMPARE(page.tabs()->currentIndex(), int(ProfilePage::FlameGraphTab));
    page.tabs()->setCurrentIndex(ProfilePage::CallTreeTab);
    QCOMPARE(page.currentView(), nullptr);
    page.expandHotPath(); // nothing to do, nothing breaks
    page.setSearchText(QStringLiteral("a"));
    QCOMPARE(page.matchCount(), 0);
}

void TestProfilePage::viewsSortByTheirMainCostDescending()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    auto check = [](CostTreeView* view, CostTreeModel::Cost cost) {
        QCOMPARE(view->header()->sortIndicatorSection(), view->costModel()->columnOf(cost));
        QCOMPARE(view->header()->sortIndicatorOrder(), Qt::DescendingOrder);
        QCOMPARE(view->proxy()->sortColumn(), view->costModel()->columnOf(cost));
    };
    check(page.functionView(false), CostTreeModel::Cost::Total);
    check(page.callTreeView(), CostTreeModel::Cost::Total);
    // The bottom-up views open hidden: unsorted until first shown, then in their order.
    page.show();
    QCOMPARE(page.functionView(true)->proxy()->sortColumn(), -1);
    QCOMPARE(page.bottomUpTreeView()->proxy()->sortColumn(), -1);
    page.setBottomUp(true);
    page.tabs()->setCurrentIndex(ProfilePage::BottomUpTreeTab);
    page.tabs()->setCurrentIndex(ProfilePage::FunctionsTab);
    check(page.functionView(true), CostTreeModel::Cost::Self);
    check(page.bottomUpTreeView(), CostTreeModel::Cost::Time);
    // Bottom-up: the function with the most self time first.
    QCOMPARE(page.functionView(true)->model()->index(0, 0).data(CostTreeModel::NameRole).toString(),
             QStringLiteral("sumLoop"));
    // Clicking a header sorts by that column.
    CostTreeView* view = page.functionView(true);
    view->sortByColumn(0, Qt::AscendingOrder);
    QCOMPARE(view->model()->index(0, 0).data(CostTreeModel::NameRole).toString().isEmpty()
                 || view->model()->index(0, 0).data(CostTreeModel::NameRole).toString().startsWith(QLatin1Char('(')),
             true);
}

void TestProfilePage::togglingTheOrderShowsTheOtherFunctionView()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    QSignalSpy spy(&page, &ProfilePage::orderChanged);
    QVERIFY(!page.isBottomUp());
    page.toggleOrder();
    QVERIFY(page.isBottomUp());
    QCOMPARE(page.currentView(), page.functionView(true));
    QCOMPARE(spy.count(), 1);
    page.toggleOrder();
    QCOMPARE(page.currentView(), page.functionView(false));

    // The toggle buttons drive it too.
    auto buttons = page.findChildren<QAbstractButton*>();
    auto bottomUpButton = std::find_if(buttons.begin(), buttons.end(),
                                       [](QAbstractButton* b) { return b->text() == QLatin1String("Bottom-up"); });
    QVERIFY(bottomUpButton != buttons.end());
    (*bottomUpButton)->click();
    QVERIFY(page.isBottomUp());

    // On the per-path tabs the toggle switches between Call Tree and Bottom-Up Tree.
    page.tabs()->setCurrentIndex(ProfilePage::CallTreeTab);
    QVERIFY(!page.isBottomUp());
    page.toggleOrder();
    QCOMPARE(page.tabs()->currentIndex(), int(ProfilePage::BottomUpTreeTab));
    QCOMPARE(page.currentView(), page.bottomUpTreeView());
}

void TestProfilePage::searchSelectsAndRevealsTheFirstMatch()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    page.setSearchText(QStringLiteral("SUMLOOP")); // case-insensitive
    QVERIFY(page.matchCount() >= 1);
    QCOMPARE(currentName(page), QStringLiteral("sumLoop"));
    CostTreeView* view = page.currentView();
    QVERIFY(ancestorsExpanded(view, view->currentIndex()));
    QVERIFY(view->selectionModel()->isRowSelected(view->currentIndex().row(), view->currentIndex().parent()));

    // By url: every function of fib.js matches; Next and Previous walk through them.
    page.setSearchText(QStringLiteral("bench/fib.js"));
    const int count = page.matchCount();
    QVERIFY(count >= 4);
    const QPersistentModelIndex first = view->currentIndex();
    QVERIFY(view->currentIndex().data(CostTreeModel::UrlRole).toString().endsWith(QLatin1String("bench/fib.js")));
    page.findNext();
    QVERIFY(view->currentIndex() != first);
    QVERIFY(view->currentIndex().data(CostTreeModel::UrlRole).toString().endsWith(QLatin1String("bench/fib.js")));
    page.findPrevious();
    QCOMPARE(QPersistentModelIndex(view->currentIndex()), first);
    page.findPrevious(); // wraps to the last hit
    QVERIFY(view->currentIndex() != first);

    page.setSearchText(QStringLiteral("no such function anywhere"));
    QCOMPARE(page.matchCount(), 0);
}

void TestProfilePage::searchFollowsTheCurrentView()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    page.setSearchText(QStringLiteral("fib"));
    page.tabs()->setCurrentIndex(ProfilePage::CallTreeTab);
    QCOMPARE(page.currentView(), page.callTreeView());
    QVERIFY(page.matchCount() > 0);
    QVERIFY(currentName(page).contains(QLatin1String("fib"), Qt::CaseInsensitive)
            || page.currentView()->currentIndex().data(CostTreeModel::UrlRole).toString().contains(QLatin1String("fib")));
}

// From the top: (root) → ... → main → sumLoop, the callee with the most time, where it ends.
void TestProfilePage::theHotPathExpandsToTheHottestLeaf()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    page.expandHotPath();
    CostTreeView* view = page.currentView();
    QCOMPARE(currentName(page), QStringLiteral("sumLoop"));
    QVERIFY(ancestorsExpanded(view, view->currentIndex()));
    QCOMPARE(view->currentIndex().parent().data(CostTreeModel::NameRole).toString(), QStringLiteral("main"));

    page.tabs()->setCurrentIndex(ProfilePage::CallTreeTab);
    page.expandHotPath();
    QCOMPARE(currentName(page), QStringLiteral("sumLoop"));

    // From a selected row: runFib's only callee is fib, which then stops at its recursion.
    page.tabs()->setCurrentIndex(ProfilePage::FunctionsTab);
    page.setSearchText(QStringLiteral("runFib"));
    QCOMPARE(currentName(page), QStringLiteral("runFib"));
    page.expandHotPath();
    QCOMPARE(currentName(page), QStringLiteral("fib"));
    QVERIFY(!view->currentIndex().data(CostTreeModel::RecursiveRole).toBool());
}

void TestProfilePage::copyGivesTheSelectedRowAsTabSeparatedText()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("tiny/diamond.cpuprofile"))));
    page.setSearchText(QStringLiteral("A"));
    CostTreeView* view = page.currentView();
    QCOMPARE(currentName(page), QStringLiteral("A"));
    const QString text = view->selectionAsText();
    QCOMPARE(text, QStringLiteral("A\ttiny.js (2)\t0.10 ms\t12.5 %\t0.80 ms\t100.0 %\t0.80 ms\t100.0 %\n"));

    QApplication::clipboard()->clear();
    QTest::keySequence(view, QKeySequence::Copy);
    QCOMPARE(QApplication::clipboard()->text(), text);
}

void TestProfilePage::aSourceNotOnThisMachineIsSaidInTheStatusBar()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    page.resize(900, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QSignalSpy spy(&page, &ProfilePage::statusMessage);
    page.setSearchText(QStringLiteral("sumLoop"));
    CostTreeView* view = page.currentView();
    QCoreApplication::processEvents(); // the delayed layout after expanding
    const QRect rect = view->visualRect(view->currentIndex());
    QVERIFY(view->viewport()->rect().contains(rect.center()));
    // Qt's double-click handling wants the press that precedes it.
    QTest::mousePress(view->viewport(), Qt::LeftButton, {}, rect.center());
    QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, rect.center());
    QCOMPARE(spy.count(), 1);
    QVERIFY(spy.at(0).at(0).toString().contains(QLatin1String("not available locally")));
    QVERIFY(spy.at(0).at(0).toString().contains(QLatin1String("fib.js")));
    // The pane, open from the start, says it too.
    QVERIFY(page.sourcePane()->isVisible());
    QVERIFY(page.sourcePane()->title().startsWith(QLatin1String("sumLoop: ")));
    QVERIFY(page.sourcePane()->title().contains(QLatin1String("not available locally")));
    QVERIFY(page.sourcePane()->view()->placeholderText().contains(QStringLiteral("Preferences › Source files")));
    QVERIFY(page.sourcePane()->currentPath().isEmpty());
}

void TestProfilePage::aLocalSourceOpensAtItsLine()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString source = dir.filePath(QStringLiteral("work.js"));
    QFile js(source);
    QVERIFY(js.open(QIODevice::WriteOnly));
    js.write("// line 1\n// line 2\nfunction work() {\n  for (;;) {}\n}\n");
    js.close();
    const QString url = QUrl::fromLocalFile(source).toString();
    const QByteArray profile = QString::fromUtf8(
        R"json({"nodes":[{"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"hitCount":0,"children":[2]},)json"
        R"json({"id":2,"callFrame":{"functionName":"work","scriptId":"1","url":"%1","lineNumber":2,"columnNumber":0},"hitCount":3}],)json"
        R"json("startTime":0,"endTime":300,"samples":[2,2,2],"timeDeltas":[0,100,100]})json").arg(url).toUtf8();
    const QString path = dir.filePath(QStringLiteral("work.cpuprofile"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(profile);
    file.close();

    ProfilePage page(loadData(path));
    page.show();
    page.setSearchText(QStringLiteral("work"));
    QCOMPARE(currentName(page), QStringLiteral("work"));
    QSignalSpy spy(&page, &ProfilePage::statusMessage);
    QTest::keyClick(page.currentView(), Qt::Key_Return);
    QCOMPARE(spy.count(), 0);
    QVERIFY(page.sourcePane()->isVisible());
    QCOMPARE(page.sourcePane()->currentPath(), QFileInfo(source).absoluteFilePath());
    QCOMPARE(page.sourcePane()->view()->highlightedLine(), 3);
    QVERIFY(page.sourcePane()->view()->toPlainText().contains(QLatin1String("function work()")));
    QCOMPARE(page.sourcePane()->view()->textCursor().blockNumber(), 2);

    // A plain relative path resolves against the profile's folder.
    QCOMPARE(SourcePane::localPath(QStringLiteral("work.js"), dir.path()), QFileInfo(source).absoluteFilePath());
    QCOMPARE(SourcePane::localPath(QStringLiteral("node:fs"), dir.path()), QString());
    QCOMPARE(SourcePane::localPath(QStringLiteral("https://example.com/a.js"), dir.path()), QString());
}

void TestProfilePage::pathMappingsOpenTheLocalCheckout()
{
    // A profile recorded on a build host names /home/ci/app/...; the user's mapping points
    // that prefix at a local checkout, and go-to-source opens the local file.
    QTemporaryDir dir;
    QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("checkout/src")));
    const QString local = dir.filePath(QStringLiteral("checkout/src/main.js"));
    QFile js(local);
    QVERIFY(js.open(QIODevice::WriteOnly));
    js.write("a\nb\nfunction main() {}\n");
    js.close();
    const QByteArray profile =
        R"json({"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":""},"children":[2]},)json"
        R"json({"id":2,"callFrame":{"functionName":"main","url":"/home/ci/app/src/main.js","lineNumber":2,"columnNumber":0}}],)json"
        R"json("startTime":0,"endTime":300,"samples":[2,2],"timeDeltas":[0,100]})json";
    const QString path = dir.filePath(QStringLiteral("remote.cpuprofile"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(profile);
    file.close();

    ProfilePage page(loadData(path));
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.setSearchText(QStringLiteral("main"));
    QSignalSpy spy(&page, &ProfilePage::statusMessage);
    QTest::keyClick(page.currentView(), Qt::Key_Return);
    QCOMPARE(spy.count(), 1); // not mapped yet: "not available locally"
    QVERIFY(spy.at(0).at(0).toString().contains(QLatin1String("not available locally")));
    // The pane that only says so keeps a few lines; the trees get the room.
    SourcePane* pane = page.sourcePane();
    QVERIFY(pane->showsMessage());
    QTRY_VERIFY(pane->height() <= pane->messageHeight());
    QVERIFY(page.currentView()->height() > 3 * pane->height());

    page.setPathMappings(PathMappings::fromText(QStringLiteral("/elsewhere => /tmp\n/home/ci/app => ") +
                                                dir.filePath(QStringLiteral("checkout"))));
    // The pane that said "not here" looks again under the new mappings by itself.
    QTRY_COMPARE(page.sourcePane()->currentPath(), QFileInfo(local).absoluteFilePath());
    QTest::keyClick(page.currentView(), Qt::Key_Return);
    QCOMPARE(spy.count(), 1);
    QCOMPARE(page.sourcePane()->currentPath(), QFileInfo(local).absoluteFilePath());
    QCOMPARE(page.sourcePane()->view()->highlightedLine(), 3);
    // A file shown: the pane has its height back (two fifths of the split, as at the start).
    QVERIFY(!pane->showsMessage());
    QTRY_VERIFY(pane->height() > 2 * pane->messageHeight());

    // Whole folder names only, the longest prefix wins, text round-trips.
    const PathMappings m = PathMappings::fromText(QStringLiteral("/a => /x\n/a/b => /y/\nnot a rule\n"));
    QCOMPARE(m.size(), 2);
    QCOMPARE(m.apply(QStringLiteral("/a/b/c.js")), QStringLiteral("/y/c.js"));
    QCOMPARE(m.apply(QStringLiteral("/a/c.js")), QStringLiteral("/x/c.js"));
    QCOMPARE(m.apply(QStringLiteral("/ab/c.js")), QStringLiteral("/ab/c.js"));
    QCOMPARE(PathMappings::fromText(m.toText()).toText(), m.toText());
}

void TestProfilePage::viewStateIsRestoredOnANewPage()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_fib.cpuprofile")));
    QByteArray state;
    {
        ProfilePage page(data);
        page.setBottomUp(true);
        page.functionView(true)->sortByColumn(0, Qt::AscendingOrder);
        CostTreeView* callTree = page.callTreeView();
        callTree->header()->resizeSection(callTree->costModel()->columnOf(CostTreeModel::Cost::Self), 211);
        state = page.saveViewState();
    }
    ProfilePage page(data);
    page.restoreViewState(state);
    QVERIFY(page.isBottomUp());
    QCOMPARE(page.functionView(true)->header()->sortIndicatorSection(), 0);
    CostTreeView* callTree = page.callTreeView();
    QCOMPARE(callTree->header()->sectionSize(callTree->costModel()->columnOf(CostTreeModel::Cost::Self)), 211);
    QCOMPARE(callTree->header()->visualIndex(0), callTree->header()->count() - 1); // the names after the numbers
    page.restoreViewState(QByteArray("garbage")); // ignored
    QVERIFY(page.isBottomUp());
}

namespace {
xsprof::FrameId frameOf(const QModelIndex& index)
{
    return xsprof::FrameId(index.data(CostTreeModel::FrameRole).toUInt());
}

// The names in the timeline's legend (the categories and the selected function).
QStringList legendNames(const TimelineWidget* timeline)
{
    QStringList names;
    QCPLegend* legend = timeline->plot()->legend;
    for (int i = 0; i < legend->itemCount(); ++i) {
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(legend->item(i)))
            names << item->plottable()->name();
    }
    return names;
}

QString shownName(const ProfilePage& page, xsprof::FrameId f)
{
    const QString name = page.data()->frameName(f);
    return name.isEmpty() ? QStringLiteral("(anonymous)") : name;
}

void clickTab(ProfilePage& page, int tab)
{
    QTabBar* bar = page.tabs()->tabBar();
    QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(tab).center());
    QCOMPARE(page.tabs()->currentIndex(), tab);
}

void clickRow(CostTreeView* view, const QModelIndex& index, bool twice = false)
{
    view->scrollTo(index);
    QCoreApplication::processEvents();
    const QPoint at = view->visualRect(index).center();
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, at);
    if (twice) // Qt's double-click handling wants the press that precedes it
        QTest::mouseDClick(view->viewport(), Qt::LeftButton, {}, at);
}
} // namespace

// On open the timeline draws the function selected in the tree in front (checksum), not the
// end of another tree's hot path (normalize); then whatever the view in front selects.
void TestProfilePage::theTimelineDrawsTheFunctionOfTheViewInFront()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_dag_shared.cpuprofile"))));
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    TimelineWidget* timeline = page.timeline();
    QVERIFY(timeline);
    CostTreeView* functions = page.functionView(false);
    QCOMPARE(currentName(page), QStringLiteral("checksum"));
    QCOMPARE(timeline->highlightedFunction(), frameOf(functions->currentIndex()));
    QCOMPARE(page.selectedFunction(), frameOf(functions->currentIndex()));
    QTRY_VERIFY(legendNames(timeline).contains(QStringLiteral("checksum")));
    // The call tree's hot path ends elsewhere; shown, it is its row that counts.
    const xsprof::FrameId callTreeEnd = frameOf(page.callTreeView()->currentIndex());
    QVERIFY(callTreeEnd.isValid() && callTreeEnd != timeline->highlightedFunction());
    clickTab(page, ProfilePage::CallTreeTab);
    QCOMPARE(timeline->highlightedFunction(), callTreeEnd);
    QTRY_VERIFY(legendNames(timeline).contains(shownName(page, callTreeEnd)));

    // A frame chosen in the flame graph by keyboard.
    clickTab(page, ProfilePage::FlameGraphTab);
    FlameGraphView* flame = page.flameGraph()->view();
    flame->setFocus();
    QTest::keyClick(flame, Qt::Key_Down); // the first frame
    QTest::keyClick(flame, Qt::Key_Down); // its widest child
    QVERIFY(flame->selectedBox() && flame->selectedBox()->frame.isValid());
    QCOMPARE(timeline->highlightedFunction(), flame->selectedBox()->frame);
    QCOMPARE(page.selectedFunction(), flame->selectedBox()->frame);
    QTRY_VERIFY(legendNames(timeline).contains(shownName(page, flame->selectedBox()->frame)));

    // Back on the Functions tab: its row again.
    clickTab(page, ProfilePage::FunctionsTab);
    QCOMPARE(timeline->highlightedFunction(), frameOf(functions->currentIndex()));
}

void TestProfilePage::theLegendNamesAnAnonymousFunctionAboveTheData()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    CostTreeView* view = page.functionView(false);
    const QModelIndex anonymous = findDeep(*view->model(), QString(), 3);
    QVERIFY(anonymous.isValid());
    QCOMPARE(anonymous.data(Qt::DisplayRole).toString(), QStringLiteral("(anonymous)"));
    clickRow(view, anonymous);
    QCOMPARE(page.timeline()->highlightedFunction(), frameOf(anonymous));
    QTRY_VERIFY(legendNames(page.timeline()).contains(QStringLiteral("(anonymous)")));

    // The legend has a strip of its own: 100 % of a bucket ends below it.
    QCustomPlot* plot = page.timeline()->plot();
    plot->replot();
    QVERIFY(plot->legend->visible());
    QVERIFY(plot->legend->outerRect().bottom() <= plot->yAxis->coordToPixel(100.0));
    QVERIFY(plot->yAxis->coordToPixel(100.0) - plot->legend->outerRect().bottom() < 20); // not a wasted band
}

// In the flame graph the counter counts its boxes of the matching functions; Enter in the
// field (and F3) moves to the next, selecting it.
void TestProfilePage::flameGraphSearchCountsAndStepsThroughItsBoxes()
{
    ProfilePage page(loadData(corpusPath(QStringLiteral("node_dag_shared.cpuprofile"))));
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    clickTab(page, ProfilePage::FlameGraphTab);
    FlameGraphView* flame = page.flameGraph()->view();
    QLineEdit* field = page.searchBar()->field();
    field->setFocus();
    QTest::keyClicks(field, QStringLiteral("checksum"));
    // Counted here from the layout: the boxes named checksum.
    std::vector<int> boxes;
    for (size_t i = 0; i < flame->layout().boxes().size(); ++i) {
        const auto& box = flame->layout().boxes()[i];
        if (box.frame.isValid() && page.data()->frameName(box.frame) == QLatin1String("checksum"))
            boxes.push_back(int(i));
    }
    QVERIFY(boxes.size() >= 2);
    const QString of = QStringLiteral(" of %1").arg(boxes.size());
    QTRY_COMPARE(page.searchBar()->hitsText(), QStringLiteral("1") + of);
    QCOMPARE(page.matchCount(), int(boxes.size()));
    QCOMPARE(flame->selectedIndex(), boxes[0]);
    QTest::keyClick(field, Qt::Key_Return);
    QCOMPARE(page.searchBar()->hitsText(), QStringLiteral("2") + of);
    QCOMPARE(flame->selectedIndex(), boxes[1]);
    page.findPrevious();
    QCOMPARE(flame->selectedIndex(), boxes[0]);
    page.findPrevious(); // wraps to the last
    QCOMPARE(flame->selectedIndex(), boxes.back());
    QCOMPARE(page.searchBar()->hitsText(), QStringLiteral("%1").arg(boxes.size()) + of);

    // A frame chosen by hand that is not a match: the counter keeps the count.
    flame->setFocus();
    QTest::keyClick(flame, Qt::Key_Up);
    QVERIFY(flame->selectedBox());
    QCOMPARE(page.searchBar()->hitsText().section(QLatin1Char(' '), 1), of.mid(1));
}

void TestProfilePage::doubleClickOpensTheSourceWithoutExpanding()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString source = dir.filePath(QStringLiteral("work.js"));
    QFile js(source);
    QVERIFY(js.open(QIODevice::WriteOnly));
    js.write("// line 1\nfunction helper() {}\nfunction work() {\n  helper();\n}\n");
    js.close();
    const QString url = QUrl::fromLocalFile(source).toString();
    const QByteArray profile = QString::fromUtf8(
        R"json({"nodes":[{"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"children":[2]},)json"
        R"json({"id":2,"callFrame":{"functionName":"work","scriptId":"1","url":"%1","lineNumber":2,"columnNumber":0},"children":[3]},)json"
        R"json({"id":3,"callFrame":{"functionName":"helper","scriptId":"1","url":"%1","lineNumber":1,"columnNumber":0}}],)json"
        R"json("startTime":0,"endTime":400,"samples":[2,3,3,3],"timeDeltas":[0,100,100,100]})json").arg(url).toUtf8();
    const QString path = dir.filePath(QStringLiteral("work.cpuprofile"));
    QFile file(path);
    QVERIFY(file.open(QIODevice::WriteOnly));
    file.write(profile);
    file.close();

    ProfilePage page(loadData(path));
    page.resize(900, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    CostTreeView* view = page.functionView(false);
    const QModelIndex work = findDeep(*view->model(), QStringLiteral("work"), 2);
    QVERIFY(work.isValid() && view->model()->hasChildren(work));
    view->collapse(work);
    clickRow(view, work, true);
    QVERIFY(!view->isExpanded(work)); // the double-click did not expand it
    QVERIFY(page.sourcePane()->isVisible());
    QCOMPARE(page.sourcePane()->view()->highlightedLine(), 3);

    // With the pane open, a click on another function shows its source.
    QTest::keyClick(view, Qt::Key_Right); // the arrows expand
    QVERIFY(view->isExpanded(work));
    const QModelIndex helper = findRow(*view->model(), QStringLiteral("helper"), work);
    QVERIFY(helper.isValid());
    clickRow(view, helper);
    QCOMPARE(page.sourcePane()->view()->highlightedLine(), 2);
    QCOMPARE(page.sourcePane()->currentPath(), QFileInfo(source).absoluteFilePath());
    // One without a file says so in the pane.
    const QModelIndex root = findDeep(*view->model(), QStringLiteral("(root)"), 1);
    QVERIFY(root.isValid());
    clickRow(view, root);
    QVERIFY(page.sourcePane()->title().contains(QLatin1String("no source file")));
    QVERIFY(page.sourcePane()->view()->toPlainText().isEmpty());
    QVERIFY(page.sourcePane()->view()->placeholderText().contains(QLatin1String("function of a script")));
    QVERIFY(page.sourcePane()->currentPath().isEmpty());
}

QTEST_MAIN(TestProfilePage)
#include "tst_profilepage.moc"
