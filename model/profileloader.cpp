#include "profileloader.h"

#include "chunkedinputbuffer.h"
#include "json/gzipinput.h"
#include "json/inputpages.h"
#include "json/jsonhead.h"
#include "json/paddedbytes.h"
#include "json/textencoding.h"
#include "readers/formatreaders.h"
#include "readers/jsondocumentreading.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <functional>
#include <optional>
#include <memory>

namespace xsprof {

namespace {

// The root object's keys when the head did not show enough of them (a large first member).
std::string keysAsHead(std::string_view bytes)
{
    std::string head = "{";
    for (const std::string& key : rootObjectKeys(bytes))
        head += "\"" + key + "\":0,";
    head.back() = '}';
    return head.size() > 1 ? head : std::string("{}");
}

LoadResult loadBytes(std::string_view bytes, const std::string& name, const LoadOptions& options,
                     const TaskControl* control);

// "the file is empty", "the file is not JSON: it starts with “hello world”": what a file that
// no reader took is, when that is plainer than the JSON parser's complaint; empty otherwise.
std::string notJsonExplanation(std::string_view bytes)
{
    const std::string_view text = trimmedHead(bytes);
    if (bytes.empty())
        return "the file is empty";
    if (text.empty())
        return "the file holds only white space";
    const char c = text.front();
    const bool jsonStart = c == '{' || c == '[' || c == '"' || c == '-' || (c >= '0' && c <= '9')
        || text.starts_with("true") || text.starts_with("false") || text.starts_with("null");
    if (jsonStart)
        return {};
    // Its first line, shortened, printable ASCII only: enough to recognise the file.
    std::string start;
    for (const char k : text.substr(0, text.find_first_of("\r\n"))) {
        if (start.size() >= 40) {
            start += "…";
            break;
        }
        start += (k >= ' ' && k < 127) ? k : '?';
    }
    return "the file is not JSON: it starts with “" + start + "”";
}

// A gzip stream, inflated first (the compressed bytes are released before reading).
LoadResult loadGzip(std::string_view compressed, const std::string& name, const LoadOptions& options,
                    const TaskControl* control)
{
    GunzipResult inflated = gunzip(compressed, control);
    if (inflated.cancelled)
        return loadCancelled(name);
    if (!inflated.bytes)
        return loadFailure(name, inflated.problem, inflated.where);
    if (options.releaseInput)
        options.releaseInput();
    if (looksLikeGzip(inflated.bytes->view()))
        return loadFailure(name, "gzip inside gzip: not a profile");
    LoadOptions withRelease = options;
    withRelease.releaseInput = [&inflated] { inflated.bytes->release(); };
    withRelease.inputPages = nullptr; // the inflated bytes are not the file's
    return loadBytes(inflated.bytes->view(), name, withRelease, control);
}

// UTF-16 text (some Windows tools write it), transcoded to UTF-8 first.
LoadResult loadUtf16(std::string_view bytes, Utf16Order order, const std::string& name, const LoadOptions& options,
                     const TaskControl* control)
{
    Utf16Text text = utf8FromUtf16(bytes, order);
    if (!text.utf8)
        return loadFailure(name, "the file starts as UTF-16 text but is not: " + text.problem,
                           "byte " + std::to_string(text.where));
    if (options.releaseInput)
        options.releaseInput();
    LoadOptions withRelease = options;
    withRelease.releaseInput = [&text] { text.utf8->release(); };
    withRelease.inputPages = nullptr; // the transcoded bytes are not the file's
    return loadBytes(text.utf8->view(), name, withRelease, control);
}

LoadResult loadBytes(std::string_view bytes, const std::string& name, const LoadOptions& options,
                     const TaskControl* control)
{
    if (looksLikeGzip(bytes))
        return loadGzip(bytes, name, options, control);
    if (const size_t bom = utf8BomLength(bytes)) { // a UTF-8 byte order mark: read what follows
        LoadOptions withoutPages = options;
        withoutPages.inputPages = nullptr; // the pages count from the file's first byte
        return loadBytes(bytes.substr(bom), name, withoutPages, control);
    }
    if (const Utf16Order order = utf16Order(bytes); order != Utf16Order::None)
        return loadUtf16(bytes, order, name, options, control);
    const std::string_view head = bytes.substr(0, detectionHeadBytes);
    const readers::FormatReader* reader = readers::formatReaderFor(head); // pprof: protobuf too
    if (!reader && looksLikePerfettoTrace(bytes))
        return loadFailure(name, "a Perfetto protobuf trace (what Chromium's --trace-startup writes by default), not "
                                 "JSON: record with --trace-startup-format=json, or convert it with Perfetto's "
                                 "traceconv: traceconv json TRACE TRACE.json");
    if (!reader && bytes.size() > head.size() && firstJsonCharacter(bytes) == '{')
        reader = readers::formatReaderFor(keysAsHead(bytes));
    if (reader) {
        LoadResult result = reader->read(bytes, name, options, control);
        if (result.ok() && control)
            control->report(1.0);
        return result;
    }
    // Not a format we read: say why, an empty or plain-text file first, then syntax errors.
    if (std::string why = notJsonExplanation(bytes); !why.empty())
        return loadFailure(name, why + ". " + readers::supportedFormatsText(),
                           "byte " + std::to_string(bytes.size() - trimmedHead(bytes).size()));
    auto rootKind = [](const auto& root) {
        if (root.kind() != JsonKind::Object && root.kind() != JsonKind::Array)
            throw JsonMeaningError{std::string("the file holds ") + typeName(root.kind()) + ", not a profile object",
                                   "byte 0"};
    };
    if (auto failed = readJsonDocument(bytes, name, options, control, rootKind))
        return std::move(*failed);
    return loadFailure(name, "no profile found: " + readers::supportedFormatsText());
}

// What the loader needs per byte of input at most, and what the machine can give now. Peak
// RSS measured with the simdjson readers: 2.8x the 1M-sample file, 2.9x the 5M one (the whole
// file, the raw tables and the pieces' DOMs at once); 2.57x for 10M distinct names. What the
// analyses then allocate is not in it: their failures come back as errors from their job.
constexpr double bytesNeededPerFileByte = 3.0;

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
        return loadFailure(name, "not enough memory to load this profile");
    } catch (const std::exception& e) {
        return loadFailure(name, std::string("cannot load: ") + e.what());
    }
}

// The whole file, padded for the readers; progress over the first 30 %. Nothing when
// reading failed or was cancelled.
std::optional<PaddedBytes> readWholeFile(std::FILE* file, size_t size, bool regular, const TaskControl* control)
{
    constexpr size_t chunk = 256 << 10;
    if (control)
        control->report(0.0);
    if (!regular) { // a pipe: size unknown
        std::string all;
        std::vector<char> buffer(chunk);
        while (const size_t n = std::fread(buffer.data(), 1, buffer.size(), file))
            all.append(buffer.data(), n);
        if (std::ferror(file))
            return std::nullopt;
        return PaddedBytes(all);
    }
    PaddedBytes bytes(size);
    size_t done = 0;
    while (done < size) {
        if (control && control->isCancelled())
            return std::nullopt;
        const size_t n = std::fread(bytes.data() + done, 1, std::min(chunk, size - done), file);
        if (n == 0)
            break;
        done += n;
        if (control)
            control->report(0.3 * double(done) / double(size));
    }
    if (std::ferror(file))
        return std::nullopt;
    bytes.truncate(done);
    return bytes;
}

// A regular file this large in a streamable format is read piece by piece: see
// loadStreamedProfile.
constexpr uint64_t streamedReadMinimum = 4 << 20;

const char* const fileChanged = "the file changed while it was being read; open it again when it is complete";

// A large file of a streamable format (FormatReader::streamable: .cpuprofile): only its head
// is read into the buffer first. Its reader finds the file's structure through a small buffer
// and reads each piece of its arrays straight into the piece's parser (SimdJsonDocument with
// InputPages), so the buffer's pages are never faulted in, which was most of the time of
// reading a file whole. Nothing when the format is not streamable: the caller reads it whole.
std::optional<LoadResult> loadStreamedProfile(const std::string& path, size_t size,
                                              std::filesystem::file_time_type modified, const LoadOptions& options,
                                              const TaskControl* control)
{
    if (control) {
        control->report(0.0);
        if (control->isCancelled())
            return loadCancelled(path);
    }
    PaddedBytes bytes(size);
    InputPages pages(bytes.data(), bytes.size(), path, modified);
    if (!pages.leaveUnread(detectionHeadBytes))
        return loadFailure(path, fileChanged);
    const std::string_view all = bytes.view();
    // A byte order mark shifts the file's bytes from the pages': read whole.
    const bool marked = utf8BomLength(all) > 0 || utf16Order(all) != Utf16Order::None;
    const readers::FormatReader* reader =
        looksLikeGzip(all) || marked ? nullptr : readers::formatReaderFor(all.substr(0, detectionHeadBytes));
    if (!reader || !reader->streamable)
        return std::nullopt;
    LoadOptions withPages = options;
    withPages.releaseInput = [&bytes] { bytes.release(); };
    withPages.inputPages = &pages;
    return loadBytes(all, path, withPages, control);
}

} // namespace

LoadResult loadProfileFile(const std::string& path, const LoadOptions& options, const TaskControl* control)
{
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec || !std::filesystem::exists(status))
        return loadFailure(path, "no such file");
    if (std::filesystem::is_directory(status))
        return loadFailure(path, "is a directory, not a profile");
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"), &std::fclose);
    if (!file)
        return loadFailure(path, std::string("cannot open: ") + std::strerror(errno));
    const bool regular = std::filesystem::is_regular_file(status);
    const uint64_t size = regular ? std::filesystem::file_size(path, ec) : 0;
    const auto modified = regular ? std::filesystem::last_write_time(path, ec) : std::filesystem::file_time_type();
    // Refuse up front what cannot fit, rather than dying half way (DESIGN: nothing crashes).
    const auto available = options.memoryBudget ? std::optional<uint64_t>(options.memoryBudget) : availableMemory();
    if (available && double(size) * bytesNeededPerFileByte > double(*available))
        return loadFailure(path, "the file is too large for the memory available: loading it needs about " +
                                 gigabytes(double(size) * bytesNeededPerFileByte) + ", " + gigabytes(double(*available)) +
                                 " is free");
    return guarded(path, [&] {
        if (regular && size >= streamedReadMinimum && InputPages::canReadBack()) {
            std::optional<LoadResult> streamed = loadStreamedProfile(path, size_t(size), modified, options, control);
            if (streamed)
                return std::move(*streamed);
        }
        std::optional<PaddedBytes> bytes = readWholeFile(file.get(), size_t(size), regular, control);
        if (!bytes)
            return control && control->isCancelled() ? loadCancelled(path) : loadFailure(path, "read error");
        if (regular) {
            std::error_code after;
            const bool changed = std::filesystem::file_size(path, after) != size || after ||
                                 std::filesystem::last_write_time(path, after) != modified || bytes->size() != size;
            // A file being written (a profiler still saving it) must not give a silently wrong profile.
            if (changed)
                return loadFailure(path, fileChanged);
        }
        file.reset();
        LoadOptions withRelease = options;
        withRelease.releaseInput = [&bytes] { bytes->release(); };
        std::optional<InputPages> pages;
        withRelease.inputPages = nullptr;
        if (regular) {
            pages.emplace(bytes->data(), bytes->size(), path, modified);
            withRelease.inputPages = &*pages;
        }
        return loadBytes(bytes->view(), path, withRelease, control);
    });
}

LoadResult loadProfileData(std::string_view bytes, const std::string& name, const LoadOptions& options,
                           const TaskControl* control)
{
    return guarded(name, [&] {
        if (control) {
            control->report(0.0);
            if (control->isCancelled())
                return loadCancelled(name);
        }
        PaddedBytes padded(bytes);
        LoadOptions withRelease = options;
        withRelease.inputPages = nullptr; // the caller's bytes: nothing to read back from
        withRelease.releaseInput = [&padded] { padded.release(); };
        return loadBytes(padded.view(), name, withRelease, control);
    });
}

} // namespace xsprof
