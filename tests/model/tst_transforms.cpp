// Transforms (merge, focus, drop, collapse recursion, merge file) on the tiny corpus with
// numbers worked out by hand, and on the shared corpus against an independently edited file.
#include "expectedprofile.h"
#include "testprofileloader.h"

#include "model/callerscallees.h"
#include "model/profileanalysis.h"
#include "model/profileloader.h"
#include "model/transforms.h"

#include <QTest>

#include <fstream>
#include <map>
#include <set>

using namespace xsprof;

namespace {

const std::string corpus = XSPROF_CORPUS_DIR;

using TestProfiles::load;

Profile transformed(const Profile& p, TransformKind kind, const std::string& name)
{
    std::string error;
    std::optional<Profile> out = applyTransform(p, Transform::byName(kind, name), &error);
    if (!out)
        qFatal("transform failed: %s", error.c_str());
    return std::move(*out);
}

// Self, total and inclusive by function name (every name is unique in the tiny files used).
struct Numbers {
    double duration = 0;
    size_t samples = 0;
    std::map<std::string, double> self, total, inclusive;
};

Numbers numbersOf(const Profile& p)
{
    const ProfileAnalysis a = ProfileAnalysis::compute(p);
    Numbers n;
    n.duration = a.functions.duration();
    n.samples = a.functions.sampleCount();
    for (FrameId f : a.functions.functions()) {
        const std::string name(p.frameName(f));
        n.self[name] = a.functions.self(f);
        n.total[name] = a.functions.total(f);
        if (a.functions.hasInclusive())
            n.inclusive[name] = a.functions.inclusive(f);
    }
    return n;
}

std::set<std::string> names(const std::map<std::string, double>& m)
{
    std::set<std::string> s;
    for (const auto& [k, v] : m)
        s.insert(k);
    return s;
}

FrameId frameNamed(const Profile& p, const std::string& name)
{
    for (uint32_t f = 0; f < p.frames.size(); ++f) {
        if (p.frameName(FrameId(f)) == name)
            return FrameId(f);
    }
    return FrameId();
}

// The .cpuprofile at `path` with every node named `name` removed: its children and its
// samples go to its nearest remaining ancestor. Written independently of model/transforms.
std::string withNodesRemoved(const std::string& path, const std::string& name)
{
    std::ifstream in(path);
    nlohmann::json j = nlohmann::json::parse(in);
    std::map<int64_t, int64_t> parent;
    std::map<int64_t, nlohmann::json*> byId;
    for (auto& node : j["nodes"]) {
        byId[node["id"].get<int64_t>()] = &node;
        for (const auto& c : node.value("children", nlohmann::json::array()))
            parent[c.get<int64_t>()] = node["id"].get<int64_t>();
    }
    const auto removed = [&](int64_t id) { return byId[id]->at("callFrame").at("functionName") == name; };
    const auto keptAncestor = [&](int64_t id) {
        while (removed(id))
            id = parent.at(id);
        return id;
    };
    nlohmann::json nodes = nlohmann::json::array();
    std::map<int64_t, std::vector<int64_t>> children;
    for (auto& node : j["nodes"]) {
        const int64_t id = node["id"].get<int64_t>();
        if (!removed(id) && parent.count(id))
            children[keptAncestor(parent[id])].push_back(id);
    }
    for (auto& node : j["nodes"]) {
        const int64_t id = node["id"].get<int64_t>();
        if (removed(id))
            continue;
        nlohmann::json copy = node;
        copy.erase("positionTicks");
        copy["children"] = children[id];
        nodes.push_back(copy);
    }
    for (auto& s : j["samples"])
        s = keptAncestor(s.get<int64_t>());
    j["nodes"] = nodes; // last: byId points into the old array
    return j.dump();
}

} // namespace

class TestTransforms : public QObject {
    Q_OBJECT

private slots:
    void linearByHand();
    void diamondByHand();
    void collapseRecursionByHand();
    void graphEncodedByHand();
    void mergeFileByHand();
    void transformsStackInOrder();
    void callersAndCalleesByHand();
    void mergeEqualsEditedFile_data();
    void mergeEqualsEditedFile();
    void focusDropCollapseOnCorpus_data();
    void focusDropCollapseOnCorpus();
    void focusSubtreeByHand();
};

void TestTransforms::linearByHand()
{
    // tiny/linear: samples main@100 a@200 b@400 b@500 a@600, end 700, until-next:
    // durations main 100, a 200, b 100, b 100, a 100 (duration 600; self main 100, a 300, b 200).
    const Profile p = load(corpus + "/tiny/linear.cpuprofile");

    // merge a: a's two samples become main's self: main 100 + 200 + 100 = 400; b keeps 200 on
    // (root) > main > b; the total of main is still the whole 600.
    Numbers m = numbersOf(transformed(p, TransformKind::Merge, "a"));
    QCOMPARE(m.duration, 600.0);
    QCOMPARE(m.samples, size_t(5));
    QCOMPARE(names(m.self), (std::set<std::string>{"(root)", "main", "b"}));
    QCOMPARE(m.self["main"], 400.0);
    QCOMPARE(m.self["b"], 200.0);
    QCOMPARE(m.total["main"], 600.0);
    QCOMPARE(m.inclusive["b"], 200.0);

    // focus a: the samples holding a (a 200, b 100, b 100, a 100) = inclusive(a) = 500; stacks
    // start at a, so (root) and main are gone.
    Numbers f = numbersOf(transformed(p, TransformKind::Focus, "a"));
    QCOMPARE(f.duration, 500.0);
    QCOMPARE(f.samples, size_t(4));
    QCOMPARE(names(f.self), (std::set<std::string>{"a", "b"}));
    QCOMPARE(f.self["a"], 300.0);
    QCOMPARE(f.total["a"], 500.0);
    QCOMPARE(f.inclusive["b"], 200.0);

    // drop b: main 100 + a 200 + a 100 stay: duration 400.
    Numbers d = numbersOf(transformed(p, TransformKind::Drop, "b"));
    QCOMPARE(d.duration, 400.0);
    QCOMPARE(d.samples, size_t(3));
    QCOMPARE(names(d.self), (std::set<std::string>{"(root)", "main", "a"}));
    QCOMPARE(d.self["a"], 300.0);
    QCOMPARE(d.total["main"], 400.0);

    // merge main: main's own sample becomes (root)'s self time (100), a is called by (root).
    Numbers r = numbersOf(transformed(p, TransformKind::Merge, "main"));
    QCOMPARE(r.self["(root)"], 100.0);
    QCOMPARE(r.total["(root)"], 600.0);
    QCOMPARE(r.total["a"], 500.0);
}

void TestTransforms::diamondByHand()
{
    // tiny/diamond: 8 samples of 100 µs: A, B, D(via B) ×2, C, D(via C) ×3. Self A B C 100,
    // D 500; divided: D has callers B and C, so total(B) = total(C) = 100 + 500/2 = 350.
    const Profile p = load(corpus + "/tiny/diamond.cpuprofile");
    Numbers before = numbersOf(p);
    QCOMPARE(before.total["B"], 350.0);

    // merge D: B gets D's 200 (self 300), C gets D's 300 (self 400); A total still 800.
    Numbers m = numbersOf(transformed(p, TransformKind::Merge, "D"));
    QCOMPARE(m.self["B"], 300.0);
    QCOMPARE(m.self["C"], 400.0);
    QCOMPARE(m.total["A"], 800.0);
    QVERIFY(!m.self.count("D"));

    // drop C: the C and D(via C) samples go (400): D has one caller left, total(B) = 100 + 200.
    Numbers d = numbersOf(transformed(p, TransformKind::Drop, "C"));
    QCOMPARE(d.duration, 400.0);
    QCOMPARE(d.total["D"], 200.0);
    QCOMPARE(d.total["B"], 300.0);
    QCOMPARE(d.total["A"], 400.0);

    // focus D: both paths end in D, so one root D with all 500.
    const Profile focused = transformed(p, TransformKind::Focus, "D");
    Numbers f = numbersOf(focused);
    QCOMPARE(f.duration, before.inclusive["D"]);
    QCOMPARE(names(f.self), (std::set<std::string>{"D"}));
    const ProfileAnalysis fa = ProfileAnalysis::compute(focused);
    QCOMPARE(fa.callTree.roots().size(), size_t(1));
}

void TestTransforms::collapseRecursionByHand()
{
    // tiny/cycle: 6 samples of 100 µs on A, A>B, A>B>A, A>B>A>B, A>B>A>B, A>B>A.
    // Self A 300, B 300; inclusive B = 500 (every sample but the first).
    const Profile p = load(corpus + "/tiny/cycle.cpuprofile");
    QCOMPARE(numbersOf(p).inclusive["B"], 500.0);

    // collapse A: A>B>A -> A and A>B>A>B -> A>B: samples A, A>B, A, A>B, A>B, A.
    // inclusive B = 300, A = 600; no cycle is left, so total = inclusive.
    const Profile ca = transformed(p, TransformKind::CollapseRecursion, "A");
    Numbers a = numbersOf(ca);
    QCOMPARE(a.duration, 600.0);
    QCOMPARE(a.self["A"], 300.0);
    QCOMPARE(a.inclusive["B"], 300.0);
    QCOMPARE(a.total["B"], 300.0);
    QCOMPARE(a.total["A"], 600.0);
    QVERIFY(ProfileAnalysis::compute(ca).functions.graph().removedEdges().empty());

    // collapse B: only A>B>A>B holds B twice: -> A>B. A>B>A keeps its single B.
    // Samples A, A>B, A>B>A, A>B, A>B, A>B>A: self A 300, B 300, inclusive B 500 as before.
    Numbers b = numbersOf(transformed(p, TransformKind::CollapseRecursion, "B"));
    QCOMPARE(b.self["A"], 300.0);
    QCOMPARE(b.self["B"], 300.0);
    QCOMPARE(b.inclusive["B"], 500.0);
}

void TestTransforms::graphEncodedByHand()
{
    // tiny/xs_graph (own-delta): a 100, c 200, b 100, c 300, c 100, (host) 100 = 900.
    // Links (host)->a, (host)->b, a->c, b->c, c->a, c->c.
    const Profile p = load(corpus + "/tiny/xs_graph.cpuprofile");
    QVERIFY(!p.hasStacks());

    // merge c: its callers a and b each get half of each c sample (300 each): self a 400,
    // b 400. Links (host)->a, (host)->b, b->a (c->a passed to b; a->a is a self link).
    // Divided: a has callers (host) and b: total(b) = 400 + 400/2 = 600, (host) = 900.
    const Profile m = transformed(p, TransformKind::Merge, "c");
    Numbers mn = numbersOf(m);
    QCOMPARE(mn.duration, 900.0);
    QCOMPARE(mn.samples, size_t(9));
    QVERIFY(!mn.self.count("c"));
    QCOMPARE(mn.self["a"], 400.0);
    QCOMPARE(mn.self["b"], 400.0);
    QCOMPARE(mn.total["b"], 600.0);
    QCOMPARE(mn.total["(host)"], 900.0);
    QVERIFY(mn.inclusive.empty());

    // drop a: b still reaches c, so only a's sample (100) and links go: 800.
    Numbers da = numbersOf(transformed(p, TransformKind::Drop, "a"));
    QCOMPARE(da.duration, 800.0);
    QVERIFY(!da.self.count("a"));
    QCOMPARE(da.total["c"], 600.0);
    QCOMPARE(da.total["b"], 700.0);

    // drop c: c's 600 goes; a and b stay reachable from (host).
    Numbers dc = numbersOf(transformed(p, TransformKind::Drop, "c"));
    QCOMPARE(dc.duration, 300.0);
    QCOMPARE(dc.total["(host)"], 300.0);

    // focus and collapse need stacks: a clear error naming the transform.
    for (TransformKind kind : {TransformKind::Focus, TransformKind::CollapseRecursion}) {
        std::string error;
        QVERIFY(!applyTransform(p, Transform::byName(kind, "c"), &error));
        QVERIFY2(error.find("graph-encoded") != std::string::npos, error.c_str());
    }
}

void TestTransforms::mergeFileByHand()
{
    // tiny/linear: every function but (root) is in file:///tiny.js, so merging the file
    // leaves (root) with all 600 µs of self time.
    const Profile p = load(corpus + "/tiny/linear.cpuprofile");
    std::optional<Profile> m = applyTransform(p, Transform::mergeUrl("file:///tiny.js"));
    QVERIFY(m);
    Numbers n = numbersOf(*m);
    QCOMPARE(names(n.self), (std::set<std::string>{"(root)"}));
    QCOMPARE(n.self["(root)"], 600.0);
}

void TestTransforms::transformsStackInOrder()
{
    // diamond: focus B then merge D: B's samples (B 100, D 200) -> B self 300. In the other
    // order the result is the same set of samples; but drop B then focus D keeps only C's D.
    const Profile p = load(corpus + "/tiny/diamond.cpuprofile");
    const std::vector<Transform> t1{Transform::byName(TransformKind::Focus, "B"), Transform::byName(TransformKind::Merge, "D")};
    TransformResult r1 = applyTransforms(p, t1);
    QVERIFY(r1.profile);
    QCOMPARE(r1.matched, (std::vector<size_t>{1, 1}));
    Numbers n1 = numbersOf(*r1.profile);
    QCOMPARE(n1.duration, 300.0);
    QCOMPARE(n1.self["B"], 300.0);

    const std::vector<Transform> t2{Transform::byName(TransformKind::Drop, "B"), Transform::byName(TransformKind::Focus, "D")};
    Numbers n2 = numbersOf(*applyTransforms(p, t2).profile);
    QCOMPARE(n2.duration, 300.0); // D via C: 3 samples

    const std::vector<Transform> t3{Transform::byName(TransformKind::Merge, "nothing")};
    TransformResult r3 = applyTransforms(p, t3);
    QCOMPARE(r3.matched, (std::vector<size_t>{0}));
    QCOMPARE(numbersOf(*r3.profile).duration, 800.0);
}

void TestTransforms::callersAndCalleesByHand()
{
    // diamond: D's callers B and C each carry total(D)/2 = 250; the pair B->D is on 2 samples
    // (200), C->D on 3 (300). A's callees B and C each carry their whole total (one caller):
    // 350; pair A->B is on B's 3 samples (300), A->C on C's 4 (400).
    const Profile p = load(corpus + "/tiny/diamond.cpuprofile");
    const ProfileAnalysis a = ProfileAnalysis::compute(p);
    const CallersCallees d = callersAndCallees(p, a, frameNamed(p, "D"));
    QCOMPARE(d.callers.size(), size_t(2));
    QVERIFY(d.callees.empty());
    std::map<std::string, std::pair<double, double>> got;
    for (const EdgeCost& e : d.callers)
        got[std::string(p.frameName(e.function))] = {e.share, *e.inclusive};
    QCOMPARE(got["B"], std::make_pair(250.0, 200.0));
    QCOMPARE(got["C"], std::make_pair(250.0, 300.0));

    const CallersCallees top = callersAndCallees(p, a, frameNamed(p, "A"));
    QCOMPARE(top.callees.size(), size_t(2));
    // Equal shares: the larger pair inclusive (C, 400) first.
    QCOMPARE(p.frameName(top.callees[0].function), std::string_view("C"));
    QCOMPARE(top.callees[0].share, 350.0);
    QCOMPARE(*top.callees[0].inclusive, 400.0);
    QCOMPARE(p.frameName(top.callees[1].function), std::string_view("B"));
    QCOMPARE(*top.callees[1].inclusive, 300.0);

    // cycle: the pair A->B is on A>B, A>B>A, A>B>A>B (twice on the last, counted once) = 500.
    const Profile c = load(corpus + "/tiny/cycle.cpuprofile");
    const CallersCallees cb = callersAndCallees(c, ProfileAnalysis::compute(c), frameNamed(c, "B"));
    QCOMPARE(cb.callers.size(), size_t(1));
    QCOMPARE(*cb.callers[0].inclusive, 500.0);
}

void TestTransforms::mergeEqualsEditedFile_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("function");
    QTest::newRow("fib") << "node_fib.cpuprofile" << "fib";
    QTest::newRow("fib requireBuiltin") << "node_fib.cpuprofile" << "requireBuiltin";
    QTest::newRow("dag shared") << "node_dag_shared.cpuprofile" << "normalize";
    QTest::newRow("tree") << "node_tree.cpuprofile" << "computeStats";
    QTest::newRow("deep recursion") << "node_deep_recursion.cpuprofile" << "dive";
    QTest::newRow("gc heavy") << "node_gc_heavy.cpuprofile" << "makeRecord";
    QTest::newRow("gc") << "node_gc_heavy.cpuprofile" << "(garbage collector)";
}

void TestTransforms::mergeEqualsEditedFile()
{
    QFETCH(QString, file);
    QFETCH(QString, function);
    const std::string path = corpus + "/" + file.toStdString();
    const Profile p = load(path);
    QVERIFY2(frameNamed(p, function.toStdString()).isValid(), "the function is in the file");
    const Profile merged = transformed(p, TransformKind::Merge, function.toStdString());

    LoadResult edited = loadProfileData(withNodesRemoved(path, function.toStdString()), "edited");
    QVERIFY2(edited.ok(), edited.error ? edited.error->toString().c_str() : "");
    const std::vector<std::string> errors = ExpectedProfile::compareProfiles(
        *edited.profile, ProfileAnalysis::compute(*edited.profile), merged, ProfileAnalysis::compute(merged));
    for (size_t i = 0; i < errors.size() && i < 10; ++i)
        qWarning("%s", errors[i].c_str());
    QVERIFY(errors.empty());
}

void TestTransforms::focusDropCollapseOnCorpus_data()
{
    mergeEqualsEditedFile_data();
}

void TestTransforms::focusDropCollapseOnCorpus()
{
    QFETCH(QString, file);
    QFETCH(QString, function);
    const std::string name = function.toStdString();
    const Profile p = load(corpus + "/" + file.toStdString());
    const ProfileAnalysis before = ProfileAnalysis::compute(p);
    double inclusive = 0.0; // of every function with the name
    for (FrameId f : before.functions.functions()) {
        if (p.frameName(f) == name)
            inclusive = std::max(inclusive, before.functions.inclusive(f));
    }

    // focus: duration = inclusive(f) before, and every stack starts at f.
    const Profile focused = transformed(p, TransformKind::Focus, name);
    const ProfileAnalysis fa = ProfileAnalysis::compute(focused);
    QVERIFY(ExpectedProfile::close(fa.functions.duration(), inclusive));
    for (size_t i = 0; i < focused.samples.size(); ++i) {
        StackId s = focused.samples.stack[i];
        while (focused.stacks.parent[s.value].isValid())
            s = focused.stacks.parent[s.value];
        QCOMPARE(focused.frameName(focused.stacks.frame[s.value]), std::string_view(name));
    }

    // focus subtree on f's heaviest call path: duration = that path's total, one root, f.
    StackId heaviest;
    for (size_t st = 0; st < p.stacks.size(); ++st) {
        const StackId id(static_cast<uint32_t>(st));
        if (p.frameName(p.stacks.frame[st]) == name
            && (!heaviest.isValid() || before.callTree.total(id) > before.callTree.total(heaviest)))
            heaviest = id;
    }
    QVERIFY(heaviest.isValid());
    std::vector<FrameId> path;
    for (StackId st = heaviest; st.isValid(); st = p.stacks.parent[st.value])
        path.insert(path.begin(), p.stacks.frame[st.value]);
    std::string error;
    const std::optional<Profile> subtree = applyTransform(p, Transform::subtree(p, path), &error);
    QVERIFY2(subtree, error.c_str());
    const ProfileAnalysis sa = ProfileAnalysis::compute(*subtree);
    QVERIFY(ExpectedProfile::close(sa.functions.duration(), before.callTree.total(heaviest)));
    QCOMPARE(sa.callTree.roots().size(), size_t(1));
    QCOMPARE(subtree->frameName(subtree->stacks.frame[sa.callTree.roots()[0].value]), std::string_view(name));

    // drop: the duration shrinks by inclusive(f), and no stack holds f.
    const Profile dropped = transformed(p, TransformKind::Drop, name);
    const ProfileAnalysis da = ProfileAnalysis::compute(dropped);
    QVERIFY(ExpectedProfile::close(da.functions.duration(), before.functions.duration() - inclusive));
    for (FrameId f : da.functions.functions())
        QVERIFY(dropped.frameName(f) != name);

    // collapse recursion: same samples and inclusive(f), and no stack holds f twice.
    const Profile collapsed = transformed(p, TransformKind::CollapseRecursion, name);
    const ProfileAnalysis ca = ProfileAnalysis::compute(collapsed);
    QVERIFY(ExpectedProfile::close(ca.functions.duration(), before.functions.duration()));
    for (FrameId f : ca.functions.functions()) {
        if (collapsed.frameName(f) == name)
            QVERIFY(ExpectedProfile::close(ca.functions.inclusive(f), before.functions.inclusive(f)));
    }
    for (size_t s = 0; s < collapsed.stacks.size(); ++s) {
        if (collapsed.frameName(collapsed.stacks.frame[s]) != name)
            continue;
        for (StackId up = collapsed.stacks.parent[s]; up.isValid(); up = collapsed.stacks.parent[up.value])
            QVERIFY(collapsed.stacks.frame[up.value] != collapsed.stacks.frame[s]);
    }
}

void TestTransforms::focusSubtreeByHand()
{
    // tiny/diamond: (root) > A > {B > D, C > D}; 8 samples of 100 µs: A, B, D(via B) ×2, C,
    // D(via C) ×3. The subtree (root) > A > C holds C and C's D: 100 + 300 = 400, rooted at C.
    const Profile p = load(corpus + "/tiny/diamond.cpuprofile");
    const FrameId root = frameNamed(p, "(root)"), a = frameNamed(p, "A"), c = frameNamed(p, "C");
    const std::vector<FrameId> toC{root, a, c};
    const Transform t = Transform::subtree(p, toC);
    QCOMPARE(t.label(), std::string("Focus on subtree C"));
    std::string error;
    const std::optional<Profile> focused = applyTransform(p, t, &error);
    QVERIFY2(focused, error.c_str());
    Numbers n = numbersOf(*focused);
    QCOMPARE(n.duration, 400.0);
    QCOMPARE(n.samples, size_t(4));
    QCOMPARE(names(n.self), (std::set<std::string>{"C", "D"}));
    QCOMPARE(n.self["C"], 100.0);
    QCOMPARE(n.self["D"], 300.0);
    QCOMPARE(n.total["C"], 400.0); // D has one caller left: C
    const ProfileAnalysis fa = ProfileAnalysis::compute(*focused);
    QCOMPARE(fa.callTree.roots().size(), size_t(1));

    // Unlike focus on function D (500: both paths), the path (root) > A > B > D keeps 200.
    const FrameId b = frameNamed(p, "B"), d = frameNamed(p, "D");
    const std::vector<FrameId> toD{root, a, b, d};
    QCOMPARE(numbersOf(*applyTransform(p, Transform::subtree(p, toD))).duration, 200.0);
    // A path that does not start at a root matches no sample.
    const std::vector<FrameId> notARoot{a, c};
    QCOMPARE(numbersOf(*applyTransform(p, Transform::subtree(p, notARoot))).samples, size_t(0));

    // Graph-encoded profiles have no paths: a clear error.
    const Profile graph = load(corpus + "/tiny/xs_graph.cpuprofile");
    const std::vector<FrameId> first{FrameId(0)};
    QVERIFY(!applyTransform(graph, Transform::subtree(graph, first), &error));
    QVERIFY(error.find("graph-encoded") != std::string::npos);
}

QTEST_GUILESS_MAIN(TestTransforms)
#include "tst_transforms.moc"
