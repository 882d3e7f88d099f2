#pragma once
// A pprof Profile read with its samples kept flat. A million Sample messages, each allocated
// as a message with two repeated fields, took most of a large file's read; they are decoded
// with the protobuf library's stream reader into arrays instead, and every other field of the
// Profile by its generated classes (profile.pb.h).
//
// A profiler that does not aggregate writes one sample per tick, each naming its whole call
// path (two dozen location ids): the paths repeat. Each distinct path is kept once, found by
// the hash of its encoded bytes, so a repeated path costs one lookup and no decoding; a
// sample keeps its path's number and its values. A sample on the path of the one before it
// (a tick in the same call, as often as not) is known by comparing the two.
#include "model/idhashtable.h"

#include "pprof/profile.pb.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof::readers {

class PprofSamples {
public:
    size_t size() const { return m_pathOf.size(); }
    size_t pathCount() const { return m_pathFirstSample.size(); }
    // Sample i's path (an index below pathCount()) and its values (one per sample_type).
    uint32_t pathOf(size_t i) const { return m_pathOf[i]; }
    std::span<const int64_t> values(size_t i) const { return {m_values.data() + i * m_valueCount, m_valueCount}; }
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

    // One Sample message's fields as the stream gives them (packed or one by one); false when
    // one is malformed.
    bool read(google::protobuf::io::CodedInputStream& in);
    // Room for `count` samples (their values' room once the first sample says how many).
    void reserve(size_t count);
    // Frees the lookup of paths once every sample is read.
    void finishReading();

private:
    bool readLocations(google::protobuf::io::CodedInputStream& in, uint32_t wireType);
    bool addPath(size_t key);

    std::vector<uint32_t> m_pathOf;
    std::vector<int64_t> m_values; // valueCount() per sample
    size_t m_valueCount = 0;
    size_t m_expected = 0;
    std::optional<OddSample> m_odd;
    std::vector<uint64_t> m_pathIds;
    std::vector<size_t> m_pathEnd;
    std::vector<size_t> m_pathFirstSample;
    // Each path's location ids as varints, one after another (the key its hash finds).
    std::string m_pathKeys;
    std::vector<size_t> m_pathKeyEnd;
    IdHashTable m_pathIndex;
    std::string m_key; // the sample being read
    std::string m_previousKey;
    uint32_t m_previousPath = 0;
};

// `bytes` as a Profile: the samples into `samples`, every other field into `profile`. False when
// the bytes are not one (locatePprofParseFailure says where).
bool readPprofMessage(std::string_view bytes, perftools::profiles::Profile& profile, PprofSamples& samples);

} // namespace xsprof::readers
