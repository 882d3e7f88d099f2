#pragma once
// A pprof Profile read with its samples kept flat. A million Sample messages, each allocated
// as a message with two repeated fields, took most of a large file's read; they are decoded
// with the protobuf library's stream reader into arrays instead (pprofsamplerun.h: each
// distinct call path kept once), and every other field of the Profile by its generated
// classes (profile.pb.h). A large file's samples are decoded in two stretches at once, split
// where samples seem to start about its middle, without reading the file first to find them.
#include "pprofsamplerun.h"

#include "pprof/profile.pb.h"

#include <google/protobuf/parse_context.h>

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

class PprofSamples {
public:
    size_t size() const { return m_size; }
    size_t pathCount() const { return m_paths.size(); }
    // Every sample holds valueCount() values (the first one's count) up to oddSample(), the
    // first that does not, if any: the values are kept below it only (the file is refused).
    size_t valueCount() const { return m_valueCount; }
    struct OddSample {
        size_t sample = 0, count = 0;
    };
    std::optional<OddSample> oddSample() const { return m_odd; }
    // Path p's location ids, leaf first, into `ids`; and the first sample that names it.
    void pathIds(uint32_t p, std::vector<uint64_t>& ids) const;
    size_t firstSampleOf(uint32_t p) const { return m_pathFirstSample[p]; }
    // How many samples have a positive value of sample type `type` (below valueCount()).
    size_t positiveCount(size_t type) const { return m_positive[type]; }

    // The samples as the stretches that decoded them left them, each read in order from its
    // first on, one per core. The values are kept as the file has them, varints, valueCount()
    // per sample: a tenth of their size as numbers (PprofValueReader reads them).
    struct Stretch {
        size_t first = 0, count = 0;
        const char* values = nullptr;
        const uint32_t* pathOf = nullptr;     // the stretch's own path numbers...
        const uint32_t* pathNumber = nullptr; // ...as the file's (none: they are the file's)
        uint32_t path(size_t k) const { return pathNumber ? pathNumber[pathOf[k]] : pathOf[k]; }
    };
    const std::vector<Stretch>& stretches() const { return m_stretches; }

    // Takes the samples of `first` and of `second`, decoded from the sample after first's
    // last on, numbering the paths as they first appear in the file.
    void adopt(PprofSampleRun& first, PprofSampleRun* second = nullptr);

private:
    // What a stretch's view points into.
    struct Held {
        std::vector<uint32_t> pathOf;
        std::unique_ptr<char[]> values;
        std::vector<uint32_t> pathNumber;
    };
    void hold(PprofSampleRun& run, size_t first, std::vector<uint32_t> pathNumber);

    size_t m_size = 0;
    size_t m_valueCount = 0;
    std::optional<OddSample> m_odd;
    std::vector<Held> m_held;
    std::vector<Stretch> m_stretches;
    std::vector<size_t> m_positive;
    PprofPathTable m_paths;
    std::vector<size_t> m_pathFirstSample;
};

// Reads a stretch's values in order, a sample's valueCount() at a time. Only for a file
// without an odd sample: each sample has its values.
class PprofValueReader {
public:
    PprofValueReader(const PprofSamples::Stretch& stretch, size_t valueCount)
        : m_at(stretch.values), m_valueCount(valueCount)
    {
    }
    // The next sample's value of sample type `type`.
    int64_t next(size_t type)
    {
        uint64_t chosen = 0;
        for (size_t k = 0; k < m_valueCount; ++k) {
            uint64_t value = 0;
            m_at = google::protobuf::internal::VarintParse(m_at, &value);
            if (k == type)
                chosen = value;
        }
        return int64_t(chosen);
    }

private:
    const char* m_at;
    size_t m_valueCount;
};

// `bytes` as a Profile: the samples into `samples`, every other field into `profile`. False when
// the bytes are not one (locatePprofParseFailure says where). With `pages`, the bytes are not
// in memory: they are read from the file piece by piece, and false also when the file cannot
// be read that way (the caller then reads it whole and tries again).
bool readPprofMessage(std::string_view bytes, perftools::profiles::Profile& profile, PprofSamples& samples,
                      InputPages* pages = nullptr);

} // namespace xsprof::readers
