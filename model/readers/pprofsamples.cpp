#include "pprofsamples.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/wire_format_lite.h>

#include <climits>
#include <functional>
#include <optional>
#include <string>

namespace xsprof::readers {

using google::protobuf::io::CodedInputStream;
using google::protobuf::internal::WireFormatLite;

namespace {

// A repeated varint field's values: one (wire type 0) or a packed run (wire type 2).
template <class T>
bool readVarints(CodedInputStream& in, WireFormatLite::WireType wire, std::vector<T>& out)
{
    uint64_t value = 0;
    if (wire == WireFormatLite::WIRETYPE_VARINT) {
        if (!in.ReadVarint64(&value))
            return false;
        out.push_back(T(value));
        return true;
    }
    if (wire != WireFormatLite::WIRETYPE_LENGTH_DELIMITED)
        return false;
    int length = 0;
    if (!in.ReadVarintSizeAsInt(&length))
        return false;
    const CodedInputStream::Limit limit = in.PushLimit(length);
    while (in.BytesUntilLimit() > 0) {
        if (!in.ReadVarint64(&value))
            return false;
        out.push_back(T(value));
    }
    in.PopLimit(limit);
    return true;
}

} // namespace

bool PprofSamples::readLocations(CodedInputStream& in, uint32_t wireType)
{
    if (wireType == WireFormatLite::WIRETYPE_VARINT) {
        uint64_t id = 0;
        if (!in.ReadVarint64(&id))
            return false;
        uint8_t encoded[10];
        const uint8_t* end = google::protobuf::io::CodedOutputStream::WriteVarint64ToArray(id, encoded);
        m_key.append(reinterpret_cast<const char*>(encoded), size_t(end - encoded));
        return true;
    }
    if (wireType != WireFormatLite::WIRETYPE_LENGTH_DELIMITED)
        return false;
    int length = 0;
    const void* data = nullptr;
    int available = 0;
    if (!in.ReadVarintSizeAsInt(&length))
        return false;
    if (length == 0)
        return true;
    if (!in.GetDirectBufferPointer(&data, &available) || available < length)
        return false;
    const std::string_view packed(static_cast<const char*>(data), size_t(length));
    if (static_cast<uint8_t>(packed.back()) & 0x80) // a varint cut by the field's end
        return false;
    m_key.append(packed);
    return in.Skip(length);
}

bool PprofSamples::addPath(size_t key)
{
    const std::string_view bytes = std::string_view(m_pathKeys).substr(key);
    CodedInputStream ids(reinterpret_cast<const uint8_t*>(bytes.data()), int(bytes.size()));
    while (ids.CurrentPosition() < int(bytes.size())) {
        uint64_t id = 0;
        if (!ids.ReadVarint64(&id))
            return false;
        m_pathIds.push_back(id);
    }
    m_pathEnd.push_back(m_pathIds.size());
    m_pathKeyEnd.push_back(m_pathKeys.size());
    m_pathFirstSample.push_back(size());
    return true;
}

bool PprofSamples::read(CodedInputStream& in)
{
    m_key.clear();
    const size_t valuesBefore = m_values.size();
    while (const uint32_t tag = in.ReadTag()) {
        const uint32_t number = WireFormatLite::GetTagFieldNumber(tag);
        const auto wire = WireFormatLite::GetTagWireType(tag);
        const bool ok = number == 1   ? readLocations(in, wire)
                        : number == 2 ? readVarints(in, wire, m_values)
                                      : WireFormatLite::SkipField(&in, tag); // labels: not read
        if (!ok)
            return false;
    }
    if (!in.ConsumedEntireMessage())
        return false;
    const size_t values = m_values.size() - valuesBefore;
    if (size() == 0) {
        m_valueCount = values;
        m_values.reserve(m_expected * values);
    }
    if (values != m_valueCount && !m_odd)
        m_odd = OddSample{size(), values};
    if (m_odd) // the file is refused (validatePprof): its values are not kept
        m_values.resize(valuesBefore);
    if (size() > 0 && m_key == m_previousKey) {
        m_pathOf.push_back(m_previousPath);
        return true;
    }
    const uint64_t wide = std::hash<std::string_view>{}(m_key);
    const auto hash = uint32_t(wide ^ (wide >> 32));
    const std::optional<uint32_t> known = m_pathIndex.find(hash, [this](uint32_t p) {
        const size_t begin = p ? m_pathKeyEnd[p - 1] : 0;
        return std::string_view(m_pathKeys).substr(begin, m_pathKeyEnd[p] - begin) == m_key;
    });
    uint32_t path = 0;
    if (known) {
        path = *known;
    } else {
        if (pathCount() >= UINT32_MAX - 1)
            return false;
        path = uint32_t(pathCount());
        const size_t key = m_pathKeys.size();
        m_pathKeys += m_key;
        if (!addPath(key))
            return false;
        m_pathIndex.insert(hash, path);
    }
    m_pathOf.push_back(path);
    m_previousKey.swap(m_key);
    m_previousPath = path;
    return true;
}

void PprofSamples::reserve(size_t count)
{
    m_expected = count;
    m_pathOf.reserve(count);
}

namespace {

// The number of samples of the Profile in `bytes` (its top-level fields 2), for reserving.
size_t countPprofSamples(std::string_view bytes)
{
    CodedInputStream in(reinterpret_cast<const uint8_t*>(bytes.data()), int(bytes.size()));
    size_t count = 0;
    while (const uint32_t tag = in.ReadTag()) {
        count += WireFormatLite::GetTagFieldNumber(tag) == 2;
        if (!WireFormatLite::SkipField(&in, tag))
            break;
    }
    return count;
}

} // namespace

void PprofSamples::finishReading()
{
    m_pathIndex.clear();
    std::string().swap(m_pathKeys);
    std::vector<size_t>().swap(m_pathKeyEnd);
    std::string().swap(m_key);
    std::string().swap(m_previousKey);
}

bool readPprofMessage(std::string_view bytes, perftools::profiles::Profile& profile, PprofSamples& samples)
{
    // The library logs what it refuses (text that is not UTF-8) on stderr; the reader's error says it.
    [[maybe_unused]] static const bool quiet = (google::protobuf::SetLogHandler(nullptr), true);
    if (bytes.size() > size_t(INT_MAX))
        return false;
    const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
    CodedInputStream in(data, int(bytes.size()));
    samples.reserve(countPprofSamples(bytes));
    std::string rest; // every field but the samples, as it was, for the generated parser
    while (true) {
        const int start = in.CurrentPosition();
        const uint32_t tag = in.ReadTag();
        if (tag == 0) {
            samples.finishReading();
            return in.ConsumedEntireMessage() && in.CurrentPosition() == int(bytes.size()) &&
                   profile.ParseFromString(rest);
        }
        if (WireFormatLite::GetTagFieldNumber(tag) == 2) {
            if (WireFormatLite::GetTagWireType(tag) != WireFormatLite::WIRETYPE_LENGTH_DELIMITED)
                return false;
            int length = 0;
            if (!in.ReadVarintSizeAsInt(&length) || length > int(bytes.size()) - in.CurrentPosition())
                return false;
            const CodedInputStream::Limit limit = in.PushLimit(length);
            if (!samples.read(in))
                return false;
            in.PopLimit(limit);
            continue;
        }
        if (!WireFormatLite::SkipField(&in, tag))
            return false;
        rest.append(bytes.data() + start, size_t(in.CurrentPosition() - start));
    }
}

} // namespace xsprof::readers
