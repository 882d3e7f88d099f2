// bench_pprof_load: loading a pprof against loading a .cpuprofile of the same samples.
//
//   bench_pprof_load [--runs N] [--samples N] [FILE.cpuprofile]
//   bench_pprof_load --load-only [--runs N] FILE    (loads FILE N times: for perf record; prints
//                                                    the median and the process's peak RSS)
//
// The .cpuprofile (default: <build>/bench-data/bench_3m.cpuprofile, generated with
// ../shared/tools/gen_cpuprofile.py: 100,000 nodes, 3,000,000 samples) is loaded, then
// written as pprof with one pprof sample per sample (its stack's locations, values
// samples/count and cpu/microseconds), as a profiler that does not aggregate writes them:
// about 100 MB of profile.proto, and that gzipped (about 18 MB on disk, as pprof files are
// kept). Each file is loaded N times (default 5) side by side, alternating, and the gzipped
// one inflated alone as often; prints the medians, the sizes and the ratios of the pprofs'
// medians to the .cpuprofile's. Plain C++ and the model library: no Qt.
#include "model/gzipoutput.h"
#include "model/heappolicy.h"
#include "model/json/gzipinput.h"
#include "model/profileloader.h"

#include "pprof/profile.pb.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include <sys/resource.h>

namespace {

namespace pp = perftools::profiles;
using Clock = std::chrono::steady_clock;

// One pprof sample per sample of `p`, as a profiler that does not aggregate writes them.
std::string unaggregatedPprof(const xsprof::Profile& p)
{
    pp::Profile out;
    for (const char* s : {"", "samples", "count", "cpu", "microseconds"})
        out.add_string_table(s);
    for (auto [type, unit] : {std::pair{1, 2}, std::pair{3, 4}}) {
        pp::ValueType* t = out.add_sample_type();
        t->set_type(type);
        t->set_unit(unit);
    }
    for (size_t f = 0; f < p.frames.size(); ++f) {
        const xsprof::FrameId frame(static_cast<uint32_t>(f));
        pp::Function* function = out.add_function();
        function->set_id(f + 1);
        function->set_name(out.string_table_size());
        out.add_string_table(std::string(p.frameName(frame)) + "#" + std::to_string(f)); // names unique, as keys are
        function->set_filename(out.string_table_size());
        out.add_string_table(std::string(p.frameUrl(frame)));
        function->set_start_line(p.frames.line[f]);
        pp::Location* location = out.add_location();
        location->set_id(f + 1);
        location->add_line()->set_function_id(f + 1);
    }
    for (size_t i = 0; i < p.samples.size(); ++i) {
        pp::Sample* sample = out.add_sample();
        for (xsprof::StackId s = p.samples.stack[i]; s.isValid(); s = p.stacks.parent[s.value])
            sample->add_location_id(uint64_t(p.stacks.frame[s.value].value) + 1);
        sample->add_value(1);
        sample->add_value(std::llround(p.samples.duration(i)));
    }
    return out.SerializeAsString();
}

bool writeFile(const std::string& path, const std::string& bytes)
{
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out.write(bytes.data(), std::streamsize(bytes.size()));
    return bool(out);
}

double loadSeconds(const std::string& path, size_t& samples)
{
    const auto start = Clock::now();
    const xsprof::LoadResult r = xsprof::loadProfileFile(path);
    const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (!r.ok()) {
        std::fprintf(stderr, "bench_pprof_load: %s\n", r.error->toString().c_str());
        std::exit(1);
    }
    samples = r.profile->samples.size();
    return seconds;
} // the profile freed, its pages are given back as the window does once a page is up

double loadedSeconds(const std::string& path, size_t& samples)
{
    const double seconds = loadSeconds(path, samples);
    xsprof::HeapPolicy::giveBackFreedPages();
    return seconds;
}

std::string readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
}

double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}

} // namespace

int main(int argc, char** argv)
{
    // As `xsprof report` and the window: freed tables' pages serve the next load (HeapPolicy).
    xsprof::HeapPolicy::reuseFreedTables();
    int runs = 5;
    long samplesWanted = 3000000;
    std::string source;
    bool loadOnly = false;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else if (std::strcmp(argv[i], "--samples") == 0 && i + 1 < argc)
            samplesWanted = std::max(1L, std::atol(argv[++i]));
        else if (std::strcmp(argv[i], "--load-only") == 0)
            loadOnly = true;
        else
            source = argv[i];
    }
    if (loadOnly) {
        std::vector<double> seconds;
        size_t samples = 0;
        for (int run = 0; run < runs; ++run)
            seconds.push_back(loadedSeconds(source, samples));
        rusage usage{};
        getrusage(RUSAGE_SELF, &usage);
        std::printf("%s: %zu samples, median %.3f s, peak RSS %.0f MB\n", source.c_str(), samples, median(seconds),
                    double(usage.ru_maxrss) / 1024.0);
        return 0;
    }
    if (source.empty())
        source = std::string(XSPROF_BENCH_DATA_DIR) + "/bench_" + std::to_string(samplesWanted) + ".cpuprofile";
    if (std::FILE* f = std::fopen(source.c_str(), "rb"))
        std::fclose(f);
    else {
        const std::string command = "mkdir -p '" XSPROF_BENCH_DATA_DIR "' && python3 '" XSPROF_BENCH_SHARED_DIR
                                    "/tools/gen_cpuprofile.py' --nodes 100000 --samples " +
                                    std::to_string(samplesWanted) + " --seed 12 --out '" + source + "'";
        std::fprintf(stderr, "bench_pprof_load: generating %s\n", source.c_str());
        if (std::system(command.c_str()) != 0)
            return 1;
    }
    const xsprof::LoadResult loaded = xsprof::loadProfileFile(source);
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_pprof_load: %s\n", loaded.error->toString().c_str());
        return 1;
    }
    const std::string plain = unaggregatedPprof(*loaded.profile);
    const std::string pprofPath = source + ".pb", gzPath = source + ".pb.gz";
    if (!writeFile(pprofPath, plain) || !writeFile(gzPath, xsprof::gzipped(plain)))
        return 1;
    const std::string compressed = readFile(gzPath);
    const std::vector<std::pair<const char*, std::string>> files{
        {".cpuprofile", source}, {"pprof", pprofPath}, {"pprof.gz", gzPath}};
    std::vector<std::vector<double>> seconds(files.size());
    std::vector<double> inflating;
    size_t samples[3] = {};
    for (int run = 0; run < runs; ++run) {
        for (size_t k = 0; k < files.size(); ++k)
            seconds[k].push_back(loadedSeconds(files[k].second, samples[k]));
        const auto start = Clock::now();
        const xsprof::GunzipResult inflated = xsprof::gunzip(compressed, nullptr);
        inflating.push_back(std::chrono::duration<double>(Clock::now() - start).count());
        if (!inflated.bytes || inflated.bytes->size() != plain.size())
            return 1;
    }
    std::printf("%-22s %10s %10s %10s %8s\n", "file", "MB", "samples", "median s", "ratio");
    for (size_t k = 0; k < files.size(); ++k) {
        std::ifstream in(files[k].second, std::ios::binary | std::ios::ate);
        std::printf("%-22s %10.1f %10zu %10.3f %7.2fx\n", files[k].first, double(in.tellg()) / 1e6, samples[k],
                    median(seconds[k]), median(seconds[k]) / median(seconds[0]));
    }
    std::printf("%-22s %10.1f %10s %10.3f %7.2fx\n", "of which gunzip alone", double(compressed.size()) / 1e6, "",
                median(inflating), median(inflating) / median(seconds[0]));
    std::printf("pprof (%.1f MB of profile.proto, %.1f MB gzipped) / .cpuprofile: %.2fx plain, %.2fx gzipped "
                "(%d runs each, alternating)\n",
                double(plain.size()) / 1e6, double(compressed.size()) / 1e6, median(seconds[1]) / median(seconds[0]),
                median(seconds[2]) / median(seconds[0]), runs);
    return 0;
}
