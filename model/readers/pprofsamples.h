#pragma once
// A pprof Profile read with its samples kept flat. A million Sample messages, each allocated
// as a message with two repeated fields, took most of a large file's read; they are decoded
// with the protobuf library's stream reader into arrays instead, and every other field of the
// Profile by its generated classes (profile.pb.h).
#include "pprof/profile.pb.h"

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

namespace xsprof::readers {

class PprofSamples {
public:
    size_t size() const { return m_locationEnd.size(); }
    // Sample i's location ids, leaf first, and its values (one per sample_type).
    std::span<const uint64_t> locations(size_t i) const
    {
        const size_t begin = i ? m_locationEnd[i - 1] : 0;
        return {m_locations.data() + begin, m_locationEnd[i] - begin};
    }
    std::span<const int64_t> values(size_t i) const
    {
        const size_t begin = i ? m_valueEnd[i - 1] : 0;
        return {m_values.data() + begin, m_valueEnd[i] - begin};
    }

    // Sample fields as the stream gives them (packed or one by one); false when one is malformed.
    bool read(google::protobuf::io::CodedInputStream& in);

private:
    std::vector<uint64_t> m_locations;
    std::vector<size_t> m_locationEnd;
    std::vector<int64_t> m_values;
    std::vector<size_t> m_valueEnd;
};

// `bytes` as a Profile: the samples into `samples`, every other field into `profile`. False when
// the bytes are not one (locatePprofParseFailure says where).
bool readPprofMessage(std::string_view bytes, perftools::profiles::Profile& profile, PprofSamples& samples);

} // namespace xsprof::readers
