// Every profile of ../shared/corpus loads and agrees with the oracle's NAME.expected.json;
// converting it to .cpuprofile and loading that gives identical numbers.
#include "expectedprofile.h"

#include "model/cpuprofilewriter.h"
#include "model/profileloader.h"

#include <QDirIterator>
#include <QTest>

#include <sstream>

using namespace xsprof;

class TestCorpus : public QObject {
    Q_OBJECT

private slots:
    void matchesOracle_data();
    void matchesOracle();
    void convertRoundTrip_data() { matchesOracle_data(); }
    void convertRoundTrip();
    void corpusIsComplete();

private:
    static QString sourceFor(const QString& expectedPath);
};

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
    QFETCH(int, profileIndex);
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
