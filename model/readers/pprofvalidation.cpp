#include "pprofvalidation.h"

#include "model/parallel.h"
#include "model/utf8.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

#include <array>

namespace xsprof::readers {

namespace pp = perftools::profiles;
using google::protobuf::internal::WireFormatLite;

namespace {

// profile.proto's Profile fields by number: name, and whether they are length-delimited
// (messages, strings, packed numbers) or varints.
struct PprofField {
    const char* name = nullptr;
    bool delimited = false;
};

PprofField pprofField(uint32_t number)
{
    static constexpr std::array<PprofField, 16> fields{{
        {},
        {"sample_type", true},
        {"sample", true},
        {"mapping", true},
        {"location", true},
        {"function", true},
        {"string_table", true},
        {"drop_frames", false},
        {"keep_frames", false},
        {"time_nanos", false},
        {"duration_nanos", false},
        {"period_type", true},
        {"period", false},
        {"comment", false}, // varint, or packed (length-delimited): both accepted
        {"default_sample_type", false},
        {"doc_url", false},
    }};
    return number < fields.size() ? fields[number] : PprofField{};
}

// Whether `bytes` parse as the message of field `number`.
bool parsesAs(uint32_t number, const void* data, int size)
{
    switch (number) {
    case 1:
    case 11: return pp::ValueType().ParseFromArray(data, size);
    case 2: return pp::Sample().ParseFromArray(data, size);
    case 3: return pp::Mapping().ParseFromArray(data, size);
    case 4: return pp::Location().ParseFromArray(data, size);
    case 5: return pp::Function().ParseFromArray(data, size);
    case 6: {
        const std::string_view text(static_cast<const char*>(data), size_t(size));
        return utf8::validRunEnd(text) == text.size();
    }
    default: return true; // packed comments
    }
}

std::string fieldPlace(const char* name, size_t index)
{
    return "Profile." + std::string(name) + "[" + std::to_string(index) + "]";
}

std::string outOfTable(int64_t index, int size)
{
    return "string index " + std::to_string(index) + " is outside the string table (" + std::to_string(size) +
           " strings)";
}

} // namespace

bool PprofIdIndex::add(uint64_t id, int index)
{
    if (id < m_denseLimit) {
        if (id >= m_dense.size())
            m_dense.resize(size_t(id) + 1, none);
        if (m_dense[id] != none)
            return false;
        m_dense[id] = index;
        return true;
    }
    return m_sparse.emplace(id, index).second;
}

PprofProblem locatePprofParseFailure(std::string_view bytes)
{
    const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
    const int size = bytes.size() > size_t(INT32_MAX) ? INT32_MAX : int(bytes.size());
    google::protobuf::io::CodedInputStream in(data, size);
    std::array<size_t, 16> counts{};
    while (true) {
        const int start = in.CurrentPosition();
        const std::string at = "byte " + std::to_string(start);
        const uint32_t tag = in.ReadTag();
        if (tag == 0)
            return {in.CurrentPosition() < size ? "a field number 0: not a protobuf message" : "the protobuf parser "
                                                  "refused the profile, though each of its fields reads",
                    at};
        const uint32_t number = WireFormatLite::GetTagFieldNumber(tag);
        const auto wire = WireFormatLite::GetTagWireType(tag);
        const PprofField field = pprofField(number);
        if (!field.name)
            return {"field " + std::to_string(number) + " is not one of profile.proto's Profile", at};
        const std::string place = fieldPlace(field.name, counts[number]++);
        if (wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED) {
            if (!field.delimited && number != 13)
                return {place + " is length-delimited; profile.proto has a number there", at};
            uint32_t length = 0;
            if (!in.ReadVarint32(&length))
                return {place + " is cut short: the file ends in its length", at};
            const int begin = in.CurrentPosition();
            if (int64_t(length) > int64_t(size) - begin)
                return {place + " is cut short: it says " + std::to_string(length) + " bytes, " +
                            std::to_string(size - begin) + " remain in the file",
                        at};
            if (!parsesAs(number, data + begin, int(length)))
                return {place + (number == 6 ? " is not UTF-8 text" : " does not parse as profile.proto's message"), at};
            in.Skip(int(length));
        } else if (wire == WireFormatLite::WIRETYPE_VARINT) {
            if (field.delimited)
                return {place + " is a number; profile.proto has a message or text there", at};
            uint64_t value = 0;
            if (!in.ReadVarint64(&value))
                return {place + " is cut short: the file ends in its number", at};
        } else {
            return {place + " has wire type " + std::to_string(int(wire)) + ", which profile.proto never uses there", at};
        }
    }
}

namespace {

// A path's location id that no Location has: the k-th of the path.
struct MissingLocation {
    uint32_t path = 0;
    size_t k = 0;
    uint64_t id = 0;
};

constexpr uint32_t pathsWorthTwoCores = 20000;

std::optional<MissingLocation> firstMissingLocation(const PprofSamples& samples, const PprofIndex& index,
                                                    uint32_t begin, uint32_t end)
{
    std::vector<uint64_t> locations;
    for (uint32_t path = begin; path < end; ++path) {
        samples.pathIds(path, locations);
        for (size_t k = 0; k < locations.size(); ++k) {
            if (index.location.find(locations[k]) == PprofIdIndex::none)
                return MissingLocation{path, k, locations[k]};
        }
    }
    return std::nullopt;
}

} // namespace

std::optional<PprofProblem> validatePprof(const pp::Profile& profile, const PprofSamples& samples, PprofIndex& index)
{
    index.location = PprofIdIndex(size_t(profile.location_size()));
    index.function = PprofIdIndex(size_t(profile.function_size()));
    const int strings = profile.string_table_size();
    auto badString = [&](int64_t i) { return i < 0 || i >= strings; };
    auto stringProblem = [&](int64_t i, const std::string& where) -> std::optional<PprofProblem> {
        if (badString(i))
            return PprofProblem{outOfTable(i, strings), where};
        return std::nullopt;
    };
    for (int i = 0; i < profile.sample_type_size(); ++i) {
        const pp::ValueType& t = profile.sample_type(i);
        if (auto p = stringProblem(t.type(), fieldPlace("sample_type", size_t(i)) + ".type"))
            return p;
        if (auto p = stringProblem(t.unit(), fieldPlace("sample_type", size_t(i)) + ".unit"))
            return p;
    }
    if (auto p = stringProblem(profile.default_sample_type(), "Profile.default_sample_type"))
        return p;
    for (int i = 0; i < profile.mapping_size(); ++i) {
        if (auto p = stringProblem(profile.mapping(i).filename(), fieldPlace("mapping", size_t(i)) + ".filename"))
            return p;
    }
    for (int i = 0; i < profile.function_size(); ++i) {
        const pp::Function& f = profile.function(i);
        const auto place = [i](const char* member) { return fieldPlace("function", size_t(i)) + member; };
        if (badString(f.name()))
            return PprofProblem{outOfTable(f.name(), strings), place(".name")};
        if (badString(f.system_name()))
            return PprofProblem{outOfTable(f.system_name(), strings), place(".system_name")};
        if (badString(f.filename()))
            return PprofProblem{outOfTable(f.filename(), strings), place(".filename")};
        if (!index.function.add(f.id(), i))
            return PprofProblem{"function id " + std::to_string(f.id()) + " is used twice", place(".id")};
    }
    for (int i = 0; i < profile.location_size(); ++i) {
        const pp::Location& l = profile.location(i);
        const auto place = [i](const std::string& member) { return fieldPlace("location", size_t(i)) + member; };
        for (int k = 0; k < l.line_size(); ++k) {
            if (index.function.find(l.line(k).function_id()) == PprofIdIndex::none)
                return PprofProblem{"location " + std::to_string(l.id()) + " names function " +
                                        std::to_string(l.line(k).function_id()) + ", which the profile does not have",
                                    place(".line[" + std::to_string(k) + "].function_id")};
        }
        if (!index.location.add(l.id(), i))
            return PprofProblem{"location id " + std::to_string(l.id()) + " is used twice", place(".id")};
    }
    // The first sample whose number of values is not sample_type's.
    const size_t types = size_t(profile.sample_type_size());
    std::optional<PprofSamples::OddSample> wrongValues;
    if (samples.size() > 0 && samples.valueCount() != types)
        wrongValues = PprofSamples::OddSample{0, samples.valueCount()};
    else
        wrongValues = samples.oddSample();
    const auto valuesProblem = [&wrongValues, types] {
        const size_t i = wrongValues->sample;
        return PprofProblem{"sample " + std::to_string(i) + " has " + std::to_string(wrongValues->count) +
                                " values; sample_type lists " + std::to_string(types),
                            fieldPlace("sample", i) + ".value"};
    };
    // The first path naming a missing location, on two cores for many paths: the paths are
    // numbered in the order of their first samples, so that the problem named (that, or the
    // odd sample before) is the first sample's.
    const auto paths = uint32_t(samples.pathCount());
    std::optional<MissingLocation> early, late;
    runInParallelIf(paths >= pathsWorthTwoCores, [&] { early = firstMissingLocation(samples, index, 0, paths / 2); },
                    [&] { late = firstMissingLocation(samples, index, paths / 2, paths); });
    if (const std::optional<MissingLocation> missing = early ? early : late) {
        const size_t i = samples.firstSampleOf(missing->path);
        if (wrongValues && wrongValues->sample <= i)
            return valuesProblem();
        return PprofProblem{"sample " + std::to_string(i) + " names location " + std::to_string(missing->id) +
                                ", which the profile does not have",
                            fieldPlace("sample", i) + ".location_id[" + std::to_string(missing->k) + "]"};
    }
    if (wrongValues)
        return valuesProblem();
    return std::nullopt;
}

} // namespace xsprof::readers
