// Profiles of other measures than time (DESIGN.md, "Measures"): V8 sampling heap profiles in
// bytes, pprof of every sample type, and pprof written by xsprof read back with the same
// numbers; bad input of both formats named by message and index. The programs that are not
// xsprof (node --heap-prof, go tool pprof, npm pprof-format) check the same in tests/measures.
#include "expectedprofile.h"

#include "model/gzipoutput.h"
#include "model/pprofwriter.h"
#include "model/profileanalysis.h"
#include "model/profileloader.h"
#include "model/readers/pprofreader.h"

#include "pprof/profile.pb.h"

#include <nlohmann/json.hpp>

#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <tuple>

using namespace xsprof;
namespace pp = perftools::profiles;

namespace {

const QString corpus = QStringLiteral(XSPROF_CORPUS_DIR);
const QString fixtures = QStringLiteral(XSPROF_FIXTURES_DIR);
const std::string heapFixture =
    QString(fixtures + QStringLiteral("/peers/speedscope-node10-Heap-20181003T105432.heapprofile")).toStdString();

std::string readBytes(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

using Key = std::tuple<std::string, std::string, int32_t, int32_t>; // name, url, 1-based line and column

struct Costs {
    double self = 0.0, inclusive = 0.0;
    int frames = 0; // functions of this key (XS functions apart by their id only share one)
};

std::map<Key, Costs> costsByKey(const Profile& p, bool withColumn = true)
{
    const ProfileAnalysis a = ProfileAnalysis::compute(p);
    std::map<Key, Costs> out;
    for (FrameId f : a.functions.functions()) {
        const Key key{std::string(p.frameName(f)), std::string(p.frameUrl(f)), p.frames.line[f.value],
                      withColumn ? p.frames.column[f.value] : 0};
        Costs& costs = out[key];
        costs.self += a.functions.self(f);
        costs.inclusive = a.functions.inclusive(f);
        ++costs.frames;
    }
    return out;
}

// The sums walked out of the .heapprofile's JSON: a function's selfSize, and the selfSize of
// every node with the function on its path (once per path).
std::map<Key, Costs> heapSums(const std::string& path)
{
    const nlohmann::json root = nlohmann::json::parse(readBytes(path));
    std::map<Key, Costs> out;
    struct Pending {
        const nlohmann::json* node;
        std::vector<Key> path;
    };
    std::vector<Pending> todo{{&root.at("head"), {}}};
    while (!todo.empty()) {
        Pending p = std::move(todo.back());
        todo.pop_back();
        const nlohmann::json& frame = p.node->at("callFrame");
        const auto oneBased = [](const nlohmann::json& v) { return v.get<int>() >= 0 ? v.get<int>() + 1 : 0; };
        const Key key{frame.at("functionName"), frame.at("url"), oneBased(frame.at("lineNumber")),
                      oneBased(frame.at("columnNumber"))};
        p.path.push_back(key);
        const double size = p.node->at("selfSize").get<double>();
        out[key].self += size;
        for (const Key& k : std::set<Key>(p.path.begin(), p.path.end()))
            out[k].inclusive += size;
        if (const auto children = p.node->find("children"); children != p.node->end()) {
            for (const nlohmann::json& child : *children)
                todo.push_back({&child, p.path});
        }
    }
    std::erase_if(out, [](const auto& entry) { return entry.second.inclusive == 0.0; });
    return out;
}

// A pprof of two sample types over three functions: main -> work -> leaf (leaf inlined into
// work's location), main -> work.
pp::Profile smallPprof()
{
    pp::Profile p;
    for (const char* s : {"", "alloc_objects", "count", "alloc_space", "bytes", "main", "work", "leaf", "app.go"})
        p.add_string_table(s);
    for (auto [type, unit] : {std::pair{1, 2}, std::pair{3, 4}}) {
        pp::ValueType* t = p.add_sample_type();
        t->set_type(type);
        t->set_unit(unit);
    }
    for (int f = 1; f <= 3; ++f) {
        pp::Function* function = p.add_function();
        function->set_id(uint64_t(f));
        function->set_name(4 + f);
        function->set_filename(8);
        function->set_start_line(10 * f);
    }
    pp::Location* outer = p.add_location(); // main
    outer->set_id(100);
    outer->add_line()->set_function_id(1);
    pp::Location* inner = p.add_location(); // leaf inlined into work: innermost first
    inner->set_id(200);
    inner->add_line()->set_function_id(3);
    inner->add_line()->set_function_id(2);
    pp::Location* work = p.add_location();
    work->set_id(300);
    work->add_line()->set_function_id(2);
    pp::Sample* a = p.add_sample();
    a->add_location_id(200);
    a->add_location_id(100);
    a->add_value(3);
    a->add_value(4096);
    pp::Sample* b = p.add_sample();
    b->add_location_id(300);
    b->add_location_id(100);
    b->add_value(1);
    b->add_value(1000);
    return p;
}

std::string protobufVarint(uint64_t value)
{
    std::string out;
    for (; value >= 0x80; value >>= 7)
        out += char(0x80 | (value & 0x7F));
    return out + char(value);
}

// A length-delimited field (`tag` its first byte) holding `payload`.
std::string delimitedField(char tag, const std::string& payload)
{
    return tag + protobufVarint(payload.size()) + payload;
}

std::string packedVarints(char tag, std::initializer_list<uint64_t> values)
{
    std::string payload;
    for (uint64_t v : values)
        payload += protobufVarint(v);
    return delimitedField(tag, payload);
}

// A pprof too large for one pass (more than 2 x 100,000 samples: read in two stretches at
// once; more than 4 MB: read from its file piece by piece): 2,000 functions, each at its own
// location, and 5,000 call paths over them, repeated across the file, one tick in four on
// its predecessor's path. Some samples write their ids one by one or carry a label (read by
// the stream reader rather than the usual one), some weigh 0 (no sample); one string is
// longer than a piece. `want` gets each function's self and inclusive alloc_space, summed
// here.
struct LargePprof {
    std::string head;                 // every field but the samples
    std::vector<std::string> samples; // each a whole Profile.sample field
    std::map<Key, Costs> want;
    size_t weighed = 0; // samples with a positive alloc_space
    std::string bytes() const
    {
        std::string out = head;
        for (const std::string& sample : samples)
            out += sample;
        return out;
    }
};

// Functions f1…f`count` in big.go (string 5), each at a location of its own id.
void addFunctionsAtTheirOwnLocations(pp::Profile& p, uint64_t count)
{
    for (uint64_t f = 1; f <= count; ++f) {
        pp::Function* function = p.add_function();
        function->set_id(f);
        function->set_name(p.string_table_size());
        p.add_string_table("f" + std::to_string(f));
        function->set_filename(5);
        pp::Location* location = p.add_location();
        location->set_id(f);
        location->add_line()->set_function_id(f);
    }
}

LargePprof largePprof()
{
    constexpr uint64_t functions = 2000, paths = 5000, count = 260000;
    pp::Profile p;
    for (const char* s : {"", "alloc_objects", "count", "alloc_space", "bytes", "big.go"})
        p.add_string_table(s);
    p.add_string_table(std::string(700 << 10, 'x')); // longer than a piece
    for (auto [type, unit] : {std::pair{1, 2}, std::pair{3, 4}}) {
        pp::ValueType* t = p.add_sample_type();
        t->set_type(type);
        t->set_unit(unit);
    }
    addFunctionsAtTheirOwnLocations(p, functions);
    LargePprof out;
    out.head = p.SerializeAsString();
    std::vector<uint64_t> ids;
    for (uint64_t i = 0; i < count; ++i) {
        const uint64_t path = i % 4 == 1 ? (i - 1) * 7919 % paths : i * 7919 % paths;
        ids.clear();
        for (uint64_t k = 0; k <= path % 8; ++k) // leaf first
            ids.push_back((path * 31 + k * 17) % functions + 1);
        const uint64_t space = i % 97 == 0 ? 0 : i % 1000 + 1;
        std::string locations;
        if (i % 1013 == 0) {
            for (uint64_t id : ids)
                locations += "\x08" + protobufVarint(id);
        } else {
            std::string packed;
            for (uint64_t id : ids)
                packed += protobufVarint(id);
            locations = delimitedField(0x0A, packed);
        }
        const std::string label = i % 1019 == 0 ? delimitedField(0x1A, "\x08\x01\x10\x02") : std::string();
        out.samples.push_back(delimitedField(0x12, locations + packedVarints(0x12, {1, space}) + label));
        if (space == 0)
            continue;
        ++out.weighed;
        const auto key = [](uint64_t id) { return Key{"f" + std::to_string(id), "big.go", 0, 0}; };
        out.want[key(ids.front())].self += double(space);
        for (uint64_t id : std::set<uint64_t>(ids.begin(), ids.end()))
            out.want[key(id)].inclusive += double(space);
    }
    return out;
}

// The loaded profile's self and inclusive per function, against `want`.
void compareCosts(const Profile& profile, const std::map<Key, Costs>& want)
{
    std::map<Key, Costs> got = costsByKey(profile);
    for (const auto& [key, costs] : want) {
        const auto it = got.find(key);
        QVERIFY2(it != got.end(), std::get<0>(key).c_str());
        QCOMPARE(it->second.self, costs.self);
        QCOMPARE(it->second.inclusive, costs.inclusive);
    }
    for (const auto& [key, costs] : got)
        QVERIFY2(want.count(key) || costs.inclusive == 0.0, std::get<0>(key).c_str());
}

LoadResult loadFromFile(const QTemporaryDir& dir, const std::string& bytes)
{
    const std::string path = dir.filePath(QStringLiteral("large.pb")).toStdString();
    std::ofstream(path, std::ios::binary | std::ios::trunc).write(bytes.data(), std::streamsize(bytes.size()));
    return loadProfileFile(path);
}

LoadResult loadPprof(const pp::Profile& p, int profileIndex = -1)
{
    LoadOptions options;
    options.profileIndex = profileIndex;
    return loadProfileData(p.SerializeAsString(), "small.pb", options);
}

} // namespace

class TestMeasures : public QObject {
    Q_OBJECT

private slots:
    void heapProfileIsBytes();
    void heapSamplesNamingMissingNodesAreNoted();
    void pprofSampleTypes();
    void pprofInlinedFramesAreFrames();
    void pprofDetection();
    void pprofErrors_data();
    void pprofErrors();
    void pprofRepeatedPaths();
    void pprofRepeatedPathErrors();
    void pprofDamageNeverCrashes();
    void pprofLargeInStretchesAndPieces();
    void pprofLargeErrorsNamedAsSmall();
    void pprofLargeSplitGuessesCanMislead();
    void pprofLargeDamageAboutTheSplit();
    void pprofRoundTrip_data();
    void pprofRoundTrip();
};

void TestMeasures::heapProfileIsBytes()
{
    const LoadResult r = loadProfileFile(heapFixture);
    QVERIFY2(r.ok(), r.error ? r.error->toString().c_str() : "");
    const Profile& p = *r.profile;
    QVERIFY(p.info.format == SourceFormat::HeapProfile);
    QVERIFY(p.info.measure == Measure::Bytes);
    QVERIFY(!p.info.hasTimeline);
    const std::map<Key, Costs> expected = heapSums(heapFixture);
    const std::map<Key, Costs> got = costsByKey(p);
    QCOMPARE(got.size(), expected.size());
    double whole = 0.0;
    for (const auto& [key, costs] : expected) {
        const auto it = got.find(key);
        QVERIFY2(it != got.end(), std::get<0>(key).c_str());
        QCOMPARE(it->second.self, costs.self);
        QCOMPARE(it->second.inclusive, costs.inclusive);
        whole += costs.self;
    }
    QCOMPARE(p.duration(), whole);
    QVERIFY(whole > 500000.0); // the fixture allocated about 0.5 MB
}

// node --heap-prof writes a few samples naming nodes it left out of the tree: a note, the bytes unchanged.
void TestMeasures::heapSamplesNamingMissingNodesAreNoted()
{
    const std::string bytes = R"json({"head": {"callFrame": {"functionName": "(root)", "url": "", "lineNumber": -1,
        "columnNumber": -1}, "selfSize": 0, "id": 1, "children": [{"callFrame": {"functionName": "f", "url": "a.js",
        "lineNumber": 2, "columnNumber": 4}, "selfSize": 1024, "id": 2, "children": []}]},
        "samples": [{"size": 512, "nodeId": 2, "ordinal": 1}, {"size": 64, "nodeId": 9, "ordinal": 2}]})json";
    const LoadResult r = loadProfileData(bytes, "dangling.heapprofile");
    QVERIFY2(r.ok(), r.error ? r.error->toString().c_str() : "");
    QCOMPARE(r.profile->duration(), 1024.0);
    QCOMPARE(r.warnings.size(), size_t(1));
    QVERIFY2(r.warnings[0].find("1 of the 2 samples name nodes the tree does not have (the first: samples[1], node 9)") !=
                 std::string::npos,
             r.warnings[0].c_str());
}

void TestMeasures::pprofSampleTypes()
{
    pp::Profile p = smallPprof();
    // No default_sample_type: the last, as go tool pprof picks it.
    LoadResult r = loadPprof(p);
    QVERIFY2(r.ok(), r.error ? r.error->toString().c_str() : "");
    QCOMPARE(r.available.size(), size_t(2));
    QCOMPARE(r.available[0].name, std::string("alloc_objects/count"));
    QCOMPARE(r.available[1].name, std::string("alloc_space/bytes"));
    QCOMPARE(r.chosenIndex, size_t(1));
    QVERIFY(r.profile->info.measure == Measure::Bytes);
    QCOMPARE(r.profile->info.measureName, std::string("alloc_space"));
    QVERIFY(!r.profile->info.hasTimeline);
    QCOMPARE(r.profile->duration(), 5096.0);
    // default_sample_type names the first.
    p.set_default_sample_type(1);
    r = loadPprof(p);
    QCOMPARE(r.chosenIndex, size_t(0));
    QVERIFY(r.profile->info.measure == Measure::Count);
    QCOMPARE(r.profile->duration(), 4.0);
    // --profile K picks another; one past the list is an error naming the count.
    r = loadPprof(p, 1);
    QVERIFY(r.profile->info.measure == Measure::Bytes);
    r = loadPprof(p, 2);
    QVERIFY(!r.ok());
    QVERIFY2(r.error->problem.find("the profile has 2") != std::string::npos, r.error->toString().c_str());
    // The window lists the types first and converts the one picked from what was parsed.
    LoadOptions listOnly;
    listOnly.listOnlyWhenSeveral = true;
    r = loadProfileData(p.SerializeAsString(), "small.pb", listOnly);
    QVERIFY(!r.ok() && !r.error && r.parsed);
    QCOMPARE(r.available.size(), size_t(2));
    QCOMPARE(r.chosenIndex, size_t(0));
    const LoadResult picked = r.parsed->convert(1);
    QVERIFY(picked.ok());
    QVERIFY(picked.profile->info.measure == Measure::Bytes);
    QCOMPARE(picked.profile->duration(), 5096.0);
}

void TestMeasures::pprofInlinedFramesAreFrames()
{
    const LoadResult r = loadPprof(smallPprof());
    QVERIFY(r.ok());
    const std::map<Key, Costs> costs = costsByKey(*r.profile);
    // main -> work -> leaf (inlined, 4096 bytes) and main -> work (1000 bytes).
    QCOMPARE(costs.at(Key{"main", "app.go", 10, 0}).inclusive, 5096.0);
    QCOMPARE(costs.at(Key{"work", "app.go", 20, 0}).inclusive, 5096.0);
    QCOMPARE(costs.at(Key{"work", "app.go", 20, 0}).self, 1000.0);
    QCOMPARE(costs.at(Key{"leaf", "app.go", 30, 0}).self, 4096.0);
    QCOMPARE(r.profile->stacks.size(), size_t(3));
}

void TestMeasures::pprofDetection()
{
    const std::string bytes = smallPprof().SerializeAsString();
    QVERIFY(readers::looksLikePprof(bytes));
    QVERIFY(readers::looksLikePprof(bytes.substr(0, bytes.size() - 3))); // cut: the reader says so
    QVERIFY(!readers::looksLikePprof("{\"nodes\": []}"));
    QVERIFY(!readers::looksLikePprof("[{\"ph\": \"X\"}]"));
    // A Perfetto trace repeats field 1 (TracePacket): not pprof.
    pp::Profile types;
    for (int i = 0; i < 3; ++i)
        types.add_sample_type()->set_type(i + 1);
    QVERIFY(!readers::looksLikePprof(types.SerializeAsString()));
    // Gzipped, as xsprof writes it, it loads through the loader's gunzip.
    const LoadResult r = loadProfileData(pprofBytes(*loadPprof(smallPprof()).profile), "small.pb.gz");
    QVERIFY2(r.ok(), r.error ? r.error->toString().c_str() : "");
    QVERIFY(r.profile->info.format == SourceFormat::Pprof);
}

void TestMeasures::pprofErrors_data()
{
    QTest::addColumn<int>("damage");
    QTest::addColumn<QString>("problem");
    QTest::addColumn<QString>("where");
    QTest::newRow("truncated") << 0 << "is cut short" << "byte";
    QTest::newRow("missing location") << 1 << "sample 1 names location 999" << "Profile.sample[1].location_id[0]";
    QTest::newRow("string index") << 2 << "string index 40 is outside the string table (9 strings)"
                                  << "Profile.function[2].name";
    QTest::newRow("value count") << 3 << "sample 0 has 1 values; sample_type lists 2" << "Profile.sample[0].value";
    QTest::newRow("missing function") << 4 << "location 300 names function 7" << "Profile.location[2].line[0].function_id";
    QTest::newRow("broken message") << 5 << "Profile.sample[1] does not parse" << "byte";
    QTest::newRow("location id of eleven bytes") << 6 << "Profile.sample[1] does not parse" << "byte";
}

void TestMeasures::pprofErrors()
{
    QFETCH(int, damage);
    QFETCH(QString, problem);
    QFETCH(QString, where);
    pp::Profile p = smallPprof();
    std::string bytes;
    switch (damage) {
    case 1: p.mutable_sample(1)->set_location_id(0, 999); break;
    case 2: p.mutable_function(2)->set_name(40); break;
    case 3: p.mutable_sample(0)->mutable_value()->RemoveLast(); break;
    case 4: p.mutable_location(2)->mutable_line(0)->set_function_id(7); break;
    default: break;
    }
    bytes = p.SerializeAsString();
    if (damage == 0) {
        bytes.resize(bytes.size() - 5);
    } else if (damage == 5) {
        // The second sample's first byte made a tag of wire type 7, which protobuf does not have.
        pp::Profile first;
        *first.add_sample_type() = p.sample_type(0);
        *first.add_sample_type() = p.sample_type(1);
        *first.add_sample() = p.sample(0);
        const std::string prefix = first.SerializeAsString();
        QVERIFY(bytes.starts_with(prefix));
        QCOMPARE(uint8_t(bytes[prefix.size()]), uint8_t(0x12)); // sample 1's tag, its length, then its first field
        bytes[prefix.size() + 2] = char(0x0F);
    } else if (damage == 6) {
        // The second sample names a location by a varint of eleven bytes (ten at most).
        pp::Profile first, rest = p;
        *first.add_sample_type() = p.sample_type(0);
        *first.add_sample_type() = p.sample_type(1);
        *first.add_sample() = p.sample(0);
        rest.clear_sample_type();
        rest.clear_sample();
        const std::string ids = std::string(10, char(0x80)) + "\x01";
        bytes = first.SerializeAsString() + delimitedField(0x12, delimitedField(0x0A, ids) + packedVarints(0x12, {1, 1})) +
                rest.SerializeAsString();
    }
    const LoadResult r = loadProfileData(bytes, "bad.pb");
    QVERIFY(!r.ok());
    const std::string text = r.error->toString();
    QVERIFY2(text.starts_with("bad.pb: pprof: "), text.c_str());
    QVERIFY2(text.find(problem.toStdString()) != std::string::npos, text.c_str());
    QVERIFY2(r.error->where.starts_with(where.toStdString()), text.c_str());
}

// Samples as a profiler that does not aggregate writes them, one per tick on a few call paths,
// their location ids packed (as encoders write them), one by one, or in two packed runs (as
// protobuf allows): each sample counts on its path, whatever its encoding.
void TestMeasures::pprofRepeatedPaths()
{
    pp::Profile p = smallPprof();
    p.clear_sample();
    std::string bytes = p.SerializeAsString();
    const auto sample = [&bytes](const std::string& locations, uint64_t objects, uint64_t space) {
        bytes += delimitedField(0x12, locations + packedVarints(0x12, {objects, space}));
    };
    const std::string leafPath = packedVarints(0x0A, {200, 100}), workPath = packedVarints(0x0A, {300, 100});
    sample(leafPath, 3, 4096);
    sample(leafPath, 3, 4096);
    sample(workPath, 1, 1000);
    sample("\x08" + protobufVarint(200) + "\x08" + protobufVarint(100), 1, 10); // one by one
    sample(packedVarints(0x0A, {200}) + packedVarints(0x0A, {100}), 1, 20);     // two runs
    sample(workPath, 1, 1000);
    sample(packedVarints(0x0A, {100}), 2, 5); // main alone: a path that is a prefix of the others
    for (int type : {1, 0}) {
        LoadOptions options;
        options.profileIndex = type;
        const LoadResult r = loadProfileData(bytes, "ticks.pb", options);
        QVERIFY2(r.ok(), r.error ? r.error->toString().c_str() : "");
        QCOMPARE(r.profile->samples.size(), size_t(7));
        QCOMPARE(r.profile->stacks.size(), size_t(3)); // main, main -> work, main -> work -> leaf
        const std::map<Key, Costs> costs = costsByKey(*r.profile);
        const bool space = type == 1;
        QCOMPARE(costs.at(Key{"leaf", "app.go", 30, 0}).self, space ? 4096.0 * 2 + 10 + 20 : 8.0);
        QCOMPARE(costs.at(Key{"work", "app.go", 20, 0}).self, space ? 2000.0 : 2.0);
        QCOMPARE(costs.at(Key{"main", "app.go", 10, 0}).self, space ? 5.0 : 2.0);
        QCOMPARE(costs.at(Key{"main", "app.go", 10, 0}).inclusive, space ? 10227.0 : 12.0);
    }
}

// A problem in a sample whose path an earlier sample had is named at that sample: its values'
// count, a varint cut by the end of its packed run.
void TestMeasures::pprofRepeatedPathErrors()
{
    pp::Profile p = smallPprof();
    p.clear_sample();
    const std::string head = p.SerializeAsString();
    const std::string leafPath = packedVarints(0x0A, {200, 100});
    const auto sample = [](const std::string& locations, std::initializer_list<uint64_t> values) {
        return delimitedField(0x12, locations + packedVarints(0x12, values));
    };
    const std::string good = sample(leafPath, {3, 4096});
    LoadResult r = loadProfileData(head + good + good + sample(leafPath, {3}) + good, "bad.pb");
    QVERIFY(!r.ok());
    QVERIFY2(r.error->problem.find("sample 2 has 1 values; sample_type lists 2") != std::string::npos,
             r.error->toString().c_str());
    QCOMPARE(r.error->where, std::string("Profile.sample[2].value"));
    // The first sample with one value: every later one "differs", the first is named.
    r = loadProfileData(head + sample(leafPath, {3}) + good + good, "bad.pb");
    QVERIFY(!r.ok());
    QCOMPARE(r.error->where, std::string("Profile.sample[0].value"));
    // A missing location on a new path after repeated ones, before a bad value count.
    r = loadProfileData(head + good + good + sample(packedVarints(0x0A, {200, 999}), {1, 1}) + sample(leafPath, {3}),
                        "bad.pb");
    QVERIFY(!r.ok());
    QCOMPARE(r.error->where, std::string("Profile.sample[2].location_id[1]"));
    // 0x80 continues a varint that the run's end cuts: not read as the next run's id.
    r = loadProfileData(head + good + sample(delimitedField(0x0A, "\x80") + packedVarints(0x0A, {1}), {1, 1}),
                        "bad.pb");
    QVERIFY(!r.ok());
    QVERIFY2(r.error->where.starts_with("byte"), r.error->toString().c_str());
}

// Bytes changed, cut or repeated at random (a fixed seed): every result is a profile or an error
// saying what is wrong (ASan and UBSan check the rest in CI).
void TestMeasures::pprofDamageNeverCrashes()
{
    const std::string good = smallPprof().SerializeAsString();
    uint64_t state = 49;
    const auto next = [&state](size_t below) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return size_t((state >> 33) % below);
    };
    size_t accepted = 0, refused = 0;
    for (int round = 0; round < 3000; ++round) {
        std::string bytes = good;
        for (size_t k = 0, n = 1 + next(4); k < n; ++k) {
            switch (next(3)) {
            case 0: bytes[next(bytes.size())] = char(next(256)); break;
            case 1: bytes.resize(next(bytes.size()) + 1); break;
            default: bytes.insert(next(bytes.size()), bytes.substr(next(bytes.size()), 1 + next(8))); break;
            }
        }
        const LoadResult r = loadProfileData(bytes, "damaged.pb");
        if (r.ok()) {
            ++accepted;
            QVERIFY(ProfileAnalysis::compute(*r.profile).functions.duration() >= 0.0);
        } else {
            ++refused;
            QVERIFY(r.error && !r.error->problem.empty());
        }
    }
    QVERIFY(accepted > 0 && refused > 0);
}

void TestMeasures::pprofRoundTrip_data()
{
    QTest::addColumn<QString>("source");
    QTest::newRow("V8 .cpuprofile") << corpus + QStringLiteral("/node_fib.cpuprofile");
    QTest::newRow("recursion") << corpus + QStringLiteral("/node_deep_recursion.cpuprofile");
    QTest::newRow("trace events") << corpus + QStringLiteral("/chromium_traceevents_shared.json");
    QTest::newRow("XS session") << corpus + QStringLiteral("/xsbug/gc_alloc.profile-on-start.xsbug");
    QTest::newRow("heap profile") << QString::fromStdString(heapFixture);
}

// A profile written as pprof and read back: the same measure, whole and per function (a
// function is its name, file and line there: pprof has no column).
void TestMeasures::pprofRoundTrip()
{
    QFETCH(QString, source);
    const LoadResult original = loadProfileFile(source.toStdString());
    QVERIFY2(original.ok(), original.error ? original.error->toString().c_str() : "");
    const LoadResult back = loadProfileData(pprofBytes(*original.profile), "back.pb.gz");
    QVERIFY2(back.ok(), back.error ? back.error->toString().c_str() : "");
    QVERIFY(back.profile->info.measure == original.profile->info.measure);
    QVERIFY(ExpectedProfile::close(back.profile->duration(), original.profile->duration()));
    const std::map<Key, Costs> want = costsByKey(*original.profile, false);
    const std::map<Key, Costs> got = costsByKey(*back.profile, false);
    size_t compared = 0;
    for (const auto& [key, costs] : want) {
        if (costs.frames > 1) // functions apart only by column (or XS id) are one in pprof
            continue;
        const auto it = got.find(key);
        QVERIFY2(it != got.end(), std::get<0>(key).c_str());
        // Values are whole µs (or bytes) in pprof: each call path (a sample read back) rounds by 0.5 at most.
        const double rounding = 0.5 * double(back.profile->samples.size()) + 1e-9 * costs.inclusive;
        QVERIFY2(std::abs(it->second.self - costs.self) <= rounding, std::get<0>(key).c_str());
        QVERIFY2(std::abs(it->second.inclusive - costs.inclusive) <= rounding, std::get<0>(key).c_str());
        ++compared;
    }
    QVERIFY(compared >= 5);
}

// A large pprof read in two stretches at once, and from its file piece by piece, gives the
// sums made here, the same profile both ways (sample by sample).
void TestMeasures::pprofLargeInStretchesAndPieces()
{
    const LargePprof large = largePprof();
    const std::string bytes = large.bytes();
    QVERIFY(bytes.size() > (4 << 20)); // read from the file piece by piece (profileloader.cpp)
    const LoadResult inMemory = loadProfileData(bytes, "large.pb");
    QVERIFY2(inMemory.ok(), inMemory.error ? inMemory.error->toString().c_str() : "");
    QCOMPARE(inMemory.profile->samples.size(), large.weighed);
    compareCosts(*inMemory.profile, large.want);
    // Each sample type's weighed samples, counted once also for the samples the stream reader
    // reads (a label after the values).
    QCOMPARE(inMemory.available.size(), size_t(2));
    QCOMPARE(inMemory.available[0].sampleCount, large.samples.size());
    QCOMPARE(inMemory.available[1].sampleCount, large.weighed);
    QTemporaryDir dir;
    const LoadResult fromFile = loadFromFile(dir, bytes);
    QVERIFY2(fromFile.ok(), fromFile.error ? fromFile.error->toString().c_str() : "");
    QVERIFY(fromFile.profile->samples.stack == inMemory.profile->samples.stack);
    QVERIFY(fromFile.profile->stacks.parent == inMemory.profile->stacks.parent);
    QVERIFY(fromFile.profile->stacks.frame == inMemory.profile->stacks.frame);
    compareCosts(*fromFile.profile, large.want);
    // Gzipped, as pprof files are kept.
    const LoadResult unzipped = loadProfileData(gzipped(bytes), "large.pb.gz");
    QVERIFY2(unzipped.ok(), unzipped.error ? unzipped.error->toString().c_str() : "");
    QVERIFY(unzipped.profile->samples.stack == inMemory.profile->samples.stack);
}

// A large pprof whose samples' value fields read as Samples too (values 10, 1, n: a location
// field of one byte), and each function's self and inclusive space; `head` is every other field.
struct MisleadingPprof {
    pp::Profile head;
    std::string samples;
    size_t count = 0;
    std::map<Key, Costs> want;
};

MisleadingPprof misleadingPprof()
{
    MisleadingPprof out;
    pp::Profile& p = out.head;
    for (const char* s : {"", "objects", "count", "space", "bytes", "big.go"})
        p.add_string_table(s);
    for (auto [type, unit] : {std::pair{1, 2}, std::pair{1, 2}, std::pair{3, 4}}) {
        pp::ValueType* t = p.add_sample_type();
        t->set_type(type);
        t->set_unit(unit);
    }
    constexpr uint64_t functions = 100;
    out.count = 400000;
    addFunctionsAtTheirOwnLocations(p, functions);
    const auto key = [](uint64_t id) { return Key{"f" + std::to_string(id), "big.go", 0, 0}; };
    for (uint64_t i = 0; i < out.count; ++i) {
        const std::initializer_list<uint64_t> ids{i % 97 + 1, i % 3 + 1, 100}; // leaf first, one byte each
        const uint64_t space = i % 120 + 1;
        out.samples += delimitedField(0x12, packedVarints(0x0A, ids) + packedVarints(0x12, {10, 1, space}));
        out.want[key(*ids.begin())].self += double(space);
        for (uint64_t id : std::set<uint64_t>(ids.begin(), ids.end()))
            out.want[key(id)].inclusive += double(space);
    }
    return out;
}

// A large file is split where a run of samples seems to start about its middle. A Sample's
// value field starts as a sample does; when its numbers read as a Sample too, the run seen
// from there is a false start. Wherever the middle falls in a sample (the string table's last
// string sets it), the profile is the same.
void TestMeasures::pprofLargeSplitGuessesCanMislead()
{
    const MisleadingPprof large = misleadingPprof();
    const size_t sampleBytes = large.samples.size() / large.count;
    QCOMPARE(sampleBytes * large.count, large.samples.size());
    for (size_t shift = 0; shift < 2 * sampleBytes; shift += 2) {
        pp::Profile shifted = large.head;
        shifted.add_string_table(std::string(shift, 'y'));
        const std::string bytes = large.samples + shifted.SerializeAsString();
        const LoadResult r = loadProfileData(bytes, "split.pb");
        QVERIFY2(r.ok(), r.error ? r.error->toString().c_str() : "");
        QCOMPARE(r.profile->samples.size(), large.count);
        compareCosts(*r.profile, large.want);
    }
}

// Damage about a large file's middle, where it is split: nothing crashes, and the file reads
// the same in memory and piece by piece from disk (a profile or the same problem).
void TestMeasures::pprofLargeDamageAboutTheSplit()
{
    const MisleadingPprof large = misleadingPprof();
    const std::string good = large.samples + large.head.SerializeAsString();
    uint64_t state = 7;
    const auto next = [&state](size_t below) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        return size_t((state >> 33) % below);
    };
    QTemporaryDir dir;
    size_t accepted = 0, refused = 0;
    for (int round = 0; round < 8; ++round) {
        std::string bytes = good;
        for (size_t k = 0, n = 1 + next(3); k < n; ++k)
            bytes[good.size() / 2 - 2048 + next(4096)] = char(next(256));
        const LoadResult inMemory = loadProfileData(bytes, "damaged.pb");
        const LoadResult fromFile = loadFromFile(dir, bytes);
        QCOMPARE(fromFile.ok(), inMemory.ok());
        if (inMemory.ok()) {
            ++accepted;
            QVERIFY(fromFile.profile->samples.stack == inMemory.profile->samples.stack);
            QVERIFY(ProfileAnalysis::compute(*inMemory.profile).functions.duration() >= 0.0);
        } else {
            ++refused;
            QVERIFY(!inMemory.error->problem.empty());
            QCOMPARE(fromFile.error->problem, inMemory.error->problem);
            QCOMPARE(fromFile.error->where, inMemory.error->where);
        }
    }
    qDebug("damaged about the split: %zu read, %zu refused", accepted, refused);
    QVERIFY(accepted > 0 && refused > 0);
}

// Bad samples of a large pprof are named as in a small one, read in memory or from its file:
// the first problem in the file's order, wherever the stretches split it.
void TestMeasures::pprofLargeErrorsNamedAsSmall()
{
    const LargePprof large = largePprof();
    const size_t late = large.samples.size() - 5, early = 1000;
    const std::string missing = delimitedField(0x12, packedVarints(0x0A, {3, 999999}) + packedVarints(0x12, {1, 1}));
    const std::string oneValue = delimitedField(0x12, packedVarints(0x0A, {3}) + packedVarints(0x12, {1}));
    struct Case {
        std::map<size_t, std::string> replaced;
        std::string where;
    };
    const std::vector<Case> cases{
        {{{late, missing}}, "Profile.sample[" + std::to_string(late) + "].location_id[1]"},
        {{{late, oneValue}}, "Profile.sample[" + std::to_string(late) + "].value"},
        {{{late, oneValue}, {early, missing}}, "Profile.sample[" + std::to_string(early) + "].location_id[1]"},
        {{{early, oneValue}, {late, missing}}, "Profile.sample[" + std::to_string(early) + "].value"},
    };
    QTemporaryDir dir;
    for (const Case& c : cases) {
        LargePprof bad = large;
        for (const auto& [i, sample] : c.replaced)
            bad.samples[i] = sample;
        const std::string bytes = bad.bytes();
        const LoadResult inMemory = loadProfileData(bytes, "large.pb");
        QVERIFY(!inMemory.ok());
        QCOMPARE(inMemory.error->where, c.where);
        const LoadResult fromFile = loadFromFile(dir, bytes);
        QVERIFY(!fromFile.ok());
        QCOMPARE(fromFile.error->where, c.where);
        QCOMPARE(fromFile.error->problem, inMemory.error->problem);
    }
    // Cut short: the field named, read whole once the pieces do not read.
    const std::string cut = large.bytes().substr(0, large.bytes().size() - 3);
    const LoadResult inMemory = loadProfileData(cut, "large.pb");
    const LoadResult fromFile = loadFromFile(dir, cut);
    QVERIFY(!inMemory.ok() && !fromFile.ok());
    QVERIFY2(inMemory.error->problem.find("cut short") != std::string::npos, inMemory.error->toString().c_str());
    QCOMPARE(fromFile.error->problem, inMemory.error->problem);
    QCOMPARE(fromFile.error->where, inMemory.error->where);
}

QTEST_GUILESS_MAIN(TestMeasures)
#include "tst_measures.moc"
