// Timeline bucketing without a screen: every category's buckets add up to that category's
// time in the profile, a function's activity to its inclusive time, and time ranges find
// the right samples.
#include "analysedprofile.h"

#include "model/sampletimes.h"
#include "model/timelinebuckets.h"

#include <QTest>


class TestTimelineBuckets : public QObject
{
    Q_OBJECT
private slots:
    void bucketsSumEachCategorysSampleTime_data();
    void bucketsSumEachCategorysSampleTime();
    void functionActivityAddsUpToItsSelfTime();
    void topFunctionsOfOneBucketAreTheProfilesBySelfTime();
    void sampleRangesCoverTheSamplesInATimeWindow();
    void aZoomedWindowCountsOnlyTimeInsideIt();
};

static bool near(double a, double b)
{
    return std::abs(a - b) <= 1e-6 + 1e-9 * std::max(std::abs(a), std::abs(b));
}

void TestTimelineBuckets::bucketsSumEachCategorysSampleTime_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("count");
    for (const char* file : {"node_fib.cpuprofile", "node_gc_heavy.cpuprofile", "node_async_timers.cpuprofile",
                             "tiny/xs_stacks.cpuprofile", "tiny/xs_graph.cpuprofile", "chromium_selfprof_shared.json",
                             "tiny/xs_transcript.xsbug"}) {
        for (int count : {1, 7, 640})
            QTest::addRow("%s/%d", file, count) << QString::fromLatin1(file) << count;
    }
}

void TestTimelineBuckets::bucketsSumEachCategorysSampleTime()
{
    QFETCH(QString, file);
    QFETCH(int, count);
    const AnalysedProfilePtr data = loadCorpusProfile(file);
    QVERIFY(data);
    const xsprof::Profile& profile = data->profile;
    double expected[TimelineBuckets::categoryCount] = {};
    for (size_t i = 0; i < profile.samples.size(); ++i)
        expected[TimelineBuckets::categoryOf(profile.frames.kind[profile.leafFrame(i).value])] += profile.samples.duration(i);

    const SampleTimes times(profile);
    const TimelineBuckets buckets(profile, times.start(), times.end(), count);
    QCOMPARE(buckets.count(), count);
    double all = 0.0;
    for (int c = 0; c < TimelineBuckets::categoryCount; ++c) {
        const double total = buckets.categoryTotal(TimelineBuckets::Category(c));
        QVERIFY2(near(total, expected[c]), qPrintable(QStringLiteral("category %1: %2 != %3").arg(c).arg(total).arg(expected[c])));
        all += total;
    }
    QVERIFY2(near(all, profile.duration()), qPrintable(QStringLiteral("%1 != %2").arg(all).arg(profile.duration())));
    // No bucket holds more time than it is wide: intervals tile time.
    for (int b = 0; b < buckets.count(); ++b)
        QVERIFY(buckets.bucketTotal(b) <= buckets.bucketWidth() * (1 + 1e-9) + 1e-6);
}

void TestTimelineBuckets::functionActivityAddsUpToItsSelfTime()
{
    for (const char* file : {"node_fib.cpuprofile", "node_deep_recursion.cpuprofile", "tiny/xs_graph.cpuprofile"}) {
        const AnalysedProfilePtr data = loadCorpusProfile(QString::fromLatin1(file));
        QVERIFY(data);
        const SampleTimes times(data->profile);
        const TimelineBuckets buckets(data->profile, times.start(), times.end(), 300);
        const auto& functions = data->analysis.functions;
        for (xsprof::FrameId f : functions.functions()) {
            const auto activity = buckets.functionActivity(data->profile, f);
            double sum = 0.0;
            for (double v : activity)
                sum += v;
            // Recursion counted once, like inclusive; without stacks only the sampled leaf.
            const double expected = functions.hasInclusive() ? functions.inclusive(f) : functions.self(f);
            QVERIFY2(near(sum, expected), qPrintable(QStringLiteral("%1 %2: %3 != %4")
                                                         .arg(QString::fromLatin1(file), data->frameName(f))
                                                         .arg(sum)
                                                         .arg(expected)));
        }
    }
}

void TestTimelineBuckets::topFunctionsOfOneBucketAreTheProfilesBySelfTime()
{
    const AnalysedProfilePtr data = loadCorpusProfile(QStringLiteral("node_fib.cpuprofile"));
    QVERIFY(data);
    const SampleTimes times(data->profile);
    // One bucket over everything: its top functions are the profile's by self time.
    const TimelineBuckets one(data->profile, times.start(), times.end(), 1);
    const auto top = one.topFunctions(data->profile, 0, 3);
    QCOMPARE(top.size(), size_t(3));
    for (const auto& entry : top)
        QVERIFY(near(entry.time, data->analysis.functions.self(entry.frame)));
    QVERIFY(top[0].time >= top[1].time && top[1].time >= top[2].time);
    double best = 0.0;
    for (xsprof::FrameId f : data->analysis.functions.functions())
        best = std::max(best, data->analysis.functions.self(f));
    QCOMPARE(top[0].time, best);
    // Buckets outside the profile have nothing.
    QVERIFY(one.topFunctions(data->profile, 1, 3).empty());
    QCOMPARE(one.bucketAt(times.start() - 1), -1);
    QCOMPARE(one.bucketAt(times.start()), 0);
    QCOMPARE(one.bucketAt(times.end()), -1);
}

void TestTimelineBuckets::sampleRangesCoverTheSamplesInATimeWindow()
{
    for (const char* file : {"node_fib.cpuprofile", "tiny/xs_stacks.cpuprofile"}) {
        const AnalysedProfilePtr data = loadCorpusProfile(QString::fromLatin1(file));
        QVERIFY(data);
        const SampleTimes times(data->profile);
        const size_t n = times.size();
        QVERIFY(n > 4);
        const xsprof::SampleRange all = times.range(times.start(), times.end());
        QCOMPARE(all.begin, size_t(0));
        QCOMPARE(all.end, n);
        // From the start of one sample to the start of another: exactly the samples between.
        const size_t a = n / 4, b = 3 * n / 4;
        const xsprof::SampleRange middle = times.range(times.interval(a).begin, times.interval(b).begin);
        for (size_t i = a; i < b; ++i) // zero-length samples may sit on either side of a border
            QVERIFY(times.interval(i).end > times.interval(i).begin ? (i >= middle.begin && i < middle.end) : true);
        QVERIFY(middle.begin >= a && middle.end <= b);
        const xsprof::SampleRange none = times.range(times.end() + 1, times.end() + 2);
        QCOMPARE(none.begin, none.end);
        // Overlap: a window inside one sample finds just that sample.
        const SampleTimes::Interval in = times.interval(a);
        if (in.end > in.begin) {
            const xsprof::SampleRange inside = times.overlapping(in.begin + (in.end - in.begin) / 4, in.end - (in.end - in.begin) / 4);
            QCOMPARE(inside.end - inside.begin, size_t(1));
            QCOMPARE(inside.begin, a);
        }
    }
}

void TestTimelineBuckets::aZoomedWindowCountsOnlyTimeInsideIt()
{
    const AnalysedProfilePtr data = loadCorpusProfile(QStringLiteral("node_gc_heavy.cpuprofile"));
    QVERIFY(data);
    const SampleTimes times(data->profile);
    const double t0 = times.start() + (times.end() - times.start()) * 0.3;
    const double t1 = times.start() + (times.end() - times.start()) * 0.55;
    const TimelineBuckets buckets(data->profile, t0, t1, 100);
    // The window's time is what the samples overlapping it spend inside it.
    double expected = 0.0;
    for (size_t i = 0; i < times.size(); ++i) {
        const auto in = times.interval(i);
        expected += std::max(0.0, std::min(in.end, t1) - std::max(in.begin, t0));
    }
    double sum = 0.0;
    for (int b = 0; b < buckets.count(); ++b)
        sum += buckets.bucketTotal(b);
    QVERIFY(near(sum, expected));
    QVERIFY(near(sum, t1 - t0)); // a Node profile has no gaps
}

QTEST_GUILESS_MAIN(TestTimelineBuckets)
#include "tst_timelinebuckets.moc"
