// Analyses on hand-written stacks ("A;B;C" = A calls B calls C), checked against numbers
// worked out by hand from DESIGN.md.
#include "model/bottomuptree.h"
#include "model/cpuprofilewriter.h"
#include "model/profileanalysis.h"
#include "model/profilebuilder.h"
#include "model/radixsort.h"
#include "model/profileloader.h"
#include "model/report.h"
#include "model/stringtable.h"
#include "model/timelinebuckets.h"

#include <QTest>

#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <thread>

using namespace xsprof;

namespace {

// One sample per entry, each lasting `duration` (until-next with an end time).
Profile fromStacks(const std::vector<std::pair<std::string, double>>& samples)
{
    ProfileInfo info;
    info.startTime = 0;
    ProfileBuilder b(info);
    double t = 0;
    for (const auto& [stack, duration] : samples) {
        StackId s;
        std::stringstream in(stack);
        std::string name;
        while (std::getline(in, name, ';'))
            s = b.stack(s, b.frameForKey(name, "app.js", 1, 1));
        b.addSample(s, t);
        t += duration;
    }
    b.profile().info.endTime = t;
    return b.finish();
}

std::vector<double> durations(const Profile& p)
{
    std::vector<double> d;
    for (size_t i = 0; i < p.samples.size(); ++i)
        d.push_back(p.samples.duration(i));
    return d;
}

FrameId frame(const Profile& p, const std::string& name)
{
    for (uint32_t f = 0; f < p.frames.size(); ++f) {
        if (p.frameName(FrameId(f)) == name)
            return FrameId(f);
    }
    return FrameId();
}

} // namespace

class TestAnalysis : public QObject {
    Q_OBJECT

private slots:
    void stringTableKeepsItsStringsThroughGrowthMovesAndCopies();
    void radixSortOrdersAsStdSort();
    void diamondDividesByCallers();
    void cycleBrokenInKeyOrder();
    void recursionCountedOnceInInclusive();
    void vsCodeTotalCountsEveryLevelOfRecursion();
    void bottomUpSplitsByCaller();
    void bottomUpCopiesExpandIndependently();
    void untilNextResortsAndUsesMedian();
    void ownDeltaChargesEachSampleItsDelta();
    void rangeRestrictsEveryNumber();
    void builderMergesEqualPaths();
    void badlyShuffledSamplesSortStably();
    void codeFromEvalIsJavaScript();
    void evalLocationNamesItsScript();
};

void TestAnalysis::badlyShuffledSamplesSortStably()
{
    // Reversed times defeat the insertion sort's budget and take the index sort; equal times
    // keep their order either way.
    ProfileInfo info;
    info.startTime = 0;
    ProfileBuilder b(info);
    const StackId a = b.stack(StackId(), b.frameForKey("a", "", 0, 0));
    const StackId c = b.stack(StackId(), b.frameForKey("c", "", 0, 0));
    const int n = 3000;
    for (int i = n; i > 0; --i) {
        b.addSample(a, i);
        b.addSample(c, i);
    }
    const Profile p = b.finish();
    QVERIFY(p.info.samplesResorted);
    for (int i = 0; i < 2 * n; ++i) {
        QCOMPARE(p.samples.time[size_t(i)], double(1 + i / 2));
        QCOMPARE(p.samples.stack[size_t(i)], i % 2 ? c : a);
    }
}

void TestAnalysis::diamondDividesByCallers()
{
    // R -> A -> {B, C} -> D: D's 40 is passed half to B, half to C.
    const Profile p = fromStacks({{"R;A;B;D", 20}, {"R;A;C;D", 20}, {"R;A;B", 10}, {"R;A", 5}});
    const auto a = ProfileAnalysis::compute(p);
    const FunctionAnalysis& f = a.functions;
    QCOMPARE(f.duration(), 55.0);
    QCOMPARE(f.total(frame(p, "D")), 40.0);
    QCOMPARE(f.total(frame(p, "B")), 10.0 + 20.0);
    QCOMPARE(f.total(frame(p, "C")), 20.0);
    QCOMPARE(f.total(frame(p, "A")), 55.0);
    QCOMPARE(f.inclusive(frame(p, "B")), 30.0);
    QCOMPARE(f.graph().dagCallerCount(frame(p, "D")), 2u);
    QVERIFY(f.graph().removedEdges().empty());
    // The share an edge carries: total(callee) / number of callers.
    for (uint32_t e : f.graph().callerEdges(frame(p, "D")))
        QCOMPARE(f.graph().share(f.graph().edge(e)), 20.0);
}

void TestAnalysis::cycleBrokenInKeyOrder()
{
    // Q and P call each other; both also called from R. Key order visits P first from R,
    // so Q -> P is the back edge: P keeps Q's share, Q does not get P's.
    const Profile p = fromStacks({{"R;P;Q", 30}, {"R;Q;P", 10}, {"R;P", 20}, {"R;Q", 5}});
    const auto a = ProfileAnalysis::compute(p);
    const FunctionGraph& g = a.functions.graph();
    const auto removed = g.removedEdges();
    QCOMPARE(removed.size(), size_t(1));
    QCOMPARE(p.frameName(removed[0].first), std::string_view("Q"));
    QCOMPARE(p.frameName(removed[0].second), std::string_view("P"));
    // self: P 30, Q 35. Q has callers R and P: T(Q) = 35, split 17.5 each; T(P) = 30 + 17.5.
    QCOMPARE(a.functions.total(frame(p, "Q")), 35.0);
    QCOMPARE(a.functions.total(frame(p, "P")), 47.5);
    QCOMPARE(a.functions.total(frame(p, "R")), 65.0);
    QCOMPARE(a.functions.duration(), 65.0);
}

void TestAnalysis::recursionCountedOnceInInclusive()
{
    const Profile p = fromStacks({{"main;fib;fib;fib", 10}, {"main;fib", 10}, {"main", 10}});
    const auto a = ProfileAnalysis::compute(p);
    const FrameId fib = frame(p, "fib");
    QCOMPARE(a.functions.inclusive(fib), 20.0);
    QCOMPARE(a.functions.inclusiveSamples(fib), 2u);
    QCOMPARE(a.functions.self(fib), 20.0);
    QCOMPARE(a.functions.total(fib), 20.0);
    QVERIFY(a.functions.graph().isSelfRecursive(fib));
    QCOMPARE(a.functions.graph().selfEdgeCount(), size_t(1));
}

// VS Code's total (report --totals all): every path ending in the function adds its total.
// By hand, and on real profiles against the same sum taken sample by sample: each sample's
// duration times the number of times the function is on its stack.
void TestAnalysis::vsCodeTotalCountsEveryLevelOfRecursion()
{
    const Profile p = fromStacks({{"main;fib;fib;fib", 10}, {"main;fib", 10}, {"main", 10}});
    const auto a = ProfileAnalysis::compute(p);
    QCOMPARE(a.functions.summedPathTotal(frame(p, "fib")), 40.0); // 3 × 10 + 10: more than the run
    QCOMPARE(a.functions.inclusive(frame(p, "fib")), 20.0);
    QCOMPARE(a.functions.summedPathTotal(frame(p, "main")), 30.0);

    for (const char* file : {"node_deep_recursion.cpuprofile", "node_fib.cpuprofile", "tiny/diamond.cpuprofile"}) {
        const LoadResult loaded = loadProfileFile(std::string(XSPROF_CORPUS_DIR) + "/" + file);
        QVERIFY2(loaded.ok(), file);
        const Profile& profile = *loaded.profile;
        const auto analysis = ProfileAnalysis::compute(profile);
        std::vector<double> expected(profile.frames.size(), 0.0);
        for (size_t i = 0; i < profile.samples.size(); ++i)
            for (StackId s = profile.samples.stack[i]; s.isValid(); s = profile.stacks.parent[s.value])
                expected[profile.stacks.frame[s.value].value] += profile.samples.duration(i);
        bool exceedsRun = false;
        for (FrameId f : analysis.functions.functions()) {
            const double got = analysis.functions.summedPathTotal(f);
            QVERIFY2(std::abs(got - expected[f.value]) <= 1e-6 * std::max(1.0, expected[f.value]), file);
            QVERIFY(got >= analysis.functions.inclusive(f) - 1e-6);
            exceedsRun |= got > analysis.functions.duration() * 1.001;
        }
        if (std::string(file) == "node_deep_recursion.cpuprofile")
            QVERIFY(exceedsRun); // recursion counted at each level goes past the run
    }
}

void TestAnalysis::bottomUpSplitsByCaller()
{
    const Profile p = fromStacks({{"R;A;X", 10}, {"R;B;X", 30}, {"R;A;X", 5}, {"R;B", 1}});
    const auto a = ProfileAnalysis::compute(p);
    BottomUpTree tree(p, a.callTree);
    QCOMPARE(tree.roots().size(), size_t(2));
    const auto x = tree.roots()[0];
    QCOMPARE(p.frameName(tree.frame(x)), std::string_view("X"));
    QCOMPARE(tree.time(x), 45.0);
    std::map<std::string, double> callers;
    for (auto c : tree.children(x))
        callers[std::string(p.frameName(tree.frame(c)))] = tree.time(c);
    QCOMPARE(callers, (std::map<std::string, double>{{"A", 15.0}, {"B", 30.0}}));
    const auto viaB = tree.children(x)[0];
    QCOMPARE(p.frameName(tree.frame(viaB)), std::string_view("B")); // largest first
    QCOMPARE(tree.children(viaB).size(), size_t(1));
    const auto r = tree.children(viaB)[0];
    QVERIFY(!tree.hasChildren(r));
    QCOMPARE(tree.children(r).size(), size_t(0));
}

// A tree shared as const cannot be expanded (the compiler says so); copies of one seed
// expand on several threads at once without touching the seed or each other.
template <typename Tree>
concept Expandable = requires(Tree& t) { t.children(BottomUpTree::NodeId()); };
static_assert(Expandable<BottomUpTree> && !Expandable<const BottomUpTree>);

namespace {
// The whole tree as text: "frame time" per node, indented by depth, children in order.
void printTree(const Profile& p, BottomUpTree& tree, std::span<const BottomUpTree::NodeId> nodes, int depth,
               std::string& out)
{
    const std::vector<BottomUpTree::NodeId> copy(nodes.begin(), nodes.end()); // children() moves spans
    for (auto n : copy) {
        out += std::string(size_t(depth), ' ') + std::string(p.frameName(tree.frame(n))) + ' '
            + std::to_string(tree.time(n)) + '\n';
        printTree(p, tree, tree.children(n), depth + 1, out);
    }
}
} // namespace

void TestAnalysis::bottomUpCopiesExpandIndependently()
{
    std::vector<std::pair<std::string, double>> stacks;
    for (int i = 0; i < 400; ++i)
        stacks.push_back({"R;A" + std::to_string(i % 7) + ";B" + std::to_string(i % 5) + ";X" + std::to_string(i % 11),
                          double(1 + i % 13)});
    const Profile p = fromStacks(stacks);
    const auto a = ProfileAnalysis::compute(p);
    const auto seed = std::make_shared<const BottomUpTree>(p, a.callTree);
    const size_t seedNodes = seed->nodeCount();

    BottomUpTree reference = *seed;
    std::string expected;
    printTree(p, reference, reference.roots(), 0, expected);
    QVERIFY(reference.nodeCount() > seedNodes);

    std::vector<std::string> printed(4);
    std::vector<std::thread> threads;
    for (auto& out : printed) {
        threads.emplace_back([&p, seed, &out] {
            BottomUpTree mine = *seed;
            printTree(p, mine, mine.roots(), 0, out);
        });
    }
    for (auto& t : threads)
        t.join();
    for (const auto& out : printed)
        QCOMPARE(out, expected);
    QCOMPARE(seed->nodeCount(), seedNodes); // nobody expanded the shared seed
}

void TestAnalysis::untilNextResortsAndUsesMedian()
{
    ProfileInfo info;
    info.startTime = 0;
    ProfileBuilder b(info);
    const StackId a = b.stack(StackId(), b.frameForKey("a", "", 0, 0));
    const StackId c = b.stack(StackId(), b.frameForKey("c", "", 0, 0));
    b.addSample(a, 100);
    b.addSample(c, 90); // went back in time: sorted before a, stably
    b.addSample(a, 130);
    b.addSample(c, 200);
    const Profile p = b.finish();
    QVERIFY(p.info.samplesResorted);
    QCOMPARE(p.samples.time, (std::vector<double>{90, 100, 130, 200}));
    // durations 10, 30, 70; the last gets the median of those (no end time)
    QCOMPARE(durations(p), (std::vector<double>{10, 30, 70, 30}));
    QVERIFY(p.info.lastSampleRule == LastSampleRule::Median);
}

void TestAnalysis::ownDeltaChargesEachSampleItsDelta()
{
    ProfileInfo info;
    info.durationRule = DurationRule::OwnDelta;
    info.encoding = Encoding::Stacks;
    info.startTime = 1000;
    ProfileBuilder b(info);
    const FrameId host = b.frameForXsId(0);
    b.defineXsFrame(host, "(host)", "", 0);
    const StackId root = b.stack(StackId(), host);
    const StackId gc = b.stack(root, b.frameForXsId(1));
    const StackId js = b.stack(root, b.frameForXsId(641));
    b.addSample(js, 1100);  // 100
    b.addSample(gc, 1500);  // 400: the collection that just ended, charged to (gc)
    b.addSample(js, 1450);  // negative delta: 0, not re-sorted
    b.addSample(js, 1500);  // 50
    const Profile p = b.finish();
    QCOMPARE(durations(p), (std::vector<double>{100, 400, 0, 50}));
    QVERIFY(!p.info.samplesResorted);
    QCOMPARE(p.frameName(FrameId(2)), std::string_view("(unknown 641)"));
    const auto a = ProfileAnalysis::compute(p);
    QCOMPARE(a.functions.self(FrameId(1)), 400.0);
    QCOMPARE(a.functions.total(host), 550.0);
}

void TestAnalysis::rangeRestrictsEveryNumber()
{
    const Profile p = fromStacks({{"R;A", 10}, {"R;B", 20}, {"R;A", 30}, {"R;B;A", 40}});
    const auto a = ProfileAnalysis::compute(p, SampleRange{1, 3});
    QCOMPARE(a.functions.duration(), 50.0);
    QCOMPARE(a.functions.sampleCount(), size_t(2));
    QCOMPARE(a.functions.self(frame(p, "A")), 30.0);
    QCOMPARE(a.functions.total(frame(p, "B")), 20.0);
    QCOMPARE(a.functions.total(frame(p, "R")), 50.0);
    // B -> A only occurs outside the range: not an edge of the range's graph.
    QCOMPARE(a.functions.graph().dagCallerCount(frame(p, "A")), 1u);
}

void TestAnalysis::builderMergesEqualPaths()
{
    ProfileBuilder b;
    const FrameId x = b.frameForKey("x", "u", 3, 4);
    QCOMPARE(b.frameForKey("x", "u", 3, 4), x);
    QVERIFY(b.frameForKey("x", "u", 3, 5) != x);
    const StackId s1 = b.stack(StackId(), x);
    QCOMPARE(b.stack(StackId(), x), s1);
    const StackId s2 = b.stack(s1, x);
    QVERIFY(s2 != s1);
    QCOMPARE(b.profile().stacks.parent[s2.value], s1);
}

// V8 writes code compiled from a string (eval, new Function) with an empty url and a real
// line; builtins have an empty url and line -1.
void TestAnalysis::codeFromEvalIsJavaScript()
{
    const std::string json = R"json({"nodes":[
        {"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"children":[2]},
        {"id":2,"callFrame":{"functionName":"main","scriptId":"3","url":"file:///app/main.js","lineNumber":9,"columnNumber":0},"children":[3,4]},
        {"id":3,"callFrame":{"functionName":"","scriptId":"146","url":"","lineNumber":2,"columnNumber":4}},
        {"id":4,"callFrame":{"functionName":"parse","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1}}],
        "startTime":0,"endTime":300,"samples":[3,4,3],"timeDeltas":[0,100,100]})json";
    const LoadResult result = loadProfileData(json, "eval.cpuprofile");
    QVERIFY(result.ok());
    const Profile& p = *result.profile;
    const FrameId evaluated = frame(p, "");
    const FrameId builtin = frame(p, "parse");
    QVERIFY(p.frames.kind[evaluated.value] == FrameKind::Js);
    QVERIFY(p.frames.kind[builtin.value] == FrameKind::Native);
    QVERIFY(p.frames.kind[frame(p, "main").value] == FrameKind::Js);
    QCOMPARE(p.location(evaluated), std::string("script 146:3"));
    QCOMPARE(p.location(builtin), std::string());
    QCOMPARE(p.location(frame(p, "main")), std::string("main.js (10)"));
    // The timeline counts the two eval samples as JavaScript, the builtin's as native.
    const TimelineBuckets buckets(p, 0.0, 300.0, 3);
    QCOMPARE(buckets.categoryTotal(TimelineBuckets::Js), 200.0);
    QCOMPARE(buckets.categoryTotal(TimelineBuckets::Native), 100.0);
}

// Issue 16: eval code is placed by its script id where V8 gives one, "(eval) line" otherwise;
// the id survives convert and shows in the report text; it never splits or merges functions.
void TestAnalysis::evalLocationNamesItsScript()
{
    const std::string json = R"json({"nodes":[
        {"id":1,"callFrame":{"functionName":"(root)","scriptId":"0","url":"","lineNumber":-1,"columnNumber":-1},"children":[2,3]},
        {"id":2,"callFrame":{"functionName":"noId","url":"","lineNumber":6,"columnNumber":0}},
        {"id":3,"callFrame":{"functionName":"numeric","scriptId":77,"url":"","lineNumber":0,"columnNumber":0},"children":[4]},
        {"id":4,"callFrame":{"functionName":"withUrl","scriptId":"9","url":"file:///a.js","lineNumber":1,"columnNumber":0}}],
        "startTime":0,"endTime":300,"samples":[2,3,4],"timeDeltas":[0,100,100]})json";
    const LoadResult result = loadProfileData(json, "evals.cpuprofile");
    QVERIFY(result.ok());
    const Profile& p = *result.profile;
    QCOMPARE(p.location(frame(p, "noId")), std::string("(eval) 7"));
    QCOMPARE(p.location(frame(p, "numeric")), std::string("script 77:1"));
    QCOMPARE(p.location(frame(p, "withUrl")), std::string("a.js (2)"));
    // Written by convert and read back: the same locations.
    std::ostringstream out;
    writeCpuProfile(p, out);
    const LoadResult again = loadProfileData(out.str(), "evals-converted.cpuprofile");
    QVERIFY(again.ok());
    QCOMPARE(again.profile->location(frame(*again.profile, "numeric")), std::string("script 77:1"));
    QCOMPARE(again.profile->location(frame(*again.profile, "noId")), std::string("(eval) 7"));

    // A real Chromium profile (DevTools protocol) holds one such function, script 4.
    const LoadResult real = loadProfileFile(std::string(XSPROF_CORPUS_DIR) + "/chromium_cdp_shared.cpuprofile");
    QVERIFY(real.ok());
    const Profile& rp = *real.profile;
    size_t evalFrames = 0;
    for (uint32_t f = 0; f < rp.frames.size(); ++f) {
        if (!rp.frameUrl(FrameId(f)).empty() || rp.frames.line[f] <= 0)
            continue;
        ++evalFrames;
        QCOMPARE(rp.location(FrameId(f)), std::string("script 4:1"));
    }
    QCOMPARE(evalFrames, size_t(1));
    const std::string report = formatTextReport(rp, ProfileAnalysis::compute(rp), {});
    QVERIFY2(report.find("script 4:1") != std::string::npos, "the report names the eval code's script");
}

// The recent-string cache grows with the table (64 to 8192 slots, emptied at each step) and
// a moved table takes the strings whole: every id keeps its text through all of it.
void TestAnalysis::stringTableKeepsItsStringsThroughGrowthMovesAndCopies()
{
    StringTable table;
    QCOMPARE(table.size(), size_t(1));
    QCOMPARE(table.view(StringId(0)), std::string_view());
    std::vector<std::string> texts;
    for (int i = 0; i < 20000; ++i) // past every growth of the cache
        texts.push_back((i % 3 ? "https://example.com/a/long/shared/prefix/file" : "f") + std::to_string(i));
    std::vector<StringId> ids;
    for (const std::string& text : texts)
        ids.push_back(table.intern(text));
    for (size_t i = 0; i < texts.size(); i += 7) // again, now through the cache
        QCOMPARE(table.intern(texts[i]).value, ids[i].value);
    QCOMPARE(table.size(), texts.size() + 1);

    StringTable moved(std::move(table));
    StringTable copy(moved);
    for (size_t i = 0; i < texts.size(); ++i) {
        QCOMPARE(moved.view(ids[i]), std::string_view(texts[i]));
        QCOMPARE(copy.view(ids[i]), std::string_view(texts[i]));
        QCOMPARE(copy.intern(texts[i]).value, ids[i].value);
    }
    // The table moved from interns afresh, the empty string first.
    QCOMPARE(table.intern("again").value, 1u);
    QCOMPARE(table.view(StringId(0)), std::string_view());
    QCOMPARE(table.size(), size_t(2));
    table = copy;
    QCOMPARE(table.intern(texts[42]).value, ids[42].value);
    QCOMPARE(moved.intern("new").value, uint32_t(texts.size() + 1));
}

void TestAnalysis::radixSortOrdersAsStdSort()
{
    std::mt19937_64 random(7);
    // Sizes on both sides of the small-array cut-off; keys of 1 to 64 bits, with repeats.
    for (const size_t size : {size_t(0), size_t(1), size_t(255), size_t(256), size_t(5000), size_t(100000)}) {
        for (const int bits : {1, 11, 12, 30, 33, 63, 64}) {
            std::vector<uint64_t> keys(size);
            const uint64_t mask = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
            for (uint64_t& k : keys)
                k = random() & mask;
            if (size > 10)
                keys[size / 2] = keys[size / 3]; // a repeat at least
            std::vector<uint64_t> expected = keys;
            std::sort(expected.begin(), expected.end());
            xsprof::radixSort(keys);
            QVERIFY2(keys == expected, qPrintable(QStringLiteral("%1 keys of %2 bits").arg(size).arg(bits)));
        }
    }
}

QTEST_GUILESS_MAIN(TestAnalysis)
#include "tst_analysis.moc"
