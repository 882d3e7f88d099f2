#pragma once
// The command line shared by the view benchmarks: [--runs N] [PROFILE]. Without PROFILE they
// use the 1M-sample generated profile, made once with ../shared/tools/gen_cpuprofile.py.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>

struct BenchInput {
    int runs;
    std::string path;

    // False (and a message on stderr) when the default profile cannot be generated.
    static bool parse(int argc, char** argv, int defaultRuns, BenchInput& input)
    {
        input.runs = defaultRuns;
        input.path = XSPROF_BENCH_DATA_DIR "/bench_1m.cpuprofile";
        for (int i = 1; i < argc; ++i) {
            const std::string arg = argv[i];
            if (arg == "--runs" && i + 1 < argc)
                input.runs = std::max(1, std::atoi(argv[++i]));
            else
                input.path = arg;
        }
        if (std::filesystem::exists(input.path))
            return true;
        const std::string command = "mkdir -p " XSPROF_BENCH_DATA_DIR " && python3 " XSPROF_BENCH_SHARED_DIR
                                    "/tools/gen_cpuprofile.py --nodes 100000 --samples 1000000 --seed 12 --out " +
                                    input.path;
        std::printf("generating %s\n", input.path.c_str());
        if (std::system(command.c_str()) != 0) {
            std::fprintf(stderr, "cannot generate %s\n", input.path.c_str());
            return false;
        }
        return true;
    }
};
