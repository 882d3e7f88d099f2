#include "pprofsamples.h"

#include "pprofsamplerun.h"

#include "model/json/inputpages.h"
#include "model/parallel.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/parse_context.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/wire_format_lite.h>

#include <algorithm>
#include <climits>
#include <cstring>
#include <string>

namespace xsprof::readers {

using google::protobuf::io::CodedInputStream;
using google::protobuf::internal::WireFormatLite;

void PprofSamples::hold(PprofSampleRun& run, size_t first, std::vector<uint32_t> pathNumber)
{
    Held& held = m_held.emplace_back(Held{run.takePathOf(), run.takeValues(), std::move(pathNumber)});
    m_stretches.push_back(Stretch{first, run.sampleCount(), held.values.get(), held.pathOf.data(),
                                  held.pathNumber.empty() ? nullptr : held.pathNumber.data()});
}

void PprofSamples::adopt(PprofSampleRun& first, PprofSampleRun* second)
{
    m_size = first.sampleCount();
    m_valueCount = first.valueCount();
    m_positive = first.positiveCounts();
    if (const auto odd = first.oddSample())
        m_odd = OddSample{odd->sample, odd->count};
    m_paths = first.takePaths();
    m_pathFirstSample = first.takePathFirstSamples();
    hold(first, 0, {});
    if (!second || second->sampleCount() == 0)
        return;
    // The file's first odd sample: the first's, else the second's first when its count is
    // not the first's, else the second's.
    const size_t offset = m_size;
    const auto secondOdd = second->oddSample();
    if (m_size == 0) { // every sample in the second: its first sets the count
        m_valueCount = second->valueCount();
        m_positive = second->positiveCounts();
        if (secondOdd)
            m_odd = OddSample{secondOdd->sample, secondOdd->count};
    } else if (!m_odd && second->valueCount() != m_valueCount) {
        m_odd = OddSample{offset, second->valueCount()};
    } else if (!m_odd) {
        if (secondOdd)
            m_odd = OddSample{offset + secondOdd->sample, secondOdd->count};
        for (size_t k = 0; k < m_positive.size(); ++k)
            m_positive[k] += second->positiveCounts()[k];
    }
    // The second stretch's paths by the first's numbers, those new to it numbered after.
    std::vector<uint32_t> number(second->paths().size());
    for (uint32_t p = 0; p < number.size(); ++p) {
        const std::string_view key = second->paths().key(p);
        const uint32_t hash = second->paths().hash(p);
        if (const std::optional<uint32_t> known = m_paths.find(key, hash)) {
            number[p] = *known;
            continue;
        }
        number[p] = m_paths.add(key, hash);
        m_pathFirstSample.push_back(offset + second->firstSampleOf(p));
    }
    hold(*second, offset, std::move(number));
    m_size += second->sampleCount();
}

void PprofSamples::pathIds(uint32_t p, std::vector<uint64_t>& ids) const
{
    ids.clear();
    const std::string_view key = m_paths.key(p);
    const char* at = key.data();
    const char* const end = at + key.size();
    while (at < end) { // checked when the path was first read
        uint64_t id = 0;
        at = google::protobuf::internal::VarintParse(at, &id);
        ids.push_back(id);
    }
}

namespace {

// A file this large is read in two stretches at once, when a place to split it is found.
constexpr size_t splitMinimumBytes = 4 << 20;
// The bytes read about the file's middle to find where a sample begins; the samples that must
// follow it there, one after another, for the place to be taken.
constexpr size_t splitWindowBytes = 256 << 10;
constexpr size_t splitChainedSamples = 64;

// Where a second stretch may start: a place in `window` (the file's bytes from its middle on)
// from which splitChainedSamples sample fields follow one another, and their mean size. Only
// a guess, a sample's bytes could look like that: the first stretch, read to there, tells
// (readPprofMessage).
struct PprofSplit {
    size_t offset = 0; // in the window
    size_t meanSampleBytes = 0;
};

// Whether `body` reads as a Sample message: fields location_id (1), value (2), label (3), each
// whole. The value field of a Sample starts as a sample does (field 2, length-delimited), and
// the samples after it follow it: its bytes, a packed run of numbers, are no Sample.
bool looksLikeSample(const char* body, const char* end, const char* readable)
{
    using google::protobuf::internal::VarintParse;
    while (body < end) {
        const auto tag = static_cast<uint8_t>(*body++);
        const uint32_t number = tag >> 3, wire = tag & 7;
        if (number < 1 || number > 3 || (wire != 0 && wire != 2) || (number == 3 && wire != 2))
            return false;
        uint64_t value = 0;
        if (readable - body < 10 || !(body = VarintParse(body, &value)) || body > end)
            return false;
        if (wire == 2) {
            if (value > uint64_t(end - body))
                return false;
            body += value;
        }
    }
    return body == end;
}

std::optional<PprofSplit> findSplit(std::string_view window)
{
    using google::protobuf::internal::VarintParse;
    constexpr uint8_t sampleTag = (2 << 3) | WireFormatLite::WIRETYPE_LENGTH_DELIMITED;
    const char* const end = window.data() + window.size();
    for (size_t start = 0; start < window.size(); ++start) {
        const char* at = window.data() + start;
        size_t chained = 0;
        while (chained < splitChainedSamples && end - at > 11 && static_cast<uint8_t>(*at) == sampleTag) {
            uint64_t length = 0;
            const char* const body = VarintParse(at + 1, &length);
            if (!body || length > uint64_t(end - body) || !looksLikeSample(body, body + length, end))
                break;
            at = body + length;
            ++chained;
        }
        if (chained == splitChainedSamples)
            return PprofSplit{start, size_t(at - (window.data() + start)) / splitChainedSamples};
    }
    return std::nullopt;
}

// The file read piece by piece (a large plain file: its bytes are not in the loader's buffer,
// which is never faulted in): a piece at a time is copied from the file into a buffer of
// its own and read there.
class PprofFilePieces {
public:
    static constexpr size_t pieceSize = 512 << 10;
    explicit PprofFilePieces(InputPages& pages) : m_pages(pages) {}

    // Decodes the file's [begin, end) with `run`, piece by piece.
    bool decode(PprofSampleRun& run, size_t begin, size_t end)
    {
        size_t held = 0; // bytes at the buffer's start not read yet
        for (size_t at = begin;;) {
            const size_t n = std::min(m_buffer.size() - padding - held, end - at);
            if (n > 0 && !m_pages.copyOut(at, at + n, m_buffer.data() + held))
                return false;
            at += n;
            held += n;
            std::fill_n(m_buffer.data() + held, padding, '\0');
            const std::optional<size_t> used = run.decode(m_buffer.data(), held, at == end);
            if (!used)
                return false;
            if (at == end)
                return true;
            std::memmove(m_buffer.data(), m_buffer.data() + *used, held - *used);
            held -= *used;
            if (held + padding == m_buffer.size()) // a field larger than the buffer
                m_buffer.resize(2 * m_buffer.size());
        }
    }

    // The file's bytes [begin, end), or nothing when the file cannot be read.
    std::optional<std::string> bytes(size_t begin, size_t end)
    {
        std::string out(end - begin, '\0');
        if (!m_pages.copyOut(begin, end, out.data()))
            return std::nullopt;
        return out;
    }

private:
    static constexpr size_t padding = 16;
    InputPages& m_pages;
    std::vector<char> m_buffer = std::vector<char>(pieceSize + padding);
};

// The samples expected in `bytes` bytes of samples of `meanSampleBytes` (0: not known), with
// some to spare: only the room reserved for them depends on it.
size_t expectedSamples(size_t bytes, size_t meanSampleBytes)
{
    return bytes / std::max<size_t>(meanSampleBytes ? meanSampleBytes * 4 / 5 : 16, 2) + 1024;
}

// Reads the file of `size` bytes with `decode(run, begin, end)`: in two stretches at once when
// a `split` was found (the second from `splitAt` on), else in one. The split is a guess: when the first stretch does
// not end at a field's end there, the file is read again in one stretch. Then the other fields
// go into `profile`.
template <class Decode>
bool readStretches(size_t size, std::optional<PprofSplit> split, size_t splitAt, Decode decode,
                   perftools::profiles::Profile& profile, PprofSamples& samples)
{
    if (split) {
        PprofSampleRun first(splitAt, expectedSamples(splitAt, split->meanSampleBytes));
        PprofSampleRun second(size - splitAt, expectedSamples(size - splitAt, split->meanSampleBytes));
        bool firstRead = false, secondRead = false;
        runInParallel([&] { firstRead = decode(first, 0, splitAt); }, [&] { secondRead = decode(second, splitAt, size); });
        if (firstRead) {
            if (!secondRead)
                return false; // the second starts where a field starts: its stretch is malformed
            // The other fields parse while the paths are merged: neither reads the other's.
            first.rest() += second.rest();
            bool parsed = false;
            runInParallel([&] { samples.adopt(first, &second); },
                          [&] { parsed = profile.ParseFromString(first.rest()); });
            return parsed;
        }
    }
    PprofSampleRun whole(size, expectedSamples(size, split ? split->meanSampleBytes : 0));
    if (!decode(whole, 0, size))
        return false;
    samples.adopt(whole);
    return profile.ParseFromString(whole.rest());
}

} // namespace

bool readPprofMessage(std::string_view bytes, perftools::profiles::Profile& profile, PprofSamples& samples,
                      InputPages* pages)
{
    // The library logs what it refuses (text that is not UTF-8) on stderr; the reader's error says it.
    [[maybe_unused]] static const bool quiet = (google::protobuf::SetLogHandler(nullptr), true);
    const size_t size = bytes.size();
    if (size > size_t(INT_MAX))
        return false;
    const size_t middle = size / 2, windowEnd = std::min(size, middle + splitWindowBytes);
    if (pages) {
        PprofFilePieces file(*pages);
        PprofFilePieces other(*pages); // the second stretch's
        std::optional<PprofSplit> split;
        if (size >= splitMinimumBytes) {
            const std::optional<std::string> window = file.bytes(middle, windowEnd);
            if (!window)
                return false;
            split = findSplit(*window);
        }
        return readStretches(
            size, split, split ? middle + split->offset : 0,
            [&](PprofSampleRun& run, size_t begin, size_t end) {
                return (begin == 0 ? file : other).decode(run, begin, end);
            },
            profile, samples);
    }
    const std::optional<PprofSplit> split =
        size >= splitMinimumBytes ? findSplit(bytes.substr(middle, windowEnd - middle)) : std::nullopt;
    return readStretches(
        size, split, split ? middle + split->offset : 0,
        [bytes](PprofSampleRun& run, size_t begin, size_t end) {
            return run.decode(bytes.data() + begin, end - begin, true).has_value();
        },
        profile, samples);
}

} // namespace xsprof::readers
