// How fast `xsprof listen` ingests a machine's samples, and what a sample costs in memory
// (prints figures; not a ctest test). The fake machine of fakemachine.h streams its samples as
// fast as the socket takes them; `xsprof listen --once --profile-on-start` runs as a child process.
// CPU time and peak RSS are the child's (getrusage); memory per sample is the slope between
// two runs of N and 2N samples, so the process's fixed cost cancels out.
//   bench_live [SAMPLES]      (default 2 000 000)
#include "fakemachine.h"

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

namespace {

struct Run {
    double cpuSeconds = 0, wallSeconds = 0;
    long peakRssKb = 0;
    bool ok = false;
};

Run runOnce(const char* xsprof, long samples, int port)
{
    Run run;
    const std::string portText = std::to_string(port);
    const pid_t child = ::fork();
    if (child == 0) {
        ::execl(xsprof, xsprof, "listen", "--port", portText.c_str(), "--profile-on-start", "--once", nullptr);
        ::_exit(127);
    }
    const int fd = FakeMachine::connectTo(port); // when the child listens
    if (fd < 0)
        return run;
    const auto start = std::chrono::steady_clock::now();
    FakeMachine machine;
    std::string out = machine.opening();
    for (long sent = 0; sent < samples; sent += FakeMachine::samplesPerMessage) {
        machine.appendSamples(out);
        if (out.size() > (1 << 16)) {
            if (!FakeMachine::sendAll(fd, out))
                break;
            out.clear();
        }
    }
    out += FakeMachine::closing();
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

} // namespace

int main(int argc, char* argv[])
{
    const long samples = argc > 1 ? std::atol(argv[1]) : 2000000;
    const Run one = runOnce(XSPROF_EXECUTABLE, samples, 5291);
    const Run two = runOnce(XSPROF_EXECUTABLE, 2 * samples, 5292);
    if (!one.ok || !two.ok) {
        std::fprintf(stderr, "bench_live: xsprof listen failed\n");
        return 1;
    }
    std::printf("xsprof listen, %ld samples: %.2f s CPU, %.2f s wall, peak RSS %.1f MB\n", samples, one.cpuSeconds,
                one.wallSeconds, one.peakRssKb / 1024.0);
    std::printf("xsprof listen, %ld samples: %.2f s CPU, %.2f s wall, peak RSS %.1f MB\n", 2 * samples, two.cpuSeconds,
                two.wallSeconds, two.peakRssKb / 1024.0);
    std::printf("ingest: %.2f M samples per CPU second (target >= 1)\n", 2.0 * samples / two.cpuSeconds / 1e6);
    std::printf("memory: %.1f bytes per sample (target <= 64)\n",
                double(two.peakRssKb - one.peakRssKb) * 1024.0 / double(samples));
    return 0;
}
