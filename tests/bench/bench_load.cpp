// bench_load: how long loading a profile and computing everything the window shows takes,
// and how much memory it needs.
//
//   bench_load [--runs N] [FILE...]
//
// For each FILE, N times (default 5): loadProfileFile, ProfileAnalysis::compute (call
// tree, self, inclusive, divided total), the BottomUpTree roots and the report order.
// Prints the median and the minimum wall time, the file size, the peak resident set
// relative to the file size, and samples per second. Each file is measured in a fresh
// child process (this program re-executed with --one FILE), because the peak RSS
// (VmHWM in /proc/self/status) is per process. Without FILE arguments it measures three
// generated files in <build>/bench-data, generating any that are missing with
// ../shared/tools/gen_cpuprofile.py. Plain C++ and the model library: no Qt.
#include "model/bottomuptree.h"
#include "model/heappolicy.h"
#include "model/profileanalysis.h"
#include "model/profileloader.h"
#include "model/report.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

struct Generated {
    const char* name;
    const char* arguments;
};

// Kept in step with tests/bench/run_bench_load.sh.
constexpr Generated generatedInputs[] = {
    {"bench_100k.cpuprofile", "--nodes 20000 --samples 100000 --seed 11"},
    {"bench_1m.cpuprofile", "--nodes 100000 --samples 1000000 --seed 12"},
    {"bench_5m.cpuprofile", "--nodes 300000 --samples 5000000 --seed 13"},
};

// VmHWM (peak resident set) or VmRSS of this process, in kB.
long procStatusKb(const char* field)
{
    std::ifstream status("/proc/self/status");
    std::string line;
    const size_t length = std::strlen(field);
    while (std::getline(status, line)) {
        if (line.compare(0, length, field) == 0 && line.size() > length && line[length] == ':')
            return std::strtol(line.c_str() + length + 1, nullptr, 10);
    }
    return -1;
}

long long fileSize(const std::string& path)
{
    struct stat st {};
    return ::stat(path.c_str(), &st) == 0 ? static_cast<long long>(st.st_size) : -1;
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    const size_t n = values.size();
    return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}

double seconds(Clock::time_point a, Clock::time_point b)
{
    return std::chrono::duration<double>(b - a).count();
}

// The child: measure one file and print one "result" line for the parent.
int measureOne(const std::string& path, int runs)
{
    const long baselineKb = procStatusKb("VmRSS");
    std::vector<double> total, load, analysis;
    size_t samples = 0, stacks = 0, frames = 0, functions = 0, bottomUpRoots = 0;
    for (int run = 0; run < runs; ++run) {
        const auto t0 = Clock::now();
        xsprof::LoadResult result = xsprof::loadProfileFile(path);
        const auto t1 = Clock::now();
        if (!result.ok()) {
            std::fprintf(stderr, "bench_load: %s\n",
                         result.error ? result.error->toString().c_str() : "cancelled");
            return 1;
        }
        const xsprof::Profile& profile = *result.profile;
        const xsprof::ProfileAnalysis analyzed = xsprof::ProfileAnalysis::compute(profile);
        const xsprof::BottomUpTree bottomUp(profile, analyzed.callTree);
        const std::vector<xsprof::FrameId> order = xsprof::reportOrder(profile, analyzed.functions, {});
        const auto t2 = Clock::now();
        load.push_back(seconds(t0, t1));
        analysis.push_back(seconds(t1, t2));
        total.push_back(seconds(t0, t2));
        samples = profile.samples.size();
        stacks = profile.stacks.size();
        frames = profile.frames.size();
        functions = order.size();
        bottomUpRoots = bottomUp.roots().size();
        xsprof::HeapPolicy::giveBackFreedPages(); // what the window does once a page is up
    }
    std::printf("result median=%.6f min=%.6f load=%.6f analysis=%.6f samples=%zu stacks=%zu frames=%zu "
                "functions=%zu bottomup_roots=%zu hwm_kb=%ld baseline_kb=%ld\n",
                median(total), *std::min_element(total.begin(), total.end()), median(load), median(analysis),
                samples, stacks, frames, functions, bottomUpRoots, procStatusKb("VmHWM"), baselineKb);
    return 0;
}

// Runs `self --one path --runs N` and returns its result line ("" on failure).
std::string runChild(const std::string& self, const std::string& path, int runs)
{
    int fds[2];
    if (::pipe(fds) != 0)
        return {};
    const std::string runsText = std::to_string(runs);
    const pid_t pid = ::fork();
    if (pid < 0)
        return {};
    if (pid == 0) {
        ::dup2(fds[1], STDOUT_FILENO);
        ::close(fds[0]);
        ::close(fds[1]);
        const char* argv[] = {self.c_str(), "--one", path.c_str(), "--runs", runsText.c_str(), nullptr};
        ::execv(self.c_str(), const_cast<char* const*>(argv));
        std::perror("bench_load: execv");
        ::_exit(127);
    }
    ::close(fds[1]);
    std::string output;
    char buffer[4096];
    ssize_t n;
    while ((n = ::read(fds[0], buffer, sizeof buffer)) > 0)
        output.append(buffer, size_t(n));
    ::close(fds[0]);
    int status = 0;
    ::waitpid(pid, &status, 0);
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
        return {};
    const size_t at = output.find("result ");
    return at == std::string::npos ? std::string() : output.substr(at);
}

double field(const std::string& line, const char* name)
{
    const std::string key = std::string(" ") + name + "=";
    const size_t at = line.find(key);
    return at == std::string::npos ? -1.0 : std::strtod(line.c_str() + at + key.size(), nullptr);
}

std::string baseName(const std::string& path)
{
    const size_t slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::vector<std::string> generateDefaults()
{
    const std::string dir = XSPROF_BENCH_DATA_DIR;
    const std::string generator = std::string(XSPROF_BENCH_SHARED_DIR) + "/tools/gen_cpuprofile.py";
    std::vector<std::string> paths;
    ::mkdir(dir.c_str(), 0755);
    for (const Generated& input : generatedInputs) {
        const std::string path = dir + "/" + input.name;
        if (fileSize(path) <= 0) {
            const std::string command =
                "python3 '" + generator + "' " + input.arguments + " --out '" + path + ".tmp' && mv '" + path
                + ".tmp' '" + path + "'";
            std::fprintf(stderr, "bench_load: generating %s\n", path.c_str());
            if (std::system(command.c_str()) != 0) {
                std::fprintf(stderr, "bench_load: could not generate %s\n", path.c_str());
                std::exit(1);
            }
        }
        paths.push_back(path);
    }
    return paths;
}

int usage()
{
    std::fprintf(stderr, "usage: bench_load [--runs N] [FILE...]\n");
    return 2;
}

} // namespace

int main(int argc, char* argv[])
{
    // As `xsprof report` and the window: freed tables' pages serve the next load, and are
    // given back after each one (HeapPolicy).
    xsprof::HeapPolicy::reuseFreedTables();
    int runs = 5;
    std::string one;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--runs" && i + 1 < argc) {
            runs = std::atoi(argv[++i]);
            if (runs < 1)
                return usage();
        } else if (arg == "--one" && i + 1 < argc) {
            one = argv[++i];
        } else if (arg == "-h" || arg == "--help") {
            std::printf("usage: bench_load [--runs N] [FILE...]\n");
            return 0;
        } else if (!arg.empty() && arg[0] == '-') {
            return usage();
        } else {
            files.push_back(arg);
        }
    }
    if (!one.empty())
        return measureOne(one, runs);
    if (files.empty())
        files = generateDefaults();

    std::string self(4096, '\0');
    const ssize_t length = ::readlink("/proc/self/exe", self.data(), self.size() - 1);
    if (length <= 0) {
        std::perror("bench_load: /proc/self/exe");
        return 1;
    }
    self.resize(size_t(length));

    std::printf("load + analysis (ProfileAnalysis::compute, BottomUpTree roots, report order), %d runs per file,\n"
                "each file in a fresh process; RSS = peak resident set (VmHWM) of that process\n\n",
                runs);
    std::printf("%-24s %9s %9s %9s %9s %9s %9s %9s %10s %8s %9s\n", "file", "size MB", "samples", "stacks",
                "functions", "median s", "min s", "load s", "analyse s", "RSS MB", "RSS/size");
    int failures = 0;
    for (const std::string& path : files) {
        const long long size = fileSize(path);
        const std::string line = size < 0 ? std::string() : runChild(self, path, runs);
        if (line.empty()) {
            std::printf("%-24s failed\n", baseName(path).c_str());
            ++failures;
            continue;
        }
        const double sizeMb = double(size) / 1e6;
        const double rssMb = field(line, "hwm_kb") * 1024.0 / 1e6;
        const double med = field(line, "median");
        const double samples = field(line, "samples");
        std::printf("%-24s %9.2f %9.0f %9.0f %9.0f %9.3f %9.3f %9.3f %10.3f %8.1f %9.2f   %.2f M samples/s\n",
                    baseName(path).c_str(), sizeMb, samples, field(line, "stacks"), field(line, "functions"), med,
                    field(line, "min"), field(line, "load"), field(line, "analysis"), rssMb, rssMb / sizeMb,
                    med > 0 ? samples / med / 1e6 : 0.0);
        std::fflush(stdout);
    }
    std::printf("\n(MB = 10^6 bytes; load s / analyse s are medians of the two phases; the process's own\n"
                "baseline RSS before loading is included in RSS)\n");
    return failures ? 1 : 0;
}
