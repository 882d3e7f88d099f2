// Comparisons of two profiles against the oracle's expected files joined by identity, the
// diff JSON, and the per-path matching of the differential flame graph.
#include "expectedprofile.h"
#include "testprofileloader.h"

#include "model/comparison.h"
#include "model/diffreport.h"
#include "model/profileanalysis.h"
#include "model/profileloader.h"

#include <QTest>

#include <map>
#include <tuple>

using namespace xsprof;

namespace {

const std::string corpus = XSPROF_CORPUS_DIR;

using TestProfiles::load;

using Identity = std::tuple<std::string, std::string, int, int>;
struct Expected {
    double self = 0, total = 0;
    std::optional<double> inclusive;
};

// An oracle profile's functions by comparison identity, in the model's 1-based lines
// (0 unknown); XS identities leave the column out and sum functions that share one.
std::map<Identity, Expected> expectedByIdentity(const nlohmann::json& profile, int keyLineBase, bool xs)
{
    std::map<Identity, Expected> out;
    for (const auto& f : profile.at("functions")) {
        const auto& k = f.at("key");
        const auto oneBased = [&](int v) { return v < 0 ? 0 : v + 1 - keyLineBase; };
        const Identity id{k[0].get<std::string>(), k[1].get<std::string>(), oneBased(k[2].get<int>()),
                          xs ? 0 : oneBased(k[3].get<int>())};
        Expected& e = out[id];
        e.self += f.at("self").get<double>();
        e.total += f.at("divided_total").get<double>();
        if (!f.at("total").is_null())
            e.inclusive = e.inclusive.value_or(0.0) + f.at("total").get<double>();
    }
    return out;
}

// Checks a comparison against the two expected profiles joined.
void checkJoined(const Comparison& c, const std::map<Identity, Expected>& base, const std::map<Identity, Expected>& next)
{
    std::map<Identity, int> all;
    for (const auto& [k, v] : base)
        ++all[k];
    for (const auto& [k, v] : next)
        ++all[k];
    QCOMPARE(c.functions().size(), all.size());
    for (const ComparedFunction& f : c.functions()) {
        const Identity id{f.name, f.url, f.line, f.column};
        const auto b = base.find(id);
        const auto n = next.find(id);
        QVERIFY2(b != base.end() || n != next.end(), f.name.c_str());
        QCOMPARE(f.base().has_value(), b != base.end());
        QCOMPARE(f.next().has_value(), n != next.end());
        const double bs = b != base.end() ? b->second.self : 0.0, ns = n != next.end() ? n->second.self : 0.0;
        const double bt = b != base.end() ? b->second.total : 0.0, nt = n != next.end() ? n->second.total : 0.0;
        if (f.base()) {
            QVERIFY(ExpectedProfile::close(f.base()->self, bs));
            QVERIFY(ExpectedProfile::close(f.base()->total, bt));
            QCOMPARE(f.base()->inclusive.has_value(), b->second.inclusive.has_value());
            if (f.base()->inclusive)
                QVERIFY(ExpectedProfile::close(*f.base()->inclusive, *b->second.inclusive));
        }
        if (f.next()) {
            QVERIFY(ExpectedProfile::close(f.next()->self, ns));
            QVERIFY(ExpectedProfile::close(f.next()->total, nt));
        }
        QVERIFY(ExpectedProfile::close(*c.delta(f, CostKind::Self), ns - bs));
        QVERIFY(ExpectedProfile::close(*c.delta(f, CostKind::Total), nt - bt));
    }
}

} // namespace

class TestComparison : public QObject {
    Q_OBJECT

private slots:
    void v8RunsJoinTheirExpectedFiles();
    void xsSessionsJoinByNamePathLine();
    void graphEncodedHasNoInclusive();
    void jsonSchema();
    void matchedPathsOfTheSameProfileAreItsOwn();
};

void TestComparison::v8RunsJoinTheirExpectedFiles()
{
    const Profile base = load(corpus + "/node_fib.cpuprofile");
    const Profile next = load(corpus + "/node_fib_i100.cpuprofile");
    const Comparison c(base, ProfileAnalysis::compute(base), next, ProfileAnalysis::compute(next));
    const auto eb = ExpectedProfile::readFile(corpus + "/node_fib.expected.json");
    const auto en = ExpectedProfile::readFile(corpus + "/node_fib_i100.expected.json");
    QVERIFY(ExpectedProfile::close(c.duration(Side::Base), eb.at("duration").get<double>()));
    QVERIFY(ExpectedProfile::close(c.duration(Side::New), en.at("duration").get<double>()));
    checkJoined(c, expectedByIdentity(eb, 0, false), expectedByIdentity(en, 0, false));
    // Something appears on one side only (the _i100 run samples more builtins).
    bool oneSided = false;
    for (const ComparedFunction& f : c.functions())
        oneSided |= !f.base() || !f.next();
    QVERIFY(oneSided);
}

void TestComparison::xsSessionsJoinByNamePathLine()
{
    // Two profiling sessions of one live XS recording: ids differ between runs in general,
    // so functions match by (name, path, line).
    const std::string file = corpus + "/tiny/xs_transcript.xsbug";
    const Profile s0 = load(file, 0), s1 = load(file, 1);
    const Comparison c(s0, ProfileAnalysis::compute(s0), s1, ProfileAnalysis::compute(s1));
    const auto profiles = ExpectedProfile::profilesOf(ExpectedProfile::readFile(corpus + "/tiny/xs_transcript.expected.json"));
    QCOMPARE(profiles.size(), size_t(2));
    checkJoined(c, expectedByIdentity(profiles[0], 1, true), expectedByIdentity(profiles[1], 1, true));
    // main is in both: self 300 -> 400 (hand: the oracle's per-session self times).
    for (const ComparedFunction& f : c.functions()) {
        if (f.name == "main")
            QCOMPARE(*c.delta(f, CostKind::Self), 100.0);
    }
    // The real recordings too: two different workloads, both with (host) and (gc).
    const Profile g = load(corpus + "/xsbug/gc_alloc.profile-on-start.xsbug");
    const Profile b = load(corpus + "/xsbug/break_while_profiling.suspend-resume.xsbug");
    const Comparison real(g, ProfileAnalysis::compute(g), b, ProfileAnalysis::compute(b));
    const auto eg = ExpectedProfile::profilesOf(ExpectedProfile::readFile(corpus + "/xsbug/gc_alloc.profile-on-start.expected.json"));
    const auto ebr = ExpectedProfile::profilesOf(
        ExpectedProfile::readFile(corpus + "/xsbug/break_while_profiling.suspend-resume.expected.json"));
    checkJoined(real, expectedByIdentity(eg[0], 1, true), expectedByIdentity(ebr[0], 1, true));
}

void TestComparison::graphEncodedHasNoInclusive()
{
    const Profile graph = load(corpus + "/xsbug/gc_alloc.xst-p.cpuprofile");
    const Profile live = load(corpus + "/xsbug/gc_alloc.profile-on-start.xsbug");
    const Comparison c(graph, ProfileAnalysis::compute(graph), live, ProfileAnalysis::compute(live));
    QVERIFY(!c.hasInclusive(Side::Base));
    QVERIFY(c.hasInclusive(Side::New));
    for (const ComparedFunction& f : c.functions()) {
        QVERIFY(!c.delta(f, CostKind::Inclusive));
        if (f.base())
            QVERIFY(!f.base()->inclusive);
    }
    const std::string json = formatJsonDiff(c, {"a", &graph}, {"b", &live}, {});
    const auto j = nlohmann::json::parse(json);
    for (const auto& f : j.at("functions"))
        QVERIFY(f.at("delta").at("inclusive_us").is_null());
}

void TestComparison::jsonSchema()
{
    const Profile base = load(corpus + "/tiny/linear.cpuprofile");
    const Profile next = load(corpus + "/tiny/diamond.cpuprofile");
    const Comparison c(base, ProfileAnalysis::compute(base), next, ProfileAnalysis::compute(next));
    const auto j = nlohmann::json::parse(formatJsonDiff(c, {"linear", &base}, {"diamond", &next}, {}));
    QCOMPARE(j.at("base").at("file").get<std::string>(), std::string("linear"));
    QCOMPARE(j.at("base").at("format").get<std::string>(), std::string("cpuprofile"));
    QCOMPARE(j.at("base").at("duration_us").get<double>(), 600.0);
    QCOMPARE(j.at("new").at("sample_count").get<int>(), 8);
    // (root) is in both (600 -> 800); A, B, C, D only in new; main, a, b only in base.
    QCOMPARE(j.at("functions").size(), size_t(8));
    const auto& first = j.at("functions").at(0); // largest |Δ total|: A, +800
    QCOMPARE(first.at("name").get<std::string>(), std::string("A"));
    QVERIFY(first.at("base").is_null());
    QCOMPARE(first.at("new").at("total_us").get<double>(), 800.0);
    QCOMPARE(first.at("delta").at("total_us").get<double>(), 800.0);
    QCOMPARE(first.at("line").get<int>(), 2); // lineNumber 1, 0-based in the file
    QCOMPARE(first.at("column").get<int>(), 11);
    for (const auto& f : j.at("functions")) {
        if (f.at("name") == "(root)") {
            QCOMPARE(f.at("delta").at("inclusive_us").get<double>(), 200.0);
            QCOMPARE(f.at("line").get<int>(), 0);
        }
        if (f.at("name") == "main") {
            QVERIFY(f.at("new").is_null());
            QCOMPARE(f.at("delta").at("self_us").get<double>(), -100.0);
        }
    }
    DiffOptions top;
    top.top = 3;
    top.sort = CostKind::Self;
    const auto t = nlohmann::json::parse(formatJsonDiff(c, {"linear", &base}, {"diamond", &next}, top));
    QCOMPARE(t.at("functions").size(), size_t(3));
    QCOMPARE(t.at("functions").at(0).at("name").get<std::string>(), std::string("D")); // +500
}

void TestComparison::matchedPathsOfTheSameProfileAreItsOwn()
{
    // A profile against itself: every sampled path finds itself, with its own total.
    const Profile p = load(corpus + "/node_dag_shared.cpuprofile");
    const ProfileAnalysis a = ProfileAnalysis::compute(p);
    const Comparison c(p, a, p, a);
    const std::vector<double> before = matchedPathTotals(c, p, a.callTree, p);
    for (size_t s = 0; s < p.stacks.size(); ++s)
        QVERIFY(ExpectedProfile::close(before[s], a.callTree.total(StackId(uint32_t(s)))));
    // diamond against linear: only (root) is shared, so (root)'s path gets linear's 600.
    const Profile lin = load(corpus + "/tiny/linear.cpuprofile");
    const Profile dia = load(corpus + "/tiny/diamond.cpuprofile");
    const ProfileAnalysis la = ProfileAnalysis::compute(lin), da = ProfileAnalysis::compute(dia);
    const Comparison ld(lin, la, dia, da);
    const std::vector<double> m = matchedPathTotals(ld, lin, la.callTree, dia);
    for (size_t s = 0; s < dia.stacks.size(); ++s)
        QCOMPARE(m[s], dia.stacks.parent[s].isValid() ? 0.0 : 600.0);
}

QTEST_GUILESS_MAIN(TestComparison)
#include "tst_comparison.moc"
