#pragma once
// A pprof Profile read with its samples kept flat. A million Sample messages, each allocated
// as a message with two repeated fields, took most of a large file's read; they are decoded
// with the protobuf library's stream reader into arrays instead (pprofsamplerun.h: each
// distinct call path kept once), and every other field of the Profile by its generated
// classes (profile.pb.h). A large file's samples are decoded in two stretches at once.
#include "pprof/profile.pb.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {
class InputPages;
}

namespace xsprof::readers {

class PprofSampleRun;

class PprofSamples {
public:
    size_t size() const { return m_size; }
    size_t pathCount() const { return m_pathFirstSample.size(); }
    // Sample i's path (an index below pathCount()) and its values (one per sample_type).
    uint32_t pathOf(size_t i) const { return m_pathOf[i]; }
    std::span<const int64_t> values(size_t i) const { return {m_values.get() + i * m_valueCount, m_valueCount}; }
    // Every sample holds valueCount() values (the first one's count) up to oddSample(), the
    // first that does not, if any: values(i) is valid below it only (the file is refused).
    size_t valueCount() const { return m_valueCount; }
    struct OddSample {
        size_t sample = 0, count = 0;
    };
    std::optional<OddSample> oddSample() const { return m_odd; }
    // Path p's location ids, leaf first, and the first sample that names it.
    std::span<const uint64_t> path(uint32_t p) const
    {
        const size_t begin = p ? m_pathEnd[p - 1] : 0;
        return {m_pathIds.data() + begin, m_pathEnd[p] - begin};
    }
    size_t firstSampleOf(uint32_t p) const { return m_pathFirstSample[p]; }

    // Room for `count` samples of `valueCount` values, at most `valueCapacity` values (a
    // file holds at least one byte per value).
    void allocate(size_t count, size_t valueCount, size_t valueCapacity);
    // Takes the paths of `first` and of `second`, decoded from the sample after first's last
    // on, numbering them as they first appear in the file, and the count of their samples.
    void adopt(PprofSampleRun& first, PprofSampleRun* second);

    uint32_t* pathOfData() { return m_pathOf.get(); }
    int64_t* valuesData() { return m_values.get(); }
    size_t capacity() const { return m_capacity; }
    size_t valueCapacity() const { return m_valueCapacity; }

private:
    std::unique_ptr<uint32_t[]> m_pathOf;
    std::unique_ptr<int64_t[]> m_values; // valueCount() per sample
    size_t m_size = 0;
    size_t m_capacity = 0;
    size_t m_valueCount = 0;
    size_t m_valueCapacity = 0;
    std::optional<OddSample> m_odd;
    std::vector<uint64_t> m_pathIds;
    std::vector<size_t> m_pathEnd;
    std::vector<size_t> m_pathFirstSample;
};

// `bytes` as a Profile: the samples into `samples`, every other field into `profile`. False when
// the bytes are not one (locatePprofParseFailure says where). With `pages`, the bytes are not
// in memory: they are read from the file piece by piece, and false also when the file cannot
// be read that way (the caller then reads it whole and tries again).
bool readPprofMessage(std::string_view bytes, perftools::profiles::Profile& profile, PprofSamples& samples,
                      InputPages* pages = nullptr);

} // namespace xsprof::readers
