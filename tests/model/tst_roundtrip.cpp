// Whatever xsprof writes it reads back with the same numbers: live XS sessions recorded by
// XsProfileRecorder (an empty one, one sample, one ended at a break) are written as .cpuprofile,
// loaded again and compared sample by sample and function by function.
#include "model/cpuprofilewriter.h"
#include "model/profileanalysis.h"
#include "model/profileloader.h"
#include "model/report.h"
#include "model/xsprofilerecorder.h"

#include <QTest>

#include <map>
#include <sstream>

using namespace xsprof;

namespace {

struct Numbers {
    std::vector<double> durations;
    std::map<int64_t, std::pair<double, double>> functions; // xsId -> (self, total)
    std::map<int64_t, std::string> names;
};

Numbers numbersOf(const Profile& p)
{
    Numbers n;
    for (size_t i = 0; i < p.samples.size(); ++i)
        n.durations.push_back(p.samples.duration(i));
    const ProfileAnalysis a = ProfileAnalysis::compute(p);
    for (FrameId f : a.functions.functions()) {
        n.functions[p.frames.xsId[f.value]] = {a.functions.self(f), a.functions.total(f)};
        n.names[p.frames.xsId[f.value]] = std::string(p.frameName(f));
    }
    return n;
}

Profile roundTrip(const Profile& p)
{
    std::ostringstream out;
    writeCpuProfile(p, out);
    const std::string text = out.str();
    LoadResult r = loadProfileData(text, "saved.cpuprofile");
    if (!r.ok())
        qFatal("cannot read back what was written: %s\n%s", r.error->toString().c_str(), text.c_str());
    return std::move(*r.profile);
}

XsProfileRecorder startedSession()
{
    XsProfileRecorder recorder("machine");
    recorder.onProfileTime("start", "@0000000000010000");
    recorder.onProfileRecord(0, "(host)", "", 0);
    recorder.onProfileRecord(7, "main", "/app/main.js", 12);
    recorder.onProfileRecord(8, "", "/app/main.js", 30); // an anonymous function
    return recorder;
}

} // namespace

class TestRoundTrip : public QObject {
    Q_OBJECT
private slots:
    void sessions_data();
    void sessions();
    void emptyProfileSaysWhy();
    void olderEmptyFileOpens();
};

void TestRoundTrip::sessions_data()
{
    QTest::addColumn<QString>("samples"); // <ps> batches separated by '|'
    QTest::addColumn<bool>("breakAtEnd");  // suspended at a break, then the machine went away
    QTest::addColumn<int>("count");
    QTest::addRow("empty session") << QString() << false << 0;
    QTest::addRow("one sample") << QStringLiteral("1f,7,0") << false << 1;
    QTest::addRow("ended at a break") << QStringLiteral("a,7,0.b,8,7,0.3,0|c,8,7,0") << true << 4;
}

void TestRoundTrip::sessions()
{
    QFETCH(QString, samples);
    QFETCH(bool, breakAtEnd);
    QFETCH(int, count);
    XsProfileRecorder recorder = startedSession();
    for (const QString& batch : samples.split(QLatin1Char('|'), Qt::SkipEmptyParts))
        recorder.onProfileSamples(batch.toStdString());
    if (breakAtEnd) {
        recorder.onProfileTime("suspend", "@0000000000020000");
        recorder.finish();
    } else {
        recorder.onProfileTime("stop", "@0000000000020000");
    }
    QCOMPARE(recorder.sessions().size(), size_t(1));
    const Profile& recorded = recorder.sessions().front();
    QCOMPARE(int(recorded.samples.size()), count);

    const Profile back = roundTrip(recorded);
    QCOMPARE(back.samples.size(), recorded.samples.size());
    QVERIFY(back.info.durationRule == DurationRule::OwnDelta);
    QVERIFY(back.info.encoding == Encoding::Stacks);
    const Numbers a = numbersOf(recorded), b = numbersOf(back);
    QVERIFY(b.durations == a.durations);
    QVERIFY(b.functions == a.functions);
    QVERIFY(b.names == a.names);
    // And again: a saved file saved again is the same file.
    std::ostringstream once, twice;
    writeCpuProfile(back, once);
    writeCpuProfile(roundTrip(back), twice);
    QCOMPARE(twice.str(), once.str());
}

void TestRoundTrip::emptyProfileSaysWhy()
{
    XsProfileRecorder recorder = startedSession();
    recorder.onProfileTime("stop", "@0000000000010100");
    const Profile back = roundTrip(recorder.sessions().front());
    const std::string report = formatTextReport(back, ProfileAnalysis::compute(back), {});
    QVERIFY2(report.find("no samples") != std::string::npos, report.c_str());
    QVERIFY2(report.find("batches of 8") != std::string::npos, report.c_str());
    QVERIFY(noSamplesExplanation(recorder.sessions().front()) == noSamplesExplanation(back));
}

void TestRoundTrip::olderEmptyFileOpens()
{
    // What xsprof 0.1 wrote for an empty session: no nodes at all.
    const LoadResult empty =
        loadProfileData(R"({"nodes":[],"startTime":65536,"endTime":65792,"samples":[],"timeDeltas":[]})", "old");
    QVERIFY(empty.ok());
    QCOMPARE(empty.profile->samples.size(), size_t(0));
    // Samples that name no node are still an error.
    const LoadResult broken = loadProfileData(R"({"nodes":[],"samples":[1],"timeDeltas":[5]})", "broken");
    QVERIFY(!broken.ok());
    QVERIFY(broken.error->problem.find("no nodes") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestRoundTrip)
#include "tst_roundtrip.moc"
