#include "profileloader.h"

#include "chunkedinputbuffer.h"
#include "cpuprofileconverter.h"
#include "jsonprofilereader.h"
#include "selfprofilingconverter.h"
#include "traceeventconverter.h"
#include "xsbugtranscriptloader.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
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
                             "(\"frames\", \"stacks\", \"samples\") or a trace-event file (\"traceEvents\")");
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
    const auto size = std::filesystem::is_regular_file(status) ? std::filesystem::file_size(path, ec) : 0;
    char head[64];
    const size_t headSize = std::fread(head, 1, sizeof head, file.get());
    std::rewind(file.get());
    ChunkedInputBuffer input(file.get(), ec ? 0 : size_t(size), control);
    return loadFrom(input, path, options, control, std::string_view(head, headSize));
}

LoadResult loadProfileData(std::string_view bytes, const std::string& name, const LoadOptions& options,
                           const TaskControl* control)
{
    ChunkedInputBuffer input(bytes, control);
    return loadFrom(input, name, options, control, bytes.substr(0, 64));
}

} // namespace xsprof
