// The readers of model/readers/: Safari recordings and Gecko profiles agree with the
// oracle; processed profiles with the Gecko numbers; trace-event tracing profiles with
// speedscope's own results on its edge cases; every format converts to a .cpuprofile that
// reopens with the same numbers; malformed input gives errors naming file, format and place.
#include "expectedprofile.h"

#include "model/cpuprofilewriter.h"
#include "model/profileloader.h"
#include "model/readers/formatreaders.h"

#include <QDirIterator>
#include <QTest>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

using namespace xsprof;

namespace {

const QString corpus = QStringLiteral(XSPROF_CORPUS_DIR);
const QString fixtures = QStringLiteral(XSPROF_FIXTURES_DIR);

std::string readBytes(const QString& path)
{
    std::ifstream in(path.toStdString(), std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

QString sourceFor(const QString& expectedPath)
{
    const QString stem = expectedPath.chopped(int(qstrlen(".expected.json")));
    for (const char* ext : {".json", ".cpuprofile"}) {
        if (QFileInfo::exists(stem + QLatin1String(ext)))
            return stem + QLatin1String(ext);
    }
    return {};
}

// Every corpus file of the formats read here, by the oracle's "format".
QStringList oracleFiles()
{
    QStringList found;
    QDirIterator it(corpus, {QStringLiteral("*.expected.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString expected = it.next();
        const std::string format = ExpectedProfile::readFile(expected.toStdString()).value("format", "");
        if (format == "safari-recording" || format == "gecko")
            found << expected;
    }
    found.sort();
    return found;
}

std::vector<std::string> compareWithOracle(const LoadResult& loaded, const nlohmann::json& e, size_t index)
{
    const auto profiles = ExpectedProfile::profilesOf(e);
    const ProfileAnalysis analysis = ProfileAnalysis::compute(*loaded.profile);
    return ExpectedProfile::compare(*loaded.profile, analysis, profiles.at(index), e.at("key_line_base").get<int>());
}

void expectNoErrors(const std::vector<std::string>& errors)
{
    for (size_t i = 0; i < errors.size() && i < 20; ++i)
        qWarning("%s", errors[i].c_str());
    QCOMPARE(errors.size(), size_t(0));
}

// Per function name: (self, inclusive), summed over frames of one name (self) .
std::map<std::string, std::pair<double, double>> byName(const Profile& p)
{
    const ProfileAnalysis a = ProfileAnalysis::compute(p);
    std::map<std::string, std::pair<double, double>> out;
    for (FrameId f : a.functions.functions()) {
        auto& entry = out[std::string(p.frameName(f))];
        entry.first += a.functions.self(f);
        entry.second = a.functions.inclusive(f);
    }
    return out;
}

} // namespace

class TestNewFormats : public QObject {
    Q_OBJECT

private slots:
    void matchesOracle_data();
    void matchesOracle();
    void referenceParserReadsTheSame_data();
    void referenceParserReadsTheSame();
    void defaultGeckoProfileHasMostJavaScript();
    void describesWhatWasOpened();
    void processedProfilesGiveTheGeckoNumbers_data();
    void processedProfilesGiveTheGeckoNumbers();
    void olderProcessedVersionsLoad();
    void traceEventsAsSpeedscope_data();
    void traceEventsAsSpeedscope();
    void traceEventRepairsAreReported();
    void traceWithoutProfileIsAnError();
    void speedscopeFiles();
    void convertRoundTrip_data();
    void convertRoundTrip();
    void malformed_data();
    void malformed();
    void devToolsRecordingsWithAllocationsOpen();
    void chromeProfilesNamingMissingNodesOpenWithANote_data();
    void chromeProfilesNamingMissingNodesOpenWithANote();
    void heapProfilesAreReadInBytes();
};

void TestNewFormats::matchesOracle_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("expected");
    QTest::addColumn<int>("profileIndex");
    const QStringList files = oracleFiles();
    QVERIFY2(files.size() >= 8, qPrintable(QStringLiteral("only %1 Safari/Gecko files in the corpus").arg(files.size())));
    for (const QString& expected : files) {
        const nlohmann::json e = ExpectedProfile::readFile(expected.toStdString());
        const int count = e.contains("profiles") ? int(e.at("profiles").size()) : 1;
        for (int k = 0; k < count; ++k) {
            const QString name = QDir(corpus).relativeFilePath(expected) + QStringLiteral("#%1").arg(k);
            QTest::newRow(qPrintable(name)) << sourceFor(expected) << expected << k;
        }
    }
}

void TestNewFormats::matchesOracle()
{
    QFETCH(QString, source);
    QFETCH(QString, expected);
    QFETCH(int, profileIndex);
    LoadOptions options;
    options.profileIndex = profileIndex;
    const LoadResult loaded = loadProfileFile(source.toStdString(), options);
    QVERIFY2(loaded.ok(), loaded.error ? loaded.error->toString().c_str() : "no profile");
    const nlohmann::json e = ExpectedProfile::readFile(expected.toStdString());
    QCOMPARE(loaded.available.size(), ExpectedProfile::profilesOf(e).size());
    QCOMPARE(loaded.chosenIndex, size_t(profileIndex));
    expectNoErrors(compareWithOracle(loaded, e, size_t(profileIndex)));
}

void TestNewFormats::referenceParserReadsTheSame_data()
{
    // Every reader goes through readJsonDocument (model/readers/jsondocumentreading.h) and reads with
    // simdjson or, with LoadOptions::referenceJsonParser, nlohmann: both give one profile, or
    // one error.
    QTest::addColumn<QString>("source");
    int rows = 0;
    for (const QString& expected : oracleFiles()) {
        QTest::newRow(qPrintable(QDir(corpus).relativeFilePath(expected))) << sourceFor(expected);
        ++rows;
    }
    QDirIterator it(fixtures, {QStringLiteral("*.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString file = it.next();
        if (file.endsWith(QLatin1String("/expected.json")))
            continue;
        QTest::newRow(qPrintable(QDir(fixtures).relativeFilePath(file))) << file;
        ++rows;
    }
    QVERIFY2(rows >= 40, "too few Safari, Gecko, processed, trace-event and speedscope files");
}

void TestNewFormats::referenceParserReadsTheSame()
{
    QFETCH(QString, source);
    LoadOptions reference;
    reference.referenceJsonParser = true;
    const LoadResult fast = loadProfileFile(source.toStdString());
    const LoadResult slow = loadProfileFile(source.toStdString(), reference);
    if (!fast.ok()) {
        QVERIFY(fast.error && slow.error);
        QCOMPARE(QString::fromStdString(slow.error->toString()), QString::fromStdString(fast.error->toString()));
        return;
    }
    QVERIFY2(slow.ok(), slow.error ? slow.error->toString().c_str() : "");
    QCOMPARE(fast.profile->samples.time, slow.profile->samples.time);
    QCOMPARE(fast.profile->samples.stack, slow.profile->samples.stack);
    QCOMPARE(fast.profile->stacks.frame, slow.profile->stacks.frame);
    QCOMPARE(fast.profile->frames.line, slow.profile->frames.line);
    QCOMPARE(fast.profile->strings.size(), slow.profile->strings.size());
    QCOMPARE(fast.profile->info.description, slow.profile->info.description);
    QCOMPARE(fast.warnings, slow.warnings);
    QCOMPARE(fast.available.size(), slow.available.size());
    const auto a = ProfileAnalysis::compute(*fast.profile);
    const auto b = ProfileAnalysis::compute(*slow.profile);
    expectNoErrors(ExpectedProfile::compareProfiles(*fast.profile, a, *slow.profile, b));
}

void TestNewFormats::defaultGeckoProfileHasMostJavaScript()
{
    // firefox153_fib: four GeckoMain threads; the page's content process has the most JS samples.
    const QString path = corpus + QStringLiteral("/peers/firefox153_fib.gecko.json");
    const LoadResult loaded = loadProfileFile(path.toStdString());
    QVERIFY2(loaded.ok(), loaded.error ? loaded.error->toString().c_str() : "");
    const nlohmann::json e = ExpectedProfile::readFile(QString(corpus + QStringLiteral("/peers/firefox153_fib.gecko.expected.json")).toStdString());
    size_t best = 0;
    const auto profiles = ExpectedProfile::profilesOf(e);
    for (size_t i = 0; i < profiles.size(); ++i) {
        if (profiles[i].at("js_samples").get<size_t>() > profiles[best].at("js_samples").get<size_t>())
            best = i;
    }
    QCOMPARE(loaded.chosenIndex, best);
    expectNoErrors(compareWithOracle(loaded, e, best));
    for (size_t i = 0; i < profiles.size(); ++i) {
        const std::string& listed = loaded.available[i].name;
        QVERIFY2(listed.find(profiles[i].at("process_name").get<std::string>()) != std::string::npos, listed.c_str());
        QVERIFY2(listed.find(profiles[i].at("thread_name").get<std::string>()) != std::string::npos, listed.c_str());
        QVERIFY2(listed.find("pid " + std::to_string(profiles[i].at("pid").get<int>())) != std::string::npos, listed.c_str());
        QCOMPARE(loaded.available[i].sampleCount, profiles[i].at("sample_count").get<size_t>());
    }
}

void TestNewFormats::describesWhatWasOpened()
{
    const LoadResult safari = loadProfileFile(QString(corpus + QStringLiteral("/tiny/safari_recording.json")).toStdString());
    QVERIFY(safari.ok());
    QCOMPARE(safari.profile->info.description, std::string("Safari recording 'Timeline Recording 1'"));
    QCOMPARE(toString(safari.profile->info.format), std::string_view("safari-recording"));
    const LoadResult gecko = loadProfileFile(QString(corpus + QStringLiteral("/peers/firefox153_fib.gecko.json")).toStdString());
    QVERIFY(gecko.ok());
    QCOMPARE(gecko.profile->info.description, std::string("Firefox — file:// Content, GeckoMain, pid 14798"));
    const LoadResult old = loadProfileFile(QString(corpus + QStringLiteral("/peers/speedscope_firefox63_recording.json")).toStdString());
    QVERIFY(old.ok());
    QVERIFY2(old.profile->info.description.starts_with("Firefox 63 — "), old.profile->info.description.c_str());
}

void TestNewFormats::processedProfilesGiveTheGeckoNumbers_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("version 24") << QStringLiteral("gecko_tiny.processed-v24.json");
    QTest::newRow("version 70") << QStringLiteral("gecko_tiny.processed-v70.json");
}

void TestNewFormats::processedProfilesGiveTheGeckoNumbers()
{
    QFETCH(QString, file);
    const LoadResult loaded = loadProfileFile(QString(fixtures + QStringLiteral("/firefox/") + file).toStdString());
    QVERIFY2(loaded.ok(), loaded.error ? loaded.error->toString().c_str() : "");
    QVERIFY(loaded.profile->info.format == SourceFormat::FirefoxProcessed);
    QCOMPARE(loaded.chosenIndex, size_t(0)); // GeckoMain has JS, the other thread none
    const nlohmann::json e = ExpectedProfile::readFile(QString(corpus + QStringLiteral("/tiny/gecko.expected.json")).toStdString());
    expectNoErrors(compareWithOracle(loaded, e, 0));
}

void TestNewFormats::olderProcessedVersionsLoad()
{
    // The Firefox Profiler's own fixtures of old versions (1, 7, 24): each thread listed,
    // every sample kept, times until the next sample.
    for (const char* file : {"profiler-processed-1.json", "profiler-processed-2.json", "profiler-processed-3.json"}) {
        const QString path = fixtures + QStringLiteral("/firefox/") + QLatin1String(file);
        const nlohmann::json raw = ExpectedProfile::readFile(path.toStdString());
        for (size_t k = 0; k < raw.at("threads").size(); ++k) {
            LoadOptions options;
            options.profileIndex = int(k);
            const LoadResult loaded = loadProfileFile(path.toStdString(), options);
            QVERIFY2(loaded.ok(), loaded.error ? loaded.error->toString().c_str() : "");
            const auto& samples = raw.at("threads")[k].at("samples");
            QCOMPARE(loaded.profile->samples.size(), samples.at("stack").size());
            const auto& times = samples.at("time");
            const double span = times.back().get<double>() - times.front().get<double>();
            QVERIFY(ExpectedProfile::close(loaded.profile->duration(), (span + loaded.profile->samples.lastDuration / 1000.0) * 1000.0));
        }
    }
}

void TestNewFormats::traceEventsAsSpeedscope_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("profileIndex");
    const nlohmann::json expected = ExpectedProfile::readFile(QString(fixtures + QStringLiteral("/speedscope/expected.json")).toStdString());
    for (const auto& [file, profiles] : expected.items()) {
        for (size_t k = 0; k < profiles.size(); ++k)
            QTest::newRow(qPrintable(QStringLiteral("%1#%2").arg(QString::fromStdString(file)).arg(k)))
                << QString::fromStdString(file) << int(k);
    }
}

void TestNewFormats::traceEventsAsSpeedscope()
{
    QFETCH(QString, file);
    QFETCH(int, profileIndex);
    const nlohmann::json expected = ExpectedProfile::readFile(QString(fixtures + QStringLiteral("/speedscope/expected.json")).toStdString());
    LoadOptions options;
    options.profileIndex = profileIndex;
    const LoadResult loaded = loadProfileFile(QString(fixtures + QStringLiteral("/speedscope/") + file).toStdString(), options);
    const auto& frames = expected.at(file.toStdString()).at(size_t(profileIndex));
    if (std::all_of(frames.begin(), frames.end(), [](const auto& f) { return f.at("total").template get<double>() == 0; })) {
        // speedscope shows a profile without time; here that is an error saying so.
        QVERIFY(!loaded.ok());
        QVERIFY2(loaded.error->toString().find("enclose no time") != std::string::npos, loaded.error->toString().c_str());
        return;
    }
    QVERIFY2(loaded.ok(), loaded.error ? loaded.error->toString().c_str() : "");
    const Profile& p = *loaded.profile;
    // Stack samples last until the next one; speedscope gives the last one nothing, DESIGN.md the
    // median of the others: that much more on the last sample's stack.
    double extraSelf = 0;
    std::vector<std::string> lastStack;
    if (p.info.durationRule == DurationRule::UntilNext && p.samples.size()) {
        extraSelf = p.samples.lastDuration;
        for (StackId s = p.samples.stack.back(); s.isValid(); s = p.stacks.parent[s.value])
            lastStack.emplace_back(p.frameName(p.stacks.frame[s.value]));
    }
    const auto got = byName(p);
    std::map<std::string, std::pair<double, double>> want;
    std::map<std::string, int> framesOfName;
    for (const auto& f : expected.at(file.toStdString()).at(size_t(profileIndex))) {
        const std::string name = f.at("name").get<std::string>();
        want[name].first += f.at("self").get<double>();
        want[name].second = f.at("total").get<double>();
        ++framesOfName[name];
    }
    for (const auto& [name, numbers] : want) {
        const bool onLast = std::find(lastStack.begin(), lastStack.end(), name) != lastStack.end();
        const bool isLeaf = !lastStack.empty() && lastStack.front() == name;
        const auto it = got.find(name);
        if (numbers.second == 0) { // a zero-length event takes no time: not a sampled function
            QVERIFY2(it == got.end() || it->second.second == 0, name.c_str());
            continue;
        }
        QVERIFY2(it != got.end(), ("missing function " + name).c_str());
        QVERIFY2(ExpectedProfile::close(it->second.first, numbers.first + (isLeaf ? extraSelf : 0)),
                 (name + " self " + std::to_string(it->second.first)).c_str());
        if (framesOfName[name] == 1) // speedscope splits a name by args; totals only compare when it did not
            QVERIFY2(ExpectedProfile::close(it->second.second, numbers.second + (onLast ? extraSelf : 0)),
                     (name + " total " + std::to_string(it->second.second)).c_str());
    }
    for (const auto& [name, numbers] : got) {
        const bool onLast = std::find(lastStack.begin(), lastStack.end(), name) != lastStack.end();
        if (name != "(root)" && !onLast) // speedscope drops the weightless last sample's functions
            QVERIFY2(want.contains(name), ("unexpected function " + name).c_str());
    }
}

void TestNewFormats::traceEventRepairsAreReported()
{
    const auto load = [](const char* file) {
        return loadProfileFile(QString(fixtures + QStringLiteral("/speedscope/") + QLatin1String(file)).toStdString());
    };
    const auto mentions = [](const LoadResult& r, const char* text) {
        for (const std::string& w : r.warnings) {
            if (w.find(text) != std::string::npos)
                return true;
        }
        return false;
    };
    const LoadResult tooMany = load("too-many-end-events.json");
    QVERIFY(tooMany.ok());
    QVERIFY(mentions(tooMany, "2 end events that did not match the innermost open event were ignored"));
    const LoadResult onlyBegins = load("only-begin-events.json");
    QVERIFY(onlyBegins.ok());
    QVERIFY(mentions(onlyBegins, "3 events still open at the end were closed at the last event")); // in English number
    const LoadResult partial = load("simple-partial-trailing-comma.json");
    QVERIFY(partial.ok());
    QVERIFY(mentions(partial, "not closed"));
    const LoadResult mismatched = load("mismatched-args.json");
    QVERIFY(mentions(mismatched, "1 end event with other args than its begin event closed it by name"));
    const LoadResult clean = load("simple.json");
    QVERIFY(clean.ok());
    QVERIFY(clean.warnings.empty());
}

void TestNewFormats::traceWithoutProfileIsAnError()
{
    const LoadResult r = loadProfileData(R"([{"ph":"M","name":"process_name","pid":1,"args":{"name":"x"}},
                                            {"ph":"i","name":"mark","pid":1,"tid":1,"ts":5}])", "empty.json");
    QVERIFY(!r.ok());
    QVERIFY2(r.error->toString().find("no duration events") != std::string::npos, r.error->toString().c_str());
}

void TestNewFormats::speedscopeFiles()
{
    // two-sampled: weights in seconds; a: 14 s inclusive, b 14 s, c (leaf of three samples) 5 s.
    const LoadResult two = loadProfileFile(QString(fixtures + QStringLiteral("/speedscope/two-sampled.speedscope.json")).toStdString());
    QVERIFY2(two.ok(), two.error ? two.error->toString().c_str() : "");
    QCOMPARE(two.available.size(), size_t(2));
    QVERIFY(ExpectedProfile::close(two.profile->duration(), 14e6));
    const auto numbers = byName(*two.profile);
    QVERIFY(ExpectedProfile::close(numbers.at("a").second, 14e6));
    QVERIFY(ExpectedProfile::close(numbers.at("b").first, 5e6));
    QVERIFY(ExpectedProfile::close(numbers.at("c").first, 5e6));
    QVERIFY(ExpectedProfile::close(numbers.at("d").first, 4e6));
    for (const char* file : {"simple-sampled.speedscope.json", "simple-evented.speedscope.json"}) {
        const LoadResult r = loadProfileFile(QString(fixtures + QStringLiteral("/speedscope/") + QLatin1String(file)).toStdString());
        QVERIFY2(r.ok(), r.error ? r.error->toString().c_str() : file);
        QVERIFY(r.profile->info.format == SourceFormat::Speedscope);
        QVERIFY(r.profile->duration() > 0);
    }
}

void TestNewFormats::convertRoundTrip_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<int>("profileIndex");
    for (const QString& expected : oracleFiles())
        QTest::newRow(qPrintable(QDir(corpus).relativeFilePath(expected))) << sourceFor(expected) << -1;
    for (const char* f : {"firefox/gecko_tiny.processed-v70.json", "speedscope/two-sampled.speedscope.json",
                          "speedscope/simple-evented.speedscope.json", "speedscope/bex-interaction.json",
                          "speedscope/simple-with-samples.json", "speedscope/simple-hermes.json"})
        QTest::newRow(f) << fixtures + QLatin1Char('/') + QLatin1String(f) << -1;
}

void TestNewFormats::convertRoundTrip()
{
    QFETCH(QString, source);
    QFETCH(int, profileIndex);
    LoadOptions options;
    options.profileIndex = profileIndex;
    const LoadResult original = loadProfileFile(source.toStdString(), options);
    QVERIFY2(original.ok(), original.error ? original.error->toString().c_str() : "");
    std::ostringstream written;
    writeCpuProfile(*original.profile, written);
    const LoadResult reloaded = loadProfileData(written.str(), "converted.cpuprofile");
    QVERIFY2(reloaded.ok(), reloaded.error ? reloaded.error->toString().c_str() : "");
    QVERIFY(reloaded.profile->info.format == SourceFormat::CpuProfile);
    const auto a = ProfileAnalysis::compute(*original.profile);
    const auto b = ProfileAnalysis::compute(*reloaded.profile);
    expectNoErrors(ExpectedProfile::compareProfiles(*original.profile, a, *reloaded.profile, b));
}

void TestNewFormats::malformed_data()
{
    QTest::addColumn<QString>("source");
    QTest::addColumn<QString>("from");
    QTest::addColumn<QString>("to");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("where");
    const QString safari = corpus + QStringLiteral("/tiny/safari_recording.json");
    const QString gecko = corpus + QStringLiteral("/tiny/gecko.json");
    const QString processed = fixtures + QStringLiteral("/firefox/gecko_tiny.processed-v70.json");
    const QString trace = fixtures + QStringLiteral("/speedscope/simple.json");
    const QString hermes = fixtures + QStringLiteral("/speedscope/simple-with-samples.json");
    const QString speedscope = fixtures + QStringLiteral("/speedscope/two-sampled.speedscope.json");
    // from "" = cut the file in half.
    QTest::newRow("safari truncated") << safari << "" << "" << "Safari recording" << "byte";
    QTest::newRow("safari wrong type") << safari << "\"timestamp\": 10.0" << "\"timestamp\": \"10\"" << "Safari recording"
                                       << "sample 0, byte";
    QTest::newRow("safari lengths") << safari << "[0.001, 0.0015]" << "[0.001]" << "Safari recording" << "recording";
    QTest::newRow("gecko truncated") << gecko << "" << "" << "Firefox Gecko profile" << "byte";
    QTest::newRow("gecko dangling frame") << gecko << "[2, 3]]" << "[2, 30]]" << "Firefox Gecko profile"
                                          << "thread 0, stack 3, byte";
    QTest::newRow("gecko dangling stack") << gecko << "[[2, 0.0, 0]" << "[[9, 0.0, 0]" << "Firefox Gecko profile"
                                          << "thread 0, sample 0, byte";
    QTest::newRow("gecko wrong type") << gecko << "\"data\": [[2, 0.0, 0]" << "\"data\": [{}" << "Firefox Gecko profile"
                                      << "thread 0, sample 0, byte";
    QTest::newRow("processed truncated") << processed << "" << "" << "Firefox Profiler processed profile" << "byte";
    QTest::newRow("processed dangling func") << processed << "\"func\": [0, 1, 2, 3]" << "\"func\": [0, 1, 2, 7]"
                                             << "Firefox Profiler processed profile" << "frame 3, byte";
    QTest::newRow("processed wrong type") << processed << "\"time\": [0.0, 1.0" << "\"time\": [\"0\", 1.0"
                                          << "Firefox Profiler processed profile" << "thread 0, sample 0, byte";
    QTest::newRow("gecko location type") << gecko << "\"stringTable\"" << "\"stringTablx\"" << "Firefox Gecko profile"
                                         << "thread 0, frame 0, byte";
    QTest::newRow("gecko no schema column") << gecko << "\"prefix\"" << "\"prefx\"" << "Firefox Gecko profile"
                                            << "thread 0, byte";
    QTest::newRow("processed dangling prefix") << processed << "\"prefixOffset\": [0, 1, 1, 1]"
                                               << "\"prefixOffset\": [0, 1, 1, 9]"
                                               << "Firefox Profiler processed profile" << "stack 3, byte";
    QTest::newRow("processed no threads") << processed << "\"threads\"" << "\"thread\""
                                          << "Firefox Profiler processed profile" << "";
    QTest::newRow("trace syntax") << trace << "\"ts\": 0}" << "\"ts\": 0,}" << "trace-event file" << "byte";
    QTest::newRow("hermes parent cycle") << hermes << "\"category\": \"root\"" << "\"category\": \"root\", \"parent\": 2"
                                         << "trace-event file"
                                         << "stack frame 1, byte";
    QTest::newRow("trace truncated object") << fixtures + QStringLiteral("/speedscope/simple-object.json") << "" << ""
                                            << "" << "byte";
    QTest::newRow("trace wrong type") << trace << "\"ts\": 0}" << "\"ts\": {}}" << "trace-event file" << "trace event 0, byte";
    QTest::newRow("hermes dangling frame") << hermes << "\"sf\": 1\n" << "\"sf\": 99\n" << "trace-event file" << "sample 0, byte";
    QTest::newRow("speedscope truncated") << speedscope << "" << "" << "speedscope file" << "byte";
    QTest::newRow("speedscope dangling frame") << speedscope << "[[0, 1, 2]," << "[[0, 1, 20]," << "speedscope file"
                                               << "profile 0, sample 0, byte";
    const QString heap = fixtures + QStringLiteral("/peers/speedscope-node10-Heap-20181003T105432.heapprofile");
    const QString heapEnd = QStringLiteral("}]}]}]}]}]}]}]}]}]}]}]}]}]}}");
    QTest::newRow("heap truncated") << heap << "" << "" << "V8 sampling heap profile" << "byte";
    // The path is in the message; where is the node's number in preorder and its byte.
    QTest::newRow("heap negative size") << heap << "\"selfSize\":33000" << "\"selfSize\":-33000"
                                        << "V8 sampling heap profile: head.children[0].children[0].children[0]."
                                           "children[0].children[0].children[0].children[0].children[0].children[0]."
                                           "selfSize: a negative size (-33000 bytes)"
                                        << "node 9, byte";
    QTest::newRow("heap size a string") << heap << "\"selfSize\":33000" << "\"selfSize\":\"33000\""
                                        << "V8 sampling heap profile" << "node 9, byte";
    QTest::newRow("heap repeated id") << heap << "\"selfSize\":0,\"children\":[{"
                                      << "\"selfSize\":0,\"id\":1,\"children\":[{\"id\":1,"
                                      << "V8 sampling heap profile: head.children[0].id: node id 1 appears twice (also at head)"
                                      << "node 1, byte";
    QTest::newRow("heap sample without node") << heap << heapEnd << QString(heapEnd.chopped(1) + QStringLiteral(", \"samples\": [{\"size\": 8}]}"))
                                              << "V8 sampling heap profile: samples[0]: no \"nodeId\" field" << "sample 0, byte";
    QTest::newRow("heap negative sample") << heap << heapEnd
                                          << QString(heapEnd.chopped(1) + QStringLiteral(", \"samples\": [{\"size\": -8, \"nodeId\": 1}]}"))
                                          << "V8 sampling heap profile: samples[0].size: a negative size (-8 bytes)" << "sample 0, byte";
    QTest::newRow("speedscope wrong type") << speedscope << "\"weights\": [1, 1, 4, 3, 5]" << "\"weights\": 5"
                                           << "speedscope file" << "profile 0, byte";
}

void TestNewFormats::malformed()
{
    QFETCH(QString, source);
    QFETCH(QString, from);
    QFETCH(QString, to);
    QFETCH(QString, format);
    QFETCH(QString, where);
    std::string bytes = readBytes(source);
    if (from.isEmpty()) {
        bytes.resize(bytes.size() / 2);
    } else {
        const size_t at = bytes.find(from.toStdString());
        QVERIFY2(at != std::string::npos, qPrintable(from));
        bytes.replace(at, size_t(from.size()), to.toStdString());
    }
    const LoadResult r = loadProfileData(bytes, "bad-input.json");
    QVERIFY(!r.ok());
    QVERIFY(r.error.has_value());
    const std::string text = r.error->toString();
    // The reference parser option gives the same error, whichever way the reader reads.
    LoadOptions reference;
    reference.referenceJsonParser = true;
    const LoadResult slow = loadProfileData(bytes, "bad-input.json", reference);
    QVERIFY(slow.error.has_value());
    QCOMPARE(QString::fromStdString(slow.error->toString()), QString::fromStdString(text));
    // An empty format: the error comes from the trace-event loader the CPU profile readers share.
    QVERIFY2(text.starts_with("bad-input.json: " + format.toStdString()), text.c_str());
    QVERIFY2(r.error->where.starts_with(where.toStdString()), text.c_str());
    QVERIFY2(text.find("json.exception") == std::string::npos, text.c_str()); // xsprof's words only
}

void TestNewFormats::devToolsRecordingsWithAllocationsOpen()
{
    // speedscope's Firefox/59/firefox.json: its "profile" (a Gecko profile) comes after 1.5 MB of
    // markers and allocation frames, the first of them null; it was taken for Self-Profiling.
    const LoadResult r = loadProfileFile(QString(fixtures + QStringLiteral("/peers/speedscope-firefox59-firefox.json.gz")).toStdString());
    QVERIFY2(r.ok(), r.error ? r.error->toString().c_str() : "");
    QVERIFY(r.profile->info.format == SourceFormat::Gecko);
    QVERIFY2(r.profile->info.description.starts_with("Firefox"), r.profile->info.description.c_str());
    QCOMPARE(r.profile->samples.size(), size_t(10161));
    const auto functions = byName(*r.profile);
    QVERIFY(functions.contains("Application/this.onDrop"));
    QVERIFY(functions.at("Application/this.onDrop").second > 0);
}

void TestNewFormats::chromeProfilesNamingMissingNodesOpenWithANote_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("note");
    QTest::newRow("speedscope Chrome 141") << QStringLiteral("speedscope-chrome141-no-arg-data.json")
                                           << QStringLiteral("name a parent that is not in the file");
    QTest::newRow("Firefox Profiler unchunked") << QStringLiteral("profiler-test.chrome-unchunked.json")
                                                << QStringLiteral("name a node that is not in the file");
}

void TestNewFormats::chromeProfilesNamingMissingNodesOpenWithANote()
{
    QFETCH(QString, file);
    QFETCH(QString, note);
    const LoadResult r = loadProfileFile(QString(fixtures + QStringLiteral("/peers/") + file).toStdString());
    QVERIFY2(r.ok(), r.error ? r.error->toString().c_str() : "");
    QVERIFY(r.profile->samples.size() > 0);
    QVERIFY2(std::any_of(r.warnings.begin(), r.warnings.end(),
                         [&](const std::string& w) { return w.find(note.toStdString()) != std::string::npos; }),
             r.warnings.empty() ? "no note" : r.warnings.front().c_str());
}

// A sampling heap profile has a "head" tree as a legacy .cpuprofile has: detected as what it is
// and read in bytes (tst_measures checks its numbers).
void TestNewFormats::heapProfilesAreReadInBytes()
{
    const LoadResult r =
        loadProfileFile(
            QString(fixtures + QStringLiteral("/peers/speedscope-node10-Heap-20181003T105432.heapprofile")).toStdString());
    QVERIFY2(r.ok(), r.error ? r.error->toString().c_str() : "");
    QVERIFY(r.profile->info.format == SourceFormat::HeapProfile);
    QVERIFY(r.profile->info.measure == Measure::Bytes);
    QCOMPARE(std::string(toString(r.profile->info.format)), std::string("heapprofile"));
    // A legacy .cpuprofile's head is still read as time.
    const LoadResult legacy = loadProfileFile(QString(corpus + QStringLiteral("/peers/speedscope_node10_legacy.cpuprofile")).toStdString());
    QVERIFY2(legacy.ok(), legacy.error ? legacy.error->toString().c_str() : "");
    QVERIFY(legacy.profile->info.format == SourceFormat::LegacyCpuProfile);
    QVERIFY(legacy.profile->info.measure == Measure::Time);
}

QTEST_GUILESS_MAIN(TestNewFormats)
#include "tst_newformats.moc"
