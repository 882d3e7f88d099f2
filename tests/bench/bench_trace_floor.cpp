// bench_trace_floor: how far the trace-event reader is from the fastest reader conceivable on
// this machine, for issue 18's goal (a trace of duration events loads in at most 1.5x the
// time of a .cpuprofile holding the same samples).
//
//   bench_trace_floor [--runs N] TRACE CPUPROFILE
//
// Per run, in turn, in this process:
//   cpuprofile  loadProfileFile + ProfileAnalysis::compute of CPUPROFILE (the reference)
//   trace       the same for TRACE (xsprof's reader)
//   floor 1     read TRACE + a simdjson On-Demand walk over every event reading only ph, ts,
//               name, pid and tid: no tables, no checks, nothing kept
//   floor 2     the same walk with both cores: the event array cut in two at an event, each
//               half walked on its own thread; the time is the read plus the slower half.
//               The halves are copied out before the clock starts, so this floor is
//               generous: no real reader gets below it.
// Prints each one's median and its ratio to the cpuprofile's.
#include "model/profileanalysis.h"
#include "model/profileloader.h"

#include <simdjson.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

double median(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values[values.size() / 2];
}

double loadAndAnalyse(const std::string& path)
{
    const Clock::time_point start = Clock::now();
    const xsprof::LoadResult loaded = xsprof::loadProfileFile(path);
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_trace_floor: %s: %s\n", path.c_str(), loaded.error->toString().c_str());
        std::exit(1);
    }
    const xsprof::ProfileAnalysis analysis = xsprof::ProfileAnalysis::compute(*loaded.profile);
    (void)analysis;
    return secondsSince(start);
}

// What a reader must look at in each event; the sums keep the compiler from dropping it.
struct Walked {
    size_t events = 0;
    size_t nameBytes = 0;
    double timeSum = 0.0;
};

Walked walkEvents(simdjson::ondemand::array events)
{
    Walked w;
    for (auto event : events) {
        simdjson::ondemand::object object;
        if (event.get_object().get(object))
            continue;
        ++w.events;
        for (auto field : object) {
            std::string_view key;
            if (field.unescaped_key().get(key))
                continue;
            if (key == "ph" || key == "name" || key == "pid" || key == "tid") {
                std::string_view text;
                if (!field.value().get_string().get(text))
                    w.nameBytes += text.size();
            } else if (key == "ts") {
                double ts = 0;
                if (!field.value().get_double().get(ts))
                    w.timeSum += ts;
            }
        }
    }
    return w;
}

Walked walkDocument(const simdjson::padded_string& json)
{
    simdjson::ondemand::parser parser;
    simdjson::ondemand::document document;
    simdjson::ondemand::array events;
    if (parser.iterate(json).get(document))
        return {};
    simdjson::ondemand::json_type type;
    if (document.type().get(type))
        return {};
    if (type == simdjson::ondemand::json_type::array ? document.get_array().get(events)
                                                     : document["traceEvents"].get_array().get(events))
        return {};
    return walkEvents(events);
}

simdjson::padded_string readFile(const std::string& path)
{
    simdjson::padded_string bytes;
    if (simdjson::padded_string::load(path).get(bytes)) {
        std::fprintf(stderr, "bench_trace_floor: cannot read %s\n", path.c_str());
        std::exit(1);
    }
    return bytes;
}

// The event array cut in two at the event boundary ("},\n{" or "},{") nearest its middle,
// each half a JSON array of its own.
std::pair<simdjson::padded_string, simdjson::padded_string> halves(std::string_view json)
{
    const size_t open = json.find('[', json.find("traceEvents") == std::string_view::npos ? 0 : json.find("traceEvents"));
    const size_t close = json.rfind(']');
    size_t cut = json.find("},\n{", (open + close) / 2);
    size_t next = cut + 3;
    if (cut == std::string_view::npos || cut > close) {
        cut = json.find("},{", (open + close) / 2);
        next = cut + 2;
    }
    if (open == std::string_view::npos || close == std::string_view::npos || cut == std::string_view::npos || cut > close) {
        std::fprintf(stderr, "bench_trace_floor: no event boundary found\n");
        std::exit(1);
    }
    const std::string first = std::string(json.substr(open, cut + 1 - open)) + "]";
    const std::string second = "[" + std::string(json.substr(next, close + 1 - next));
    return {simdjson::padded_string(first), simdjson::padded_string(second)};
}

} // namespace

int main(int argc, char* argv[])
{
    int runs = 5;
    std::vector<std::string> files;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--runs") == 0 && i + 1 < argc)
            runs = std::max(1, std::atoi(argv[++i]));
        else
            files.emplace_back(argv[i]);
    }
    if (files.size() != 2) {
        std::fprintf(stderr, "usage: bench_trace_floor [--runs N] TRACE CPUPROFILE\n");
        return 2;
    }
    const std::string& trace = files[0];
    const std::string& cpuprofile = files[1];
    const auto [firstHalf, secondHalf] = halves(readFile(trace));
    std::vector<double> reference, reader, floor1, floor2;
    size_t events = 0;
    for (int run = 0; run < runs; ++run) {
        reference.push_back(loadAndAnalyse(cpuprofile));
        reader.push_back(loadAndAnalyse(trace));

        Clock::time_point start = Clock::now();
        const Walked whole = walkDocument(readFile(trace));
        floor1.push_back(secondsSince(start));
        events = whole.events;

        start = Clock::now();
        const size_t bytes = readFile(trace).size();
        const double read = secondsSince(start);
        Walked a, b;
        start = Clock::now();
        std::thread other([&] { b = walkDocument(secondHalf); });
        a = walkDocument(firstHalf);
        other.join();
        floor2.push_back(read + secondsSince(start));
        if (a.events + b.events != whole.events || bytes == 0) {
            std::fprintf(stderr, "bench_trace_floor: the halves hold %zu events, the file %zu\n", a.events + b.events,
                         whole.events);
            return 1;
        }
    }
    const double base = median(reference);
    std::printf("bench_trace_floor: %d runs, %zu events, %u hardware threads\n", runs, events,
                std::thread::hardware_concurrency());
    std::printf("%-44s %9s %8s\n", "", "median s", "ratio");
    std::printf("%-44s %9.3f %8.2f\n", "cpuprofile of the same samples (reference)", base, 1.0);
    std::printf("%-44s %9.3f %8.2f\n", "trace: xsprof's reader + analyses", median(reader), median(reader) / base);
    std::printf("%-44s %9.3f %8.2f\n", "trace floor, 1 core: read + On-Demand walk", median(floor1),
                median(floor1) / base);
    std::printf("%-44s %9.3f %8.2f\n", "trace floor, 2 cores: read + halves walked", median(floor2),
                median(floor2) / base);
    return 0;
}
