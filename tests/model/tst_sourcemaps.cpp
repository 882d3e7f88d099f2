// Source maps: the VLQ decoder, the segment lookup of the specification, URL resolution,
// speedscope's expected remapping of real bundles (esbuild, parcel, webpack; Chrome and
// Firefox profiles), bundles of one source merging, and maps found beside the script.
#include "expectedprofile.h"

#include "model/profileanalysis.h"
#include "model/profileloader.h"
#include "model/sourcemaps/sourcemapper.h"

#include <QDir>
#include <QFile>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>
#include <tuple>

using namespace xsprof;
using namespace xsprof::sourcemaps;

namespace {

const QString sourceMaps = QStringLiteral(XSPROF_CORPUS_DIR "/peers/source-maps");

int32_t vlq(const char* text, bool* ok = nullptr)
{
    size_t pos = 0;
    int32_t value = 0;
    const bool decoded = decodeVlq(text, pos, value) && pos == std::string_view(text).size();
    if (ok)
        *ok = decoded;
    return value;
}

void writeFile(const QString& path, const std::string& text)
{
    std::ofstream(path.toStdString(), std::ios::binary) << text;
}

std::string readFile(const QString& path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    return f.readAll().toStdString();
}

} // namespace

class TestSourceMaps : public QObject {
    Q_OBJECT

private slots:
    void decodesVlqNumbers();
    void rejectsBadVlq();
    void decodesMappings();
    void looksUpTheLastSegmentAtOrBefore();
    void resolvesUrls();
    void remapsLikeSpeedscope_data();
    void remapsLikeSpeedscope();
    void bundlesOfOneSourceMerge();
    void findsAnInlineMapBesideTheScript();
    void badMapsAreReported();
    void vscodeLocationsAreTheOriginal();
    void droppedMapFileIsUsed();
};

void TestSourceMaps::decodesVlqNumbers()
{
    QCOMPARE(vlq("A"), 0);
    QCOMPARE(vlq("C"), 1);
    QCOMPARE(vlq("D"), -1);
    QCOMPARE(vlq("gB"), 16);
    QCOMPARE(vlq("2H"), 123);
    QCOMPARE(vlq("3H"), -123);
    QCOMPARE(vlq("+/////D"), INT32_MAX);
}

void TestSourceMaps::rejectsBadVlq()
{
    bool ok = true;
    vlq("g", &ok); // the continuation bit promises more
    QVERIFY(!ok);
    vlq("!", &ok);
    QVERIFY(!ok);
    vlq("gggggggB", &ok); // beyond 32 bits
    QVERIFY(!ok);
    const DecodedMappings bad = decodeMappings("AAAA,AA");
    QVERIFY(!bad.error.empty());
    QCOMPARE(bad.errorOffset, size_t(7));
    QVERIFY(!decodeMappings("AAAAAA").error.empty()); // six fields
    QVERIFY(!decodeMappings("D").error.empty());      // a negative column
}

void TestSourceMaps::decodesMappings()
{
    // Line 0: col 0 -> source 0 line 0 col 0; col 2 -> line 0 col 2 name 1 (relative fields).
    // Line 1 (empty); line 2: col 1 (columns restart per line) -> source 1, line 1, col 3.
    const DecodedMappings m = decodeMappings("AAAA,EAAEC;;CCCC");
    QVERIFY2(m.error.empty(), m.error.c_str());
    QCOMPARE(m.lines.size(), size_t(3));
    QCOMPARE(m.lines[0].size(), size_t(2));
    QCOMPARE(m.lines[0][1].generatedColumn, 2);
    QCOMPARE(m.lines[0][1].originalColumn, 2);
    QCOMPARE(m.lines[0][1].name, 1);
    QVERIFY(m.lines[1].empty());
    QCOMPARE(m.lines[2][0].generatedColumn, 1);
    QCOMPARE(m.lines[2][0].source, 1);
    QCOMPARE(m.lines[2][0].originalLine, 1);
    QCOMPARE(m.lines[2][0].originalColumn, 3); // 2 + 1: relative to the previous segment
    QCOMPARE(m.lines[2][0].name, -1);
}

void TestSourceMaps::looksUpTheLastSegmentAtOrBefore()
{
    std::string error;
    // Line 0: col 4 -> a.js 1:1, col 10 -> a.js 3:5 "f", col 20 -> (no source).
    const auto map = SourceMap::parse(R"J({"version":3,"sources":["a.js"],"names":["f"],"mappings":"IAAA,MAEIA,U"})J",
                                      "/maps/x.js.map", error);
    QVERIFY2(map, error.c_str());
    QVERIFY(!map->originalPositionFor(0, 3)); // before the first segment
    const auto a = map->originalPositionFor(0, 9);
    QVERIFY(a);
    QCOMPARE(a->url, std::string("/maps/a.js"));
    QCOMPARE(a->line, 1);
    QCOMPARE(a->column, 1);
    QVERIFY(a->name.empty());
    const auto f = map->originalPositionFor(0, 10);
    QVERIFY(f);
    QCOMPARE(f->line, 3);
    QCOMPARE(f->column, 5);
    QCOMPARE(f->name, std::string_view("f"));
    QVERIFY(map->originalPositionFor(0, 19));
    QVERIFY(!map->originalPositionFor(0, 25)); // a one-field segment maps to nothing
    QVERIFY(!map->originalPositionFor(1, 0));  // no such line
}

void TestSourceMaps::resolvesUrls()
{
    QCOMPARE(resolveUrl("/a/b/x.js.map", "../src/y.ts"), std::string("/a/src/y.ts"));
    QCOMPARE(resolveUrl("/a/b/x.js.map", "./y.ts"), std::string("/a/b/y.ts"));
    QCOMPARE(resolveUrl("https://h.org/js/x.map", "../y.ts"), std::string("https://h.org/y.ts"));
    QCOMPARE(resolveUrl("https://h.org/js/x.map", "/src/y.ts"), std::string("https://h.org/src/y.ts"));
    QCOMPARE(resolveUrl("/a/x.map", "webpack://project/./y.ts"), std::string("webpack://project/y.ts"));
    QCOMPARE(resolveUrl("/a/x.map", "/abs/y.ts"), std::string("/abs/y.ts"));
}

void TestSourceMaps::remapsLikeSpeedscope_data()
{
    QTest::addColumn<QString>("profile");
    QTest::addColumn<QString>("bundler");
    QTest::newRow("chrome-85-esbuild") << "chrome-85-esbuild" << "esbuild";
    QTest::newRow("chrome-85-parcel") << "chrome-85-parcel" << "parcel";
    QTest::newRow("chrome-85-webpack") << "chrome-85-webpack" << "webpack";
    QTest::newRow("firefox-79-webpack") << "firefox-79-webpack" << "webpack";
}

void TestSourceMaps::remapsLikeSpeedscope()
{
    QFETCH(QString, profile);
    QFETCH(QString, bundler);
    // speedscope's snapshot: "(NEW @ SOURCE:LINE:COL) <- (OLD @ SCRIPT:LINE:COL)", 1-based.
    const QString snapshot = QString::fromStdString(readFile(sourceMaps + QStringLiteral("/speedscope-expected-remapping.txt")));
    const qsizetype begin = snapshot.indexOf(QStringLiteral("remapping of %1 1`").arg(profile));
    QVERIFY(begin >= 0);
    const QString section = snapshot.mid(begin, snapshot.indexOf(QStringLiteral("`;"), begin) - begin);
    static const QRegularExpression line(QStringLiteral(R"re("\((.+) @ (\S+):(\d+):(\d+)\) <- \((.+) @ (\S+):(\d+):(\d+)\)")re"));

    const LoadResult loaded = loadProfileFile(QString(sourceMaps + QLatin1Char('/') + profile + QStringLiteral(".json")).toStdString());
    QVERIFY2(loaded.ok(), loaded.error ? loaded.error->toString().c_str() : "");
    SourceMapOptions options;
    options.folders = {QString(sourceMaps + QLatin1Char('/') + bundler).toStdString()};
    SourceMapper mapper(options);
    SourceMapReport report;
    const std::optional<Profile> mapped = mapper.apply(*loaded.profile, report);
    QVERIFY(mapped);
    QVERIFY2(report.problems.empty(), report.problems.empty() ? "" : report.problems.front().c_str());
    QCOMPARE(report.mapsUsed, size_t(1));
    const std::string mapPath = QDir(sourceMaps + QLatin1Char('/') + bundler).absoluteFilePath(QStringLiteral("typescript-source-map-test.js.map")).toStdString();
    // speedscope takes the last mapping strictly before the column, crossing lines if need be
    // (browsers put a function's column on its parenthesis); DESIGN.md and the specification
    // take the last segment at or before it on the same line. Where the segment strictly
    // before is on the line, it must be speedscope's answer: that checks the decoding and the
    // URL resolution against an independent reader.
    int checked = 0;
    auto it = line.globalMatch(section);
    while (it.hasNext()) {
        const auto m = it.next();
        const std::string script = m.captured(6).toStdString();
        const SourceMap* map = mapper.mapFor(script, report);
        QVERIFY(map);
        const int32_t generatedLine = m.captured(7).toInt() - 1, generatedColumn = m.captured(8).toInt() - 1;
        if (const auto before = map->originalPositionFor(generatedLine, generatedColumn - 1)) {
            QCOMPARE(before->url, resolveUrl(mapPath, m.captured(2).toStdString()));
            QCOMPARE(before->line, m.captured(3).toInt());
            QCOMPARE(before->column, m.captured(4).toInt());
            ++checked;
        }
        // The remapped profile holds the function where the specification's rule puts it.
        const auto original = map->originalPositionFor(generatedLine, generatedColumn);
        if (!original)
            continue;
        bool found = false;
        for (size_t f = 0; f < mapped->frames.size() && !found; ++f)
            found = mapped->frameUrl(FrameId(uint32_t(f))) == original->url && mapped->frames.line[f] == original->line &&
                mapped->frames.column[f] == original->column;
        QVERIFY2(found, qPrintable(m.captured(0)));
    }
    QVERIFY(checked >= 3);
    // Mapping moves no time: the duration and the sample count stay.
    QVERIFY(ExpectedProfile::close(mapped->duration(), loaded.profile->duration()));
    QCOMPARE(mapped->samples.size(), loaded.profile->samples.size());
}

void TestSourceMaps::bundlesOfOneSourceMerge()
{
    // Two bundles built from the same sources, each with its map: gamma (webpack map, generated
    // 1:35 -> gamma.ts 1:22) is one function after mapping, with both bundles' time.
    QTemporaryDir dir;
    const std::string map = readFile(sourceMaps + QStringLiteral("/webpack/typescript-source-map-test.js.map"));
    for (const char* bundle : {"one.js", "two.js"}) {
        std::string copy = map;
        const std::string file = "\"typescript-source-map-test.js\""; // the "file" field's value
        const size_t at = copy.find(file);
        QVERIFY(at != std::string::npos);
        copy.replace(at, file.size(), std::string("\"") + bundle + "\"");
        writeFile(dir.filePath(QLatin1String(bundle) + QStringLiteral(".map")), copy);
    }
    const std::string profile = R"J({"nodes":[
        {"id":1,"callFrame":{"functionName":"(root)","url":"","lineNumber":-1,"columnNumber":-1},"children":[2,3]},
        {"id":2,"callFrame":{"functionName":"n","url":"https://cdn.example/one.js","lineNumber":0,"columnNumber":33}},
        {"id":3,"callFrame":{"functionName":"n","url":"https://cdn.example/two.js","lineNumber":0,"columnNumber":33}}],
        "startTime":0,"endTime":40,"samples":[2,3,2],"timeDeltas":[0,10,20]})J";
    const LoadResult loaded = loadProfileData(profile, "bundles.cpuprofile");
    QVERIFY(loaded.ok());
    SourceMapOptions options;
    options.folders = {dir.path().toStdString()};
    SourceMapper mapper(options);
    SourceMapReport report;
    const auto mapped = mapper.apply(*loaded.profile, report);
    QVERIFY(mapped);
    QCOMPARE(report.functionsMapped, size_t(2));
    QCOMPARE(report.mapsUsed, size_t(2));
    const ProfileAnalysis before = ProfileAnalysis::compute(*loaded.profile);
    const ProfileAnalysis after = ProfileAnalysis::compute(*mapped);
    QCOMPARE(before.functions.functions().size(), size_t(3));
    QCOMPARE(after.functions.functions().size(), size_t(2));
    std::string error;
    const auto webpack = SourceMap::parse(map, dir.filePath(QStringLiteral("one.js.map")).toStdString(), error);
    QVERIFY(webpack);
    const auto original = webpack->originalPositionFor(0, 33);
    QVERIFY(original);
    QCOMPARE(original->url, std::string("webpack://speedscope-sourcemap-test-project/gamma.ts"));
    for (FrameId f : after.functions.functions()) {
        if (mapped->frameName(f) == "(root)")
            continue;
        QCOMPARE(std::string(mapped->frameUrl(f)), original->url);
        QCOMPARE(mapped->frames.line[f.value], original->line);
        QCOMPARE(mapped->frames.column[f.value], original->column);
        QCOMPARE(mapped->frameName(f), original->name.empty() ? std::string_view("n") : original->name);
        QVERIFY(ExpectedProfile::close(after.functions.self(f), 40));
    }
}

void TestSourceMaps::findsAnInlineMapBesideTheScript()
{
    QTemporaryDir dir;
    // a.min.js line 1 col 0 -> src/a.ts 2:3, name "start".
    const std::string map = R"J({"version":3,"sources":["src/a.ts"],"names":["start"],"mappings":"AACEA"})J";
    const QByteArray base64 = QByteArray::fromStdString(map).toBase64();
    writeFile(dir.filePath(QStringLiteral("a.min.js")),
              "function x(){}\n//# sourceMappingURL=data:application/json;charset=utf-8;base64," + base64.toStdString() + "\n");
    const std::string url = "file://" + dir.filePath(QStringLiteral("a.min.js")).toStdString();
    const std::string profile = R"J({"nodes":[{"id":1,"callFrame":{"functionName":"(root)","url":"","lineNumber":-1,"columnNumber":-1},"children":[2]},
        {"id":2,"callFrame":{"functionName":"x","url":")J" + url + R"J(","lineNumber":0,"columnNumber":0}}],
        "startTime":0,"endTime":10,"samples":[2],"timeDeltas":[0]})J";
    const LoadResult loaded = loadProfileData(profile, "inline.cpuprofile");
    QVERIFY(loaded.ok());
    SourceMapper mapper({});
    SourceMapReport report;
    const auto mapped = mapper.apply(*loaded.profile, report);
    QVERIFY(mapped);
    QCOMPARE(report.functionsMapped, size_t(1));
    const FrameId leaf = mapped->leafFrame(0);
    QCOMPARE(mapped->frameName(leaf), std::string_view("start"));
    QCOMPARE(std::string(mapped->frameUrl(leaf)), dir.filePath(QStringLiteral("src/a.ts")).toStdString());
    QCOMPARE(mapped->frames.line[leaf.value], 2);
    QCOMPARE(mapped->frames.column[leaf.value], 3);
}

void TestSourceMaps::badMapsAreReported()
{
    QTemporaryDir dir;
    writeFile(dir.filePath(QStringLiteral("broken.js.map")), R"J({"version":3,"sources":["a.ts"],"mappings":"AA!A"})J");
    writeFile(dir.filePath(QStringLiteral("cut.js.map")), R"J({"version":3,"sources":["a.ts"],"mapp)J");
    const std::string profile = R"J({"nodes":[{"id":1,"callFrame":{"functionName":"f","url":"https://x/broken.js","lineNumber":0,"columnNumber":0}}],
        "startTime":0,"endTime":10,"samples":[1],"timeDeltas":[0]})J";
    const LoadResult loaded = loadProfileData(profile, "p.cpuprofile");
    QVERIFY(loaded.ok());
    SourceMapOptions options;
    options.folders = {dir.path().toStdString()};
    SourceMapper mapper(options);
    SourceMapReport report;
    QVERIFY(!mapper.apply(*loaded.profile, report)); // nothing mapped
    QCOMPARE(report.problems.size(), size_t(2));
    for (const std::string& p : report.problems)
        QVERIFY2(p.find(".js.map: ") != std::string::npos, p.c_str());
    const bool mentionsPosition = report.problems[0].find("at character 2") != std::string::npos ||
        report.problems[1].find("at character 2") != std::string::npos;
    QVERIFY(mentionsPosition);
}

// Issue 18: VS Code's JavaScript debugger stores each node's source-mapped location under
// "$vscode" (indexed by the node's locationId, 1-based lines as the Debug Adapter Protocol
// counts): the functions are placed there, no map needed; nodes without one keep theirs.
void TestSourceMaps::vscodeLocationsAreTheOriginal()
{
    const std::string json = R"json({"nodes":[
        {"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"children":[2],"locationId":0},
        {"id":2,"callFrame":{"functionName":"t","scriptId":"5","url":"file:///w/dist/bundle.js","lineNumber":0,"columnNumber":168},"children":[3],"locationId":1},
        {"id":3,"callFrame":{"functionName":"o","scriptId":"5","url":"file:///w/dist/bundle.js","lineNumber":0,"columnNumber":87},"locationId":2},
        {"id":4,"callFrame":{"functionName":"o","scriptId":"5","url":"file:///w/dist/bundle.js","lineNumber":0,"columnNumber":87},"locationId":2,"parent":1}],
        "startTime":0,"endTime":400,"samples":[2,3,4,3],"timeDeltas":[0,100,100,100],
        "$vscode":{"rootPath":"/w","locations":[
          {"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"locations":[]},
          {"callFrame":{"functionName":"t","scriptId":"5","url":"file:///w/dist/bundle.js","lineNumber":0,"columnNumber":168},
           "locations":[{"lineNumber":4,"columnNumber":17,"source":{"name":"alpha.ts","path":"/w/src/alpha.ts","sourceReference":0},"relativePath":"src/alpha.ts"},
                        {"lineNumber":1,"columnNumber":169,"source":{"name":"bundle.js","path":"/w/dist/bundle.js","sourceReference":0}}]},
          {"callFrame":{"functionName":"o","scriptId":"5","url":"file:///w/dist/bundle.js","lineNumber":0,"columnNumber":87},
           "locations":[{"lineNumber":3,"columnNumber":17,"source":{"name":"beta.ts","sourceReference":7},"relativePath":"src/beta.ts"}]}]}})json";
    const LoadResult result = loadProfileData(json, "vscode.cpuprofile");
    QVERIFY2(result.ok(), result.error ? result.error->toString().c_str() : "");
    const Profile& p = *result.profile;
    std::map<std::string, std::tuple<std::string, int, int>> where;
    for (uint32_t f = 0; f < p.frames.size(); ++f)
        where[std::string(p.frameName(FrameId(f)))] = {std::string(p.frameUrl(FrameId(f))), p.frames.line[f], p.frames.column[f]};
    QCOMPARE(p.frames.size(), size_t(3)); // the two nodes of "o" are one function at beta.ts
    QVERIFY(where["t"] == std::make_tuple(std::string("/w/src/alpha.ts"), 4, 17));
    QVERIFY(where["o"] == std::make_tuple(std::string("/w/src/beta.ts"), 3, 17)); // root path + relative path
    QVERIFY(where["(root)"] == std::make_tuple(std::string(), 0, 0));
    for (uint32_t f = 0; f < p.frames.size(); ++f) {
        if (p.frameName(FrameId(f)) == "t")
            QCOMPARE(p.location(FrameId(f)), std::string("alpha.ts (4)"));
    }
    QCOMPARE(ProfileAnalysis::compute(p).functions.sampleCount(), size_t(4));

    // Annotations of another shape are ignored, never an error.
    const LoadResult odd = loadProfileData(R"json({"nodes":[{"id":1,"callFrame":{"functionName":"f","url":"u","lineNumber":1,"columnNumber":0},"locationId":9}],
        "samples":[1],"timeDeltas":[0],"startTime":0,"endTime":1,"$vscode":{"locations":"no"}})json", "odd.cpuprofile");
    QVERIFY(odd.ok());
    QCOMPARE(odd.profile->frameUrl(FrameId(0)), std::string_view("u"));
}

// A single map file (dropped on a tab in the window) applies like a folder's.
void TestSourceMaps::droppedMapFileIsUsed()
{
    const std::string dir = XSPROF_CORPUS_DIR "/peers/source-maps";
    const LoadResult loaded = loadProfileFile(dir + "/chrome-85-webpack.json");
    QVERIFY(loaded.ok());
    SourceMapOptions options;
    options.besideScripts = false;
    options.files = {dir + "/webpack/typescript-source-map-test.js.map"};
    SourceMapper mapper(options);
    SourceMapReport report;
    const std::optional<Profile> mapped = mapper.apply(*loaded.profile, report);
    QVERIFY(mapped);
    QCOMPARE(report.mapsUsed, size_t(1));
    QVERIFY(report.functionsMapped >= 7);
    // The map embeds its sources: the report hands them over by original url.
    const auto beta = report.sourcesContent.find("webpack://speedscope-sourcemap-test-project/beta.ts");
    QVERIFY(beta != report.sourcesContent.end());
    QVERIFY(beta->second.find("export function beta()") != std::string::npos);
    SourceMapOptions missing;
    missing.files = {dir + "/nothing-here.js.map"};
    SourceMapper none(missing);
    SourceMapReport noReport;
    QVERIFY(!none.apply(*loaded.profile, noReport));
    QCOMPARE(noReport.problems.size(), size_t(1));
}

QTEST_GUILESS_MAIN(TestSourceMaps)
#include "tst_sourcemaps.moc"
