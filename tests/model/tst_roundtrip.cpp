// Whatever xsprof writes it reads back with the same numbers: live XS sessions recorded by
// XsProfileRecorder (an empty one, one sample, one ended at a break) are written as .cpuprofile,
// loaded again and compared sample by sample and function by function. A simulator's
// instruments ride along: the transcript's <samples> land on the profile at the clock they
// arrived at, the .cpuprofile keeps them ("xsprofInstruments") and report --json states them.
#include "model/cpuprofilewriter.h"
#include "model/profileanalysis.h"
#include "model/profileloader.h"
#include "model/report.h"
#include "model/xs/xsprofilerecorder.h"

#include <QFile>
#include <QRegularExpression>
#include <QTest>

#include <nlohmann/json.hpp>

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

// What a recording sent, read here without the project's parsers: the declared names and
// units, each <samples>' integers, and the profile clock when it came (the <pt start> time
// plus the base-36 deltas of every <ps> sample before it).
struct SentInstruments {
    QStringList names, units;
    std::vector<std::vector<int64_t>> samples;
    std::vector<double> times;
};

SentInstruments sentInstruments(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    const QString text = QString::fromLatin1(f.readAll());
    SentInstruments sent;
    static const QRegularExpression declared(QStringLiteral("<instrument name=\"([^\"]*)\" value=\"([^\"]*)\"/>"));
    for (const QRegularExpressionMatch& m : declared.globalMatch(text)) {
        sent.names << m.captured(1);
        sent.units << m.captured(2);
    }
    static const QRegularExpression message(
        QStringLiteral("<pt name=\"start\" value=\"@([0-9A-F]+)\"|<ps>([^<]*)</ps>|<samples>([^<]*)</samples>"));
    double clock = 0.0;
    for (const QRegularExpressionMatch& m : message.globalMatch(text)) {
        if (!m.captured(1).isEmpty()) {
            clock = double(m.captured(1).toULongLong(nullptr, 16));
        } else if (!m.captured(2).isEmpty()) {
            for (const QString& sample : m.captured(2).split(QLatin1Char('.')))
                clock += double(sample.section(QLatin1Char(','), 0, 0).toULongLong(nullptr, 36));
        } else {
            std::vector<int64_t> values;
            for (const QString& v : m.captured(3).split(QLatin1Char(',')))
                values.push_back(v.toLongLong());
            sent.samples.push_back(values);
            sent.times.push_back(clock);
        }
    }
    return sent;
}

const QString fibapp = QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_fibapp.profile-on-start.xsbug");
const QString workerApp = QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/sim_worker_main.xsbug");

Profile loadedFile(const QString& path)
{
    LoadResult r = loadProfileFile(path.toStdString());
    if (!r.ok())
        qFatal("cannot load %s: %s", qPrintable(path), r.error->toString().c_str());
    return std::move(*r.profile);
}

} // namespace

class TestRoundTrip : public QObject {
    Q_OBJECT
private slots:
    void sessions_data();
    void sessions();
    void emptyProfileSaysWhy();
    void olderEmptyFileOpens();
    void simulatorInstrumentsLandWhereTheyArrived_data();
    void simulatorInstrumentsLandWhereTheyArrived();
    void instrumentsAreKeptWhenSavedAndReopened();
    void jsonReportStatesEachInstrument();
    void instrumentStatisticsOverARange();
};

void TestRoundTrip::simulatorInstrumentsLandWhereTheyArrived_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<int>("count");
    QTest::addRow("fibapp") << fibapp << 3;
    QTest::addRow("worker app") << workerApp << 57;
}

void TestRoundTrip::simulatorInstrumentsLandWhereTheyArrived()
{
    QFETCH(QString, path);
    QFETCH(int, count);
    const SentInstruments sent = sentInstruments(path);
    QCOMPARE(sent.names.size(), 21);
    QCOMPARE(int(sent.samples.size()), count); // the oracle's message_counts.samples
    const Profile p = loadedFile(path);
    const InstrumentSeries& in = p.instruments;
    QCOMPARE(int(in.instrumentCount()), 21);
    for (int i = 0; i < 21; ++i) {
        QCOMPARE(QString::fromStdString(in.names[size_t(i)]), sent.names[i]);
        QCOMPARE(QString::fromStdString(in.units[size_t(i)]), sent.units[i]);
    }
    QCOMPARE(in.sampleCount(), sent.samples.size());
    for (size_t k = 0; k < sent.samples.size(); ++k) {
        QCOMPARE(in.times[k], sent.times[k]);
        for (size_t i = 0; i < 21; ++i)
            QCOMPARE(in.values[i][k], sent.samples[k][i]);
    }
    // On the samples' own time base: from the start to no later than the last sample.
    QCOMPARE(in.times.front(), *p.info.startTime);
    QVERIFY(in.times.back() <= p.samples.time.back());
    QCOMPARE(in.displayUnit(9), std::string("bytes")); // "Chunk used" " / " takes "Chunk available"'s
}

void TestRoundTrip::instrumentsAreKeptWhenSavedAndReopened()
{
    const Profile p = loadedFile(fibapp);
    std::ostringstream out;
    writeCpuProfile(p, out);
    const nlohmann::json file = nlohmann::json::parse(out.str());
    QVERIFY(file.contains("xsprofInstruments"));
    QCOMPARE(file["xsprofInstruments"]["times"][0].get<double>(), 0.0); // relative to startTime
    const Profile back = roundTrip(p);
    QVERIFY(back.instruments.names == p.instruments.names);
    QVERIFY(back.instruments.units == p.instruments.units);
    QVERIFY(back.instruments.times == p.instruments.times);
    QVERIFY(back.instruments.values == p.instruments.values);
    // A field that does not fit is left out, the profile still opens.
    std::string broken = out.str();
    broken.replace(broken.find("\"times\":["), 9, "\"times\":[\"x\",");
    const LoadResult r = loadProfileData(broken, "broken.cpuprofile");
    QVERIFY(r.ok());
    QVERIFY(r.profile->instruments.empty());
    QCOMPARE(r.profile->samples.size(), p.samples.size());
}

void TestRoundTrip::jsonReportStatesEachInstrument()
{
    const Profile p = loadedFile(workerApp);
    const SentInstruments sent = sentInstruments(workerApp);
    const nlohmann::json report =
        nlohmann::json::parse(formatJsonReport(p, ProfileAnalysis::compute(p), ReportOptions()));
    const nlohmann::json& instruments = report.at("instruments");
    QCOMPARE(instruments.at("sample_count").get<size_t>(), sent.samples.size());
    QCOMPARE(instruments.at("tracks").size(), size_t(21));
    const nlohmann::json& gc = instruments.at("tracks").at(15);
    QCOMPARE(gc.at("name").get<std::string>(), std::string("Garbage collections"));
    QCOMPARE(gc.at("unit").get<std::string>(), std::string("times"));
    int64_t low = INT64_MAX, high = INT64_MIN;
    double sum = 0;
    for (const std::vector<int64_t>& values : sent.samples) {
        low = std::min(low, values[15]);
        high = std::max(high, values[15]);
        sum += double(values[15]);
    }
    QCOMPARE(gc.at("min").get<int64_t>(), low);
    QCOMPARE(gc.at("max").get<int64_t>(), high);
    QCOMPARE(gc.at("mean").get<double>(), sum / double(sent.samples.size()));
    QCOMPARE(gc.at("values").size(), sent.samples.size());
    QCOMPARE(instruments.at("times_us").at(0).get<double>(), sent.times[0] - *p.info.startTime);
}

void TestRoundTrip::instrumentStatisticsOverARange()
{
    const Profile p = loadedFile(workerApp);
    const SentInstruments sent = sentInstruments(workerApp);
    // The samples from the 10th to the 20th <samples>, by their arrival times.
    const double t0 = sent.times[9], t1 = sent.times[19];
    QVERIFY(t0 < t1);
    int64_t low = INT64_MAX, high = INT64_MIN;
    double sum = 0;
    size_t count = 0;
    for (size_t k = 0; k < sent.samples.size(); ++k) {
        if (sent.times[k] < t0 || sent.times[k] > t1)
            continue;
        low = std::min(low, sent.samples[k][9]);
        high = std::max(high, sent.samples[k][9]);
        sum += double(sent.samples[k][9]);
        ++count;
    }
    const InstrumentStats stats = p.instruments.stats(9, t0, t1); // Chunk used
    QCOMPARE(stats.count, count);
    QVERIFY(count >= 11);
    QCOMPARE(stats.min, low);
    QCOMPARE(stats.max, high);
    QCOMPARE(stats.mean, sum / double(count));
    QVERIFY(low < high); // a range where it changed: the test can tell min from max
    QCOMPARE(p.instruments.stats(9, t1 + 0.5, t1 + 0.75).count, size_t(0)); // between two samples: none
    size_t last = 19; // the last one received by then still holds
    while (last + 1 < sent.times.size() && sent.times[last + 1] <= t1 + 0.5)
        ++last;
    QCOMPARE(*p.instruments.valueAt(9, t1 + 0.5), sent.samples[last][9]);
    QVERIFY(!p.instruments.valueAt(9, sent.times[0] - 1.0)); // nothing before the first
}

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
