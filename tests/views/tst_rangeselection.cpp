// Range selection: the numbers for a range of samples are those of the same profile cut to
// that range (written out as .cpuprofile and reloaded), and the page recomputes every view,
// shows the range, clears it, and drops superseded results.
#include "viewtestutils.h"

#include "views/costformat.h"
#include "views/costtreemodel.h"
#include "views/costtreeview.h"
#include "model/flamegraphlayout.h"
#include "views/flamegraphpanel.h"
#include "views/flamegraphview.h"
#include "views/profilepage.h"
#include "views/profilesummarybar.h"
#include "views/document/profiledocument.h"
#include "model/sampletimes.h"
#include "views/instrumenttracks.h"
#include "views/qcustomplotinclude.h"
#include "views/timelinewidget.h"

#include "model/cpuprofilewriter.h"
#include "model/profileloader.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QMouseEvent>
#include <QLabel>
#include <QSignalSpy>
#include <QSortFilterProxyModel>
#include <QTest>
#include <QToolButton>
#include <QToolTip>

#include <cmath>
#include <map>
#include <memory>
#include <sstream>
#include <tuple>

using namespace ViewTestUtils;

namespace {
// A copy of `profile` holding only the samples of `range`, timed so that every sample
// keeps its duration: an until-next cut ends where the range ends (the next sample's
// time), an own-delta cut starts where the sample before it ended.
xsprof::Profile cut(const xsprof::Profile& profile, xsprof::SampleRange range)
{
    xsprof::Profile p = profile;
    const auto& s = profile.samples;
    p.samples.stack = std::vector<xsprof::StackId>(s.stack.begin() + ptrdiff_t(range.begin),
                                                   s.stack.begin() + ptrdiff_t(range.end));
    p.samples.time = std::vector<double>(s.time.begin() + ptrdiff_t(range.begin), s.time.begin() + ptrdiff_t(range.end));
    if (s.rule == xsprof::DurationRule::UntilNext) {
        const double end = range.end < s.size() ? s.time[range.end] : s.time.back() + s.lastDuration;
        p.info.startTime = s.time[range.begin];
        p.info.endTime = end;
        p.info.lastSampleRule = xsprof::LastSampleRule::EndTime;
        p.samples.lastDuration = end - s.time[range.end - 1];
    } else {
        const double origin = range.begin ? s.time[range.begin - 1] : s.origin;
        p.info.startTime = origin;
        p.samples.origin = origin;
        p.info.endTime = s.time[range.end - 1];
    }
    return p;
}

using Key = std::tuple<std::string, std::string, int, int, int64_t>;
Key keyOf(const xsprof::Profile& p, xsprof::FrameId f)
{
    if (p.identifiesByXsId())
        return {{}, {}, 0, 0, p.frames.xsId[f.value]};
    return {std::string(p.frameName(f)), std::string(p.frameUrl(f)), p.frames.line[f.value], p.frames.column[f.value], 0};
}
} // namespace

class TestRangeSelection : public QObject
{
    Q_OBJECT
private slots:
    void aRangeEqualsTheProfileCutToIt_data();
    void aRangeEqualsTheProfileCutToIt();
    void aPageRangeUpdatesEveryView();
    void draggingOnTheTimelineSelectsARange();
    void theRangeLabelNamesItsLengthAndTheRootRowsTime();
    void supersededResultsAreDropped();
    void liveRefreshWithARangeResetsTheModelsOnce_data();
    void liveRefreshWithARangeResetsTheModelsOnce();
    void aSelectedFunctionIsHighlightedOnTheTimeline();
    void liveRefreshKeepsTheFlameGraphZoom();
    void theFlameChartIsLaidOutOnAWorker();
    void instrumentTracksLineUpWithTheTimeline();
    void draggingAcrossInstrumentTracksSelectsARange();
};

void TestRangeSelection::aRangeEqualsTheProfileCutToIt_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<double>("from");
    QTest::addColumn<double>("to");
    for (const char* file : {"node_fib.cpuprofile", "node_gc_heavy.cpuprofile", "node_dag_shared.cpuprofile",
                             "node_async_timers.cpuprofile", "tiny/xs_stacks.cpuprofile", "tiny/xs_graph.cpuprofile",
                             "tiny/xs_transcript.xsbug"}) {
        QTest::addRow("%s/middle", file) << QString::fromLatin1(file) << 0.25 << 0.75;
        QTest::addRow("%s/head", file) << QString::fromLatin1(file) << 0.0 << 0.4;
        QTest::addRow("%s/tail", file) << QString::fromLatin1(file) << 0.6 << 1.0;
    }
}

void TestRangeSelection::aRangeEqualsTheProfileCutToIt()
{
    QFETCH(QString, file);
    QFETCH(double, from);
    QFETCH(double, to);
    const ProfileDataPtr full = loadData(corpusPath(file));
    QVERIFY(full);
    const size_t n = full->profile.samples.size();
    const xsprof::SampleRange range{size_t(double(n) * from), std::max(size_t(double(n) * to), size_t(double(n) * from) + 1)};
    const auto ranged = ProfileData::analyse(*full, range);
    QCOMPARE(&ranged->profile, &full->profile); // shared, not copied per selection

    std::ostringstream out;
    xsprof::writeCpuProfile(cut(full->profile, range), out);
    xsprof::LoadResult reloaded = xsprof::loadProfileData(out.str(), "cut.cpuprofile");
    QVERIFY2(reloaded.ok(), reloaded.error ? reloaded.error->toString().c_str() : "");
    const xsprof::Profile& cutProfile = *reloaded.profile;
    const auto cutAnalysis = xsprof::ProfileAnalysis::compute(cutProfile);

    const auto& a = ranged->analysis.functions;
    const auto& b = cutAnalysis.functions;
    QCOMPARE(a.sampleCount(), b.sampleCount());
    QVERIFY2(closeEnough(a.duration(), b.duration()), qPrintable(QStringLiteral("%1 != %2").arg(a.duration()).arg(b.duration())));
    QCOMPARE(a.hasInclusive(), b.hasInclusive());
    std::map<Key, xsprof::FrameId> cutFrames;
    for (xsprof::FrameId f : b.functions())
        cutFrames[keyOf(cutProfile, f)] = f;
    size_t compared = 0;
    for (xsprof::FrameId f : a.functions()) {
        const auto it = cutFrames.find(keyOf(full->profile, f));
        if (it == cutFrames.end()) {
            // Graph-encoded files list every node; a function outside the cut has nothing.
            QVERIFY(a.total(f) == 0.0);
            continue;
        }
        const xsprof::FrameId g = it->second;
        const QString name = full->frameName(f);
        QVERIFY2(closeEnough(a.self(f), b.self(g)), qPrintable(name + QStringLiteral(" self")));
        QVERIFY2(closeEnough(a.total(f), b.total(g)), qPrintable(name + QStringLiteral(" total")));
        if (a.hasInclusive())
            QVERIFY2(closeEnough(a.inclusive(f), b.inclusive(g)), qPrintable(name + QStringLiteral(" inclusive")));
        ++compared;
    }
    QVERIFY(compared > 0);
    // The per-path trees agree at the top as well.
    if (full->profile.hasStacks()) {
        QCOMPARE(ranged->analysis.callTree.roots().size(), cutAnalysis.callTree.roots().size());
        QVERIFY(closeEnough(ranged->analysis.callTree.total(ranged->analysis.callTree.roots()[0]),
                            cutAnalysis.callTree.total(cutAnalysis.callTree.roots()[0])));
    }
}

void TestRangeSelection::aPageRangeUpdatesEveryView()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_fib.cpuprofile")));
    QVERIFY(data);
    ProfilePage page(data);
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QVERIFY(page.timeline());
    // Every model is checked through the resets a range causes.
    QList<QAbstractItemModelTester*> testers;
    for (CostTreeView* view : {page.functionView(false), page.functionView(true), page.callTreeView(), page.bottomUpTreeView()})
        testers << new QAbstractItemModelTester(view->costModel(), QAbstractItemModelTester::FailureReportingMode::QtTest, &page);

    const SampleTimes times(data->profile);
    const double t0 = times.start() + (times.end() - times.start()) * 0.2;
    const double t1 = times.start() + (times.end() - times.start()) * 0.6;
    QSignalSpy changed(&page, &ProfilePage::viewDataChanged);
    page.setTimeRange(t0, t1);
    QTRY_COMPARE(changed.count(), 1);
    QVERIFY(page.hasTimeRange());
    const xsprof::SampleRange range = times.range(t0, t1);
    const auto expected = ProfileData::analyse(*data, range);
    QVERIFY(page.viewData() != data);
    QCOMPARE(page.viewData()->analysis.functions.sampleCount(), range.end - range.begin);
    QVERIFY(closeEnough(page.viewData()->duration(), expected->duration()));
    // The trees show the range: the top-down root's total is the range's duration.
    const QAbstractItemModel* topDown = page.functionView(false)->costModel();
    const int totalColumn = page.functionView(false)->costModel()->columnOf(CostTreeModel::Cost::Total);
    QVERIFY(closeEnough(topDown->index(0, totalColumn).data(CostTreeModel::CostRole).toDouble(), expected->duration()));
    // The header says which range and how long.
    const auto labels = page.findChildren<QLabel*>();
    const auto header = std::find_if(labels.begin(), labels.end(),
                                     [](QLabel* l) { return l->text().startsWith(QStringLiteral("Selection")); });
    QVERIFY(header != labels.end());
    QVERIFY((*header)->text().contains(QStringLiteral("%1 samples").arg(range.end - range.begin)));
    QVERIFY(page.timeline()->hasSelection());
    QCOMPARE(page.flameGraph()->view()->data(), page.viewData());

    // Escape clears it, whichever child has the focus.
    page.functionView(false)->setFocus();
    QTest::keyClick(page.functionView(false), Qt::Key_Escape);
    QTRY_COMPARE(changed.count(), 2);
    QVERIFY(!page.hasTimeRange());
    QCOMPARE(page.viewData(), data);
    QVERIFY(!page.timeline()->hasSelection());
    QVERIFY(closeEnough(topDown->index(0, totalColumn).data(CostTreeModel::CostRole).toDouble(), data->duration()));

    // So does the button.
    page.setTimeRange(t0, t1);
    QTRY_COMPARE(changed.count(), 3);
    const auto buttons = page.findChildren<QToolButton*>();
    const auto clear = std::find_if(buttons.begin(), buttons.end(),
                                    [](QToolButton* b) { return b->text() == QStringLiteral("Clear selection"); });
    QVERIFY(clear != buttons.end() && (*clear)->isVisible());
    (*clear)->click();
    QTRY_COMPARE(changed.count(), 4);
    QCOMPARE(page.viewData(), data);
    QVERIFY(!(*clear)->isVisible());
}

void TestRangeSelection::draggingOnTheTimelineSelectsARange()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_gc_heavy.cpuprofile")));
    QVERIFY(data);
    ProfilePage page(data);
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    TimelineWidget* timeline = page.timeline();
    QVERIFY(timeline);
    // What the drag gives the document, the one owner of the range.
    QSignalSpy selected(page.document(), &ProfileDocument::requestedSelectionChanged);
    QSignalSpy changed(&page, &ProfilePage::viewDataChanged);
    QWidget* plot = reinterpret_cast<QWidget*>(timeline->plot());
    const int y = plot->height() / 2;
    QTest::mousePress(plot, Qt::LeftButton, {}, QPoint(200, y));
    QTest::mouseMove(plot, QPoint(300, y));
    QTest::mouseRelease(plot, Qt::LeftButton, {}, QPoint(400, y));
    QCOMPARE(selected.count(), 1);
    QTRY_COMPARE(changed.count(), 1);
    QVERIFY(page.hasTimeRange());
    QVERIFY(timeline->selectionStart() < timeline->selectionEnd());
    QCOMPARE(timeline->selection(), page.document()->requestedSelection());
    QVERIFY(page.viewData()->analysis.functions.sampleCount() < data->analysis.functions.sampleCount());

    // A click is not a selection: the range stays.
    QTest::mouseClick(plot, Qt::LeftButton, {}, QPoint(600, y));
    QCOMPARE(selected.count(), 1);
    QVERIFY(page.hasTimeRange());

    // Shift+drag pans a zoomed view and leaves the selection alone.
    timeline->setVisibleRange(timeline->profileStart(), timeline->profileStart() + (timeline->profileEnd() - timeline->profileStart()) / 4);
    const double before = timeline->visibleStart();
    QTest::mousePress(plot, Qt::LeftButton, Qt::ShiftModifier, QPoint(500, y));
    QTest::mouseMove(plot, QPoint(300, y));
    QTest::mouseRelease(plot, Qt::LeftButton, Qt::ShiftModifier, QPoint(300, y));
    QVERIFY(timeline->visibleStart() > before);
    QCOMPARE(selected.count(), 1);
    // The hover tooltip names the bucket's top functions.
    const QString tip = timeline->toolTipAt((timeline->visibleStart() + timeline->visibleEnd()) / 2);
    QVERIFY(tip.contains(QStringLiteral("<table")));
}

// A dragged range reads "Selection a – b (186.7 ms long; 123 samples: 186.4 ms)": its length
// and its samples' time, the second what the Call Tree's root row reads; the tooltip says
// why they differ.
void TestRangeSelection::theRangeLabelNamesItsLengthAndTheRootRowsTime()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_gc_heavy.cpuprofile")));
    QVERIFY(data);
    ProfilePage page(data);
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QSignalSpy changed(&page, &ProfilePage::viewDataChanged);
    QWidget* plot = reinterpret_cast<QWidget*>(page.timeline()->plot());
    const int y = plot->height() / 2;
    QTest::mousePress(plot, Qt::LeftButton, {}, QPoint(213, y));
    QTest::mouseMove(plot, QPoint(300, y));
    QTest::mouseRelease(plot, Qt::LeftButton, {}, QPoint(447, y));
    QTRY_COMPARE(changed.count(), 1);
    const ProfileDocument::Selection& range = page.document()->requestedSelection();
    const xsprof::FunctionAnalysis& functions = page.viewData()->analysis.functions;
    const QString length = CostFormat::time(range.end - range.start);
    const QString samplesTime = CostFormat::time(functions.duration());
    auto* bar = page.findChild<ProfileSummaryBar*>();
    QVERIFY(bar);
    const QString label = bar->selectionLabel()->text();
    QVERIFY2(label.contains(length + QStringLiteral(" long")), qPrintable(label));
    QVERIFY2(label.contains(QStringLiteral("%1 samples: %2").arg(functions.sampleCount()).arg(samplesTime)), qPrintable(label));
    QVERIFY(bar->selectionLabel()->toolTip().contains(QLatin1String("root row")));
    // The Call Tree's root row: the samples' time, to the microsecond.
    CostTreeView* tree = page.callTreeView();
    QVERIFY(tree);
    CostTreeModel* model = tree->costModel();
    const QModelIndex root = model->index(0, model->columnOf(CostTreeModel::Cost::Total));
    QVERIFY(std::abs(root.data(CostTreeModel::CostRole).toDouble() - functions.duration()) < 0.5);
    QVERIFY2(root.data().toString().startsWith(samplesTime), qPrintable(root.data().toString()));
}

void TestRangeSelection::supersededResultsAreDropped()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_fib.cpuprofile")));
    QVERIFY(data);
    ProfileDocument document(data);
    document.setSynchronousLimit(0); // as if the profile were big: worker thread
    QSignalSpy changed(&document, &ProfileDocument::resultsChanged);
    const SampleTimes times(data->profile);
    const double span = times.end() - times.start();
    for (int k = 1; k <= 5; ++k)
        document.setTimeRange(times.start(), times.start() + span * k / 10);
    QVERIFY(document.isBusy());
    QTRY_VERIFY(!document.isBusy());
    QTest::qWait(50);
    QCOMPARE(changed.count(), 1); // only the last request is handed back
    const xsprof::SampleRange last = times.range(times.start(), times.start() + span * 5 / 10);
    QCOMPARE(document.view()->analysis.range.end, last.end);
    QCOMPARE(document.results().selection, document.requestedSelection());
}

// A live refresh with a range selected: every tree is reset once, straight to the range's
// numbers of the grown profile (never the whole profile's in between), and they match it.
void TestRangeSelection::liveRefreshWithARangeResetsTheModelsOnce_data()
{
    QTest::addColumn<bool>("worker");
    QTest::addRow("at once") << false;
    QTest::addRow("worker") << true;
}

void TestRangeSelection::liveRefreshWithARangeResetsTheModelsOnce()
{
    QFETCH(bool, worker);
    const QString path = corpusPath(QStringLiteral("node_gc_heavy.cpuprofile"));
    const ProfileDataPtr data = loadData(path);
    QVERIFY(data);
    ProfilePage page(data);
    if (worker)
        page.document()->setSynchronousLimit(0);
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    const SampleTimes times(data->profile);
    const double t0 = times.start() + (times.end() - times.start()) * 0.3;
    const double t1 = times.start() + (times.end() - times.start()) * 0.5;
    QSignalSpy changed(&page, &ProfilePage::viewDataChanged);
    page.setTimeRange(t0, t1);
    QTRY_COMPARE(changed.count(), 1);

    std::vector<std::unique_ptr<QSignalSpy>> resets;
    std::vector<double> rootsSeen; // the top-down root's total after each reset
    const QAbstractItemModel* topDown = page.functionView(false)->costModel();
    const int totalColumn = page.functionView(false)->costModel()->columnOf(CostTreeModel::Cost::Total);
    for (CostTreeView* view : {page.functionView(false), page.functionView(true), page.callTreeView(), page.bottomUpTreeView()})
        resets.push_back(std::make_unique<QSignalSpy>(view->costModel(), &QAbstractItemModel::modelReset));
    connect(topDown, &QAbstractItemModel::modelReset, this, [&] {
        rootsSeen.push_back(topDown->index(0, totalColumn).data(CostTreeModel::CostRole).toDouble());
    });
    const ProfileDataPtr grown = loadData(path); // a new snapshot of the same profile
    page.setProfileData(grown);
    QTRY_COMPARE(changed.count(), 2);
    QTest::qWait(20);
    // The trees hidden at the time catch up when asked for (or shown): each resets once.
    for (CostTreeView* view : {page.functionView(false), page.functionView(true), page.callTreeView(), page.bottomUpTreeView()})
        QVERIFY(view);
    for (const auto& spy : resets)
        QCOMPARE(spy->count(), 1);
    QCOMPARE(page.data(), grown);
    const auto expected = ProfileData::analyse(*grown, SampleTimes(grown->profile).range(t0, t1));
    QCOMPARE(rootsSeen.size(), size_t(1));
    QVERIFY(closeEnough(rootsSeen[0], expected->duration()));
    QVERIFY(expected->duration() < grown->duration() * 0.9); // the range, not the whole profile
    QVERIFY(page.hasTimeRange());
}

void TestRangeSelection::aSelectedFunctionIsHighlightedOnTheTimeline()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_fib.cpuprofile")));
    QVERIFY(data);
    ProfilePage page(data);
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.setBottomUp(true); // functions with self time at the top level
    CostTreeView* view = page.functionView(true);
    const QModelIndex fib = findRow(*view->model(), QStringLiteral("fib"));
    QVERIFY(fib.isValid());
    view->setCurrentIndex(fib);
    const xsprof::FrameId f(fib.data(CostTreeModel::FrameRole).toUInt());
    QCOMPARE(page.timeline()->highlightedFunction(), f);
    // The line follows at the next event-loop turn (one rebucket for several changes).
    const auto activitySum = [&] {
        double sum = 0.0;
        for (double v : page.timeline()->highlightActivity())
            sum += v;
        return sum;
    };
    QTRY_VERIFY(closeEnough(activitySum(), data->analysis.functions.inclusive(f)));

    // On a worker (as for a long profile): the same line, once the job is done.
    page.timeline()->setSynchronousLimit(0);
    view->setCurrentIndex(QModelIndex());
    QTRY_VERIFY(page.timeline()->highlightActivity().empty());
    view->setCurrentIndex(fib);
    QCoreApplication::sendPostedEvents(page.timeline()); // the queued rebucket starts the job
    QVERIFY(page.timeline()->isBucketing());
    QVERIFY(page.timeline()->highlightActivity().empty()); // not before the worker is done
    QTRY_VERIFY(!page.timeline()->isBucketing());
    QVERIFY(closeEnough(activitySum(), data->analysis.functions.inclusive(f)));
}

// A live refresh hands the page a new copy of the (grown) profile: the flame graph and chart
// keep their zoom; choosing another range resets it.
void TestRangeSelection::liveRefreshKeepsTheFlameGraphZoom()
{
    const QString path = corpusPath(QStringLiteral("node_gc_heavy.cpuprofile"));
    const ProfileDataPtr data = loadData(path);
    QVERIFY(data);
    ProfilePage page(data);
    page.resize(1000, 700);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    page.tabs()->setCurrentIndex(ProfilePage::FlameGraphTab);
    FlameGraphView* flame = page.flameGraph()->view();
    const auto refresh = [&] {
        const ProfileDataPtr copy = loadData(path);
        QVERIFY(copy && copy != page.data());
        page.setProfileData(copy);
    };

    const auto row = flame->layout().row(1);
    QVERIFY(!row.empty());
    flame->zoomInto(row[0]);
    const QStringList zoomed = flame->breadcrumb();
    QVERIFY(zoomed.size() >= 2);
    refresh();
    QCOMPARE(flame->breadcrumb(), zoomed);
    QCOMPARE(flame->layout().row(0).size(), size_t(1)); // still rooted at the zoomed frame

    flame->zoomOutTo(0);
    flame->setMode(FlameGraphView::Mode::Chart);
    const auto chartRow = flame->layout().row(1);
    QVERIFY(!chartRow.empty());
    const auto widest = std::max_element(chartRow.begin(), chartRow.end(),
                                         [](const auto& a, const auto& b) { return a.width < b.width; });
    flame->zoomInto(*widest);
    const QStringList chartZoom = flame->breadcrumb();
    QCOMPARE(chartZoom.size(), 2);
    refresh();
    QCOMPARE(flame->breadcrumb(), chartZoom);

    // A range chosen by the user starts from the whole range again...
    QSignalSpy changed(&page, &ProfilePage::viewDataChanged);
    const SampleTimes times(data->profile);
    const double span = times.end() - times.start();
    page.setTimeRange(times.start() + span * 0.2, times.start() + span * 0.7);
    QTRY_COMPARE(changed.count(), 1);
    QCOMPARE(flame->breadcrumb().size(), 1);
    // ...and a live refresh of that range keeps a zoom made in it.
    flame->zoomInto(*std::max_element(flame->layout().row(1).begin(), flame->layout().row(1).end(),
                                      [](const auto& a, const auto& b) { return a.width < b.width; }));
    const QStringList rangeZoom = flame->breadcrumb();
    QCOMPARE(rangeZoom.size(), 2);
    refresh();
    QTRY_COMPARE(changed.count(), 2);
    QCOMPARE(flame->breadcrumb(), rangeZoom);
}

// A long flame chart is laid out on a worker when painted; the result is the same layout.
void TestRangeSelection::theFlameChartIsLaidOutOnAWorker()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("node_gc_heavy.cpuprofile")));
    QVERIFY(data);
    FlameGraphView view;
    view.setSynchronousLimit(0);
    view.resize(900, 600);
    const SampleTimes times(data->profile);
    view.setData(data, times.start(), times.end());
    view.setMode(FlameGraphView::Mode::Chart);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.repaint();
    QTRY_VERIFY(!view.isLayingOut());
    const FlameGraphLayout expected = FlameGraphLayout::fromSamples(data->profile, times.start(), times.end(), 900);
    QCOMPARE(view.layout().source(), FlameGraphLayout::Source::TimeOrder);
    QCOMPARE(view.layout().boxes().size(), expected.boxes().size());
    QCOMPARE(view.layout().depthCount(), expected.depthCount());

    // Another window: the painted layout is the old one until the worker is done.
    view.setData(data, times.start(), times.start() + (times.end() - times.start()) / 2, FlameGraphView::Zoom::Keep);
    view.repaint();
    QVERIFY(view.isLayingOut());
    QTRY_VERIFY(!view.isLayingOut());
    const FlameGraphLayout half =
        FlameGraphLayout::fromSamples(data->profile, times.start(), times.start() + (times.end() - times.start()) / 2, 900);
    QCOMPARE(view.layout().boxes().size(), half.boxes().size());
    QCOMPARE(view.layout().span(), half.span());
}

// The simulator's instruments as tracks under the timeline: the ones that change are shown,
// each <samples> on the timeline's own axis (zoom included), hovering tells the value in
// force, a range gives each track's min / max / mean, and tracks can be hidden.
void TestRangeSelection::instrumentTracksLineUpWithTheTimeline()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("xsbug/sim_worker_main.xsbug")));
    QVERIFY(data);
    const xsprof::InstrumentSeries& series = data->profile.instruments;
    QCOMPARE(series.sampleCount(), size_t(57));
    ProfilePage page(data);
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    InstrumentTracks* tracks = page.instrumentTracks();
    QVERIFY(tracks && tracks->isVisible());
    const size_t gc = 15, pixels = 0;
    QCOMPARE(QString::fromStdString(series.names[gc]), QStringLiteral("Garbage collections"));
    QVERIFY(tracks->isShown(gc));      // it changes
    QVERIFY(!tracks->isShown(pixels)); // always 0 in this app
    const int track = int(std::find(tracks->shownTracks().begin(), tracks->shownTracks().end(), gc) -
                          tracks->shownTracks().begin());
    QVERIFY(tracks->height() >= int(tracks->shownTracks().size()) * tracks->trackHeight());

    // The same time is the same screen column in the timeline and in the tracks, zoomed too.
    TimelineWidget* timeline = page.timeline();
    auto columns = [&](double t) {
        const QCustomPlot* plot = timeline->plot();
        const int inTimeline = plot->mapToGlobal(QPoint(int(plot->xAxis->coordToPixel(t - timeline->profileStart())), 0)).x();
        return std::pair(inTimeline, tracks->mapToGlobal(QPoint(int(tracks->pixelOf(t)), 0)).x());
    };
    const double t10 = series.times[10];
    QCOMPARE(columns(t10).first, columns(t10).second);
    timeline->setVisibleRange(series.times[5], series.times[30]);
    QCOMPARE(columns(t10).first, columns(t10).second);
    QVERIFY(std::abs(tracks->pixelOf(series.times[5]) - tracks->pixelOf(series.times[30])) > 200);

    // Hovering between two <samples> tells the one in force.
    size_t k = 10;
    while (series.times[k + 1] - series.times[k] < 1000)
        ++k; // two samples a few pixels apart
    const int x = int((tracks->pixelOf(series.times[k]) + tracks->pixelOf(series.times[k + 1])) / 2);
    const QPoint at(x, tracks->trackRect(track).center().y());
    QVERIFY2(tracks->toolTipAt(at).startsWith(QStringLiteral("Garbage collections: %1 times at ")
                                                  .arg(QLocale().toString(qint64(series.values[gc][k])))),
             qPrintable(tracks->toolTipAt(at)));
    QTest::mouseMove(tracks, at);
    QTRY_VERIFY(QToolTip::isVisible());
    QVERIFY(QToolTip::text().startsWith(QStringLiteral("Garbage collections: ")));

    // A range: each track's label and the header's tooltip give min / max / mean over it.
    const double t0 = series.times[12], t1 = series.times[24];
    page.setTimeRange(t0, t1);
    QTRY_VERIFY(page.timeline()->hasSelection());
    const xsprof::InstrumentStats stats = series.stats(gc, t0, t1);
    QVERIFY(stats.count >= 12);
    const QString expected = QStringLiteral("min %1 · max %2").arg(QLocale().toString(qint64(stats.min)), QLocale().toString(qint64(stats.max)));
    QVERIFY2(tracks->labelText(track).contains(expected), qPrintable(tracks->labelText(track)));
    const auto labels = page.findChildren<QLabel*>();
    const auto header = std::find_if(labels.begin(), labels.end(),
                                     [](QLabel* l) { return l->text().startsWith(QStringLiteral("Selection")); });
    QVERIFY(header != labels.end());
    QVERIFY((*header)->toolTip().contains(QStringLiteral("Garbage collections")));
    QVERIFY((*header)->toolTip().contains(expected));

    // Hidden and shown again; the choice holds.
    const size_t shown = tracks->shownTracks().size();
    tracks->setShown(gc, false);
    QCOMPARE(tracks->shownTracks().size(), shown - 1);
    QTRY_COMPARE(tracks->height(), int(shown - 1) * tracks->trackHeight());
    tracks->setShown(pixels, true);
    QVERIFY(tracks->isShown(pixels) && !tracks->isShown(gc));
}

// Dragging across the instrument tracks selects that range of the profile, as the timeline
// does; the labels sum the range while it is dragged; a click keeps the range there was.
void TestRangeSelection::draggingAcrossInstrumentTracksSelectsARange()
{
    const ProfileDataPtr data = loadData(corpusPath(QStringLiteral("xsbug/sim_worker_main.xsbug")));
    QVERIFY(data);
    const xsprof::InstrumentSeries& series = data->profile.instruments;
    ProfilePage page(data);
    page.resize(1200, 800);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    InstrumentTracks* tracks = page.instrumentTracks();
    QVERIFY(tracks && tracks->isVisible() && !tracks->shownTracks().empty());
    TimelineWidget* timeline = page.timeline();
    QVERIFY(!timeline->hasSelection());
    const int tracksTop = tracks->mapTo(&page, QPoint(0, 0)).y();

    const double t0 = series.times[12], t1 = series.times[24];
    const int y = tracks->trackRect(0).center().y();
    const QPoint from(int(tracks->pixelOf(t0)), y), to(int(tracks->pixelOf(t1)), y);
    QVERIFY(to.x() - from.x() > 50);
    QTest::mousePress(tracks, Qt::LeftButton, {}, from);
    QMouseEvent move(QEvent::MouseMove, QPointF(to), tracks->mapToGlobal(QPointF(to)), Qt::NoButton, Qt::LeftButton, {});
    QApplication::sendEvent(tracks, &move);
    const xsprof::InstrumentStats dragged = series.stats(tracks->shownTracks()[0], tracks->timeAt(from.x()), tracks->timeAt(to.x()));
    QVERIFY(dragged.count > 0);
    QVERIFY2(tracks->labelText(0).contains(QStringLiteral("min %1").arg(QLocale().toString(qint64(dragged.min)))),
             qPrintable(tracks->labelText(0)));
    QVERIFY(!timeline->hasSelection()); // the document gets the range when the button is let go
    QTest::mouseRelease(tracks, Qt::LeftButton, {}, to);
    QTRY_VERIFY(timeline->hasSelection());
    // The pixels' times, which are within a pixel of the samples' times.
    const double pixel = std::abs(tracks->timeAt(1) - tracks->timeAt(0));
    QVERIFY2(std::abs(timeline->selectionStart() - t0) <= 2 * pixel, qPrintable(QString::number(timeline->selectionStart() - t0)));
    QVERIFY(std::abs(timeline->selectionEnd() - t1) <= 2 * pixel);
    // The summary bar's Clear selection button appeared without pushing the views down.
    QTest::qWait(50);
    QCOMPARE(tracks->mapTo(&page, QPoint(0, 0)).y(), tracksTop);

    // A click (no drag) leaves the range as it is.
    const double start = timeline->selectionStart();
    QTest::mouseClick(tracks, Qt::LeftButton, {}, QPoint(to.x() + 40, y));
    QCOMPARE(timeline->selectionStart(), start);
    QVERIFY(timeline->hasSelection());
}

QTEST_MAIN(TestRangeSelection)
#include "tst_rangeselection.moc"
