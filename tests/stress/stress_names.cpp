// A profile with millions of distinct function names (default 10 million): writes it as a
// .cpuprofile, loads it, runs every analysis, prints times and peak RSS (not a ctest).
#include "model/bottomuptree.h"
#include "model/profileanalysis.h"
#include "model/profileloader.h"

#include <chrono>
#include "procstatus.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

double seconds(std::chrono::steady_clock::time_point since)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - since).count();
}

} // namespace

int main(int argc, char** argv)
{
    const long count = argc > 1 ? std::atol(argv[1]) : 10000000;
    const std::string path = (std::filesystem::temp_directory_path() / "xsprof-names.cpuprofile").string();
    auto t0 = std::chrono::steady_clock::now();
    {
        // (root) with `count` children, each a distinct function sampled once.
        std::ofstream out(path, std::ios::binary);
        out << "{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"(root)\",\"url\":\"\",\"lineNumber\":-1,"
               "\"columnNumber\":-1},\"children\":[";
        for (long i = 0; i < count; ++i)
            out << (i ? "," : "") << i + 2;
        out << "]}";
        for (long i = 0; i < count; ++i)
            out << ",\n{\"id\":" << i + 2 << ",\"callFrame\":{\"functionName\":\"fn_" << i
                << "_name\",\"url\":\"file:///app/src/module" << i % 1000 << ".js\",\"lineNumber\":" << i % 5000
                << ",\"columnNumber\":4}}";
        out << "],\"startTime\":0,\"endTime\":" << count * 100 + 100 << ",\"samples\":[";
        for (long i = 0; i < count; ++i)
            out << (i ? "," : "") << i + 2;
        out << "],\"timeDeltas\":[";
        for (long i = 0; i < count; ++i)
            out << (i ? ",100" : "100");
        out << "]}";
    }
    const double writeTime = seconds(t0);
    const auto fileSize = std::filesystem::file_size(path);
    t0 = std::chrono::steady_clock::now();
    xsprof::LoadResult r = xsprof::loadProfileFile(path);
    const double loadTime = seconds(t0);
    std::filesystem::remove(path);
    if (!r.ok()) {
        std::printf("load failed: %s\n", r.error->toString().c_str());
        return 1;
    }
    t0 = std::chrono::steady_clock::now();
    const xsprof::ProfileAnalysis a = xsprof::ProfileAnalysis::compute(*r.profile);
    const xsprof::BottomUpTree bottomUp(*r.profile, a.callTree);
    const double analysisTime = seconds(t0);
    std::printf("%ld distinct functions, file %.0f MB (written in %.1f s)\n", count, double(fileSize) / 1e6, writeTime);
    std::printf("load %.2f s, analyses %.2f s, functions %zu, strings %zu, peak RSS %.0f MB (%.2fx the file)\n", loadTime,
                analysisTime, a.functions.functions().size(), r.profile->strings.size(), procStatusKb("VmHWM:") / 1024.0,
                procStatusKb("VmHWM:") * 1024.0 / double(fileSize));
    return a.functions.functions().size() == size_t(count) + 1 ? 0 : 1;
}
