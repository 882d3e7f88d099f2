// FlameGraphZoom alone, on layouts of a real profile (node_tree.cpuprofile): zooming into a
// frame of the call tree, the function graph and the chart, the breadcrumb those steps make,
// zooming out to a level, and the chart's window moved by keys (replaced in place, at least
// 10 µs, kept inside the range, gone when the whole range comes back).
#include "viewtestutils.h"

#include "model/sampletimes.h"
#include "views/flamegraphzoom.h"

#include <QTest>

#include <cmath>

using namespace ViewTestUtils;
using Box = FlameGraphLayout::Box;
using Source = FlameGraphZoom::Source;

class TestFlameGraphZoom : public QObject
{
    Q_OBJECT
private slots:
    void initTestCase();
    void callTreePaths();
    void functionChains();
    void chartWindows();
    void windowsByKeys();

private:
    // The first frame at `depth` of `layout` (not a merged run).
    static const Box* frameAt(const FlameGraphLayout& layout, int depth);
    QString name(xsprof::FrameId f) const { return m_data->frameName(f); }

    ProfileDataPtr m_data;
    double m_start = 0.0, m_end = 0.0;
};

void TestFlameGraphZoom::initTestCase()
{
    m_data = loadData(corpusPath(QStringLiteral("node_tree.cpuprofile")));
    QVERIFY(m_data && m_data->profile.hasStacks());
    const SampleTimes times(m_data->profile);
    m_start = times.start();
    m_end = times.end();
}

const Box* TestFlameGraphZoom::frameAt(const FlameGraphLayout& layout, int depth)
{
    for (const Box& box : layout.row(depth)) {
        if (!box.merged && box.frame.isValid())
            return &box;
    }
    return nullptr;
}

void TestFlameGraphZoom::callTreePaths()
{
    const xsprof::Profile& profile = m_data->profile;
    FlameGraphZoom zoom;
    const auto nameOf = [this](xsprof::FrameId f) { return name(f); };
    QCOMPARE(zoom.breadcrumb(Source::CallTree, profile, nameOf), QStringList{QStringLiteral("All")});
    const FlameGraphLayout whole = FlameGraphLayout::fromCallTree(profile, m_data->analysis.callTree, zoom.stack(), 1000);
    const Box* deep = frameAt(whole, 2);
    QVERIFY(deep);
    zoom.zoomInto(whole, *deep, name(deep->frame));
    QCOMPARE(zoom.stack(), xsprof::StackId(deep->node));
    // The path down to it, a name a level.
    const xsprof::StackId parent = profile.stacks.parent[deep->node];
    const xsprof::StackId root = profile.stacks.parent[parent.value];
    QCOMPARE(zoom.breadcrumb(Source::CallTree, profile, nameOf),
             (QStringList{QStringLiteral("All"), name(profile.stacks.frame[root.value]),
                          name(profile.stacks.frame[parent.value]), name(deep->frame)}));
    QCOMPARE(zoom.levels(Source::CallTree, profile), 4);

    // The zoomed layout starts at that path, full width.
    const FlameGraphLayout zoomed = FlameGraphLayout::fromCallTree(profile, m_data->analysis.callTree, zoom.stack(), 1000);
    QCOMPARE(zoomed.row(0).size(), size_t(1));
    QCOMPARE(zoomed.row(0)[0].frame, deep->frame);

    zoom.zoomOutTo(Source::CallTree, 2, profile); // level 2: the path's second stack
    QCOMPARE(zoom.stack(), parent);
    zoom.zoomOutTo(Source::CallTree, 0, profile);
    QVERIFY(!zoom.stack().isValid());
}

void TestFlameGraphZoom::functionChains()
{
    const xsprof::Profile& profile = m_data->profile;
    FlameGraphZoom zoom;
    const FlameGraphLayout whole = FlameGraphLayout::fromFunctionGraph(m_data->analysis.functions, {}, 1000);
    QCOMPARE(whole.source(), Source::FunctionGraph);
    const Box* a = frameAt(whole, 1);
    QVERIFY(a);
    zoom.zoomInto(whole, *a, name(a->frame));
    zoom.zoomInto(whole, *a, name(a->frame)); // the same function twice is one step
    QCOMPARE(zoom.function(), a->frame);
    QCOMPARE(zoom.levels(Source::FunctionGraph, profile), 2);
    const FlameGraphLayout next = FlameGraphLayout::fromFunctionGraph(m_data->analysis.functions, zoom.function(), 1000);
    if (const Box* b = frameAt(next, 1)) {
        zoom.zoomInto(next, *b, name(b->frame));
        QCOMPARE(zoom.breadcrumb(Source::FunctionGraph, profile, [this](xsprof::FrameId f) { return name(f); }),
                 (QStringList{QStringLiteral("All"), name(a->frame), name(b->frame)}));
        zoom.zoomOutTo(Source::FunctionGraph, 1, profile);
        QCOMPARE(zoom.function(), a->frame);
    }
    zoom.reset();
    QVERIFY(!zoom.function().isValid());
}

void TestFlameGraphZoom::chartWindows()
{
    const xsprof::Profile& profile = m_data->profile;
    FlameGraphZoom zoom;
    zoom.setRange(m_start, m_end);
    QCOMPARE(zoom.windowStart(), m_start);
    QCOMPARE(zoom.windowEnd(), m_end);
    const FlameGraphLayout chart = FlameGraphLayout::fromSamples(profile, zoom.windowStart(), zoom.windowEnd(), 1000);
    QCOMPARE(chart.source(), Source::TimeOrder);
    const Box* box = frameAt(chart, 0);
    QVERIFY(box);
    zoom.zoomInto(chart, *box, QStringLiteral("main"));
    QCOMPARE(zoom.windowStart(), chart.origin() + box->x);
    QCOMPARE(zoom.windowEnd(), chart.origin() + box->x + box->width);
    QCOMPARE(zoom.breadcrumb(Source::TimeOrder, profile, {}), (QStringList{QStringLiteral("All"), QStringLiteral("main")}));
    QVERIFY(!zoom.windowByKeys());
    zoom.zoomOutTo(Source::TimeOrder, 0, profile);
    QCOMPARE(zoom.windowStart(), m_start);
}

void TestFlameGraphZoom::windowsByKeys()
{
    const xsprof::Profile& profile = m_data->profile;
    FlameGraphZoom zoom;
    zoom.setRange(m_start, m_end);
    QVERIFY(!zoom.panWindow(0.25, m_start)); // nothing zoomed: nothing to pan
    const double whole = m_end - m_start;
    const double middle = m_start + whole / 2;
    zoom.zoomWindow(0.5, middle, m_start);
    QVERIFY(zoom.windowByKeys());
    QVERIFY(std::abs(zoom.windowStart() - (middle - whole / 4)) < 1e-6);
    const QStringList crumbs = zoom.breadcrumb(Source::TimeOrder, profile, {});
    QCOMPARE(crumbs.size(), 2); // "a – b", counted from the start
    QVERIFY2(crumbs[1].contains(QStringLiteral(" – ")), qPrintable(crumbs[1]));
    zoom.zoomWindow(0.5, middle, m_start); // replaced in place, not a new step
    QCOMPARE(zoom.levels(Source::TimeOrder, profile), 2);
    QVERIFY(std::abs((zoom.windowEnd() - zoom.windowStart()) - whole / 4) < 1e-6);

    QVERIFY(zoom.panWindow(10.0, m_start)); // past the end: stops at it
    QVERIFY(std::abs(zoom.windowEnd() - m_end) < 1e-6);
    for (int i = 0; i < 40; ++i)
        zoom.zoomWindow(0.5, zoom.windowStart(), m_start);
    QVERIFY(std::abs((zoom.windowEnd() - zoom.windowStart()) - 10.0) < 1e-6);

    zoom.zoomWindow(1e9, middle, m_start); // the whole range: the keyboard's window goes
    QVERIFY(!zoom.windowByKeys());
    QCOMPARE(zoom.levels(Source::TimeOrder, profile), 1);
    QCOMPARE(zoom.windowStart(), m_start);
}

QTEST_MAIN(TestFlameGraphZoom)
#include "tst_flamegraphzoom.moc"
