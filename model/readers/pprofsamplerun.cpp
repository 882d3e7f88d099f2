#include "pprofsamplerun.h"

#include <google/protobuf/parse_context.h>
#include <google/protobuf/wire_format_lite.h>

#include <algorithm>
#include <cstring>

#define XXH_INLINE_ALL // xxHash's functions inlined here: the keys are short, a call would cost
#include <xxhash.h>

namespace xsprof::readers {

using google::protobuf::io::CodedInputStream;
using google::protobuf::io::CodedOutputStream;
using google::protobuf::internal::WireFormatLite;

uint32_t PprofPathTable::hashOf(std::string_view key)
{
    const uint64_t wide = XXH3_64bits(key.data(), key.size()); // twice as fast as std::hash on keys of ~70 bytes
    return uint32_t(wide ^ (wide >> 32));
}

std::optional<uint32_t> PprofPathTable::find(std::string_view key, uint32_t hash) const
{
    if (m_slots.empty())
        return std::nullopt;
    const size_t mask = m_slots.size() - 1;
    for (size_t i = hash & mask; m_slots[i].path != 0; i = (i + 1) & mask) {
        const Slot& slot = m_slots[i];
        if (slot.hash == hash && slot.keyLength == key.size() &&
            std::memcmp(m_keys.get() + slot.keyBegin, key.data(), key.size()) == 0)
            return slot.path - 1;
    }
    return std::nullopt;
}

void PprofPathTable::reserveKeys(size_t bytes)
{
    if (bytes <= m_keysCapacity)
        return;
    auto keys = std::make_unique_for_overwrite<char[]>(bytes); // its pages untouched until written
    if (m_keysSize > 0)
        std::memcpy(keys.get(), m_keys.get(), m_keysSize);
    m_keys = std::move(keys);
    m_keysCapacity = bytes;
}

uint32_t PprofPathTable::add(std::string_view key, uint32_t hash)
{
    if (2 * (size() + 1) > m_slots.size())
        grow();
    if (m_keysSize + key.size() > m_keysCapacity)
        reserveKeys(std::max(2 * m_keysCapacity, m_keysSize + key.size()));
    const auto path = uint32_t(size());
    const auto begin = uint32_t(m_keysSize);
    if (!key.empty())
        std::memcpy(m_keys.get() + m_keysSize, key.data(), key.size());
    m_keysSize += key.size();
    m_keyEnd.push_back(uint32_t(m_keysSize));
    m_hashes.push_back(hash);
    const size_t mask = m_slots.size() - 1;
    size_t i = hash & mask;
    while (m_slots[i].path != 0)
        i = (i + 1) & mask;
    m_slots[i] = Slot{hash, path + 1, begin, uint32_t(key.size())};
    return path;
}

void PprofPathTable::grow()
{
    std::vector<Slot> old = std::move(m_slots);
    m_slots.assign(std::max<size_t>(1024, 2 * old.size()), Slot{});
    const size_t mask = m_slots.size() - 1;
    for (const Slot& slot : old) {
        if (slot.path == 0)
            continue;
        size_t i = slot.hash & mask;
        while (m_slots[i].path != 0)
            i = (i + 1) & mask;
        m_slots[i] = slot;
    }
}

// A sample's key is its location_id field's bytes where they are, when the field is one packed
// run (as encoders write it); else the ids, one after another, copied into m_key.
bool PprofSampleRun::readLocations(CodedInputStream& in, uint32_t wireType, std::string_view& key, int& fields)
{
    uint8_t encoded[10];
    std::string_view ids;
    bool inPlace = false;
    if (wireType == WireFormatLite::WIRETYPE_VARINT) {
        uint64_t id = 0;
        if (!in.ReadVarint64(&id))
            return false;
        const uint8_t* end = google::protobuf::io::CodedOutputStream::WriteVarint64ToArray(id, encoded);
        ids = std::string_view(reinterpret_cast<const char*>(encoded), size_t(end - encoded));
    } else if (wireType == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
        int length = 0;
        const void* data = nullptr;
        int available = 0;
        if (!in.ReadVarintSizeAsInt(&length))
            return false;
        if (length == 0)
            return true;
        if (!in.GetDirectBufferPointer(&data, &available) || available < length)
            return false;
        ids = std::string_view(static_cast<const char*>(data), size_t(length));
        if (static_cast<uint8_t>(ids.back()) & 0x80) // a varint cut by the field's end
            return false;
        if (!in.Skip(length))
            return false;
        inPlace = true;
    } else {
        return false;
    }
    if (fields++ == 0 && inPlace) {
        key = ids;
        return true;
    }
    if (key.data() != m_key.data()) // the first field's bytes, in place until now
        m_key.assign(key);
    m_key.append(ids);
    key = m_key;
    return true;
}

// A repeated varint field's values, one (wire type 0) or a packed run (wire type 2), kept as
// varints while the file's samples have had valueCount values.
bool PprofSampleRun::readValues(CodedInputStream& in, uint32_t wireType, size_t& count, size_t& written)
{
    char* const out = sampleValues();
    const auto keep = [&](uint64_t value) {
        countValue(count++, value);
        if (out) {
            auto* const at = reinterpret_cast<uint8_t*>(out + written);
            written += size_t(CodedOutputStream::WriteVarint64ToArray(value, at) - at);
        }
    };
    uint64_t value = 0;
    if (wireType == WireFormatLite::WIRETYPE_VARINT) {
        if (!in.ReadVarint64(&value))
            return false;
        keep(value);
        return true;
    }
    if (wireType != WireFormatLite::WIRETYPE_LENGTH_DELIMITED)
        return false;
    int length = 0;
    if (!in.ReadVarintSizeAsInt(&length))
        return false;
    const CodedInputStream::Limit limit = in.PushLimit(length);
    while (in.BytesUntilLimit() > 0) {
        if (!in.ReadVarint64(&value))
            return false;
        keep(value);
    }
    in.PopLimit(limit);
    return true;
}

PprofSampleRun::PprofSampleRun(size_t bytes, size_t expectedSamples)
    : m_values(std::make_unique_for_overwrite<char[]>(bytes)), m_valuesCapacity(bytes)
{
    // Room taken from the system only as it is written: values and keys never take more
    // than the stretch's bytes.
    m_pathOf.reserve(expectedSamples);
    m_paths.reserveKeys(bytes);
}

bool PprofSampleRun::addPath(std::string_view key, uint32_t hash, size_t sample, uint32_t& path)
{
    if (m_paths.size() >= UINT32_MAX - 1)
        return false;
    // Location ids: varints, each ending in a byte below 0x80 within ten bytes (as the
    // library's reader wants them).
    size_t continued = 0;
    for (const char c : key) {
        continued = (static_cast<uint8_t>(c) & 0x80) ? continued + 1 : 0;
        if (continued == 10)
            return false;
    }
    if (continued > 0)
        return false;
    path = m_paths.add(key, hash);
    m_pathFirstSample.push_back(sample);
    return true;
}

bool PprofSampleRun::readSample(CodedInputStream& in)
{
    if (!roomForSample(size_t(std::max(in.BytesUntilLimit(), 0))))
        return false;
    std::string_view key;
    int locationFields = 0;
    size_t values = 0, written = 0;
    while (const uint32_t tag = in.ReadTag()) {
        const uint32_t number = WireFormatLite::GetTagFieldNumber(tag);
        const auto wire = WireFormatLite::GetTagWireType(tag);
        const bool ok = number == 1   ? readLocations(in, wire, key, locationFields)
                        : number == 2 ? readValues(in, wire, values, written)
                                      : WireFormatLite::SkipField(&in, tag); // labels: not read
        if (!ok)
            return false;
    }
    if (!in.ConsumedEntireMessage())
        return false;
    return addSample(key, values, written);
}

// The usual Sample, as encoders write it: one packed location_id field and a packed value
// field or two, read with the library's inline varint reader (the generated parsers' own)
// where ten bytes after `end` are readable. Nothing for anything else (checked before a value
// is counted), which the stream reader then reads; false when the sample is read and its path
// is not location ids.
std::optional<bool> PprofSampleRun::readUsualSample(const char* p, const char* end)
{
    using google::protobuf::internal::VarintParse;
    constexpr uint8_t locationsTag = (1 << 3) | WireFormatLite::WIRETYPE_LENGTH_DELIMITED;
    constexpr uint8_t valuesTag = (2 << 3) | WireFormatLite::WIRETYPE_LENGTH_DELIMITED;
    constexpr size_t mostValueFields = 2, mostValues = 16;
    if (!roomForSample(size_t(end - p)))
        return std::nullopt;
    std::string_view key;
    bool locations = false;
    std::string_view valueFields[mostValueFields];
    size_t fields = 0;
    while (p < end) {
        const auto tag = static_cast<uint8_t>(*p++);
        uint64_t length = 0;
        if ((tag != locationsTag && tag != valuesTag) || !(p = VarintParse(p, &length)) ||
            length > uint64_t(end - p))
            return std::nullopt;
        const char* const fieldEnd = p + length;
        if (tag == locationsTag) {
            if (locations || (length > 0 && (static_cast<uint8_t>(fieldEnd[-1]) & 0x80)))
                return std::nullopt;
            locations = length > 0;
            key = std::string_view(p, length);
        } else if (fields < mostValueFields) {
            valueFields[fields++] = std::string_view(p, length);
        } else {
            return std::nullopt;
        }
        p = fieldEnd;
    }
    uint64_t read[mostValues];
    size_t values = 0, written = 0;
    for (size_t f = 0; f < fields; ++f) {
        const char* const fieldEnd = valueFields[f].data() + valueFields[f].size();
        for (const char* v = valueFields[f].data(); v < fieldEnd;) {
            if (values == mostValues || !(v = VarintParse(v, &read[values])) || v > fieldEnd)
                return std::nullopt;
            ++values;
        }
    }
    for (size_t k = 0; k < values; ++k)
        countValue(k, read[k]);
    char* const out = sampleValues();
    for (size_t f = 0; f < fields; ++f) {
        if (out) // the packed runs as they are: the varints one after another
            std::memcpy(out + written, valueFields[f].data(), valueFields[f].size());
        written += valueFields[f].size();
    }
    return addSample(key, values, written);
}

void PprofSampleRun::takeFirstSample(size_t values, size_t written)
{
    using google::protobuf::internal::VarintParse;
    m_valueCount = values;
    m_positive.assign(values, 0);
    const char* at = m_values.get();
    for (size_t k = 0; k < values && at < m_values.get() + written; ++k) {
        uint64_t value = 0;
        at = VarintParse(at, &value);
        countValue(k, value);
    }
}

bool PprofSampleRun::addSample(std::string_view key, size_t values, size_t written)
{
    if (m_samples == 0)
        takeFirstSample(values, written);
    if (values != m_valueCount && !m_odd)
        m_odd = OddSample{m_samples, values};
    if (!m_odd)
        m_valueBytes += written;
    const size_t sample = m_samples++;
    // A copied key (m_key) lives until the next sample only: never compared with.
    const bool copied = !key.empty() && key.data() == m_key.data();
    const bool samePath = sample > 0 && !copied && m_previousKey.data() && key == m_previousKey;
    m_previousKey = copied ? std::string_view() : key;
    if (!samePath) {
        const uint32_t hash = PprofPathTable::hashOf(key);
        if (const std::optional<uint32_t> known = m_paths.find(key, hash))
            m_previousPath = *known;
        else if (!addPath(key, hash, sample, m_previousPath))
            return false;
    }
    m_pathOf.push_back(m_previousPath);
    return true;
}

std::optional<size_t> PprofSampleRun::decode(const char* data, size_t size, bool last)
{
    using google::protobuf::internal::VarintParse;
    constexpr uint8_t sampleTag = (2 << 3) | WireFormatLite::WIRETYPE_LENGTH_DELIMITED;
    // Unless last, a tag and a length (at most 15 bytes) always fit before the end; ten bytes
    // after a sample let the inline reader read it.
    constexpr size_t shortestTail = 16, readAhead = 10;
    size_t at = 0;
    while (true) {
        if (at == size || (!last && size - at < shortestTail))
            break;
        if (size - at >= shortestTail && static_cast<uint8_t>(data[at]) == sampleTag) {
            uint64_t length = 0;
            const char* body = VarintParse(data + at + 1, &length);
            const std::optional<bool> read = body && length + readAhead <= uint64_t(data + size - body)
                                                 ? readUsualSample(body, body + length)
                                                 : std::nullopt;
            if (read && !*read)
                return std::nullopt; // read, and its path is not location ids
            if (read) {
                at = size_t(body + length - data);
                continue;
            }
        }
        const std::optional<size_t> field = readField(data + at, size - at, last);
        if (!field)
            return std::nullopt;
        if (*field == 0)
            break; // cut by the end: the next call, with more bytes, reads it
        at += *field;
    }
    m_previousKey = {}; // the caller may reuse data
    return at;
}

std::optional<size_t> PprofSampleRun::readField(const char* data, size_t size, bool last)
{
    CodedInputStream in(reinterpret_cast<const uint8_t*>(data), int(size));
    const uint32_t tag = in.ReadTag();
    if (tag == 0)
        return std::nullopt; // field number 0, or cut in its tag (always whole unless last)
    if (WireFormatLite::GetTagFieldNumber(tag) == 2) {
        if (WireFormatLite::GetTagWireType(tag) != WireFormatLite::WIRETYPE_LENGTH_DELIMITED)
            return std::nullopt;
        int length = 0;
        if (!in.ReadVarintSizeAsInt(&length))
            return std::nullopt;
        if (size_t(length) > size - size_t(in.CurrentPosition())) {
            if (last)
                return std::nullopt;
            return 0; // the sample continues past the end
        }
        const CodedInputStream::Limit limit = in.PushLimit(length);
        if (!readSample(in))
            return std::nullopt;
        in.PopLimit(limit);
    } else if (!WireFormatLite::SkipField(&in, tag)) {
        if (last)
            return std::nullopt;
        return 0; // cut by the end, or malformed: the next call, with more bytes, tells
    } else {
        m_rest.append(data, size_t(in.CurrentPosition()));
    }
    return size_t(in.CurrentPosition());
}

} // namespace xsprof::readers
