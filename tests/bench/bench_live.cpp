// How fast `xsprof listen` ingests a machine's samples, and what a sample costs in memory
// (prints figures; not a ctest test). A fake machine logs in, registers a few hundred
// functions and streams <ps> batches (8 samples each, stacks 10-100 deep, with the locality of
// gen_cpuprofile.py) as fast as the socket takes them; `xsprof listen --once --profile-on-start` runs as a child process.
// CPU time and peak RSS are the child's (getrusage); memory per sample is the slope between
// two runs of N and 2N samples, so the process's fixed cost cancels out.
//   bench_live [SAMPLES]      (default 2 000 000)
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>
#include <vector>

namespace {

std::string base36(uint64_t v)
{
    static const char digits[] = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    std::string s;
    do {
        s.insert(s.begin(), digits[v % 36]);
        v /= 36;
    } while (v);
    return s;
}

bool sendAll(int fd, const std::string& bytes)
{
    size_t sent = 0;
    while (sent < bytes.size()) {
        const ssize_t n = ::send(fd, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n <= 0)
            return false;
        sent += size_t(n);
    }
    return true;
}

std::string message(const std::string& body)
{
    return "\r\n<xsbug>" + body + "</xsbug>\r\n";
}

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
    // Connect when the child listens.
    int fd = -1;
    for (int attempt = 0; attempt < 200 && fd < 0; ++attempt) {
        fd = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(uint16_t(port));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
            ::close(fd);
            fd = -1;
            ::usleep(20000);
        }
    }
    if (fd < 0)
        return run;
    const auto start = std::chrono::steady_clock::now();
    std::mt19937 rng(7);
    constexpr int functions = 300;
    std::string out = message("<login name=\"bench\" value=\"XS 17.9.1 64-bit LE 32-bit ID\" flags=\"e\"/>");
    out += message("<pt name=\"start\" value=\"@0000000000001000\"/>");
    out += message("<pr name=\"(host)\" value=\"0\"/>") + message("<pr name=\"(gc)\" value=\"1\"/>");
    for (int f = 2; f < functions; ++f)
        out += message("<pr name=\"fn" + std::to_string(f) + "\" value=\"" + std::to_string(f) +
                       "\" path=\"/app/m" + std::to_string(f % 20) + ".js\" line=\"" + std::to_string(f) + "\"/>");
    // A handful of call chains walked up and down, as a program's stacks are.
    std::vector<std::vector<int>> chains(64);
    for (auto& chain : chains) {
        const int depth = 10 + int(rng() % 91);
        for (int d = 0; d < depth; ++d)
            chain.push_back(2 + int(rng() % (functions - 2)));
    }
    // Locality as in ../shared/tools/gen_cpuprofile.py: 55 % of samples repeat the previous
    // stack, 15 % move to a neighbour (a few frames deeper or shallower), 30 % are fresh draws.
    long sent = 0;
    size_t chainIndex = 0, depth = 10;
    while (sent < samples) {
        std::string batch = "<ps>";
        for (int k = 0; k < 8; ++k, ++sent) {
            const unsigned roll = rng() % 100;
            if (roll >= 70) {
                chainIndex = rng() % chains.size();
                depth = 1 + rng() % chains[chainIndex].size();
            } else if (roll >= 55) {
                const int step = int(rng() % 7) - 3;
                depth = size_t(std::clamp(int(depth) + step, 1, int(chains[chainIndex].size())));
            }
            const auto& chain = chains[chainIndex];
            if (k)
                batch += '.';
            batch += base36(1000 + rng() % 500);
            for (size_t d = depth; d-- > 0;)
                batch += ',' + base36(uint64_t(chain[d]));
            batch += ",0";
        }
        out += message(batch + "</ps>");
        if (out.size() > (1 << 16)) {
            if (!sendAll(fd, out))
                break;
            out.clear();
        }
    }
    out += message("<pt name=\"stop\" value=\"@00000000FFFFFFFF\"/>");
    sendAll(fd, out);
    ::shutdown(fd, SHUT_WR);
    char drain[4096];
    while (::recv(fd, drain, sizeof drain, 0) > 0) {
    }
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
