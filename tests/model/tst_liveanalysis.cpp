// Live profiles without copies (issue 38): snapshots share the samples recorded (SampleColumn),
// and LiveAnalysis sums only the samples added since the previous refresh. After every batch
// of real recorded XS traffic and of a long synthetic stream, the incremental analysis equals a
// full ProfileAnalysis::compute of the same snapshot, number for number (bit for bit), and the
// snapshots taken earlier still hold exactly what they held.
#include "model/liveanalysis.h"
#include "model/profilebuilder.h"
#include "model/xs/liverecording.h"
#include "model/xs/xsbugelement.h"
#include "model/xs/xsbugframer.h"
#include "model/xs/xsprofilerecorder.h"

#include <QFile>
#include <QTest>

#include <atomic>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <random>
#include <span>
#include <string>
#include <thread>
#include <vector>

using namespace xsprof;

namespace {

QByteArray corpusFile(const QString& name)
{
    QFile f(QStringLiteral(XSPROF_CORPUS_DIR "/xsbug/") + name);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The profiler and instrument messages of a transcript, in order.
using Message = std::variant<XsProfileTime, XsProfileRecord, XsProfileSamples, XsInstrumentDeclaration, XsInstrumentSamples>;

std::vector<Message> profilerMessages(const QByteArray& bytes)
{
    std::vector<Message> messages;
    XsbugFramer framer;
    std::vector<std::string> payloads;
    framer.feed(std::string_view(bytes.constData(), size_t(bytes.size())), payloads);
    for (const std::string& payload : payloads) {
        for (XsbugElement& e : parseXsbugPayload(payload)) {
            XsProfileMessage m;
            std::variant<XsInstrumentDeclaration, XsInstrumentSamples> instruments;
            if (decodeXsInstrumentMessage(e, instruments))
                std::visit([&](auto& i) { messages.emplace_back(std::move(i)); }, instruments);
            else if (decodeXsProfileMessage(e, m) == XsProfileDecode::Decoded)
                std::visit([&](auto& p) { messages.emplace_back(std::move(p)); }, m);
        }
    }
    return messages;
}

bool same(double a, double b)
{
    return std::memcmp(&a, &b, sizeof a) == 0; // exactly, not within a tolerance
}

// The first difference between two analyses of `p`, empty when there is none.
std::string difference(const Profile& p, const ProfileAnalysis& a, const ProfileAnalysis& b)
{
    if (a.range.begin != b.range.begin || a.range.end != b.range.end)
        return "range";
    const CallTree& ta = a.callTree;
    const CallTree& tb = b.callTree;
    if (ta.size() != tb.size())
        return "call tree size " + std::to_string(ta.size()) + " vs " + std::to_string(tb.size());
    for (uint32_t s = 0; s < ta.size(); ++s) {
        const StackId id(s);
        if (!same(ta.self(id), tb.self(id)) || !same(ta.total(id), tb.total(id)) ||
            ta.selfSamples(id) != tb.selfSamples(id) || ta.totalSamples(id) != tb.totalSamples(id))
            return "stack " + std::to_string(s) + ": self " + std::to_string(ta.self(id)) + " vs " +
                   std::to_string(tb.self(id));
        if (!std::ranges::equal(ta.children(id), tb.children(id)))
            return "children of stack " + std::to_string(s);
    }
    if (!std::ranges::equal(ta.roots(), tb.roots()))
        return "roots";
    const FunctionAnalysis& fa = a.functions;
    const FunctionAnalysis& fb = b.functions;
    if (!same(fa.duration(), fb.duration()))
        return "duration " + std::to_string(fa.duration()) + " vs " + std::to_string(fb.duration());
    if (fa.sampleCount() != fb.sampleCount() || fa.functions() != fb.functions())
        return "functions";
    for (uint32_t f = 0; f < p.frames.size(); ++f) {
        const FrameId id(f);
        if (!same(fa.self(id), fb.self(id)) || fa.selfSamples(id) != fb.selfSamples(id) ||
            !same(fa.total(id), fb.total(id)) || !same(fa.inclusive(id), fb.inclusive(id)) ||
            fa.inclusiveSamples(id) != fb.inclusiveSamples(id) ||
            !same(fa.summedPathTotal(id), fb.summedPathTotal(id)) || fa.contains(id) != fb.contains(id))
            return "function " + std::to_string(f) + " (" + std::string(p.frameName(id)) + ")";
    }
    return {};
}

// A snapshot's samples, as values (to check later that they did not change).
struct SampleValues {
    std::vector<StackId> stacks;
    std::vector<double> times;
    std::vector<double> instrumentTimes;
    std::vector<int64_t> lastInstrument;
    explicit SampleValues(const Profile& p)
        : stacks(p.samples.stack.toVector()), times(p.samples.time.toVector()),
          instrumentTimes(p.instruments.times.toVector()),
          lastInstrument(p.instruments.values.empty() ? std::vector<int64_t>() : p.instruments.values.back().toVector())
    {
    }
    bool heldBy(const Profile& p) const
    {
        return p.samples.stack == stacks && p.samples.time == times && p.instruments.times == instrumentTimes &&
               (p.instruments.values.empty() ? lastInstrument.empty() : p.instruments.values.back() == lastInstrument);
    }
};

// Base-36 text of a <ps> with `count` samples of a FakeMachine-like stream: stacks 3-60 deep
// drawn from a few chains, often repeating the previous sample's.
std::string syntheticBatch(std::mt19937& rng, std::vector<uint32_t>& last, size_t count)
{
    static const std::vector<std::vector<uint32_t>> chains = [] {
        std::mt19937 r(11);
        std::vector<std::vector<uint32_t>> c(12);
        for (auto& chain : c) {
            chain.push_back(1); // the host, outermost
            for (int d = 3 + int(r() % 58); d > 0; --d)
                chain.push_back(2 + r() % 300);
        }
        return c;
    }();
    auto base36 = [](uint64_t v) {
        std::string s;
        do {
            s.insert(s.begin(), "0123456789abcdefghijklmnopqrstuvwxyz"[v % 36]);
            v /= 36;
        } while (v);
        return s;
    };
    std::string text;
    for (size_t i = 0; i < count; ++i) {
        const uint32_t roll = rng() % 100;
        if (last.empty() || roll >= 70) {
            const auto& chain = chains[rng() % chains.size()];
            last.assign(chain.begin(), chain.begin() + 1 + long(rng() % chain.size()));
        } else if (roll >= 55 && last.size() > 2) {
            last.pop_back();
        } else if (roll >= 40) {
            last.push_back(2 + rng() % 300);
        }
        if (i)
            text += '.';
        text += base36(200 + rng() % 1800); // µs since the previous sample
        for (size_t d = last.size(); d-- > 0;)
            text += ',' + base36(last[d]);
    }
    return text;
}

} // namespace

class TestLiveAnalysis : public QObject {
    Q_OBJECT
private slots:
    void snapshotsKeepTheirSamples();
    void recordedTrafficMatchesFullAnalysis_data();
    void recordedTrafficMatchesFullAnalysis();
    void longSyntheticStreamMatchesFullAnalysis();
    void untilNextLastSampleIsExact();
    void rewrittenProfileIsSummedAgain();
    void threadsShareSnapshots();
};

void TestLiveAnalysis::snapshotsKeepTheirSamples()
{
    SampleColumn<double> column;
    for (int i = 0; i < 10; ++i)
        column.push_back(i);
    SampleColumn<double> first = column.share();
    QVERIFY(first.sharesBufferWith(column));
    for (int i = 10; i < 1000; ++i) // grows past the buffer: the snapshot keeps the old one
        column.push_back(i);
    QCOMPARE(first.size(), size_t(10));
    for (int i = 0; i < 10; ++i)
        QCOMPARE(first[size_t(i)], double(i));
    QVERIFY(column.extends(first));
    QVERIFY(!first.extends(column));
    SampleColumn<double> second = column.share();
    QVERIFY(second.extends(first));

    // A write below the end takes a buffer of its own and starts a new lineage.
    column.mutableSpan()[5] = -1.0;
    QCOMPARE(second[5], 5.0);
    QCOMPARE(first[5], 5.0);
    QVERIFY(!column.extends(second));
    QCOMPARE(column[5], -1.0);

    // A copy is deep; a snapshot that is written to or appended to becomes a column of its own.
    SampleColumn<double> copy = second;
    QVERIFY(!copy.sharesBufferWith(second));
    QVERIFY(!copy.extends(second));
    second.push_back(1000.0);
    QCOMPARE(second.size(), size_t(1001));
    QVERIFY(!second.extends(first));
    QCOMPARE(column.size(), size_t(1000));
    QCOMPARE(copy.size(), size_t(1000));

    // The appender after a write keeps appending for its new snapshots.
    SampleColumn<double> third = column.share();
    column.push_back(7.0);
    QVERIFY(column.extends(third));
    QCOMPARE(third.size(), size_t(1000));
}

void TestLiveAnalysis::recordedTrafficMatchesFullAnalysis_data()
{
    QTest::addColumn<QString>("transcript");
    QTest::addRow("sim_fibapp profile-on-start") << QStringLiteral("sim_fibapp.profile-on-start.xsbug");
    QTest::addRow("sim_worker_main") << QStringLiteral("sim_worker_main.xsbug");
    QTest::addRow("gc_alloc") << QStringLiteral("gc_alloc.profile-on-start.xsbug");
    QTest::addRow("suspend-resume") << QStringLiteral("break_while_profiling.suspend-resume.xsbug");
}

// The machine's messages as a session gets them; after each <ps>, a refresh.
void TestLiveAnalysis::recordedTrafficMatchesFullAnalysis()
{
    QFETCH(QString, transcript);
    const std::vector<Message> messages = profilerMessages(corpusFile(transcript));
    QVERIFY2(!messages.empty(), qPrintable(transcript + QStringLiteral(": no profiler messages (corpus missing?)")));
    LiveRecording recording(transcript.toStdString());
    LiveAnalysis live;
    std::shared_ptr<const Profile> firstSnapshot;
    std::unique_ptr<SampleValues> firstValues;
    size_t refreshes = 0, incremental = 0, samplesSeen = 0;
    for (const Message& message : messages) {
        const bool open = recording.update([&](XsProfileRecorder& recorder) {
            std::visit([&](const auto& m) { recorder.onMessage(m); }, message);
            return recorder.isRecording();
        });
        if (!std::holds_alternative<XsProfileSamples>(message) || !open)
            continue;
        const std::shared_ptr<const Profile> snapshot = recording.snapshot();
        QVERIFY(snapshot);
        const ProfileAnalysis folded = live.update(*snapshot);
        const ProfileAnalysis full = ProfileAnalysis::compute(*snapshot);
        const std::string diff = difference(*snapshot, folded, full);
        QVERIFY2(diff.empty(), qPrintable(QStringLiteral("after %1 samples: ").arg(snapshot->samples.size()) +
                                          QString::fromStdString(diff)));
        ++refreshes;
        if (live.lastWasIncremental()) {
            ++incremental;
            QCOMPARE(live.lastFolded(), snapshot->samples.size() - samplesSeen); // the new ones only
        }
        samplesSeen = snapshot->samples.size();
        if (!firstSnapshot && snapshot->samples.size() > 0) {
            firstSnapshot = snapshot;
            firstValues = std::make_unique<SampleValues>(*snapshot);
        }
    }
    QVERIFY2(refreshes > 1, "the transcript gave one refresh at most");
    QVERIFY2(incremental + 2 >= refreshes, qPrintable(QStringLiteral("%1 of %2 refreshes summed everything again")
                                                          .arg(refreshes - incremental)
                                                          .arg(refreshes)));
    // The recording went on after the first snapshot: what it holds (samples, instruments) did
    // not change.
    QVERIFY(firstValues && firstValues->heldBy(*firstSnapshot));
    recording.update([](XsProfileRecorder& recorder) { recorder.finish(); });
    // The finished session: one more refresh, still exact.
    const std::shared_ptr<const Profile> last = recording.snapshot();
    QVERIFY(last);
    QVERIFY(difference(*last, live.update(*last), ProfileAnalysis::compute(*last)).empty());
}

void TestLiveAnalysis::longSyntheticStreamMatchesFullAnalysis()
{
#ifdef XSPROF_SANITIZED_BUILD
    const size_t length = 100000;
#else
    const size_t length = 400000;
#endif
    LiveRecording recording("synthetic");
    recording.update([](XsProfileRecorder& recorder) { recorder.onProfileTime("start", "@00001000"); });
    const auto recorded = [&] {
        return recording.read([](const XsProfileRecorder& recorder) { return recorder.recording()->samples.size(); });
    };
    std::mt19937 rng(38);
    std::vector<uint32_t> last;
    LiveAnalysis live;
    std::vector<std::pair<std::shared_ptr<const Profile>, SampleValues>> kept;
    size_t refreshes = 0;
    while (recorded() < length) {
        // A refresh's worth: from a few samples to a few thousand (a busy machine, or a pause).
        const size_t batches = 1 + rng() % (rng() % 4 == 0 ? 400 : 25);
        recording.update([&](XsProfileRecorder& recorder) {
            for (size_t b = 0; b < batches; ++b)
                recorder.onProfileSamples(syntheticBatch(rng, last, 8));
        });
        const std::shared_ptr<const Profile> snapshot = recording.snapshot();
        const ProfileAnalysis folded = live.update(*snapshot);
        QVERIFY(refreshes == 0 || live.lastWasIncremental());
        QCOMPARE(live.lastFolded(), batches * 8);
        // A full analysis every few refreshes (each is O(session)), and the last one.
        if (refreshes % 7 == 0 || snapshot->samples.size() >= length) {
            const std::string diff = difference(*snapshot, folded, ProfileAnalysis::compute(*snapshot));
            QVERIFY2(diff.empty(), qPrintable(QStringLiteral("after %1 samples: ").arg(snapshot->samples.size()) +
                                              QString::fromStdString(diff)));
        }
        if (refreshes % 50 == 0)
            kept.emplace_back(snapshot, SampleValues(*snapshot));
        ++refreshes;
    }
    QVERIFY(refreshes > 25);
    for (const auto& [snapshot, values] : kept)
        QVERIFY(values.heldBy(*snapshot));
    // The stream is not one stack over and over.
    QVERIFY(recording.read([](const XsProfileRecorder& recorder) { return recorder.recording()->stacks.size(); }) > 1000);
}

// Until-next durations (V8-style sources): the last sample lasts until the end time, and
// until the next sample once there is one. Not a live source today; the sums must still be exact.
void TestLiveAnalysis::untilNextLastSampleIsExact()
{
    ProfileInfo info;
    info.durationRule = DurationRule::UntilNext;
    ProfileBuilder builder(info);
    const FrameId root = builder.frameForKey("(root)", "", 0, 0);
    std::vector<StackId> stacks{builder.stack(StackId(), root)};
    for (int f = 0; f < 20; ++f)
        stacks.push_back(builder.stack(stacks[size_t(f) % stacks.size()],
                                       builder.frameForKey("f" + std::to_string(f), "a.js", f + 1, 1)));
    std::mt19937 rng(5);
    LiveAnalysis live;
    double t = 100.0;
    for (int refresh = 0; refresh < 60; ++refresh) {
        for (int i = int(rng() % 9); i > 0; --i) {
            t += 0.1 * double(1 + rng() % 977);
            builder.addSample(stacks[rng() % stacks.size()], t);
        }
        builder.profile().info.endTime = t + 0.37 * refresh; // the last sample's duration moves
        builder.computeDurations();
        builder.profile().computeKeyRanks();
        const Profile snapshot = builder.profile().snapshot();
        const ProfileAnalysis folded = live.update(snapshot);
        QVERIFY(refresh == 0 || live.lastWasIncremental());
        const std::string diff = difference(snapshot, folded, ProfileAnalysis::compute(snapshot));
        QVERIFY2(diff.empty(), qPrintable(QString::fromStdString(diff)));
    }
}

// A profile that is not the previous one grown (another session, samples rewritten in place)
// is summed again from the start, and is still exact.
void TestLiveAnalysis::rewrittenProfileIsSummedAgain()
{
    const std::vector<Message> messages = profilerMessages(corpusFile(QStringLiteral("gc_alloc.profile-on-start.xsbug")));
    QVERIFY(!messages.empty());
    LiveRecording recording;
    recording.update([&](XsProfileRecorder& recorder) {
        for (const Message& message : messages)
            std::visit([&](const auto& m) { recorder.onMessage(m); }, message);
        recorder.finish();
    });
    const std::shared_ptr<Profile> one = recording.snapshot();
    QVERIFY(one && one->samples.size() > 10);
    LiveAnalysis live;
    live.update(*one);
    QVERIFY(!live.lastWasIncremental());
    live.update(*one);
    QVERIFY(live.lastWasIncremental());
    QCOMPARE(live.lastFolded(), size_t(0));

    Profile rewritten = one->snapshot();
    const std::span<double> times = rewritten.samples.time.mutableSpan();
    for (size_t i = 0; i < times.size(); ++i)
        times[i] += double(i); // every sample lasts 1 µs longer
    const ProfileAnalysis again = live.update(rewritten);
    QVERIFY(!live.lastWasIncremental());
    QVERIFY(difference(rewritten, again, ProfileAnalysis::compute(rewritten)).empty());
    QCOMPARE(again.functions.duration(),
             ProfileAnalysis::compute(*one).functions.duration() + double(one->samples.size() - 1));
    QVERIFY(!one->samples.time.sharesBufferWith(rewritten.samples.time));
}

QTEST_GUILESS_MAIN(TestLiveAnalysis)
// A live session's three threads (scripts/test.sh runs this under ThreadSanitizer): the
// worker records batches, the refresher takes snapshots and analyses them, the GUI thread reads
// them and releases them, each at its own pace.
void TestLiveAnalysis::threadsShareSnapshots()
{
#ifdef XSPROF_SANITIZED_BUILD
    const int batches = 600;
#else
    const int batches = 3000;
#endif
    LiveRecording recording("threads");
    recording.update([](XsProfileRecorder& recorder) { recorder.onProfileTime("start", "@00001000"); });
    std::atomic<bool> written{false}, refreshed{false};
    std::mutex handedMutex;
    std::deque<std::shared_ptr<const Profile>> handed; // refresher -> GUI thread
    std::thread worker([&] {
        std::mt19937 rng(48);
        std::vector<uint32_t> last;
        for (int b = 0; b < batches; ++b) {
            const std::string text = syntheticBatch(rng, last, 8);
            recording.update([&](XsProfileRecorder& recorder) { recorder.onProfileSamples(text); });
        }
        written = true;
    });
    std::vector<std::pair<std::shared_ptr<const Profile>, SampleValues>> kept; // the refresher's
    std::string lastDifference;
    std::thread refresher([&] {
        LiveAnalysis live;
        for (size_t refresh = 0;; ++refresh) {
            const bool final = written;
            const std::shared_ptr<const Profile> snapshot = recording.snapshot();
            const ProfileAnalysis folded = live.update(*snapshot);
            if (refresh % 16 == 0 || final)
                kept.emplace_back(snapshot, SampleValues(*snapshot));
            if (final) {
                lastDifference = difference(*snapshot, folded, ProfileAnalysis::compute(*snapshot));
                break;
            }
            std::lock_guard lock(handedMutex);
            handed.push_back(snapshot);
        }
        refreshed = true;
    });
    size_t released = 0, largest = 0;
    bool grew = true;
    for (bool last = false; !last;) {
        last = refreshed;
        std::deque<std::shared_ptr<const Profile>> mine;
        {
            std::lock_guard lock(handedMutex);
            mine.swap(handed);
        }
        for (const std::shared_ptr<const Profile>& snapshot : mine) { // what a view reads
            grew = grew && snapshot->samples.size() >= largest && snapshot->samples.size() % 8 == 0;
            largest = std::max(largest, snapshot->samples.size());
            double sum = 0;
            for (double t : snapshot->samples.time)
                sum += t;
            grew = grew && sum >= 0;
        }
        released += mine.size();
        mine.clear(); // the GUI thread lets them go
        std::this_thread::yield();
    }
    worker.join();
    refresher.join();
    QVERIFY(grew);
    QVERIFY2(lastDifference.empty(), lastDifference.c_str());
    QVERIFY(released > 0);
    for (const auto& [snapshot, values] : kept)
        QVERIFY(values.heldBy(*snapshot));
    QCOMPARE(kept.back().first->samples.size(), size_t(batches) * 8);
}

#include "tst_liveanalysis.moc"
