// How fast `xsprof listen` ingests a machine's samples, and what a sample costs in memory
// (prints figures; not a ctest test). A machine side streams its samples as fast as the socket
// takes them; `xsprof listen --once --profile-on-start` runs as a child process. Three streams:
// FakeMachine's synthetic one, REAL XS traffic (the transcripts of ../shared/corpus/xsbug,
// repeated) and a deep recursion (50-400 frames per sample). CPU time and peak RSS are the
// child's (getrusage); memory per sample is the slope between runs of N and 2N samples, so the
// process's fixed cost cancels out. Figures are medians of RUNS runs.
//   [XSPROF_BASELINE=older/xsprof[:another...]] [XSPROF_BENCH_JOURNAL=DIR] bench_live [SAMPLES [RUNS]]
//   (default 2 000 000 samples, 3 runs; deep recursion: SAMPLES / 10). With baselines, the
//   executables take turns, run by run, and each line also gives the median of the run-by-run
//   ratios of this build's rate to its own (paired runs share the machine's load).
#include "fakemachine.h"
#include "transcriptstream.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace {

struct Run {
    double cpuSeconds = 0, wallSeconds = 0;
    long peakRssKb = 0;
    long samples = 0;
    bool ok = false;
};

template <typename Stream>
Run runOnce(Stream stream, const char* xsprof, long samples, int port)
{
    Run run;
    const std::string portText = std::to_string(port);
    const pid_t child = ::fork();
    if (child == 0) {
        // XSPROF_BENCH_JOURNAL=DIR: with the crash-safety journal on (listen --journal DIR).
        if (const char* journal = std::getenv("XSPROF_BENCH_JOURNAL"))
            ::execl(xsprof, xsprof, "listen", "--port", portText.c_str(), "--profile-on-start", "--once", "--journal",
                    journal, nullptr);
        else
            ::execl(xsprof, xsprof, "listen", "--port", portText.c_str(), "--profile-on-start", "--once", nullptr);
        ::_exit(127);
    }
    const int fd = FakeMachine::connectTo(port); // when the child listens
    if (fd < 0)
        return run;
    const auto start = std::chrono::steady_clock::now();
    std::string out = stream.opening();
    while (run.samples < samples) {
        run.samples += stream.appendSamples(out);
        if (out.size() > (1 << 16)) {
            if (!FakeMachine::sendAll(fd, out))
                break;
            out.clear();
        }
    }
    out += Stream::closing();
    FakeMachine::sendAll(fd, out);
    ::shutdown(fd, SHUT_WR);
    FakeMachine::drain(fd);
    ::close(fd);
    int status = 0;
    rusage usage{};
    ::wait4(child, &status, 0, &usage);
    run.wallSeconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    run.cpuSeconds = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                     double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
    run.peakRssKb = usage.ru_maxrss;
    run.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return run;
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v.empty() ? 0.0 : v[v.size() / 2];
}

// Each run measures every executable in turn (alternating), so that they share the load.
template <typename MakeStream>
bool measure(const std::vector<const char*>& executables, const char* name, MakeStream make, long samples, int runs,
             int& port)
{
    struct Figures {
        std::vector<double> rate, perSample, cpu;
    };
    std::vector<Figures> figures(executables.size());
    for (int r = 0; r < runs; ++r) {
        for (size_t x = 0; x < executables.size(); ++x) {
            const Run one = runOnce(make(), executables[x], samples, port++);
            const Run two = runOnce(make(), executables[x], 2 * samples, port++);
            if (!one.ok || !two.ok) {
                std::fprintf(stderr, "bench_live: xsprof listen failed (%s)\n", name);
                return false;
            }
            figures[x].cpu.push_back(two.cpuSeconds);
            figures[x].rate.push_back(double(two.samples) / two.cpuSeconds / 1e6);
            figures[x].perSample.push_back(double(two.peakRssKb - one.peakRssKb) * 1024.0 /
                                           double(two.samples - one.samples));
        }
    }
    const size_t self = executables.size() - 1; // this build is the last
    for (size_t x = 0; x < executables.size(); ++x) {
        std::printf("%-9s %-16s %9ld samples: %5.2f s CPU   ingest %5.2f M samples/CPU s (target >= 1)   "
                    "memory %6.1f bytes/sample (target <= 64)",
                    x == self ? "this" : "baseline", name, 2 * samples, median(figures[x].cpu), median(figures[x].rate),
                    median(figures[x].perSample));
        if (x != self) {
            std::vector<double> ratios;
            for (size_t r = 0; r < figures[x].rate.size(); ++r)
                ratios.push_back(figures[x].rate[r] / figures[self].rate[r]);
            std::printf("   %.3fx this  %s", median(ratios), executables[x]);
        }
        std::printf("\n");
    }
    std::fflush(stdout);
    return true;
}

} // namespace

int main(int argc, char* argv[])
{
    const long samples = argc > 1 ? std::atol(argv[1]) : 2000000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 3;
    TranscriptStream real;
    const std::string corpus = XSPROF_CORPUS_DIR "/xsbug/";
    if (!real.load({corpus + "gc_alloc.profile-on-start.xsbug", corpus + "break_while_profiling.suspend-resume.xsbug"})) {
        std::fprintf(stderr, "bench_live: no transcript in %s\n", corpus.c_str());
        return 1;
    }
    std::printf("medians of %d runs; each line: the 2N run, memory = slope between N and 2N\n", runs);
    // XSPROF_BASELINE=/path/to/an/older/xsprof[:another]: measured side by side with this build.
    std::vector<std::string> baselines;
    if (const char* list = std::getenv("XSPROF_BASELINE")) {
        for (std::string_view rest = list; !rest.empty();) {
            const size_t colon = std::min(rest.find(':'), rest.size());
            if (colon > 0)
                baselines.emplace_back(rest.substr(0, colon));
            rest.remove_prefix(std::min(colon + 1, rest.size()));
        }
    }
    std::vector<const char*> executables;
    for (const std::string& b : baselines)
        executables.push_back(b.c_str());
    executables.push_back(XSPROF_EXECUTABLE);
    int port = 5291;
    const bool ok = measure(executables, "synthetic", [] { return FakeMachine(); }, samples, runs, port) &&
                    measure(executables, "real XS (corpus)", [&real] { return real; }, samples, runs, port) &&
                    measure(executables, "deep recursion", [] { return DeepRecursionStream(); }, samples / 10, runs, port);
    return ok ? 0 : 1;
}
