// Where samples lie in time: positions never step back, so a range search by bisection finds
// exactly the samples a linear scan finds, also for XS own-delta times that step back.
#include "model/profilebuilder.h"
#include "model/profileloader.h"
#include "model/sampletimes.h"

#include <QTest>

using namespace xsprof;

namespace {

// Own-delta samples at `times` (µs) after `origin`, each on its own one-frame stack.
Profile ownDelta(const std::vector<double>& times, double origin)
{
    ProfileInfo info;
    info.durationRule = DurationRule::OwnDelta;
    info.startTime = origin;
    ProfileBuilder b(info);
    for (size_t i = 0; i < times.size(); ++i)
        b.addSample(b.stack({}, b.frameForXsId(int64_t(i % 3) + 1)), times[i]);
    return b.finish();
}

// What range() must find, by its definition: every sample whose middle is in [t0, t1), and
// when t1 reaches the end, the samples that end there too.
std::vector<size_t> scanMiddles(const SampleTimes& times, double t0, double t1)
{
    std::vector<size_t> found;
    for (size_t i = 0; i < times.size(); ++i) {
        const SampleTimes::Interval in = times.interval(i);
        const double middle = (in.begin + in.end) / 2.0;
        if (middle >= t0 && (middle < t1 || t1 >= times.end()))
            found.push_back(i);
    }
    return found;
}

std::vector<size_t> indices(SampleRange range)
{
    std::vector<size_t> out;
    for (size_t i = range.begin; i < range.end; ++i)
        out.push_back(i);
    return out;
}

// Every window with ends on a fine grid over the span: bisection equals the scan.
void checkRangesAgainstScan(const Profile& profile)
{
    const SampleTimes times(profile);
    const double step = (times.end() - times.start()) / 37.0;
    for (double t0 = times.start() - step; t0 <= times.end() + step; t0 += step) {
        for (double t1 = t0; t1 <= times.end() + 2 * step; t1 += step) {
            const std::vector<size_t> expected = scanMiddles(times, t0, t1);
            const std::vector<size_t> found = indices(times.range(t0, t1));
            QVERIFY2(found == expected, qPrintable(QStringLiteral("[%1, %2)").arg(t0).arg(t1)));
        }
    }
}

} // namespace

class TestSampleTimes : public QObject
{
    Q_OBJECT
private slots:
    void monotoneOwnDeltaKeepsRecordedTimes();
    void steppingBackIsPlacedOnTheChargedClock();
    void rangesOnSteppingBackTimesStayOrdered();
    void aCorpusProfileWithANegativeLastDeltaIsRemapped();
};

void TestSampleTimes::monotoneOwnDeltaKeepsRecordedTimes()
{
    const Profile p = ownDelta({10, 30, 35, 70}, 0);
    const SampleTimes times(p);
    QVERIFY(!times.isRemapped());
    QCOMPARE(times.interval(0).begin, 0.0);
    QCOMPARE(times.interval(1).begin, 10.0);
    QCOMPARE(times.interval(1).end, 30.0);
    QCOMPARE(times.interval(3).end, 70.0);
    checkRangesAgainstScan(p);
}

void TestSampleTimes::steppingBackIsPlacedOnTheChargedClock()
{
    // 40 -> 25 steps back (that sample lasts 0); 25 -> 60 then charges 35.
    const Profile p = ownDelta({10, 40, 25, 60, 70}, 0);
    const SampleTimes times(p);
    QVERIFY(times.isRemapped());
    double previousEnd = times.start();
    double widths = 0;
    for (size_t i = 0; i < times.size(); ++i) {
        const SampleTimes::Interval in = times.interval(i);
        QCOMPARE(in.begin, previousEnd); // contiguous: no overlap, no gap
        QCOMPARE(in.end - in.begin, p.samples.duration(i));
        widths += in.end - in.begin;
        previousEnd = in.end;
    }
    QCOMPARE(widths, p.duration());
    QCOMPARE(times.end() - times.start(), p.duration());
    QCOMPARE(times.interval(1).end, 40.0); // before the step back: the recorded time
    QCOMPARE(times.interval(3).end, 75.0); // after it: shifted by the 15 µs that went back
}

void TestSampleTimes::rangesOnSteppingBackTimesStayOrdered()
{
    // With the recorded times, sample 3 ((25, 60]) would overlap samples 1 and 2 and the
    // middles would not be sorted: a bisection could miss samples of a range.
    checkRangesAgainstScan(ownDelta({10, 40, 25, 60, 70}, 0));
    checkRangesAgainstScan(ownDelta({5, 3, 1, 8, 2, 20, 19, 30}, 4)); // first sample before the origin
    checkRangesAgainstScan(ownDelta({100, 90, 80, 70}, 0));           // only steps back after the first
}

void TestSampleTimes::aCorpusProfileWithANegativeLastDeltaIsRemapped()
{
    const LoadResult loaded = loadProfileFile(XSPROF_CORPUS_DIR "/tiny/xs_stacks.cpuprofile");
    QVERIFY(loaded.ok());
    const Profile& p = *loaded.profile;
    QVERIFY(p.samples.rule == DurationRule::OwnDelta);
    const SampleTimes times(p);
    QVERIFY(times.isRemapped()); // its last delta is negative
    QCOMPARE(times.end() - times.start(), p.duration());
    checkRangesAgainstScan(p);
    const SampleRange all = times.range(times.start(), times.end()); // the last sample lasts 0: still in
    QCOMPARE(all.begin, size_t(0));
    QCOMPARE(all.end, p.samples.size());
}

QTEST_GUILESS_MAIN(TestSampleTimes)
#include "tst_sampletimes.moc"
