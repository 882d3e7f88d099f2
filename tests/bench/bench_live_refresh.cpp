// What a live refresh costs after 1, 10 and 60 minutes of 1 kHz samples (issue 38: the
// 60-minute cost within 2x the 1-minute cost; prints figures, not a ctest test). REAL XS
// traffic (the transcripts of ../shared/corpus/xsbug, their <ps> batches repeated, with an
// instruments <samples> every second as a Moddable machine sends them) goes through a
// SessionParser as a machine session's bytes do. Then, REFRESHES times: 200 ms more samples
// (200 at 1 kHz) arrive and a refresh runs, timed: the snapshot (SessionParser::profileSnapshot)
// and the analysis of ProfileRefresher (LiveAnalysis::update, then ProfileData's bottom-up seed).
// The old path, a full copy of the profile and a full analysis (what a refresh did before), is
// timed the same way beside it. Each length runs in a child process, so its peak RSS is its own.
//   bench_live_refresh [REFRESHES [OLD_REFRESHES]]   (defaults: 60, 9)
#include "fakemachine.h"
#include "transcriptstream.h"

#include "model/liveanalysis.h"
#include "model/sampletimes.h"
#include "model/timelinebuckets.h"
#include "protocol/sessionparser.h"
#include "views/document/profiledata.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;
volatile double g_sink = 0;

double msSince(Clock::time_point start)
{
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

double median(std::vector<double> v)
{
    if (v.empty())
        return 0.0;
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2;
}

long peakRssKb()
{
    rusage usage{};
    ::getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// The instruments a Moddable machine declares, and one of its per-second <samples>, from the
// simulator's recording (a made-up pair when it is not there).
struct Instruments {
    std::string declaration = "<instruments><instrument name=\"Timers\" value=\" timers\"/></instruments>";
    std::string sample = "<samples>3</samples>";
};

Instruments instrumentsOf(const std::string& path)
{
    Instruments in;
    std::ifstream file(path, std::ios::binary);
    std::stringstream text;
    text << file.rdbuf();
    const std::string s = text.str();
    if (const size_t at = s.find("<instruments>"); at != std::string::npos)
        in.declaration = s.substr(at, s.find("</instruments>", at) + 14 - at);
    if (const size_t at = s.rfind("<samples>"); at != std::string::npos)
        in.sample = s.substr(at, s.find("</samples>", at) + 10 - at);
    return in;
}

std::string wrap(const std::string& body)
{
    return "\r\n<xsbug>" + body + "</xsbug>\r\n";
}

struct Figures {
    long samples = 0;
    size_t stacks = 0, frames = 0;
    double profileSeconds = 0;
    double feedSeconds = 0;
    double newMs = 0, newMaxMs = 0, oldMs = 0;
    double snapshotMs = 0, analysisMs = 0; // the new path's parts (medians)
    double timelineMs = 0; // not a refresh's: the timeline's buckets over the whole profile
    size_t folded = 0;                     // samples the last incremental refresh summed
    bool incremental = false;
    bool same = false; // the last refresh's numbers equal the full analysis's
    long peakRssKb = 0;    // after the new path's refreshes
    long peakRssAllKb = 0; // after the old path's too (each made a full copy)
};

template <typename Stream>
class Feeder {
public:
    Feeder(Stream& stream, const Instruments& instruments) : m_stream(stream), m_instruments(instruments) {}

    // Feeds at least `count` more samples, in <ps> batches as a machine sends them.
    void feed(SessionParser& parser, long count)
    {
        std::string out;
        for (long fed = 0; fed < count;) {
            const long n = m_stream.appendSamples(out);
            fed += n;
            m_samples += n;
            if (m_samples / 1000 != m_second) { // a Moddable machine's instruments, once a second
                m_second = m_samples / 1000;
                out += wrap(m_instruments.sample);
            }
            if (out.size() > (1 << 16)) {
                parser.feed(QByteArray::fromStdString(out));
                out.clear();
            }
        }
        if (!out.empty())
            parser.feed(QByteArray::fromStdString(out));
    }
    long samples() const { return m_samples; }

private:
    Stream& m_stream;
    const Instruments& m_instruments;
    long m_samples = 0, m_second = 0;
};

template <typename Stream>
Figures measure(Stream stream, const Instruments& instruments, long samples, int refreshes, int oldRefreshes)
{
    Figures f;
    SessionParser parser;
    parser.feed(QByteArray::fromStdString(stream.opening() + wrap(instruments.declaration)));
    Feeder<Stream> feeder(stream, instruments);
    const auto feedStart = Clock::now();
    feeder.feed(parser, samples);
    f.feedSeconds = msSince(feedStart) / 1000;

    xsprof::LiveAnalysis live;
    {
        const auto first = parser.profileSnapshot(); // the refresher's first: every sample summed
        live.update(*first);
    }
    std::vector<double> total, snapshotMs, analysisMs, old, timeline;
    std::shared_ptr<ProfileData> last;
    for (int r = 0; r < refreshes; ++r) {
        feeder.feed(parser, 200); // 200 ms at 1 kHz
        const auto start = Clock::now();
        std::shared_ptr<const xsprof::Profile> snapshot = parser.profileSnapshot();
        const double snapped = msSince(start);
        xsprof::ProfileAnalysis analysis = live.update(*snapshot);
        last = ProfileData::create(std::move(snapshot), std::move(analysis));
        total.push_back(msSince(start));
        snapshotMs.push_back(snapped);
        analysisMs.push_back(total.back() - snapped);
        f.folded = live.lastFolded();
        f.incremental = live.lastWasIncremental();
        if (r % 4 == 0) { // what the timeline does on the GUI side when it shows everything
            const auto bucketStart = Clock::now();
            const SampleTimes times(last->profile);
            const TimelineBuckets buckets(last->profile, times.start(), times.end(), 400);
            timeline.push_back(msSince(bucketStart));
            g_sink = g_sink + buckets.bucketTotal(0); // kept: the buckets are used
        }
    }
    f.peakRssKb = peakRssKb();
    // The old path: a deep copy of the profile under the lock, then a full analysis.
    for (int r = 0; r < oldRefreshes; ++r) {
        feeder.feed(parser, 200);
        const auto start = Clock::now();
        const auto shared = parser.profileSnapshot();
        auto copy = std::make_shared<const xsprof::Profile>(*shared); // the copy a refresh made
        const auto data = ProfileData::create(std::move(copy), QString(), -1);
        old.push_back(msSince(start));
    }
    // The incremental numbers equal a full analysis of the same snapshot.
    {
        feeder.feed(parser, 200);
        const auto snapshot = parser.profileSnapshot();
        const xsprof::ProfileAnalysis folded = live.update(*snapshot);
        const xsprof::ProfileAnalysis full = xsprof::ProfileAnalysis::compute(*snapshot);
        f.same = folded.functions.duration() == full.functions.duration() &&
                 folded.functions.sampleCount() == full.functions.sampleCount();
        for (xsprof::FrameId fn : full.functions.functions())
            f.same = f.same && folded.functions.self(fn) == full.functions.self(fn) &&
                     folded.functions.total(fn) == full.functions.total(fn) &&
                     folded.functions.inclusive(fn) == full.functions.inclusive(fn);
        f.samples = long(snapshot->samples.size());
        f.stacks = snapshot->stacks.size();
        f.frames = snapshot->frames.size();
        f.profileSeconds = full.functions.duration() / 1e6;
    }
    f.newMs = median(total);
    f.newMaxMs = total.empty() ? 0 : *std::max_element(total.begin(), total.end());
    f.snapshotMs = median(snapshotMs);
    f.analysisMs = median(analysisMs);
    f.oldMs = median(old);
    f.timelineMs = median(timeline);
    f.peakRssAllKb = peakRssKb();
    return f;
}

// measure() in a child process: the peak RSS is that length's alone.
template <typename Stream>
bool measureApart(const Stream& stream, const Instruments& instruments, long samples, int refreshes,
                  int oldRefreshes, Figures& out)
{
    int fds[2];
    if (::pipe(fds) != 0)
        return false;
    const pid_t child = ::fork();
    if (child == 0) {
        ::close(fds[0]);
        const Figures f = measure(stream, instruments, samples, refreshes, oldRefreshes);
        const bool written = ::write(fds[1], &f, sizeof f) == ssize_t(sizeof f);
        ::_exit(written ? 0 : 1);
    }
    ::close(fds[1]);
    const bool read = ::read(fds[0], &out, sizeof out) == ssize_t(sizeof out);
    ::close(fds[0]);
    int status = 0;
    ::waitpid(child, &status, 0);
    return read && WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

} // namespace

int main(int argc, char* argv[])
{
    const int refreshes = argc > 1 ? std::max(1, std::atoi(argv[1])) : 60;
    const int oldRefreshes = argc > 2 ? std::max(0, std::atoi(argv[2])) : 9;
    const std::string dir = XSPROF_CORPUS_DIR "/xsbug/";
    TranscriptStream stream;
    if (!stream.load({dir + "sim_fibapp.profile-on-start.xsbug", dir + "sim_worker_main.xsbug",
                      dir + "gc_alloc.profile-on-start.xsbug"})) {
        std::fprintf(stderr, "bench_live_refresh: no <ps> in the corpus transcripts under %s\n", dir.c_str());
        return 1;
    }
    const Instruments instruments = instrumentsOf(dir + "sim_worker_main.xsbug");
    std::printf("Live refresh after N minutes of 1 kHz samples, instruments once a second. A refresh = 200 more\n"
                "samples, then snapshot + analysis. Medians of %d refreshes (new) and %d (old: full copy + full\n"
                "analysis), ms. Peak RSS after the new path's refreshes, then after the old path's too.\n"
                "timeline: the timeline's 400 buckets over the whole profile (a view's work, O(session), not\n"
                "part of the refresh), for reference.\n",
                refreshes, oldRefreshes);
    bool met = true;
    auto table = [&](const char* title, const auto& stream) {
        std::printf("\n%s\n", title);
        std::printf("%7s %9s %7s %6s %7s | %8s %8s %8s %8s %7s | %8s %9s | %8s %8s | %9s\n", "minutes",
                    "samples", "stacks", "frames", "feed s", "new", "snapshot", "analysis", "new max", "folded", "old",
                    "old/new", "peak MB", "+old MB", "timeline");
        std::vector<Figures> rows;
        for (int minutes : {1, 10, 60}) {
            Figures f;
            if (!measureApart(stream, instruments, long(minutes) * 60 * 1000, refreshes, oldRefreshes, f)) {
                std::fprintf(stderr, "bench_live_refresh: the %d-minute run failed\n", minutes);
                met = false;
                return;
            }
            std::printf("%7d %9ld %7zu %6zu %7.1f | %8.3f %8.3f %8.3f %8.3f %7zu | %8.2f %8.1fx | %8.1f %8.1f | "
                        "%9.2f%s%s\n",
                        minutes, f.samples, f.stacks, f.frames, f.feedSeconds, f.newMs, f.snapshotMs, f.analysisMs,
                        f.newMaxMs, f.folded, f.oldMs, f.newMs > 0 ? f.oldMs / f.newMs : 0.0,
                        double(f.peakRssKb) / 1024, double(f.peakRssAllKb) / 1024, f.timelineMs, f.incremental ? "" : "  (NOT incremental)",
                        f.same ? "" : "  (DIFFERS from a full analysis)");
            std::fflush(stdout);
            rows.push_back(f);
        }
        const double ratio = rows.front().newMs > 0 ? rows.back().newMs / rows.front().newMs : 0.0;
        std::printf("60-min / 1-min refresh cost: new %.2fx (target <= 2x: %s), old %.1fx\n", ratio,
                    ratio <= 2.0 ? "met" : "NOT met", rows.front().oldMs > 0 ? rows.back().oldMs / rows.front().oldMs : 0.0);
        met = met && ratio <= 2.0 && rows.back().same;
    };
    table("Real XS stacks (the corpus transcripts' <ps>, repeated):", stream);
    table("FakeMachine (300 functions, 64 call chains 10-100 deep):", FakeMachine());
    return met ? 0 : 2;
}
