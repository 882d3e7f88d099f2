// The Callers / Callees page: its two models under QAbstractItemModelTester, the edge
// numbers on the tiny diamond (by hand), search, and double-click navigation.
#include "viewtestutils.h"

#include "views/callerscalleespage.h"
#include "views/edgelistmodel.h"
#include "views/functionlistmodel.h"

#include "model/profileloader.h"

#include <QAbstractItemModelTester>
#include <QHeaderView>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTest>
#include <QTreeView>

using namespace xsprof;

namespace {

ProfileSource sourceOf(const QString& relative)
{
    LoadResult r = loadProfileFile(ViewTestUtils::corpusPath(relative).toStdString());
    if (!r.ok())
        qFatal("cannot load %s", qPrintable(relative));
    ProfileSource s;
    s.profile = std::make_shared<const Profile>(std::move(*r.profile));
    s.analysis = std::make_shared<const ProfileAnalysis>(ProfileAnalysis::compute(*s.profile));
    return s;
}

FrameId frameNamed(const Profile& p, std::string_view name)
{
    for (uint32_t f = 0; f < p.frames.size(); ++f) {
        if (p.frameName(FrameId(f)) == name)
            return FrameId(f);
    }
    return {};
}

// `page`, `width` × 700, showing the corpus file `relative` (whose source it returns).
ProfileSource showOn(CallersCalleesPage& page, int width, const QString& relative)
{
    page.resize(width, 700);
    ProfileSource s = sourceOf(relative);
    page.setSource(s);
    page.show();
    return s;
}

QString nameAt(const QAbstractItemModel* model, int row)
{
    return model->index(row, 0).data(EdgeListModel::SortRole).toString(); // the name without the location
}

} // namespace

class TestCallersCalleesPage : public QObject {
    Q_OBJECT

private slots:
    void modelsPassTheTester();
    void diamondEdgesByHand();
    void doubleClickMovesToTheFunction();
    void searchHidesAndSelectingClearsIt();
    void theFunctionListSaysWhatEachTotalMeans();
    void theNumbersComeFirstAndStayOnScreen();
};

void TestCallersCalleesPage::modelsPassTheTester()
{
    FunctionListModel functions;
    QAbstractItemModelTester t1(&functions);
    const ProfileSource s = sourceOf(QStringLiteral("node_dag_shared.cpuprofile"));
    functions.setSource(s);
    QCOMPARE(size_t(functions.rowCount()), s.analysis->functions.functions().size());
    EdgeListModel edges(EdgeListModel::Direction::Callers);
    QAbstractItemModelTester t2(&edges);
    const FrameId normalize = frameNamed(*s.profile, "normalize");
    QVERIFY(normalize.isValid());
    edges.setEdges(s, callersAndCallees(*s.profile, *s.analysis, normalize).callers);
    QVERIFY(edges.rowCount() >= 1);
    // The expected file's caller count of normalize.
    const auto expected = ViewTestUtils::readExpected(ViewTestUtils::corpusPath(QStringLiteral("node_dag_shared.cpuprofile")));
    const auto entry = ViewTestUtils::expectedFunction(expected, *ProfileData::create(s.profile, {}, -1), normalize);
    QVERIFY(entry);
    QCOMPARE(edges.rowCount(), entry->at("callers").get<int>());
}

void TestCallersCalleesPage::diamondEdgesByHand()
{
    // diamond: D (500 µs of self) has callers B and C; each edge carries total(D)/2 = 250,
    // and the pair B->D covers 2 samples (200), C->D 3 (300).
    CallersCalleesPage page;
    const ProfileSource s = sourceOf(QStringLiteral("tiny/diamond.cpuprofile"));
    page.setSource(s);
    QVERIFY(page.selectFunction(frameNamed(*s.profile, "D")));
    QCOMPARE(page.callers()->rowCount(), 2);
    QCOMPARE(page.callees()->rowCount(), 0);
    for (int r = 0; r < 2; ++r) {
        const QString name = nameAt(page.callers(), r);
        QCOMPARE(page.callers()->index(r, EdgeListModel::Share).data(EdgeListModel::SortRole).toDouble(), 250.0);
        QCOMPARE(page.callers()->index(r, EdgeListModel::PairInclusive).data(EdgeListModel::SortRole).toDouble(),
                 name == QLatin1String("B") ? 200.0 : 300.0);
    }
    QCOMPARE(page.callers()->index(0, EdgeListModel::Share).data().toString(), QStringLiteral("0.25 ms (31.3 %)"));
    // The list is sorted by total: (root) first.
    QCOMPARE(page.functionView()->model()->index(0, 0).data().toString(), QStringLiteral("(root)"));
}

void TestCallersCalleesPage::doubleClickMovesToTheFunction()
{
    CallersCalleesPage page;
    const ProfileSource s = showOn(page, 1200, QStringLiteral("tiny/diamond.cpuprofile"));
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QSignalSpy selected(&page, &CallersCalleesPage::functionSelected);
    QVERIFY(page.selectFunction(frameNamed(*s.profile, "A")));
    QCOMPARE(page.callees()->rowCount(), 2);
    // Double-click the callee C: the page moves to C, whose caller is A and callee D.
    int rowC = nameAt(page.callees(), 0) == QLatin1String("C") ? 0 : 1;
    const QRect cell = page.calleeView()->visualRect(page.callees()->index(rowC, 0));
    // A view reacts to a double-click that follows a press on the same row, as a user's does.
    QTest::mouseClick(page.calleeView()->viewport(), Qt::LeftButton, {}, cell.center());
    QTest::mouseDClick(page.calleeView()->viewport(), Qt::LeftButton, {}, cell.center());
    QCOMPARE(page.selectedFunction(), frameNamed(*s.profile, "C"));
    QCOMPARE(page.callers()->rowCount(), 1);
    QCOMPARE(nameAt(page.callers(), 0), QStringLiteral("A"));
    QCOMPARE(nameAt(page.callees(), 0), QStringLiteral("D"));
    QVERIFY(selected.count() >= 2);
    const QModelIndex current = page.functionView()->currentIndex();
    QCOMPARE(current.siblingAtColumn(0).data().toString(), QStringLiteral("C  tiny.js (10)"));
}

void TestCallersCalleesPage::searchHidesAndSelectingClearsIt()
{
    CallersCalleesPage page;
    const ProfileSource s = sourceOf(QStringLiteral("tiny/diamond.cpuprofile"));
    page.setSource(s);
    page.searchField()->setText(QStringLiteral("B"));
    QCOMPARE(page.functionView()->model()->rowCount(), 1);
    QVERIFY(page.selectFunction(frameNamed(*s.profile, "D"))); // hidden by the search
    QVERIFY(page.searchField()->text().isEmpty());
    QCOMPARE(page.selectedFunction(), frameNamed(*s.profile, "D"));
    QVERIFY(!page.selectFunction(FrameId(999)));
}

// The list's headers explain their numbers like the function views'; a profile without
// stacks has no inclusive time, and its cells say "n/a" rather than a bare dash.
void TestCallersCalleesPage::theFunctionListSaysWhatEachTotalMeans()
{
    FunctionListModel functions;
    functions.setSource(sourceOf(QStringLiteral("node_dag_shared.cpuprofile")));
    const auto tip = [&](int column) { return functions.headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString(); };
    QVERIFY(tip(FunctionListModel::Self).contains(QLatin1String("itself")));
    QVERIFY(tip(FunctionListModel::Total).contains(QLatin1String("divided")));
    QVERIFY(tip(FunctionListModel::Inclusive).contains(QLatin1String("Chrome DevTools")));
    QVERIFY(functions.index(0, FunctionListModel::Inclusive).data().toString().endsWith(QLatin1Char(')')));

    functions.setSource(sourceOf(QStringLiteral("tiny/xs_graph.cpuprofile")));
    QVERIFY(functions.rowCount() > 0);
    QCOMPARE(functions.index(0, FunctionListModel::Inclusive).data().toString(), QStringLiteral("n/a"));
}

// In a 1024 px window each list's numbers come first and fit in its half; the name takes
// the rest of its list.
void TestCallersCalleesPage::theNumbersComeFirstAndStayOnScreen()
{
    CallersCalleesPage page;
    const ProfileSource s = showOn(page, 1024, QStringLiteral("node_dag_shared.cpuprofile"));
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(page.selectFunction(frameNamed(*s.profile, "normalize")));
    for (QTreeView* view : {page.functionView(), page.callerView(), page.calleeView()}) {
        const QHeaderView* head = view->header();
        QCOMPARE(head->visualIndex(0), head->count() - 1);
        const QString outside = ViewTestUtils::numbersOutsideViewport(view);
        QVERIFY2(outside.isEmpty(), qPrintable(outside));
        QVERIFY2(head->sectionSize(0) >= view->fontMetrics().averageCharWidth() * 12, qPrintable(QString::number(head->sectionSize(0))));
    }
}

QTEST_MAIN(TestCallersCalleesPage)
#include "tst_callerscalleespage.moc"
