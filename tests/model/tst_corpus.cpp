// Every profile of ../shared/corpus loads and agrees with the oracle's NAME.expected.json;
// converting it to .cpuprofile and loading that gives identical numbers.
#include "expectedprofile.h"

#include "model/cpuprofilewriter.h"
#include "model/profileloader.h"

#include <QDirIterator>
#include <QTest>

#include <fstream>
#include <map>
#include <sstream>
#include <tuple>

using namespace xsprof;

class TestCorpus : public QObject {
    Q_OBJECT

private slots:
    void matchesOracle_data();
    void matchesOracle();
    void convertRoundTrip_data() { matchesOracle_data(); }
    void convertRoundTrip();
    void corpusIsComplete();
    void severalProfilesParsedOnce_data();
    void severalProfilesParsedOnce();
    void positionTicksKept_data();
    void positionTicksKept();

private:
    static QString sourceFor(const QString& expectedPath);
    static bool readHere(const nlohmann::json& expected);
};

// Formats whose readers live in another branch (h-formats) until it is merged.
bool TestCorpus::readHere(const nlohmann::json& expected)
{
    const std::string format = expected.value("format", std::string());
    return format != "gecko" && format != "safari-recording";
}

namespace {

// (name, url, line, column, tick line) -> ticks, summed over every stack of the function.
using LineTickSums = std::map<std::tuple<std::string, std::string, int, int, int>, uint64_t>;

LineTickSums lineTickSums(const Profile& p)
{
    LineTickSums sums;
    for (size_t i = 0; i < p.lineTicks.size(); ++i) {
        const FrameId f = p.stacks.frame[p.lineTicks.stack[i].value];
        sums[{std::string(p.frameName(f)), std::string(p.frameUrl(f)), p.frames.line[f.value],
              p.frames.column[f.value], p.lineTicks.line[i]}] += p.lineTicks.ticks[i];
    }
    return sums;
}

} // namespace

void TestCorpus::severalProfilesParsedOnce_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("count");
    QTest::newRow("chromium trace") << QStringLiteral(XSPROF_CORPUS_DIR "/chromium_traceevents_shared.json") << 2;
    QTest::newRow("chrome 66 worker") << QStringLiteral(XSPROF_CORPUS_DIR "/peers/speedscope_chrome66_worker.json") << 2;
}

void TestCorpus::severalProfilesParsedOnce()
{
    // Listing a multi-profile file converts none and keeps what was parsed; each profile
    // converted from it is the one a load with its index gives.
    QFETCH(QString, source);
    QFETCH(int, count);
    LoadOptions listOnly;
    listOnly.listOnlyWhenSeveral = true;
    const LoadResult listed = loadProfileFile(source.toStdString(), listOnly);
    QVERIFY2(!listed.error, listed.error ? listed.error->toString().c_str() : "");
    QVERIFY(!listed.profile);
    QCOMPARE(int(listed.available.size()), count);
    QVERIFY(listed.parsed);
    for (int k = 0; k < count; ++k) {
        LoadOptions options;
        options.profileIndex = k;
        const LoadResult direct = loadProfileFile(source.toStdString(), options);
        const LoadResult kept = listed.parsed->convert(k);
        QVERIFY(direct.ok() && kept.ok());
        const auto a = ProfileAnalysis::compute(*direct.profile);
        const auto b = ProfileAnalysis::compute(*kept.profile);
        QCOMPARE(ExpectedProfile::compareProfiles(*direct.profile, a, *kept.profile, b).size(), size_t(0));
        QCOMPARE(kept.chosenIndex, size_t(k));
    }
    const LoadResult byDefault = listed.parsed->convert(-1);
    QVERIFY(byDefault.ok());
    QCOMPARE(byDefault.chosenIndex, listed.chosenIndex);
}

void TestCorpus::positionTicksKept_data()
{
    QTest::addColumn<QString>("source");
    for (const char* name : {"node_fib.cpuprofile", "node_async_timers.cpuprofile", "chromium_cdp_shared.cpuprofile",
                             "node_deep_recursion.cpuprofile"})
        QTest::newRow(name) << QStringLiteral(XSPROF_CORPUS_DIR "/%1").arg(QLatin1String(name));
}

void TestCorpus::positionTicksKept()
{
    // The file's positionTicks, summed per function and line with nlohmann, are the model's;
    // and a converted file carries the same.
    QFETCH(QString, source);
    std::ifstream in(source.toStdString());
    const nlohmann::json file = nlohmann::json::parse(in);
    LineTickSums want;
    for (const auto& node : file.at("nodes")) {
        const auto& cf = node.at("callFrame");
        for (const auto& t : node.value("positionTicks", nlohmann::json::array()))
            want[{cf.value("functionName", ""), cf.value("url", ""), cf.value("lineNumber", -1) + 1,
                  cf.value("columnNumber", -1) + 1, t.at("line").get<int>()}] += t.at("ticks").get<uint64_t>();
    }
    QVERIFY(!want.empty());
    LoadResult loaded = loadProfileFile(source.toStdString());
    QVERIFY2(loaded.ok(), loaded.error ? loaded.error->toString().c_str() : "");
    QVERIFY(lineTickSums(*loaded.profile) == want);
    std::ostringstream written;
    writeCpuProfile(*loaded.profile, written);
    LoadResult reloaded = loadProfileData(written.str(), "converted");
    QVERIFY2(reloaded.ok(), reloaded.error ? reloaded.error->toString().c_str() : "");
    QVERIFY(lineTickSums(*reloaded.profile) == want);
}

QString TestCorpus::sourceFor(const QString& expectedPath)
{
    const QString stem = expectedPath.chopped(int(qstrlen(".expected.json")));
    for (const char* ext : {".cpuprofile", ".json", ".xsbug"}) {
        if (QFileInfo::exists(stem + QLatin1String(ext)))
            return stem + QLatin1String(ext);
    }
    return {};
}

void TestCorpus::matchesOracle_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<int>("profileIndex");
    QDirIterator it(QStringLiteral(XSPROF_CORPUS_DIR), {QStringLiteral("*.expected.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    QStringList found;
    while (it.hasNext())
        found << it.next();
    found.sort();
    for (const QString& expected : found) {
        const QString source = sourceFor(expected);
        const nlohmann::json e = ExpectedProfile::readFile(expected.toStdString());
        const int count = e.contains("profiles") ? int(e.at("profiles").size()) : 1;
        for (int k = 0; k < count; ++k) {
            const QString name = QDir(QStringLiteral(XSPROF_CORPUS_DIR)).relativeFilePath(source) +
                (count > 1 ? QStringLiteral("#%1").arg(k) : QString());
            QTest::newRow(qPrintable(name)) << source << expected << (count > 1 ? k : -1);
        }
    }
}

void TestCorpus::matchesOracle()
{
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QFETCH(int, profileIndex);
    QVERIFY2(!source.isEmpty(), "no source file next to the expected file");
    if (!readHere(ExpectedProfile::readFile(expected.toStdString())))
        QSKIP("this format's reader is not in this build");
    LoadOptions options;
    options.profileIndex = profileIndex;
    LoadResult loaded = loadProfileFile(source.toStdString(), options);
    QVERIFY2(loaded.ok(), loaded.error ? loaded.error->toString().c_str() : "no profile");
    const nlohmann::json e = ExpectedProfile::readFile(expected.toStdString());
    const auto profiles = ExpectedProfile::profilesOf(e);
    const nlohmann::json& want = profiles.at(size_t(std::max(profileIndex, 0)));
    const ProfileAnalysis analysis = ProfileAnalysis::compute(*loaded.profile);
    const auto errors = ExpectedProfile::compare(*loaded.profile, analysis, want, e.at("key_line_base").get<int>());
    for (size_t i = 0; i < errors.size() && i < 20; ++i)
        qWarning("%s", errors[i].c_str());
    QCOMPARE(errors.size(), size_t(0));
    // DESIGN.md invariants.
    const FunctionAnalysis& fa = analysis.functions;
    double selfSum = 0;
    for (FrameId f : fa.functions()) {
        selfSum += fa.self(f);
        QVERIFY(fa.self(f) <= fa.total(f) + 1e-6);
        QVERIFY(fa.total(f) <= fa.duration() + 1e-6);
    }
    QVERIFY(ExpectedProfile::close(selfSum, fa.duration()));
}

void TestCorpus::convertRoundTrip()
{
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QFETCH(int, profileIndex);
    if (!readHere(ExpectedProfile::readFile(expected.toStdString())))
        QSKIP("this format's reader is not in this build");
    LoadOptions options;
    options.profileIndex = profileIndex;
    LoadResult original = loadProfileFile(source.toStdString(), options);
    QVERIFY2(original.ok(), original.error ? original.error->toString().c_str() : "no profile");
    std::ostringstream written;
    writeCpuProfile(*original.profile, written);
    LoadResult reloaded = loadProfileData(written.str(), "converted");
    QVERIFY2(reloaded.ok(), reloaded.error ? reloaded.error->toString().c_str() : "no profile");
    const auto a = ProfileAnalysis::compute(*original.profile);
    const auto b = ProfileAnalysis::compute(*reloaded.profile);
    const auto errors = ExpectedProfile::compareProfiles(*original.profile, a, *reloaded.profile, b);
    for (size_t i = 0; i < errors.size() && i < 20; ++i)
        qWarning("%s", errors[i].c_str());
    QCOMPARE(errors.size(), size_t(0));
    QVERIFY(reloaded.profile->info.encoding == original.profile->info.encoding);
    // Stated durations (Safari, tracing profiles) are written as until-next samples.
    const DurationRule expectedRule = original.profile->info.durationRule == DurationRule::Given ? DurationRule::UntilNext
                                                                                             : original.profile->info.durationRule;
    QVERIFY(reloaded.profile->info.durationRule == expectedRule);
}

void TestCorpus::corpusIsComplete()
{
    // Guard against an empty or moved corpus making the data-driven tests vacuous.
    QDirIterator it(QStringLiteral(XSPROF_CORPUS_DIR), {QStringLiteral("*.expected.json")}, QDir::Files,
                    QDirIterator::Subdirectories);
    int count = 0;
    while (it.hasNext()) {
        it.next();
        ++count;
    }
    QVERIFY2(count >= 25, qPrintable(QStringLiteral("only %1 expected files found").arg(count)));
}

QTEST_GUILESS_MAIN(TestCorpus)
#include "tst_corpus.moc"
