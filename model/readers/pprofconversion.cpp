#include "pprofconversion.h"

#include "readersupport.h"

#include "model/parallel.h"
#include "model/profilebuilder.h"

#include <google/protobuf/parse_context.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <span>
#include <unordered_map>

#include <sys/mman.h>
#include <unistd.h>

namespace xsprof::readers {

namespace pp = perftools::profiles;

PprofMeasure pprofMeasureOf(std::string_view unit)
{
    if (unit == "nanoseconds")
        return {Measure::Time, 1e-3};
    if (unit == "microseconds")
        return {Measure::Time, 1.0};
    if (unit == "milliseconds")
        return {Measure::Time, 1e3};
    if (unit == "seconds")
        return {Measure::Time, 1e6};
    if (unit == "bytes")
        return {Measure::Bytes, 1.0};
    if (unit == "kilobytes")
        return {Measure::Bytes, 1024.0};
    if (unit == "megabytes")
        return {Measure::Bytes, 1048576.0};
    return {Measure::Count, 1.0}; // "count", "samples", "objects"...
}

namespace {

// The frames of each location, outermost first: a location's lines list its inlined functions
// innermost first (profile.proto), each kept as a frame. A location without lines (not
// symbolized) is its address, in its mapping's file. Kept in one array: the stacks read a
// location's frames a million times.
class LocationFrames {
public:
    std::span<const FrameId> of(int location) const
    {
        const uint32_t begin = location ? m_end[size_t(location) - 1] : 0;
        return {m_frames.data() + begin, m_end[size_t(location)] - begin};
    }
    void add(FrameId frame) { m_frames.push_back(frame); }
    void endLocation() { m_end.push_back(uint32_t(m_frames.size())); }
    bool locationEmpty() const { return m_frames.size() == (m_end.empty() ? 0 : m_end.back()); }

private:
    std::vector<FrameId> m_frames;
    std::vector<uint32_t> m_end;
};

LocationFrames locationFrames(const pp::Profile& p, const PprofIndex& index, ProfileBuilder& builder)
{
    std::vector<FrameId> functionFrames(size_t(p.function_size()));
    for (int i = 0; i < p.function_size(); ++i) {
        const pp::Function& f = p.function(i);
        const std::string& name = f.name() != 0 ? p.string_table(int(f.name())) : p.string_table(int(f.system_name()));
        const int64_t line = f.start_line() > 0 && f.start_line() < INT32_MAX ? f.start_line() : 0;
        functionFrames[size_t(i)] = builder.frameForKey(name, p.string_table(int(f.filename())), int32_t(line), 0);
    }
    std::unordered_map<uint64_t, int> mappings;
    for (int i = 0; i < p.mapping_size(); ++i)
        mappings.emplace(p.mapping(i).id(), i);
    LocationFrames frames;
    for (int i = 0; i < p.location_size(); ++i) {
        const pp::Location& l = p.location(i);
        for (int k = l.line_size() - 1; k >= 0; --k)
            frames.add(functionFrames[size_t(index.function.find(l.line(k).function_id()))]);
        if (frames.locationEmpty()) {
            char address[32];
            std::snprintf(address, sizeof address, "0x%llx", static_cast<unsigned long long>(l.address()));
            const auto mapping = mappings.find(l.mapping_id());
            const std::string& file =
                mapping == mappings.end() ? p.string_table(0) : p.string_table(int(p.mapping(mapping->second).filename()));
            frames.add(builder.frameForKey(address, file, 0, 0));
        }
        frames.endLocation();
    }
    return frames;
}

// What one stretch of samples weighs in one sample type: read on its own core before the
// samples are written, so that each stretch knows where its samples go.
struct PprofStretchScan {
    size_t weighed = 0;  // samples with a positive value
    size_t negative = 0; // samples with a negative one
    double total = 0.0;  // the weighed values' sum, in the model's unit, summed in order
    std::vector<uint32_t> paths; // the paths of weighed samples, in order of their first
    std::vector<uint8_t> seen;   // per path: whether it is in `paths`
};

PprofStretchScan scanStretch(const PprofSamples& samples, const PprofSamples::Stretch& stretch, size_t chosen,
                             double scale, const TaskControl* control)
{
    PprofStretchScan scan;
    scan.seen.assign(samples.pathCount(), 0);
    PprofValueReader values(stretch, samples.valueCount());
    for (size_t k = 0; k < stretch.count; ++k) {
        if (control && (k & 0xFFFF) == 0)
            checkCancel(control, 0.5 + 0.2 * double(k) / double(stretch.count));
        const int64_t raw = values.next(chosen);
        if (raw <= 0) {
            scan.negative += raw < 0;
            continue;
        }
        ++scan.weighed;
        scan.total += double(raw) * scale;
        const uint32_t path = stretch.path(k);
        if (!scan.seen[path]) {
            scan.seen[path] = 1;
            scan.paths.push_back(path);
        }
    }
    return scan;
}

// The sum of a stretch's values (all positive) in the model's unit, summed in order as a scan does.
double stretchTotal(const PprofSamples& samples, const PprofSamples::Stretch& stretch, size_t chosen, double scale)
{
    PprofValueReader values(stretch, samples.valueCount());
    double total = 0.0;
    for (size_t k = 0; k < stretch.count; ++k)
        total += double(values.next(chosen)) * scale;
    return total;
}

// Where a stretch's weighed samples go in the profile's columns.
struct PprofSampleColumns {
    StackId* stacks = nullptr;
    double* times = nullptr;
    double* values = nullptr;
};

void writeStretch(const PprofSamples& samples, const PprofSamples::Stretch& stretch, size_t chosen, double scale,
                  const std::vector<StackId>& pathStacks, PprofSampleColumns out, double position)
{
    PprofValueReader values(stretch, samples.valueCount());
    size_t k = 0;
    for (size_t i = 0; i < stretch.count; ++i) {
        const int64_t raw = values.next(chosen);
        if (raw <= 0)
            continue;
        const double value = double(raw) * scale;
        out.stacks[k] = pathStacks[stretch.path(i)];
        out.times[k] = position;
        out.values[k] = value;
        position += value;
        ++k;
    }
}

// Gives the system's pages to a column reserved and not written yet, on a core that would
// otherwise wait (the columns are written on both cores afterwards, and a page faulted in
// one at a time costs more than writing it).
template <class T>
void prefaultReserved(const std::vector<T>& column)
{
#if defined(MADV_POPULATE_WRITE)
    const size_t page = size_t(sysconf(_SC_PAGESIZE));
    const auto begin = (reinterpret_cast<uintptr_t>(column.data()) + page - 1) & ~(page - 1);
    const auto end = (reinterpret_cast<uintptr_t>(column.data() + column.capacity())) & ~(page - 1);
    // A megabyte at a time: the other core, meanwhile, may need the memory map for its own.
    constexpr uintptr_t step = 1 << 20;
    for (uintptr_t at = begin; at < end; at += step)
        madvise(reinterpret_cast<void*>(at), std::min(step, end - at), MADV_POPULATE_WRITE); // a hint only
#else
    (void)column;
#endif
}

} // namespace

// The profile of sample_type `chosen`: one sample per pprof sample with a positive value, its
// stack from the locations (leaf first in the file), weighing the value in the model's unit.
// The samples' times are only their order: a pprof sample has no time of its own.
Profile pprofProfileOf(const pp::Profile& p, const PprofSamples& samples, const PprofIndex& index, size_t chosen,
                       ProfileInfo info, const TaskControl* control, size_t& negative)
{
    const PprofMeasure measure = pprofMeasureOf(p.string_table(int(p.sample_type(int(chosen)).unit())));
    ProfileBuilder builder(std::move(info));
    const LocationFrames frames = locationFrames(p, index, builder);
    // Each stretch on its own core: its weight, and the paths it weighs in order. When every
    // sample weighs (a CPU profile's ticks), the paths are in that order already and each
    // stretch weighs all its samples: no scan (their sums are taken while the stacks are built).
    const std::vector<PprofSamples::Stretch>& stretches = samples.stretches();
    const bool allWeigh = samples.positiveCount(chosen) == samples.size();
    std::vector<PprofStretchScan> scans(stretches.size());
    const auto scan = [&](size_t s) {
        scans[s] = scanStretch(samples, stretches[s], chosen, measure.scale, s == 0 ? control : nullptr);
    };
    if (allWeigh)
        for (size_t s = 0; s < stretches.size(); ++s)
            scans[s].weighed = stretches[s].count;
    else if (stretches.size() == 2)
        runInParallel([&] { scan(0); }, [&] { scan(1); });
    else
        for (size_t s = 0; s < stretches.size(); ++s)
            scan(s);
    size_t weighed = 0;
    for (const PprofStretchScan& s : scans) {
        weighed += s.weighed;
        negative += s.negative;
    }
    std::vector<StackId> stacks;
    std::vector<double> times, values;
    stacks.reserve(weighed);
    times.reserve(weighed);
    values.reserve(weighed);
    // Each call path's stack, built in the order of its first weighed sample. Paths come as
    // the profiler walked its tree: a path shares its outermost locations with the path built
    // before it, whose stacks (`chain`, one per location) it starts from.
    std::vector<StackId> pathStacks(samples.pathCount());
    std::vector<StackId> chain;
    std::vector<uint64_t> locations, chainIds; // the path's locations and the last built's, leaf first
    const auto pathStack = [&](uint32_t path) {
        samples.pathIds(path, locations);
        size_t shared = 0;
        while (shared < locations.size() && shared < chainIds.size() &&
               locations[locations.size() - 1 - shared] == chainIds[chainIds.size() - 1 - shared])
            ++shared;
        StackId stack = shared ? chain[shared - 1] : StackId();
        chain.resize(shared);
        for (size_t k = shared; k < locations.size(); ++k) {
            for (FrameId frame : frames.of(index.location.find(locations[locations.size() - 1 - k])))
                stack = builder.stack(stack, frame);
            chain.push_back(stack);
        }
        std::swap(chainIds, locations);
        if (!stack.isValid())
            stack = builder.stack(StackId(), builder.frameForKey("(no stack)", "", 0, 0));
        return stack;
    };
    const auto buildStacks = [&] {
        if (allWeigh) {
            for (uint32_t path = 0; path < samples.pathCount(); ++path)
                pathStacks[path] = pathStack(path);
            return;
        }
        for (size_t s = 0; s < scans.size(); ++s) {
            for (uint32_t path : scans[s].paths) {
                const bool earlier = std::any_of(scans.begin(), scans.begin() + std::ptrdiff_t(s),
                                                 [path](const PprofStretchScan& before) { return before.seen[path]; });
                if (!earlier)
                    pathStacks[path] = pathStack(path);
            }
        }
    };
    runInParallelIf(weighed >= parallelWorkMinimum, buildStacks, [&] {
        prefaultReserved(stacks);
        prefaultReserved(times);
        prefaultReserved(values);
        for (size_t s = 0; allWeigh && s + 1 < stretches.size(); ++s) // the last one's sum is not needed
            scans[s].total = stretchTotal(samples, stretches[s], chosen, measure.scale);
    });
    checkCancel(control, 0.75);
    stacks.resize(weighed);
    times.resize(weighed);
    values.resize(weighed);
    // The samples written, each stretch on its own core from where the ones before it end.
    std::vector<PprofSampleColumns> columns;
    std::vector<double> positions;
    size_t at = 0;
    double position = 0.0;
    for (const PprofStretchScan& s : scans) {
        columns.push_back({stacks.data() + at, times.data() + at, values.data() + at});
        positions.push_back(position);
        at += s.weighed;
        position += s.total;
    }
    const auto write = [&](size_t s) {
        writeStretch(samples, stretches[s], chosen, measure.scale, pathStacks, columns[s], positions[s]);
    };
    if (stretches.size() == 2)
        runInParallel([&] { write(0); }, [&] { write(1); });
    else
        for (size_t s = 0; s < stretches.size(); ++s)
            write(s);
    builder.setSamples(std::move(stacks), std::move(times));
    builder.setPositiveGivenDurations(std::move(values)); // only samples with a positive value
    return builder.finish();
}

} // namespace xsprof::readers
