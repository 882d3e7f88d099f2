#include "pprofreader.h"

#include "pprofconversion.h"
#include "pprofsamples.h"
#include "pprofvalidation.h"
#include "readersupport.h"

#include "model/filename.h"
#include "model/json/inputpages.h"
#include "model/json/jsonvalue.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/wire_format_lite.h>

#include <algorithm>
#include <climits>
#include <memory>

namespace xsprof::readers {

namespace pp = perftools::profiles;
using google::protobuf::internal::WireFormatLite;

namespace {

std::string sampleTypeName(const pp::Profile& p, int i)
{
    const pp::ValueType& t = p.sample_type(i);
    return p.string_table(int(t.type())) + "/" + p.string_table(int(t.unit()));
}

// The sample_type go tool pprof shows by default: default_sample_type's, else the last.
size_t defaultSampleType(const pp::Profile& p)
{
    if (p.default_sample_type() != 0) {
        for (int i = 0; i < p.sample_type_size(); ++i) {
            if (p.sample_type(i).type() == p.default_sample_type())
                return size_t(i);
        }
    }
    return size_t(p.sample_type_size() - 1);
}

} // namespace

bool looksLikePprof(std::string_view head)
{
    const auto* data = reinterpret_cast<const uint8_t*>(head.data());
    google::protobuf::io::CodedInputStream in(data, int(std::min<size_t>(head.size(), INT32_MAX)));
    size_t whole = 0;     // fields read to their end
    bool beyondFirst = false; // a field other than sample_type (1)
    while (true) {
        const uint32_t tag = in.ReadTag();
        if (tag == 0)
            return whole > 0 && beyondFirst && in.CurrentPosition() == int(head.size());
        const uint32_t number = WireFormatLite::GetTagFieldNumber(tag);
        const auto wire = WireFormatLite::GetTagWireType(tag);
        const bool delimited = (number >= 1 && number <= 6) || number == 11;
        const bool varint = (number >= 7 && number <= 15 && number != 11);
        const bool fits = wire == WireFormatLite::WIRETYPE_LENGTH_DELIMITED ? delimited || number == 13
                                                                             : wire == WireFormatLite::WIRETYPE_VARINT && varint;
        if (!fits)
            return false;
        // The head may end inside a field (a large file, or a truncated one: the reader says so).
        if (!WireFormatLite::SkipField(&in, tag))
            return whole > 0 && (beyondFirst || number != 1);
        ++whole;
        beyondFirst = beyondFirst || number != 1;
    }
}

namespace {

// The parsed and checked file, kept so that another sample type opens without reading it again
// (the window's profile picker). Thread-safe: each conversion only reads it.
class ParsedPprof : public ParsedProfiles {
public:
    // `profile` lives in `arena`, which the parsed file owns.
    ParsedPprof(pp::Profile profile, PprofSamples samples, PprofIndex index, std::string name)
        : m_profile(std::move(profile)), m_samples(std::move(samples)), m_index(std::move(index)), m_name(std::move(name))
    {
        for (int i = 0; i < m_profile.sample_type_size(); ++i)
            m_types.push_back({sampleTypeName(m_profile, i), m_samples.positiveCount(size_t(i)),
                               size_t(m_profile.location_size())});
    }

    const std::vector<ProfileSummary>& types() const { return m_types; }
    size_t defaultType() const { return defaultSampleType(m_profile); }

    LoadResult convert(int index) const override { return convertType(index, nullptr); }

    LoadResult convertType(int requested, const TaskControl* control) const
    {
        const pp::Profile& p = m_profile;
        if (requested >= p.sample_type_size())
            return loadFailure(m_name, "pprof: there is no sample type " + std::to_string(requested) +
                                           ": the profile has " + std::to_string(p.sample_type_size()) + " (" +
                                           m_types.front().name + (p.sample_type_size() > 1 ? " …)" : ")"));
        LoadResult result;
        result.available = m_types;
        result.chosenIndex = requested >= 0 ? size_t(requested) : defaultType();
        ProfileInfo info;
        info.name = fileNameOf(m_name);
        info.format = SourceFormat::Pprof;
        info.encoding = Encoding::Tree;
        info.durationRule = DurationRule::Given;
        const pp::ValueType& type = p.sample_type(int(result.chosenIndex));
        info.measure = pprofMeasureOf(p.string_table(int(type.unit()))).measure;
        info.measureName = p.string_table(int(type.type()));
        info.hasTimeline = false;
        info.description = "pprof " + m_types[result.chosenIndex].name;
        size_t negative = 0;
        try {
            result.profile = pprofProfileOf(p, m_samples, m_index, result.chosenIndex, std::move(info), control, negative);
        } catch (const JsonReadCancelled&) {
            return loadCancelled(m_name);
        }
        if (negative > 0)
            result.warnings.push_back(std::to_string(negative) + " samples have a negative " +
                                      m_types[result.chosenIndex].name +
                                      " (a difference of two profiles?): they count as 0");
        return result;
    }

private:
    pp::Profile m_profile; // without its samples: they are in m_samples
    PprofSamples m_samples;
    PprofIndex m_index;
    std::string m_name;
    std::vector<ProfileSummary> m_types;
};

} // namespace

LoadResult readPprof(std::string_view bytes, const std::string& name, const LoadOptions& options,
                     const TaskControl* control)
{
    if (bytes.size() > size_t(INT_MAX))
        return loadFailure(name, "pprof: a profile larger than 2 GB, more than the protobuf library reads");
    pp::Profile p;
    PprofSamples samples;
    checkCancel(control, 0.05);
    // A large plain file comes piece by piece (FormatReader::streamable): its bytes are read
    // from the file as they are decoded. When that fails, it is read whole, and again.
    InputPages* pages = options.inputPages && options.inputPages->releasedBytes() > 0 ? options.inputPages : nullptr;
    bool read = readPprofMessage(bytes, p, samples, pages);
    if (!read && pages) {
        if (!pages->restoreAll())
            return loadFailure(name, "the file changed while it was being read; open it again when it is complete");
        p.Clear();
        samples = PprofSamples();
        read = readPprofMessage(bytes, p, samples);
    }
    if (!read) {
        const PprofProblem problem = locatePprofParseFailure(bytes);
        return loadFailure(name, "pprof: not a valid profile.proto message: " + problem.problem, problem.where);
    }
    if (options.releaseInput)
        options.releaseInput();
    if (control && control->isCancelled())
        return loadCancelled(name);
    PprofIndex index;
    if (const std::optional<PprofProblem> problem = validatePprof(p, samples, index))
        return loadFailure(name, "pprof: " + problem->problem, problem->where);
    if (p.sample_type_size() == 0)
        return loadFailure(name, "pprof: the profile has no sample_type: its samples' values mean nothing");
    auto parsed = std::make_shared<const ParsedPprof>(std::move(p), std::move(samples), std::move(index), name);
    // Several sample types and none asked for: the caller lists them and picks (the window).
    if (options.listOnlyWhenSeveral && options.profileIndex < 0 && parsed->types().size() > 1) {
        LoadResult listed;
        listed.available = parsed->types();
        listed.chosenIndex = parsed->defaultType();
        listed.parsed = parsed;
        return listed;
    }
    LoadResult result = parsed->convertType(options.profileIndex, control);
    if (result.ok() && parsed->types().size() > 1) // another type converts from it without reading again
        result.parsed = std::move(parsed);
    return finishedRead(std::move(result), name, control);
}

constexpr std::string_view pprofFormatGlobs[] = {"*.pb.gz", "*.pprof", "*.pb"};
const FormatReader pprofFormat{
    .id = SourceFormat::Pprof,
    .name = "pprof",
    .displayName = "pprof profiles (profile.proto, gzipped or plain)",
    .detect = looksLikePprof,
    .read = readPprof,
    .globs = pprofFormatGlobs,
    .streamable = true,
};

} // namespace xsprof::readers
