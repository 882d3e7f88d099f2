#include "profileloader.h"

#include "chunkedinputbuffer.h"
#include "readers/newformats.h"
#include "cpuprofileconverter.h"
#include "jsonprofilereader.h"
#include "selfprofilingconverter.h"
#include "traceeventconverter.h"
#include "xsbugtranscriptloader.h"

#include "readers/traceeventtracingreader.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <functional>
#include <optional>
#include <memory>

namespace xsprof {

namespace {

std::string baseName(const std::string& path)
{
    const auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

LoadResult failure(const std::string& file, std::string problem, std::string where = {})
{
    LoadResult r;
    r.error = LoadError{file, std::move(problem), std::move(where)};
    return r;
}

LoadResult loadFrom(ChunkedInputBuffer& input, const std::string& name, const LoadOptions& options,
                    const TaskControl* control, std::string_view head)
{
    if (looksLikeXsbugTranscript(head))
        return loadXsbugTranscript(input, name, options, control);
    auto document = std::make_unique<RawDocument>();
    JsonReadResult read;
    try {
        read = readJsonProfile(input, *document, control,
                               options.referenceJsonParser ? JsonDriver::Nlohmann : JsonDriver::Fast);
    } catch (const std::exception& e) { // allocation failures and the like
        read.problem = std::string("cannot read the profile: ") + e.what();
    }
    if (read.cancelled) {
        LoadResult r;
        r.cancelled = true;
        r.error = LoadError{name, "loading was cancelled", {}};
        return r;
    }
    if (!read.ok) {
        if (input.readFailed())
            return failure(name, "read error", read.where);
        if (input.bytesConsumed() == 0 && read.problem.starts_with("JSON syntax error"))
            return failure(name, "the file is empty or not JSON (" + read.problem + ")", read.where);
        return failure(name, read.problem, read.where);
    }

    ProfileInfo info;
    info.name = baseName(name);
    ConversionResult converted;
    LoadResult result;
    if (document->isTraceEvents) {
        result.available = listTraceProfiles(document->traceEvents);
        converted = convertTraceProfile(document->traceEvents, std::move(document->strings), info, options.profileIndex,
                                        result.chosenIndex);
    } else if (document->cpuProfile.sawNodes) {
        if (!document->selfProfiling.sampleTimes.empty())
            return failure(name, "\"samples\" holds objects, expected node ids");
        info.format = SourceFormat::CpuProfile;
        converted = convertCpuProfile(document->cpuProfile, std::move(document->strings), info, CpuProfileDialects::V8AndXs);
    } else if (document->selfProfiling.sawFrames && document->selfProfiling.sawStacks) {
        if (!document->cpuProfile.samples.empty())
            return failure(name, "\"samples\" holds node ids, expected sample objects");
        converted = convertSelfProfiling(document->selfProfiling, document->strings, info);
    } else {
        return failure(name, "no profile found: expected a .cpuprofile (\"nodes\"), a JS Self-Profiling trace "
                             "(\"frames\", \"stacks\", \"samples\") or a trace-event file (\"traceEvents\"); " +
                                 std::string(readers::supportedFormatsText()));
    }
    if (!converted.profile)
        return failure(name, converted.problem, converted.where);
    if (options.profileIndex < 0 && result.available.empty())
        result.available.push_back({info.name, converted.profile->samples.size(), converted.profile->stacks.size()});
    result.profile = std::move(converted.profile);
    if (control)
        control->report(1.0);
    return result;
}

// What the loader needs per byte of input at most (measured: 1.5x for the 1M-sample file,
// 1.7x for the 5M one), and what the machine can give now.
constexpr double bytesNeededPerFileByte = 2.0;

std::optional<uint64_t> availableMemory()
{
    std::FILE* meminfo = std::fopen("/proc/meminfo", "r");
    if (!meminfo)
        return std::nullopt;
    char line[256];
    std::optional<uint64_t> kb;
    while (std::fgets(line, sizeof line, meminfo)) {
        unsigned long long v = 0;
        if (std::sscanf(line, "MemAvailable: %llu kB", &v) == 1)
            kb = v;
    }
    std::fclose(meminfo);
    if (!kb)
        return std::nullopt;
    return *kb * 1024;
}

std::string gigabytes(double bytes)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GB", bytes / 1e9);
    return text;
}

LoadResult guarded(const std::string& name, const std::function<LoadResult()>& load)
{
    try {
        return load();
    } catch (const std::bad_alloc&) {
        return failure(name, "not enough memory to load this profile");
    } catch (const std::exception& e) {
        return failure(name, std::string("cannot load: ") + e.what());
    }
}

// The formats of model/readers/ (until they join a reader table): recognised from the head,
// read from the whole input.
std::optional<LoadResult> loadNewFormat(std::string_view head, const std::function<std::string()>& whole,
                                        const std::string& name, const LoadOptions& options, const TaskControl* control)
{
    const readers::ReadFunction read = readers::newFormatReader(head);
    if (!read)
        return std::nullopt;
    return guarded(name, [&] { return read(whole(), name, options, control); });
}

// A trace-event file that names no V8 CPU profile event is a tracing profile (or nothing).
template <typename Bytes>
std::optional<LoadResult> loadTracingDirectly(std::string_view head, const Bytes& whole, const std::string& name,
                                              const LoadOptions& options, const TaskControl* control)
{
    if (!readers::mayHoldTracingProfile(head))
        return std::nullopt;
    std::optional<LoadResult> tracing;
    LoadResult failed = guarded(name, [&] {
        const auto bytes = whole();
        if (!readers::mentionsV8CpuProfile(bytes))
            tracing = readers::readTraceEventTracing(bytes, name, options, control);
        return LoadResult();
    });
    if (failed.error) // reading the file failed (memory): say so
        return failed;
    return tracing;
}

// A trace-event file without a V8 CPU profile may still hold stack samples or duration events.
std::optional<LoadResult> loadTracingInstead(const LoadResult& failed, std::string_view head,
                                             const std::function<std::string()>& whole, const std::string& name,
                                             const LoadOptions& options, const TaskControl* control)
{
    if (failed.ok() || failed.cancelled || !readers::mayHoldTracingProfile(head))
        return std::nullopt;
    LoadResult tracing = guarded(name, [&] { return readers::readTraceEventTracing(whole(), name, options, control); });
    const bool noCpuProfile = failed.error && failed.error->problem.starts_with("no Profile/ProfileChunk events");
    if (tracing.ok() || tracing.cancelled || noCpuProfile)
        return tracing;
    return std::nullopt;
}

std::string readAll(std::FILE* file, size_t sizeHint)
{
    std::string bytes;
    bytes.reserve(sizeHint);
    char chunk[1 << 16];
    size_t n = 0;
    while ((n = std::fread(chunk, 1, sizeof chunk, file)) > 0)
        bytes.append(chunk, n);
    return bytes;
}

} // namespace

LoadResult loadProfileFile(const std::string& path, const LoadOptions& options, const TaskControl* control)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        return failure(path, "no such file");
    if (std::filesystem::is_directory(status))
        return failure(path, "is a directory, not a profile");
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file)
        return failure(path, std::string("cannot open: ") + std::strerror(errno));
    const bool regular = std::filesystem::is_regular_file(status);
    const uint64_t size = regular ? std::filesystem::file_size(path, ec) : 0;
    const auto modified = regular ? std::filesystem::last_write_time(path, ec) : std::filesystem::file_time_type();
    // Refuse up front what cannot fit, rather than dying half way (DESIGN: nothing crashes).
    const auto available = options.memoryBudget ? std::optional<uint64_t>(options.memoryBudget) : availableMemory();
    if (available && double(size) * bytesNeededPerFileByte > double(*available))
        return failure(path, "the file is too large for the memory available: loading it needs about " +
                                 gigabytes(double(size) * bytesNeededPerFileByte) + ", " + gigabytes(double(*available)) +
                                 " is free");
    std::string head(readers::headSize, '\0');
    head.resize(std::fread(head.data(), 1, head.size(), file.get()));
    std::rewind(file.get());
    const auto wholeFile = [&] {
        std::rewind(file.get());
        return readAll(file.get(), size_t(size));
    };
    if (auto other = loadNewFormat(head, wholeFile, path, options, control))
        return *other;
    if (auto tracing = loadTracingDirectly(head, wholeFile, path, options, control))
        return *tracing;
    std::rewind(file.get());
    ChunkedInputBuffer input(file.get(), size_t(size), control);
    LoadResult result = guarded(path, [&] { return loadFrom(input, path, options, control, head); });
    if (auto tracing = loadTracingInstead(result, head, wholeFile, path, options, control))
        return *tracing;
    if (regular && !result.cancelled) {
        std::error_code after;
        const bool changed = std::filesystem::file_size(path, after) != size || after ||
                             std::filesystem::last_write_time(path, after) != modified ||
                             (result.ok() && input.bytesConsumed() != size);
        if (changed) {
            // A file being written (a profiler still saving it) must not give a silently wrong profile.
            LoadResult refused = failure(path, "the file changed while it was being read; open it again when it is complete");
            refused.available = {};
            return refused;
        }
    }
    return result;
}

LoadResult loadProfileData(std::string_view bytes, const std::string& name, const LoadOptions& options,
                           const TaskControl* control)
{
    const std::string_view head = bytes.substr(0, readers::headSize);
    const auto whole = [&] { return std::string(bytes); };
    if (auto other = loadNewFormat(head, whole, name, options, control))
        return *other;
    if (auto tracing = loadTracingDirectly(head, [&] { return bytes; }, name, options, control))
        return *tracing;
    ChunkedInputBuffer input(bytes, control);
    LoadResult result = guarded(name, [&] { return loadFrom(input, name, options, control, head); });
    if (auto tracing = loadTracingInstead(result, head, whole, name, options, control))
        return *tracing;
    return result;
}

} // namespace xsprof
