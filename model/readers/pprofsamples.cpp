#include "pprofsamples.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/stubs/logging.h>
#include <google/protobuf/wire_format_lite.h>

#include <climits>
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

bool PprofSamples::read(CodedInputStream& in)
{
    while (const uint32_t tag = in.ReadTag()) {
        const uint32_t number = WireFormatLite::GetTagFieldNumber(tag);
        const auto wire = WireFormatLite::GetTagWireType(tag);
        const bool ok = number == 1   ? readVarints(in, wire, m_locations)
                        : number == 2 ? readVarints(in, wire, m_values)
                                      : WireFormatLite::SkipField(&in, tag); // labels: not read
        if (!ok)
            return false;
    }
    if (!in.ConsumedEntireMessage())
        return false;
    m_locationEnd.push_back(m_locations.size());
    m_valueEnd.push_back(m_values.size());
    return true;
}

bool readPprofMessage(std::string_view bytes, perftools::profiles::Profile& profile, PprofSamples& samples)
{
    // The library logs what it refuses (text that is not UTF-8) on stderr; the reader's error says it.
    [[maybe_unused]] static const bool quiet = (google::protobuf::SetLogHandler(nullptr), true);
    if (bytes.size() > size_t(INT_MAX))
        return false;
    const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
    CodedInputStream in(data, int(bytes.size()));
    std::string rest; // every field but the samples, as it was, for the generated parser
    while (true) {
        const int start = in.CurrentPosition();
        const uint32_t tag = in.ReadTag();
        if (tag == 0)
            return in.ConsumedEntireMessage() && in.CurrentPosition() == int(bytes.size()) &&
                   profile.ParseFromString(rest);
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
