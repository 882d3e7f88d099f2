// A profile's measure in the views' texts (issue 49): a heap profile reads bytes, a pprof count
// type counts, a CPU profile time, in the trees' cells and headers, the flame graph, the callers
// and callees, the comparison and the summary bar, which reads whole at 1024 pixels.
#include "viewtestutils.h"

#include "views/callerscalleespage.h"
#include "views/comparisondata.h"
#include "views/comparisonmodel.h"
#include "views/comparisonpage.h"
#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "views/diffflamegraphview.h"
#include "views/edgelistmodel.h"
#include "views/elidedlabel.h"
#include "views/flamegraphpanel.h"
#include "views/flamegraphview.h"
#include "views/functionlistmodel.h"
#include "views/profilepage.h"
#include "views/profilesummarybar.h"
#include "views/timelinewidget.h"
#include "views/totalcolumns.h"
#include "views/treeexport.h"

#include "model/pprofwriter.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QLabel>
#include <QLocale>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <stdexcept>

using namespace ViewTestUtils;

namespace {

const QString heapA = QStringLiteral(XSPROF_VIEW_FIXTURES_DIR "/Heap.20261128.153139.15955.0.001.heapprofile");
const QString heapB = QStringLiteral(XSPROF_VIEW_FIXTURES_DIR "/Heap.20261128.153139.15962.0.001.heapprofile");
const QString node10Heap =
    QStringLiteral(XSPROF_MODEL_FIXTURES_DIR "/peers/speedscope-node10-Heap-20181003T105432.heapprofile");

// "time" as a word, or a duration's unit: what a text about bytes or counts must not say.
bool speaksOfTime(const QString& text)
{
    static const QRegularExpression time(QStringLiteral("\\b(time|ms|µs)\\b"), QRegularExpression::CaseInsensitiveOption);
    return time.match(text).hasMatch();
}

// `profile` written as pprof into `dir`: a CPU profile gives samples/count and cpu/microseconds,
// a heap profile its bytes.
QString writePprof(const QTemporaryDir& dir, const QString& from, const QString& name)
{
    const ProfileDataPtr data = loadData(from);
    if (!data)
        return {};
    const QString path = dir.filePath(name);
    std::string error;
    return xsprof::savePprof(data->profile, path.toStdString(), &error) ? path : QString();
}

// The first `count` rows of `model`, breadth first (a top-down tree has one top row, (root)).
QList<QModelIndex> firstRows(const QAbstractItemModel& model, int count)
{
    QList<QModelIndex> rows, queue{QModelIndex()};
    while (!queue.isEmpty() && rows.size() < count) {
        const QModelIndex parent = queue.takeFirst();
        for (int r = 0; r < model.rowCount(parent) && rows.size() < count; ++r) {
            rows << model.index(r, 0, parent);
            queue << rows.back();
        }
    }
    return rows;
}

QString tip(const QModelIndex& index)
{
    return index.data(Qt::ToolTipRole).toString();
}

} // namespace

class TestMeasureViews : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void theSummaryBarReadsWholeAt1024_data();
    void theSummaryBarReadsWholeAt1024();
    void aNarrowSummaryBarElidesAndTellsAllInItsTooltip();
    void aHeapProfilesTreesSayBytes();
    void aHeapProfilesFlameBoxesSayBytes();
    void aCountMeasureShowsCounts();
    void callersAndCalleesOfAHeapProfileSayBytes();
    void twoHeapProfilesCompareInBytes();
    void aHeapProfileIsNotComparedWithACpuProfile();

private:
    QTemporaryDir m_dir;
    QString m_countPprof, m_bytesPprof;
};

void TestMeasureViews::initTestCase()
{
    QVERIFY(m_dir.isValid());
    m_countPprof = writePprof(m_dir, corpusPath(QStringLiteral("node_fib.cpuprofile")), QStringLiteral("fib.pb.gz"));
    m_bytesPprof = writePprof(m_dir, heapA, QStringLiteral("heap.pb.gz"));
    QVERIFY(!m_countPprof.isEmpty() && !m_bytesPprof.isEmpty());
}

void TestMeasureViews::theSummaryBarReadsWholeAt1024_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("profileIndex");
    QTest::addColumn<QString>("cost"); // what the whole cost's fact holds
    QTest::newRow("node --heap-prof") << heapA << -1 << QStringLiteral("MB");
    QTest::newRow("node 10 heap profile") << node10Heap << -1 << QStringLiteral("KB");
    QTest::newRow("cpuprofile") << corpusPath(QStringLiteral("node_fib.cpuprofile")) << -1 << QStringLiteral(" s");
    QTest::newRow("pprof samples/count") << m_countPprof << 0 << QStringLiteral("count ");
    QTest::newRow("pprof cpu/microseconds") << m_countPprof << 1 << QStringLiteral(" s");
    QTest::newRow("pprof bytes") << m_bytesPprof << -1 << QStringLiteral("MB");
}

// A 1024-pixel window leaves its page about 1000: every word of the bar shows, none cut ("…
// no timeline: the sar" was the old bar with a heap profile).
void TestMeasureViews::theSummaryBarReadsWholeAt1024()
{
    QFETCH(QString, path);
    QFETCH(int, profileIndex);
    QFETCH(QString, cost);
    const ProfileDataPtr data = loadData(path, profileIndex);
    QVERIFY2(data, qPrintable(path));
    ProfilePage page(data);
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto* bar = page.findChild<ProfileSummaryBar*>();
    QVERIFY(bar);
    for (QWidget* child : bar->findChildren<QWidget*>()) {
        if (child->isVisible())
            QVERIFY2(child->sizeHint().width() <= child->width(),
                     qPrintable(QStringLiteral("%1: %2 px wanted, %3 given")
                                    .arg(QString::fromLatin1(child->metaObject()->className()))
                                    .arg(child->sizeHint().width())
                                    .arg(child->width())));
    }
    QVERIFY(!bar->factsLabel()->isElided());
    QVERIFY(!bar->nameLabel()->isElided());
    const QString facts = bar->factsLabel()->text();
    QVERIFY2(facts.section(QStringLiteral(" · "), 0, 0).contains(cost), qPrintable(facts));
    // A profile without times says so, on the bar and at length in its tooltip.
    QCOMPARE(facts.contains(QLatin1String("no timeline")), !data->profile.info.hasTimeline);
    QCOMPARE(bar->factsLabel()->toolTip().contains(QLatin1String("No timeline")), !data->profile.info.hasTimeline);
    QCOMPARE(page.findChild<TimelineWidget*>() != nullptr && page.findChild<TimelineWidget*>()->isVisible(),
             data->profile.info.hasTimeline);
}

void TestMeasureViews::aNarrowSummaryBarElidesAndTellsAllInItsTooltip()
{
    ProfilePage page(loadData(heapA));
    page.resize(560, 600);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    auto* bar = page.findChild<ProfileSummaryBar*>();
    QVERIFY(bar->factsLabel()->isElided());
    QVERIFY(bar->factsLabel()->shownText().endsWith(QChar(0x2026)));
    // The numbers come first: what is cut is the reader's description.
    QVERIFY2(bar->factsLabel()->shownText().startsWith(QLatin1String("43.4 MB")), qPrintable(bar->factsLabel()->shownText()));
    const QString tooltip = bar->factsLabel()->toolTip();
    for (const char* part : {"1200 allocation samples", "selfSize", "1 KB = 1024 bytes", "No timeline", "call paths"})
        QVERIFY2(tooltip.contains(QLatin1String(part)), part);
    // The name's tooltip is its path (with break opportunities in it, zero-width spaces).
    QVERIFY(bar->nameLabel()->toolTip().remove(QChar(0x200b)).contains(heapA));
}

// Every cost cell and header of the three trees: bytes, never time; the cells carry B/KB/MB.
void TestMeasureViews::aHeapProfilesTreesSayBytes()
{
    TotalColumns::instance()->setShown(CostTreeModel::Cost::SummedPaths, true);
    ProfilePage page(loadData(heapA));
    int cells = 0;
    for (CostTreeView* view : {page.functionView(false), page.functionView(true), page.callTreeView(), page.bottomUpTreeView()}) {
        QAbstractItemModelTester tester(view->costModel(), QAbstractItemModelTester::FailureReportingMode::QtTest);
        const QAbstractItemModel* model = view->costModel();
        for (int column = 1; column < model->columnCount(); ++column) {
            const QString header = model->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString();
            QVERIFY2(!speaksOfTime(header) && header.contains(QLatin1String("bytes")), qPrintable(header));
            for (const QModelIndex& row : firstRows(*model, 6)) {
                const QModelIndex cell = row.siblingAtColumn(column);
                const QString text = cell.data().toString(), cellTip = tip(cell);
                QVERIFY2(QRegularExpression(QStringLiteral("\\d (B|KB|MB) ")).match(text).hasMatch(), qPrintable(text));
                QVERIFY2(!speaksOfTime(cellTip) && cellTip.contains(QStringLiteral(" — bytes: ")), qPrintable(cellTip));
                ++cells;
            }
        }
        QVERIFY(!speaksOfTime(view->accessibleDescription()));
    }
    QVERIFY(cells > 40);
    // The cell's line names its column and the whole: "Self — bytes: 14.2 MB, 32.7 % of 43.4 MB in all".
    CostTreeView* functions = page.functionView(false);
    const QModelIndex makeObjects = findDeep(*functions->costModel(), QStringLiteral("makeObjects"), 4);
    QVERIFY(makeObjects.isValid());
    const QString selfTip = tip(makeObjects.siblingAtColumn(functions->costModel()->columnOf(CostTreeModel::Cost::Self)));
    QVERIFY2(selfTip.contains(QStringLiteral("Self — bytes: 14.2 MB, 32.7 % of 43.4 MB in all")), qPrintable(selfTip));
    // Copied as text (File › Export › Copy Table), the row keeps its unit and the header its measure.
    functions->setCurrentIndex(functions->proxy()->mapFromSource(makeObjects));
    const QString copied = TreeExport::text(functions, TreeExport::Format::TabSeparated);
    QVERIFY2(copied.contains(QLatin1String("Self (bytes)")) && copied.contains(QStringLiteral("14.2 MB (32.7 %)")),
             qPrintable(copied));
    TotalColumns::instance()->reset();
}

void TestMeasureViews::aHeapProfilesFlameBoxesSayBytes()
{
    ProfilePage page(loadData(heapA));
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.tabs()->setCurrentWidget(page.flameGraph());
    FlameGraphView* flame = page.flameGraph()->view();
    QTRY_VERIFY(!flame->layout().boxes().empty());
    int named = 0;
    for (const FlameGraphLayout::Box& box : flame->layout().boxes()) {
        const QString text = flame->toolTipFor(box);
        QVERIFY2(!speaksOfTime(text) && !speaksOfTime(flame->describe(box)), qPrintable(text));
        QVERIFY2(QRegularExpression(QStringLiteral("\\d (B|KB|MB) ")).match(text).hasMatch(), qPrintable(text));
        if (box.frame.isValid()) {
            QVERIFY2(text.contains(QLatin1String("In bytes (selfSize)")), qPrintable(text));
            ++named;
        }
    }
    QVERIFY(named > 10);
}

// pprof's samples/count: whole numbers without a unit, "count" where the measure is named.
void TestMeasureViews::aCountMeasureShowsCounts()
{
    const ProfileDataPtr data = loadData(m_countPprof, 0);
    QVERIFY(data);
    QVERIFY(data->profile.info.measure == xsprof::Measure::Count);
    ProfilePage page(data);
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    CostTreeView* functions = page.functionView(false);
    QAbstractItemModel* model = functions->costModel();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(model->headerData(1, Qt::Horizontal).toString(), QStringLiteral("Self (count)"));
    const QModelIndex root = model->index(0, functions->costModel()->columnOf(CostTreeModel::Cost::Total));
    // node_fib has 1445 samples: its root's total counts every one.
    QCOMPARE(root.data().toString(), QStringLiteral("%1 (100.0 %)").arg(QLocale().toString(1445)));
    QVERIFY2(tip(root).contains(QStringLiteral("Total (xsbug) — count: ")), qPrintable(tip(root)));
    QVERIFY(!speaksOfTime(model->headerData(1, Qt::Horizontal, Qt::ToolTipRole).toString()));
    QVERIFY(page.findChild<ProfileSummaryBar*>()->factsLabel()->text().startsWith(
        QStringLiteral("count %1").arg(QLocale().toString(1445))));
    page.tabs()->setCurrentWidget(page.flameGraph());
    FlameGraphView* flame = page.flameGraph()->view();
    QTRY_VERIFY(!flame->layout().boxes().empty());
    const QString boxTip = flame->toolTipFor(flame->layout().boxes().front());
    QVERIFY2(boxTip.contains(QLatin1String("In count (samples)")) && !speaksOfTime(boxTip), qPrintable(boxTip));
}

void TestMeasureViews::callersAndCalleesOfAHeapProfileSayBytes()
{
    const ProfileDataPtr data = loadData(heapA);
    CallersCalleesPage page;
    page.setSource({data->sharedProfile, std::shared_ptr<const xsprof::ProfileAnalysis>(data, &data->analysis)});
    QAbstractItemModelTester functions(page.functions(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(page.functions()->headerData(FunctionListModel::Self, Qt::Horizontal).toString(), QStringLiteral("Self (bytes)"));
    for (int column : {FunctionListModel::Self, FunctionListModel::Total, FunctionListModel::Inclusive}) {
        const QString header = page.functions()->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY2(!speaksOfTime(header) && header.contains(QLatin1String("bytes")), qPrintable(header));
    }
    const xsprof::FrameId repeat = [&] {
        for (uint32_t f = 0; f < data->profile.frames.size(); ++f)
            if (data->profile.frameName(xsprof::FrameId(f)) == "repeat")
                return xsprof::FrameId(f);
        return xsprof::FrameId();
    }();
    QVERIFY(page.selectFunction(repeat));
    QAbstractItemModelTester callers(page.callers(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester callees(page.callees(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    QCOMPARE(page.callers()->rowCount(), 1); // makeStrings
    for (int column : {EdgeListModel::Share, EdgeListModel::PairInclusive}) {
        const QModelIndex cell = page.callers()->index(0, column);
        QVERIFY2(cell.data().toString().contains(QLatin1String("MB")), qPrintable(cell.data().toString()));
        QVERIFY2(!speaksOfTime(tip(cell)), qPrintable(tip(cell)));
    }
    QVERIFY(tip(page.callers()->index(0, EdgeListModel::PairInclusive)).startsWith(QLatin1String("The bytes of the samples")));
}

void TestMeasureViews::twoHeapProfilesCompareInBytes()
{
    const ComparisonDataPtr data = ComparisonData::create(loadData(heapB)->sharedProfile, QStringLiteral("three rounds"),
                                                          loadData(heapA)->sharedProfile, QStringLiteral("five rounds"));
    ComparisonPage page(data);
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QAbstractItemModel* model = page.tree()->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    for (int column = 1; column < model->columnCount(); ++column) {
        const QString header = model->headerData(column, Qt::Horizontal, Qt::ToolTipRole).toString();
        QVERIFY2(!speaksOfTime(header) && header.contains(QLatin1String("bytes")), qPrintable(header));
        QVERIFY2(!header.contains(QLatin1String("slower")), qPrintable(header));
        const QString cell = model->index(0, column).data().toString();
        QVERIFY2(QRegularExpression(QStringLiteral("\\d (B|KB|MB)$")).match(cell).hasMatch(), qPrintable(cell));
    }
    QVERIFY(model->headerData(ComparisonModel::SelfDelta, Qt::Horizontal, Qt::ToolTipRole)
                .toString()
                .contains(QLatin1String("orange more, blue less")));
    const QString caption = page.flameCaption()->text();
    QVERIFY2(caption.contains(QLatin1String("call path's bytes")) && !speaksOfTime(caption), qPrintable(caption));
    DiffFlameGraphView* flame = page.flameGraph();
    QVERIFY(!flame->layout().boxes().empty());
    const QString boxTip = flame->toolTipFor(flame->layout().boxes().front());
    QVERIFY2(boxTip.contains(QLatin1String("Colour: call path bytes")) && !speaksOfTime(boxTip), qPrintable(boxTip));
    QVERIFY(page.relativeToggle()->text().contains(QLatin1String("bytes")));
}

void TestMeasureViews::aHeapProfileIsNotComparedWithACpuProfile()
{
    const ProfileDataPtr heap = loadData(heapA);
    const ProfileDataPtr cpu = loadData(corpusPath(QStringLiteral("node_fib.cpuprofile")));
    try {
        ComparisonData::create(cpu->sharedProfile, QStringLiteral("node_fib"), heap->sharedProfile, QStringLiteral("heap"));
        QFAIL("time compared with bytes");
    } catch (const std::runtime_error& e) {
        QCOMPARE(QString::fromUtf8(e.what()),
                 QStringLiteral("node_fib measures time and heap measures bytes: a comparison needs profiles of one measure"));
    }
}

QTEST_MAIN(TestMeasureViews)
#include "tst_measureviews.moc"
