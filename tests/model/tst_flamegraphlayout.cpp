// Flame graph layout without a screen: widths are totals, children widest first, thin
// frames merged, zoom, the function-graph variant and the time-ordered flame chart.
#include "analysedprofile.h"
#include "expectedprofile.h"

#include "model/flamegraphlayout.h"
#include "model/profileloader.h"
#include "model/sampletimes.h"

#include <QTest>

using Box = FlameGraphLayout::Box;

namespace {
// (root) -> A -> {B, C}, (root) -> D -> {F, G}. Samples B B C A D F G lasting
// 25 25 30 10 16 2 2 µs (until-next, with an end time): root 110, A 90, B 50, C 30, D 20.
const char* const smallTree = R"json({"nodes":[
 {"id":1,"callFrame":{"functionName":"(root)","url":"","lineNumber":-1,"columnNumber":-1},"children":[2,5]},
 {"id":2,"callFrame":{"functionName":"A","url":"a.js","lineNumber":0,"columnNumber":0},"children":[3,4]},
 {"id":3,"callFrame":{"functionName":"B","url":"a.js","lineNumber":1,"columnNumber":0}},
 {"id":4,"callFrame":{"functionName":"C","url":"c.js","lineNumber":2,"columnNumber":0}},
 {"id":5,"callFrame":{"functionName":"D","url":"a.js","lineNumber":3,"columnNumber":0},"children":[6,7]},
 {"id":6,"callFrame":{"functionName":"F","url":"a.js","lineNumber":4,"columnNumber":0}},
 {"id":7,"callFrame":{"functionName":"G","url":"a.js","lineNumber":5,"columnNumber":0}}],
 "startTime":0,"endTime":110,
 "samples":[3,3,4,2,5,6,7],"timeDeltas":[0,25,25,30,10,16,2]})json";

AnalysedProfilePtr smallData()
{
    return AnalysedProfile::from(xsprof::loadProfileData(smallTree, "small.cpuprofile"));
}

// "name@x+width" per row, for readable comparisons.
QString describe(const AnalysedProfile& data, const FlameGraphLayout& layout)
{
    QStringList rows;
    for (int d = 0; d < layout.depthCount(); ++d) {
        QStringList boxes;
        for (const Box& b : layout.row(d)) {
            const QString name = b.frame.isValid() ? data.frameName(b.frame) : QStringLiteral("[%1]").arg(b.merged);
            boxes << QStringLiteral("%1@%2+%3").arg(name).arg(b.x).arg(b.width);
        }
        rows << boxes.join(QLatin1Char(' '));
    }
    return rows.join(QLatin1Char('\n'));
}

xsprof::StackId stackOf(const AnalysedProfile& data, const QString& name)
{
    const auto& stacks = data.profile.stacks;
    for (uint32_t s = 0; s < stacks.size(); ++s) {
        if (data.frameName(stacks.frame[s]) == name)
            return xsprof::StackId(s);
    }
    return {};
}
} // namespace

class TestFlameGraphLayout : public QObject
{
    Q_OBJECT
private slots:
    void callTreeBoxesSitAtTheirPathsTotals();
    void thinNeighboursMergeAndThinnerOnesAreDropped();
    void zoomingOnAPathSpansItsTotal();
    void aPointFindsTheBoxUnderIt();
    void boxesNestInsideTheirParentsWidestFirst_data();
    void boxesNestInsideTheirParentsWidestFirst();
    void functionGraphCalleesTakeTheirEdgesShare();
    void chartBoxesFollowTheSamplesInTime();
};

void TestFlameGraphLayout::callTreeBoxesSitAtTheirPathsTotals()
{
    const AnalysedProfilePtr data = smallData();
    QVERIFY(data);
    const auto layout = FlameGraphLayout::fromCallTree(data->profile, data->analysis.callTree, {}, 1100);
    QCOMPARE(layout.span(), 110.0);
    QCOMPARE(describe(*data, layout), QStringLiteral("(root)@0+110\n"
                                                     "A@0+90 D@90+20\n"
                                                     "B@0+50 C@50+30 F@90+2 G@92+2"));
}

void TestFlameGraphLayout::thinNeighboursMergeAndThinnerOnesAreDropped()
{
    const AnalysedProfilePtr data = smallData();
    QVERIFY(data);
    // 40 px: a pixel is 2.75 µs. F and G (2 µs each) merge into one 4 µs box.
    auto layout = FlameGraphLayout::fromCallTree(data->profile, data->analysis.callTree, {}, 40);
    QCOMPARE(describe(*data, layout), QStringLiteral("(root)@0+110\nA@0+90 D@90+20\nB@0+50 C@50+30 [2]@90+4"));
    // 11 px: a pixel is 10 µs; F and G together are still thinner: dropped.
    layout = FlameGraphLayout::fromCallTree(data->profile, data->analysis.callTree, {}, 11);
    QCOMPARE(describe(*data, layout), QStringLiteral("(root)@0+110\nA@0+90 D@90+20\nB@0+50 C@50+30"));
    // 2 px: a pixel is 55 µs; D is too thin (no merge partner wide enough) and B, C too.
    layout = FlameGraphLayout::fromCallTree(data->profile, data->analysis.callTree, {}, 2);
    QCOMPARE(describe(*data, layout), QStringLiteral("(root)@0+110\nA@0+90\n[2]@0+80"));
}

void TestFlameGraphLayout::zoomingOnAPathSpansItsTotal()
{
    const AnalysedProfilePtr data = smallData();
    QVERIFY(data);
    const xsprof::StackId a = stackOf(*data, QStringLiteral("A"));
    QVERIFY(a.isValid());
    const auto layout = FlameGraphLayout::fromCallTree(data->profile, data->analysis.callTree, a, 900);
    QCOMPARE(layout.span(), 90.0);
    QCOMPARE(describe(*data, layout), QStringLiteral("A@0+90\nB@0+50 C@50+30"));
}

void TestFlameGraphLayout::aPointFindsTheBoxUnderIt()
{
    const AnalysedProfilePtr data = smallData();
    QVERIFY(data);
    const auto layout = FlameGraphLayout::fromCallTree(data->profile, data->analysis.callTree, {}, 1100);
    const Box* box = layout.boxAt(60, 2);
    QVERIFY(box);
    QCOMPARE(data->frameName(box->frame), QStringLiteral("C"));
    QVERIFY(!layout.boxAt(85, 2)); // A's self time: nothing below
    QVERIFY(!layout.boxAt(10, 3));
    QCOMPARE(data->frameName(layout.boxAt(109.9, 1)->frame), QStringLiteral("D"));
}

void TestFlameGraphLayout::boxesNestInsideTheirParentsWidestFirst_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<double>("pixels");
    for (const char* file : {"node_fib.cpuprofile", "node_deep_recursion.cpuprofile", "node_tree.cpuprofile",
                             "tiny/xs_stacks.cpuprofile"}) {
        for (double pixels : {50.0, 1000.0, 1e9})
            QTest::addRow("%s/%g", file, pixels) << QString::fromLatin1(file) << pixels;
    }
}

// Every path box is as wide as its total; children lie inside their parent widest first;
// each drawn box is at least a pixel wide; with huge widths every sampled path is there.
void TestFlameGraphLayout::boxesNestInsideTheirParentsWidestFirst()
{
    QFETCH(QString, file);
    QFETCH(double, pixels);
    const AnalysedProfilePtr data = loadCorpusProfile(file);
    QVERIFY(data);
    const auto& tree = data->analysis.callTree;
    const auto layout = FlameGraphLayout::fromCallTree(data->profile, tree, {}, pixels);
    QVERIFY(ExpectedProfile::close(layout.span(), data->duration()));
    const double pixel = layout.span() / pixels;
    size_t pathBoxes = 0;
    for (int d = 0; d < layout.depthCount(); ++d) {
        const auto row = layout.row(d);
        for (size_t k = 0; k < row.size(); ++k) {
            const Box& b = row[k];
            QVERIFY(b.width >= pixel * (1 - 1e-12));
            if (k > 0)
                QVERIFY(row[k - 1].x + row[k - 1].width <= b.x + 1e-6);
            if (b.frame.isValid()) {
                ++pathBoxes;
                QVERIFY(ExpectedProfile::close(b.width, tree.total(xsprof::StackId(b.node))));
            }
            if (d == 0)
                continue;
            const Box* parent = layout.boxAt(b.x + 1e-9, d - 1);
            QVERIFY(parent && parent->frame.isValid());
            QVERIFY(b.x + b.width <= parent->x + parent->width + 1e-6);
            if (b.frame.isValid()) {
                QCOMPARE(data->profile.stacks.parent[b.node].value, parent->node);
                // Widest first: a sibling to the left is at least as wide.
                if (k > 0 && row[k - 1].frame.isValid()
                    && data->profile.stacks.parent[row[k - 1].node] == data->profile.stacks.parent[b.node])
                    QVERIFY(row[k - 1].width >= b.width);
            }
        }
    }
    if (pixels >= 1e9) {
        size_t sampled = 0;
        for (uint32_t s = 0; s < tree.size(); ++s)
            sampled += tree.isSampled(xsprof::StackId(s)) && tree.total(xsprof::StackId(s)) > 0.0;
        QCOMPARE(pathBoxes, sampled);
    }
}

void TestFlameGraphLayout::functionGraphCalleesTakeTheirEdgesShare()
{
    const AnalysedProfilePtr data = loadCorpusProfile(QStringLiteral("tiny/xs_graph.cpuprofile"));
    QVERIFY(data);
    QVERIFY(!data->profile.hasStacks());
    const auto& functions = data->analysis.functions;
    const auto& graph = functions.graph();
    const auto layout = FlameGraphLayout::fromFunctionGraph(functions, {}, 1e6);
    QVERIFY(layout.depthCount() >= 2);
    QVERIFY(ExpectedProfile::close(layout.span(), data->duration())); // total(root) = duration
    // Row 1 under a root drawn at full size: each callee is as wide as its edge's share.
    const Box& root = layout.row(0)[0];
    QVERIFY(ExpectedProfile::close(root.width, graph.total(root.frame)));
    for (const Box& b : layout.row(1)) {
        if (b.x >= root.x + root.width)
            continue;
        double share = -1.0;
        for (uint32_t e : graph.calleeEdges(root.frame)) {
            if (graph.edge(e).callee == b.frame)
                share = graph.share(graph.edge(e));
        }
        QVERIFY(ExpectedProfile::close(b.width, share));
    }
    // Callees never overflow their caller.
    for (int d = 1; d < layout.depthCount(); ++d) {
        for (const Box& b : layout.row(d)) {
            const Box* parent = layout.boxAt(b.x + 1e-9, d - 1);
            QVERIFY(parent);
            QVERIFY(b.x + b.width <= parent->x + parent->width + 1e-6);
        }
    }
    // Zoom on a function: it spans the width with its whole divided total.
    const Box& callee = layout.row(1)[0];
    const auto zoomed = FlameGraphLayout::fromFunctionGraph(functions, callee.frame, 1000);
    QCOMPARE(zoomed.row(0).size(), size_t(1));
    QVERIFY(ExpectedProfile::close(zoomed.span(), functions.total(callee.frame)));
}

void TestFlameGraphLayout::chartBoxesFollowTheSamplesInTime()
{
    const AnalysedProfilePtr data = smallData();
    QVERIFY(data);
    // The two B samples are one box; A's own sample continues A.
    auto layout = FlameGraphLayout::fromSamples(data->profile, 0, 110, 1100);
    QCOMPARE(describe(*data, layout), QStringLiteral("(root)@0+110\nA@0+90 D@90+20\nB@0+50 C@50+30 F@106+2 G@108+2"));
    // A window clips the boxes; x is from the window's start.
    layout = FlameGraphLayout::fromSamples(data->profile, 20, 100, 800);
    QCOMPARE(layout.origin(), 20.0);
    QCOMPARE(describe(*data, layout), QStringLiteral("(root)@0+80\nA@0+70 D@70+10\nB@0+30 C@30+30"));
    // Thin neighbours merge into one box per run: at 40 px F and G (2 µs each) do.
    layout = FlameGraphLayout::fromSamples(data->profile, 0, 110, 40);
    QCOMPARE(describe(*data, layout), QStringLiteral("(root)@0+110\nA@0+90 D@90+20\nB@0+50 C@50+30 [2]@106+4"));

    // On a real profile, every row's boxes are disjoint and cover no more than the window.
    const AnalysedProfilePtr fib = loadCorpusProfile(QStringLiteral("node_fib.cpuprofile"));
    QVERIFY(fib);
    const SampleTimes times(fib->profile);
    const auto chart = FlameGraphLayout::fromSamples(fib->profile, times.start(), times.end(), 1500);
    QVERIFY(chart.depthCount() > 3);
    QCOMPARE(chart.row(0).size(), size_t(1)); // one root all along
    QVERIFY(ExpectedProfile::close(chart.row(0)[0].width, fib->duration()));
    for (int d = 0; d < chart.depthCount(); ++d) {
        const auto row = chart.row(d);
        for (size_t k = 1; k < row.size(); ++k)
            QVERIFY(row[k - 1].x + row[k - 1].width <= row[k].x + 1e-6);
    }
}

QTEST_GUILESS_MAIN(TestFlameGraphLayout)
#include "tst_flamegraphlayout.moc"
