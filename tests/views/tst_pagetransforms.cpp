// Transforms on a profile page, as a user applies them: a key on a function row, the context
// menu of the Call Tree (Focus on subtree), the breadcrumb (click a step to go back,
// Backspace undoes the last). Every time, the page's numbers must be model/transforms' on
// the same corpus file, computed here with applyTransforms on the untransformed profile.
#include "viewtestutils.h"

#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/flamegraphpanel.h"
#include "views/flamegraphview.h"
#include "views/profilepage.h"
#include "views/searchbar.h"
#include "views/transformbreadcrumb.h"
#include "views/transformcontrols.h"

#include "model/profileanalysis.h"
#include "model/transforms.h"

#include <QAction>

#include <algorithm>
#include <QLineEdit>
#include <QMenu>
#include <QSignalSpy>
#include <QTest>
#include <QToolButton>

using namespace xsprof;
using ViewTestUtils::findDeep;

namespace {

FrameId frameOf(const QModelIndex& index)
{
    return FrameId(index.data(CostTreeModel::FrameRole).toUInt());
}

} // namespace

class TestPageTransforms : public QObject {
    Q_OBJECT

private slots:
    void applyGoBackAndUndo();
    void graphEncodedOffersMergeAndDropOnly();
    void backspaceInFlameGraphZoomsOutFirst();

private:
    // The page shows exactly what model/transforms gives for `transforms` on `loaded`.
    void expectNumbers(const ProfilePage& page, const Profile& loaded, const std::vector<Transform>& transforms);
    // Waits for the document's next results; they must not be there at once (a worker job).
    void waitForResults(ProfilePage& page);
};

void TestPageTransforms::waitForResults(ProfilePage& page)
{
    QSignalSpy changed(page.document(), &ProfileDocument::resultsChanged);
    if (changed.isEmpty())
        QVERIFY(changed.wait(20000));
    QCOMPARE(changed.count(), 1);
}

void TestPageTransforms::expectNumbers(const ProfilePage& page, const Profile& loaded,
                                       const std::vector<Transform>& transforms)
{
    const TransformResult expected = applyTransforms(loaded, transforms);
    QVERIFY2(expected.profile, expected.error.c_str());
    const ProfileAnalysis want = ProfileAnalysis::compute(*expected.profile);
    const ProfileAnalysis& got = page.data()->analysis;
    QVERIFY(ViewTestUtils::closeEnough(got.functions.duration(), want.functions.duration()));
    QCOMPARE(got.functions.sampleCount(), want.functions.sampleCount());
    QCOMPARE(got.functions.functions().size(), want.functions.functions().size());
    for (FrameId f : want.functions.functions()) {
        QVERIFY(ViewTestUtils::closeEnough(got.functions.self(f), want.functions.self(f)));
        QVERIFY(ViewTestUtils::closeEnough(got.functions.total(f), want.functions.total(f)));
        QVERIFY(ViewTestUtils::closeEnough(got.functions.inclusive(f), want.functions.inclusive(f)));
    }
    QCOMPARE(got.callTree.roots().size(), want.callTree.roots().size());
    // Every view shows the transformed profile: trees, flame graph (and the breadcrumb).
    QCOMPARE(page.flameGraph()->view()->data(), page.document()->view());
    for (CostTreeView* view : {page.functionView(false), page.callTreeView()})
        QVERIFY(view->costModel()->rowCount() > 0);
    TransformBreadcrumb* crumb = page.transformControls()->breadcrumb();
    QCOMPARE(crumb->stepCount(), int(transforms.size()) + 1);
    for (size_t i = 0; i < transforms.size(); ++i)
        QCOMPARE(crumb->stepButton(int(i) + 1)->text(), QString::fromStdString(transforms[i].label()));
}

void TestPageTransforms::applyGoBackAndUndo()
{
    const ProfileDataPtr data = ViewTestUtils::loadData(ViewTestUtils::corpusPath(QStringLiteral("node_fib.cpuprofile")));
    QVERIFY(data);
    const Profile& loaded = data->profile;
    ProfilePage page(data);
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    TransformBreadcrumb* crumb = page.transformControls()->breadcrumb();
    QVERIFY(!crumb->isVisible());

    // 1. M on sumLoop's row of the Functions view.
    CostTreeView* functions = page.functionView(false);
    const QModelIndex sumLoop = findDeep(*functions->model(), QStringLiteral("sumLoop"), 12);
    QVERIFY(sumLoop.isValid());
    const std::vector<Transform> merge{Transform::byFrame(TransformKind::Merge, loaded, frameOf(sumLoop))};
    functions->setCurrentIndex(sumLoop);
    functions->setFocus();
    QTest::keyClick(functions, Qt::Key_M);
    QVERIFY(page.document()->isBusy()); // on the job runner, not here
    QCOMPARE(page.data(), data);
    waitForResults(page);
    expectNumbers(page, loaded, merge);
    QVERIFY(crumb->isVisible());
    QVERIFY(page.data()->analysis.functions.duration() == data->analysis.functions.duration()); // merge keeps time

    // 2. Focus on subtree, from the Call Tree's context menu on main's call path.
    page.tabs()->setCurrentIndex(ProfilePage::CallTreeTab);
    CostTreeView* tree = page.callTreeView();
    const QModelIndex main = findDeep(*tree->model(), QStringLiteral("main"), 12);
    QVERIFY(main.isValid());
    const std::vector<FrameId> path = TransformMenu::pathOfTreeRow(main, CostTreeModel::FrameRole);
    QCOMPARE(path.back(), frameOf(main));
    TransformMenu* treeMenu = page.transformControls()->menus().at(2);
    std::unique_ptr<QMenu> menu(treeMenu->menuFor(main, tree));
    QVERIFY(menu);
    QAction* subtree = nullptr;
    for (QAction* a : menu->actions()) {
        if (a->text().startsWith(QStringLiteral("Focus on this subtree")))
            subtree = a;
    }
    QVERIFY(subtree && subtree->isEnabled());
    subtree->trigger();
    waitForResults(page);
    std::vector<Transform> two = merge;
    two.push_back(Transform::subtree(*page.data()->sharedProfile, path)); // the frames are the same
    expectNumbers(page, loaded, two);
    QVERIFY(page.data()->analysis.functions.duration() < data->analysis.functions.duration());

    // 3. Click "Merge sumLoop": back to one transform.
    QTest::mouseClick(crumb->stepButton(1), Qt::LeftButton);
    waitForResults(page);
    expectNumbers(page, loaded, merge);

    // 4. D on fib's row, then Backspace in a view undoes it; in the search field it
    //    edits the text and leaves the transforms alone.
    page.tabs()->setCurrentIndex(ProfilePage::FunctionsTab);
    const QModelIndex fib = findDeep(*functions->model(), QStringLiteral("fib"), 12);
    QVERIFY(fib.isValid());
    const FrameId fibFrame = frameOf(fib); // the row goes when the views change
    functions->setCurrentIndex(fib);
    functions->setFocus();
    QTest::keyClick(functions, Qt::Key_D);
    waitForResults(page);
    std::vector<Transform> dropped = merge;
    dropped.push_back(Transform::byFrame(TransformKind::Drop, loaded, fibFrame));
    expectNumbers(page, loaded, dropped);
    page.setSearchText(QStringLiteral("ab"));
    QLineEdit* field = page.findChild<SearchBar*>()->findChild<QLineEdit*>();
    QVERIFY(field);
    field->setFocus();
    QTest::keyClick(field, Qt::Key_Backspace);
    QCOMPARE(field->text(), QStringLiteral("a"));
    QCOMPARE(page.document()->transforms().size(), size_t(2));
    QVERIFY(!page.document()->isBusy());
    functions->setFocus();
    QTest::keyClick(functions, Qt::Key_Backspace);
    waitForResults(page);
    expectNumbers(page, loaded, merge);

    // 5. A refresh (a live session's new samples) keeps the transforms.
    page.setProfileData(ViewTestUtils::loadData(ViewTestUtils::corpusPath(QStringLiteral("node_fib.cpuprofile"))));
    waitForResults(page);
    expectNumbers(page, loaded, merge);

    // 6. "Full profile": the loaded numbers again, and the breadcrumb hides.
    QSignalSpy changed(page.document(), &ProfileDocument::resultsChanged);
    QTest::mouseClick(crumb->stepButton(0), Qt::LeftButton); // nothing to transform: at once
    QCOMPARE(changed.count(), 1);
    expectNumbers(page, loaded, {});
    QVERIFY(!crumb->isVisible());
}

void TestPageTransforms::graphEncodedOffersMergeAndDropOnly()
{
    ProfilePage page(ViewTestUtils::loadData(ViewTestUtils::corpusPath(QStringLiteral("tiny/xs_graph.cpuprofile"))));
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    CostTreeView* functions = page.functionView(false);
    const QModelIndex row = functions->model()->index(0, 0);
    QVERIFY(row.isValid());
    std::unique_ptr<QMenu> menu(page.transformControls()->menus().at(0)->menuFor(row, functions));
    QVERIFY(menu);
    int disabled = 0;
    for (QAction* a : menu->actions()) {
        if (a->text().startsWith(QStringLiteral("Focus")) || a->text().startsWith(QStringLiteral("Collapse"))) {
            QVERIFY(!a->isEnabled());
            QVERIFY(a->toolTip().contains(QStringLiteral("graph-encoded")));
            ++disabled;
        }
    }
    QCOMPARE(disabled, 2); // no subtree item: the Functions view has no call paths
    // F does nothing; M merges.
    functions->setCurrentIndex(row);
    functions->setFocus();
    QTest::keyClick(functions, Qt::Key_F);
    QVERIFY(page.document()->transforms().isEmpty());
    QTest::keyClick(functions, Qt::Key_M);
    waitForResults(page);
    QCOMPARE(page.document()->transforms().size(), size_t(1));
}

// In the flame graph Backspace zooms out while it is zoomed; only then does it undo the last
// transform, as in the trees.
void TestPageTransforms::backspaceInFlameGraphZoomsOutFirst()
{
    const ProfileDataPtr data = ViewTestUtils::loadData(ViewTestUtils::corpusPath(QStringLiteral("node_fib.cpuprofile")));
    QVERIFY(data);
    ProfilePage page(data);
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    CostTreeView* functions = page.functionView(false);
    const QModelIndex sumLoop = findDeep(*functions->model(), QStringLiteral("sumLoop"), 12);
    QVERIFY(sumLoop.isValid());
    functions->setCurrentIndex(sumLoop);
    functions->setFocus();
    QTest::keyClick(functions, Qt::Key_M);
    waitForResults(page);
    QCOMPARE(page.document()->transforms().size(), size_t(1));

    page.tabs()->setCurrentIndex(ProfilePage::FlameGraphTab);
    FlameGraphView* graph = page.flameGraph()->view();
    graph->setFocus();
    QTRY_VERIFY(graph->hasFocus());
    const auto& boxes = graph->layout().boxes();
    const auto deep = std::find_if(boxes.begin(), boxes.end(), [](const auto& box) { return box.depth >= 2 && box.frame.isValid(); });
    QVERIFY(deep != boxes.end());
    graph->zoomInto(*deep);
    const qsizetype levels = graph->breadcrumb().size();
    QVERIFY(levels > 2);
    for (qsizetype level = levels; level > 1; --level) {
        QTest::keyClick(graph, Qt::Key_Backspace);
        QCOMPARE(graph->breadcrumb().size(), level - 1); // one level out
        QCOMPARE(page.document()->transforms().size(), size_t(1));
        QVERIFY(!page.document()->isBusy());
    }
    QTest::keyClick(graph, Qt::Key_Backspace); // not zoomed: the transform goes (the full profile: at once)
    QTRY_VERIFY(page.document()->transforms().isEmpty());
    QTRY_VERIFY(page.data()->analysis.functions.duration() == data->analysis.functions.duration());
}

QTEST_MAIN(TestPageTransforms)
#include "tst_pagetransforms.moc"
