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

void PprofSamples::allocate(size_t count, size_t valueCount, size_t valueBytes)
{
    m_capacity = count;
    m_valueCount = valueCount;
    m_valueBytes = valueBytes;
    m_pathOf = std::make_unique_for_overwrite<uint32_t[]>(count);
    m_values = std::make_unique_for_overwrite<char[]>(valueBytes); // untouched beyond what is written
}

void PprofSamples::adopt(PprofSampleRun& first, PprofSampleRun* second, size_t secondValuesAt)
{
    m_size = first.sampleCount();
    m_positive = first.positiveCounts();
    m_stretches = {Stretch{0, first.sampleCount(), m_values.get()}};
    m_paths = first.takePaths();
    m_pathFirstSample = first.takePathFirstSamples();
    if (const auto odd = first.oddSample())
        m_odd = OddSample{odd->sample, odd->count};
    if (!second)
        return;
    if (const auto odd = second->oddSample(); odd && !m_odd)
        m_odd = OddSample{odd->sample, odd->count};
    m_stretches.push_back(Stretch{m_size, second->sampleCount(), m_values.get() + secondValuesAt});
    for (size_t k = 0; k < m_positive.size(); ++k)
        m_positive[k] += second->positiveCounts()[k];
    // The second stretch's paths by the first's numbers, those new to it numbered after.
    std::vector<uint32_t> number(second->paths().size());
    for (uint32_t p = 0; p < number.size(); ++p) {
        const std::string_view key = second->paths().key(p);
        const uint32_t hash = second->paths().hash(p);
        const std::optional<uint32_t> known = m_paths.find(key, hash);
        if (known) {
            number[p] = *known;
            continue;
        }
        number[p] = m_paths.add(key, hash);
        m_pathFirstSample.push_back(second->firstSampleOf(p));
    }
    uint32_t* const pathOf = m_pathOf.get() + m_size;
    for (size_t i = 0; i < second->sampleCount(); ++i)
        pathOf[i] = number[pathOf[i]];
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

// Where a Profile's samples are (its top-level fields 2): how many, the first one's bytes (its
// number of values sizes the arrays) and a field boundary near the middle sample, where a
// second thread starts.
struct PprofSampleSurvey {
    size_t count = 0;
    std::string_view first;
    size_t middleSample = 0; // 0: no place to split
    size_t middleOffset = 0;
};

constexpr size_t surveyCheckpointEvery = 1 << 14;

// The checkpoint (sample, offset) nearest the middle sample, as the survey's middle.
void chooseMiddle(PprofSampleSurvey& survey, const std::vector<std::pair<size_t, size_t>>& checkpoints)
{
    const auto distance = [half = survey.count / 2](size_t sample) {
        return sample > half ? sample - half : half - sample;
    };
    const auto middle = std::min_element(checkpoints.begin(), checkpoints.end(),
                                         [&distance](auto a, auto b) { return distance(a.first) < distance(b.first); });
    if (middle != checkpoints.end() && middle->first > 0) {
        survey.middleSample = middle->first;
        survey.middleOffset = middle->second;
    }
}

PprofSampleSurvey surveyPprofSamples(std::string_view bytes)
{
    std::vector<std::pair<size_t, size_t>> checkpoints; // (sample, offset) of every checkpointEvery-th sample
    CodedInputStream in(reinterpret_cast<const uint8_t*>(bytes.data()), int(bytes.size()));
    PprofSampleSurvey survey;
    while (true) {
        const int start = in.CurrentPosition();
        const uint32_t tag = in.ReadTag();
        if (tag == 0)
            break;
        if (WireFormatLite::GetTagFieldNumber(tag) == 2) {
            if (survey.count % surveyCheckpointEvery == 0)
                checkpoints.emplace_back(survey.count, size_t(start));
            if (survey.count == 0 && WireFormatLite::GetTagWireType(tag) == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
                int length = 0;
                if (in.ReadVarintSizeAsInt(&length) && length <= int(bytes.size()) - in.CurrentPosition())
                    survey.first = bytes.substr(size_t(in.CurrentPosition()), size_t(length));
                ++survey.count;
                if (!in.Skip(length))
                    break;
                continue;
            }
            ++survey.count;
        }
        if (!WireFormatLite::SkipField(&in, tag))
            break;
    }
    chooseMiddle(survey, checkpoints);
    return survey;
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

    // The sample survey of the file of `size` bytes, reading the fields' tags and lengths only.
    // Nothing when a field is not a number or length-delimited, or is cut short: the whole file
    // is then read as it is, whose survey and reading say what is wrong.
    std::optional<PprofSampleSurvey> survey(size_t size)
    {
        using google::protobuf::internal::ReadTag;
        using google::protobuf::internal::VarintParse;
        std::vector<std::pair<size_t, size_t>> checkpoints;
        PprofSampleSurvey survey;
        size_t windowBegin = 0, windowEnd = 0; // the file's bytes in the buffer
        size_t firstBegin = 0;
        for (size_t at = 0; at < size;) {
            if (at + headerBytes > windowEnd && windowEnd < size) {
                windowBegin = at;
                windowEnd = std::min(size, at + m_buffer.size() - padding);
                if (!m_pages.copyOut(windowBegin, windowEnd, m_buffer.data()))
                    return std::nullopt;
                std::fill_n(m_buffer.data() + (windowEnd - windowBegin), padding, '\0');
            }
            const char* const start = m_buffer.data() + (at - windowBegin);
            uint32_t tag = 0;
            const char* p = ReadTag(start, &tag);
            uint64_t value = 0;
            if (!p || tag == 0 || ((tag & 7) != 0 && (tag & 7) != 2) || !(p = VarintParse(p, &value)))
                return std::nullopt;
            const size_t header = size_t(p - start);
            if (at + header > size || ((tag & 7) == 2 && value > size - at - header))
                return std::nullopt;
            if (tag >> 3 == 2) {
                if (survey.count % surveyCheckpointEvery == 0)
                    checkpoints.emplace_back(survey.count, at);
                if (survey.count == 0 && (tag & 7) == 2) {
                    firstBegin = at + header;
                    m_first.resize(size_t(value));
                }
                ++survey.count;
            }
            at += header + ((tag & 7) == 2 ? size_t(value) : 0);
        }
        if (!m_first.empty() && !m_pages.copyOut(firstBegin, firstBegin + m_first.size(), m_first.data()))
            return std::nullopt;
        survey.first = m_first;
        chooseMiddle(survey, checkpoints);
        return survey;
    }

private:
    static constexpr size_t padding = 16, headerBytes = 16; // a tag and a varint: at most 15
    InputPages& m_pages;
    std::vector<char> m_buffer = std::vector<char>(pieceSize + padding);
    std::string m_first;
};

// Reads the samples as `survey` places them, in two stretches at once when there are enough
// of them, each with `decode(run, begin, end)`; then the other fields into `profile`.
template <class Decode>
bool readSurveyedPprof(const PprofSampleSurvey& survey, size_t size, Decode decode, perftools::profiles::Profile& profile,
                       PprofSamples& samples)
{
    const size_t valueCount = PprofSampleRun::valueCountOf(survey.first);
    samples.allocate(survey.count, valueCount, size);
    // A stretch's values take no more bytes than the stretch: each writes them from its start.
    const auto arraysFrom = [&samples, valueCount](size_t first, size_t count, size_t begin, size_t end) {
        return PprofSampleArrays{
            .pathOf = samples.pathOfData() + first,
            .values = samples.valuesData() + begin,
            .capacity = count,
            .valueCapacity = end - begin,
            .valueCount = valueCount,
        };
    };
    const bool split = survey.count >= 2 * parallelWorkMinimum && survey.middleSample > 0;
    const size_t firstCount = split ? survey.middleSample : survey.count;
    const size_t firstEnd = split ? survey.middleOffset : size;
    PprofSampleRun first(arraysFrom(0, firstCount, 0, firstEnd), 0);
    if (!split) {
        if (!decode(first, 0, size))
            return false;
        samples.adopt(first);
        return profile.ParseFromString(first.rest());
    }
    PprofSampleRun second(arraysFrom(firstCount, survey.count - firstCount, firstEnd, size), firstCount);
    bool firstRead = false, secondRead = false;
    runInParallel([&] { firstRead = decode(first, 0, firstEnd); }, [&] { secondRead = decode(second, firstEnd, size); });
    if (!firstRead || !secondRead)
        return false;
    samples.adopt(first, &second, firstEnd);
    first.rest() += second.rest();
    return profile.ParseFromString(first.rest());
}

} // namespace

bool readPprofMessage(std::string_view bytes, perftools::profiles::Profile& profile, PprofSamples& samples,
                      InputPages* pages)
{
    // The library logs what it refuses (text that is not UTF-8) on stderr; the reader's error says it.
    [[maybe_unused]] static const bool quiet = (google::protobuf::SetLogHandler(nullptr), true);
    if (bytes.size() > size_t(INT_MAX))
        return false;
    if (pages) {
        PprofFilePieces file(*pages);
        const std::optional<PprofSampleSurvey> survey = file.survey(bytes.size());
        if (!survey)
            return false;
        PprofFilePieces other(*pages); // the second stretch's
        return readSurveyedPprof(
            *survey, bytes.size(),
            [&](PprofSampleRun& run, size_t begin, size_t end) {
                return (begin == 0 ? file : other).decode(run, begin, end);
            },
            profile, samples);
    }
    return readSurveyedPprof(
        surveyPprofSamples(bytes), bytes.size(),
        [bytes](PprofSampleRun& run, size_t begin, size_t end) {
            return run.decode(bytes.data() + begin, end - begin, true).has_value();
        },
        profile, samples);
}

} // namespace xsprof::readers
