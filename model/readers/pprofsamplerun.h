#pragma once
// One stretch of a pprof Profile's top-level fields, decoded on its own: the reader splits a
// large file's samples in two, one stretch per core, and merges them in order (pprofsamples).
//
// A profiler that does not aggregate writes one sample per tick, each naming its whole call
// path (two dozen location ids): the paths repeat. Each distinct path is kept once, found by
// the hash of its encoded ids (the bytes of the sample's location_id field, read in place),
// so a repeated path costs one lookup and no decoding. A sample on the path of the one before
// it (a tick in the same call, as often as not) is known by comparing the two.
#include <google/protobuf/io/coded_stream.h>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof::readers {

// The distinct call paths of a stretch, numbered as they first appear. A slot holds the hash
// and where the key is, so that a lookup reads the slot and the key, nothing between. A key
// is the path's location ids, leaf first, as varints.
class PprofPathTable {
public:
    static uint32_t hashOf(std::string_view key);
    // Room for keys of `bytes` in all, taken from the system as they are written: a table
    // told how much its keys can take never copies them.
    void reserveKeys(size_t bytes);
    std::optional<uint32_t> find(std::string_view key, uint32_t hash) const;
    uint32_t add(std::string_view key, uint32_t hash);
    size_t size() const { return m_hashes.size(); }
    std::string_view key(uint32_t path) const
    {
        const uint32_t begin = path ? m_keyEnd[path - 1] : 0;
        return {m_keys.get() + begin, m_keyEnd[path] - begin};
    }
    uint32_t hash(uint32_t path) const { return m_hashes[path]; }

private:
    struct Slot {
        uint32_t hash = 0;
        uint32_t path = 0; // path + 1; 0: empty
        uint32_t keyBegin = 0;
        uint32_t keyLength = 0;
    };
    void grow();

    std::vector<Slot> m_slots;
    std::unique_ptr<char[]> m_keys; // each path's key, one after another
    size_t m_keysSize = 0, m_keysCapacity = 0;
    std::vector<uint32_t> m_keyEnd;
    std::vector<uint32_t> m_hashes;
};

// A stretch's samples are numbered from 0, its first: the reader numbers them in the file
// once every stretch is read (PprofSamples::adopt).
class PprofSampleRun {
public:
    // A stretch of `bytes` bytes, where about `expectedSamples` samples are expected (only the
    // room reserved for them depends on it).
    PprofSampleRun(size_t bytes, size_t expectedSamples);

    // Decodes the top-level fields in data[0, size). Returns how many bytes it read (whole
    // fields), or nothing when a field is malformed. Unless `last`, a field cut by the end of
    // data is left for the next call, with the bytes from its start.
    std::optional<size_t> decode(const char* data, size_t size, bool last);

    size_t sampleCount() const { return m_samples; }
    // The number of values of the stretch's first sample.
    size_t valueCount() const { return m_valueCount; }
    // How many of the stretch's samples have a positive value of each sample type (the counts
    // are whole only when no sample is odd).
    const std::vector<size_t>& positiveCounts() const { return m_positive; }
    const PprofPathTable& paths() const { return m_paths; }
    // The first sample that does not hold valueCount values: its values and those of the
    // samples after it are not kept.
    struct OddSample {
        size_t sample = 0, count = 0;
    };
    std::optional<OddSample> oddSample() const { return m_odd; }
    // Every field but the samples, as it was, for the generated parser.
    std::string& rest() { return m_rest; }

    // What the reader takes over once every stretch is read: each sample's path, the values
    // (valueCount varints per sample, as the file has them), the paths.
    std::vector<uint32_t> takePathOf() { return std::move(m_pathOf); }
    std::unique_ptr<char[]> takeValues() { return std::move(m_values); }
    PprofPathTable takePaths() { return std::move(m_paths); }
    // Path p's first sample.
    size_t firstSampleOf(uint32_t p) const { return m_pathFirstSample[p]; }
    std::vector<size_t> takePathFirstSamples() { return std::move(m_pathFirstSample); }

private:
    // One top-level field by the library's stream reader: its size, 0 when it is cut by the
    // end of data (unless last), nothing when it is malformed.
    std::optional<size_t> readField(const char* data, size_t size, bool last);
    bool readSample(google::protobuf::io::CodedInputStream& in);
    // Nothing when the sample is not laid out as usual (the stream reader reads it), false
    // when it is and is malformed.
    std::optional<bool> readUsualSample(const char* p, const char* end);
    // Whether a sample of `bytes` bytes fits in the values' room (always: a value is never
    // written longer than it was read, and the stretch's values come from its bytes).
    bool roomForSample(size_t bytes) const { return m_valueBytes + bytes <= m_valuesCapacity; }
    // Where the sample being read writes its values (nothing once a sample was odd).
    char* sampleValues() const { return m_odd ? nullptr : m_values.get() + m_valueBytes; }
    void countValue(size_t index, uint64_t value)
    {
        if (index < m_positive.size())
            m_positive[index] += int64_t(value) > 0;
    }
    // The stretch's first sample sets valueCount: its values are counted once it is known.
    void takeFirstSample(size_t values, size_t written);
    // Records a sample read: its values (`written` bytes) are kept, its path found or added.
    bool addSample(std::string_view key, size_t values, size_t written);
    bool readLocations(google::protobuf::io::CodedInputStream& in, uint32_t wireType, std::string_view& key,
                       int& fields);
    bool readValues(google::protobuf::io::CodedInputStream& in, uint32_t wireType, size_t& count, size_t& written);
    // A new path: false when its key is not location ids.
    bool addPath(std::string_view key, uint32_t hash, size_t sample, uint32_t& path);

    std::string_view m_previousKey; // in the input, while it is read

    std::vector<uint32_t> m_pathOf;
    std::unique_ptr<char[]> m_values;
    size_t m_valuesCapacity = 0;
    size_t m_valueCount = 0;
    size_t m_samples = 0;
    size_t m_valueBytes = 0;
    std::vector<size_t> m_positive;
    std::optional<OddSample> m_odd;
    PprofPathTable m_paths;
    std::vector<size_t> m_pathFirstSample;
    uint32_t m_previousPath = 0;
    std::string m_key; // a sample's ids when they are not one packed field
    std::string m_rest;
};

} // namespace xsprof::readers
