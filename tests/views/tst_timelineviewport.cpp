// TimelineViewport alone, on a real plot's axis and a real document (node_tree.cpuprofile):
// the window stays inside the profile whoever moves it (keys, the wheel's axis changes, a pan
// drag), zooms around the range, a drag hands its range to the document and a click keeps
// the document's, keys grow a range from the window's edge, and a new span is followed.
#include "viewtestutils.h"

#include "model/sampletimes.h"
#include "views/qcustomplotinclude.h"
#include "views/timelineviewport.h"

#include <QSignalSpy>
#include <QTest>

#include <cmath>

using namespace ViewTestUtils;

class TestTimelineViewport : public QObject
{
    Q_OBJECT
private slots:
    void init();
    void cleanup();
    void theWindowStaysInsideTheProfile();
    void zoomingCentresOnTheRange();
    void aDragSelectsAndAClickKeeps();
    void aShiftDragPans();
    void keysGrowARangeFromTheWindowsEdge();
    void keysItDoesNotTake();
    void aNewSpanIsFollowed();

private:
    double pixelOf(double time) const { return m_plot->xAxis->coordToPixel(time - m_viewport->start()); }

    ProfileDataPtr m_data;
    std::unique_ptr<ProfileDocument> m_document;
    std::unique_ptr<QCustomPlot> m_plot;
    TimelineViewport* m_viewport = nullptr;
    double m_start = 0.0, m_end = 0.0;
};

void TestTimelineViewport::init()
{
    m_data = loadData(corpusPath(QStringLiteral("node_tree.cpuprofile")));
    QVERIFY(m_data);
    m_document = std::make_unique<ProfileDocument>(m_data);
    const SampleTimes times(m_data->profile);
    m_start = times.start();
    m_end = times.end();
    QVERIFY(m_end - m_start > 1000.0);
    m_plot = std::make_unique<QCustomPlot>();
    m_plot->resize(800, 100);
    m_viewport = new TimelineViewport(m_plot->xAxis, m_document.get(), m_start, m_end, m_plot.get());
    m_plot->replot(); // lays out the axis: pixels mean something
}

void TestTimelineViewport::cleanup()
{
    m_plot.reset();
    m_document.reset();
    m_data.reset();
}

void TestTimelineViewport::theWindowStaysInsideTheProfile()
{
    QCOMPARE(m_viewport->visibleStart(), m_start);
    QCOMPARE(m_viewport->visibleEnd(), m_end);
    QSignalSpy moved(m_viewport, &TimelineViewport::visibleRangeChanged);

    m_viewport->setVisibleRange(m_start - 500.0, m_start + 500.0); // before the start: shifted in
    QCOMPARE(m_viewport->visibleStart(), m_start);
    QCOMPARE(m_viewport->visibleEnd(), m_start + 1000.0);
    QVERIFY(moved.count() >= 1);

    m_viewport->panBy(1e6); // far past the end: stops there, the same width
    QCOMPARE(m_viewport->visibleEnd(), m_end);
    QVERIFY(std::abs((m_viewport->visibleEnd() - m_viewport->visibleStart()) - 1000.0) < 1e-6);

    for (int i = 0; i < 30; ++i) // zooming in stops at 10 µs
        m_viewport->zoomBy(0.5);
    QVERIFY(std::abs((m_viewport->visibleEnd() - m_viewport->visibleStart()) - 10.0) < 1e-6);

    // The wheel zooms the plot's axis itself: wider than the profile is the whole profile.
    m_plot->xAxis->setRange(-1e9, 1e9);
    QCOMPARE(m_viewport->visibleStart(), m_start);
    QCOMPARE(m_viewport->visibleEnd(), m_end);
    m_viewport->setVisibleRange(m_start + 100.0, m_start + 200.0);
    QVERIFY(m_viewport->handleKey(Qt::Key_0, Qt::NoModifier));
    QCOMPARE(m_viewport->visibleEnd() - m_viewport->visibleStart(), m_end - m_start);
}

void TestTimelineViewport::zoomingCentresOnTheRange()
{
    const double a = m_start + (m_end - m_start) * 0.6, b = m_start + (m_end - m_start) * 0.8;
    m_document->setTimeRange(a, b);
    QCOMPARE(m_viewport->selection().start, a);
    QVERIFY(m_viewport->handleKey(Qt::Key_Plus, Qt::NoModifier));
    const double middle = (m_viewport->visibleStart() + m_viewport->visibleEnd()) / 2;
    QVERIFY2(std::abs(middle - (a + b) / 2) < 1.0, qPrintable(QString::number(middle - (a + b) / 2)));
    QVERIFY(std::abs((m_viewport->visibleEnd() - m_viewport->visibleStart()) - (m_end - m_start) / 2) < 1.0);
    QVERIFY(m_viewport->handleKey(Qt::Key_S, Qt::NoModifier)); // out again, the whole profile
    QVERIFY(std::abs((m_viewport->visibleEnd() - m_viewport->visibleStart()) - (m_end - m_start)) < 1.0);
}

void TestTimelineViewport::aDragSelectsAndAClickKeeps()
{
    QSignalSpy shown(m_viewport, &TimelineViewport::selectionShown);
    QSignalSpy requested(m_document.get(), &ProfileDocument::requestedSelectionChanged);
    const double from = m_start + (m_end - m_start) * 0.25, to = m_start + (m_end - m_start) * 0.5;
    m_viewport->press(pixelOf(to), false); // right to left: the range is the same
    QCOMPARE(m_viewport->drag(), TimelineViewport::Drag::Select);
    m_viewport->dragTo(pixelOf(to) - 1.0); // less than three pixels: nothing yet
    QCOMPARE(shown.count(), 0);
    m_viewport->dragTo(pixelOf(from));
    QCOMPARE(shown.count(), 1);
    QVERIFY(m_viewport->hasSelection());
    QCOMPARE(requested.count(), 0); // still the timeline's own
    m_viewport->release(pixelOf(from));
    QCOMPARE(m_viewport->drag(), TimelineViewport::Drag::None);
    QCOMPARE(requested.count(), 1);
    const double pixelTime = (m_end - m_start) / m_plot->xAxis->axisRect()->width();
    QVERIFY(std::abs(m_document->requestedSelection().start - from) < pixelTime);
    QVERIFY(std::abs(m_document->requestedSelection().end - to) < pixelTime);

    // A click elsewhere keeps it.
    const ProfileDocument::Selection kept = m_document->requestedSelection();
    m_viewport->press(pixelOf(m_start + (m_end - m_start) * 0.9), false);
    m_viewport->release(pixelOf(m_start + (m_end - m_start) * 0.9) + 1.0);
    QCOMPARE(m_document->requestedSelection(), kept);
    QCOMPARE(m_viewport->selection(), kept);
    QCOMPARE(requested.count(), 1);

    // Esc clears it; without a range Esc is not the timeline's.
    QVERIFY(m_viewport->handleKey(Qt::Key_Escape, Qt::NoModifier));
    QVERIFY(!m_document->requestedSelection().hasRange());
    QVERIFY(!m_viewport->handleKey(Qt::Key_Escape, Qt::NoModifier));
}

void TestTimelineViewport::aShiftDragPans()
{
    m_viewport->setVisibleRange(m_start + 1000.0, m_start + 3000.0);
    const double x = m_plot->xAxis->coordToPixel(2000.0);
    m_viewport->press(x, true);
    QCOMPARE(m_viewport->drag(), TimelineViewport::Drag::Pan);
    m_viewport->dragTo(x - 100.0); // the content follows the pointer: the window moves right
    const double shift = m_viewport->visibleStart() - (m_start + 1000.0);
    QVERIFY2(std::abs(shift - 100.0 * 2000.0 / m_plot->xAxis->axisRect()->width()) < 1.0, qPrintable(QString::number(shift)));
    QVERIFY(std::abs((m_viewport->visibleEnd() - m_viewport->visibleStart()) - 2000.0) < 1e-6);
    m_viewport->release(x - 100.0);
    QVERIFY(!m_viewport->hasSelection()); // panning selects nothing
}

void TestTimelineViewport::keysGrowARangeFromTheWindowsEdge()
{
    m_viewport->setVisibleRange(m_start + 1000.0, m_start + 6000.0); // 5000 µs: steps of 100
    QSignalSpy requested(m_document.get(), &ProfileDocument::requestedSelectionChanged);
    QVERIFY(m_viewport->handleKey(Qt::Key_Left, Qt::ShiftModifier)); // from the right edge
    QVERIFY(m_viewport->handleKey(Qt::Key_Left, Qt::ShiftModifier));
    QVERIFY(std::abs(m_viewport->selection().end - (m_start + 6000.0)) < 1e-6);
    QVERIFY(std::abs(m_viewport->selection().start - (m_start + 5800.0)) < 1e-6);
    QCOMPARE(requested.count(), 0);
    QVERIFY(requested.wait(2000)); // once the keys pause
    QVERIFY(std::abs(m_document->requestedSelection().start - (m_start + 5800.0)) < 1e-6);

    // Shrunk to nothing: no range at all, and the pause brings none back.
    QVERIFY(m_viewport->handleKey(Qt::Key_Right, Qt::ShiftModifier));
    QVERIFY(m_viewport->handleKey(Qt::Key_Right, Qt::ShiftModifier));
    QVERIFY(!m_viewport->hasSelection());
    QVERIFY(!m_document->requestedSelection().hasRange());
    QTest::qWait(400);
    QVERIFY(!m_document->requestedSelection().hasRange());
}

void TestTimelineViewport::keysItDoesNotTake()
{
    for (const int key : {int(Qt::Key_X), int(Qt::Key_Up), int(Qt::Key_Return), int(Qt::Key_Backspace)})
        QVERIFY2(!m_viewport->handleKey(key, Qt::NoModifier), qPrintable(QString::number(key, 16)));
    const double t0 = m_viewport->visibleStart(), t1 = m_viewport->visibleEnd();
    QCOMPARE(m_viewport->visibleStart(), t0);
    QCOMPARE(m_viewport->visibleEnd(), t1);
}

void TestTimelineViewport::aNewSpanIsFollowed()
{
    // Showing everything: it grows with the profile (a live refresh).
    m_viewport->followSpan(m_start, m_end + 5000.0);
    QCOMPARE(m_viewport->visibleEnd(), m_end + 5000.0);
    // Zoomed in: the window stays where it was.
    m_viewport->setVisibleRange(m_start + 1000.0, m_start + 2000.0);
    m_viewport->followSpan(m_start, m_end + 9000.0);
    QCOMPARE(m_viewport->visibleStart(), m_start + 1000.0);
    QCOMPARE(m_viewport->visibleEnd(), m_start + 2000.0);
    // A profile that shrank (a transform dropped its end): the window goes back inside it.
    m_viewport->setVisibleRange(m_end + 8000.0, m_end + 9000.0);
    m_viewport->followSpan(m_start, m_end);
    QCOMPARE(m_viewport->visibleEnd(), m_end);
    QVERIFY(std::abs((m_viewport->visibleEnd() - m_viewport->visibleStart()) - 1000.0) < 1e-6);
}

QTEST_MAIN(TestTimelineViewport)
#include "tst_timelineviewport.moc"
