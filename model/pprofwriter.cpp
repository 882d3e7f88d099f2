#include "pprofwriter.h"

#include "filesaving.h"
#include "gzipoutput.h"
#include "readers/formatreaders.h"

#include "pprof/profile.pb.h" // generated from readers/pprof/profile.proto

#include <cmath>
#include <string_view>
#include <unordered_map>

namespace xsprof {

namespace pp = perftools::profiles;

namespace {

// The string table: index 0 is "", as profile.proto requires.
class PprofStrings {
public:
    explicit PprofStrings(pp::Profile& profile) : m_profile(profile) { index(""); }
    int64_t index(std::string_view text)
    {
        const auto found = m_indices.find(std::string(text));
        if (found != m_indices.end())
            return found->second;
        const auto i = int64_t(m_profile.string_table_size());
        m_profile.add_string_table(std::string(text));
        m_indices.emplace(std::string(text), i);
        return i;
    }

private:
    pp::Profile& m_profile;
    std::unordered_map<std::string, int64_t> m_indices;
};

void addSampleType(pp::Profile& out, PprofStrings& strings, std::string_view type, std::string_view unit)
{
    pp::ValueType* t = out.add_sample_type();
    t->set_type(strings.index(type));
    t->set_unit(strings.index(unit));
}

// The sample types of the profile's measure; a time profile's second one is its default.
void addSampleTypes(const Profile& p, pp::Profile& out, PprofStrings& strings)
{
    // A type's name read from pprof is kept; other sources' names ("selfSize") are not pprof's.
    const std::string_view read = p.info.format == SourceFormat::Pprof ? p.info.measureName : std::string_view();
    switch (p.info.measure) {
    case Measure::Time: {
        const std::string_view clock = read == "wall" ? "wall" : "cpu";
        addSampleType(out, strings, "samples", "count");
        addSampleType(out, strings, clock, "microseconds");
        pp::ValueType* period = out.mutable_period_type();
        period->set_type(strings.index(clock));
        period->set_unit(strings.index("microseconds"));
        out.set_default_sample_type(strings.index(clock));
        return;
    }
    case Measure::Bytes:
        addSampleType(out, strings, read.empty() ? "space" : read, "bytes");
        return;
    case Measure::Count:
        addSampleType(out, strings, read.empty() ? "samples" : read, "count");
        return;
    }
}

pp::Profile pprofOf(const Profile& p)
{
    pp::Profile out;
    PprofStrings strings(out);
    addSampleTypes(p, out, strings);
    const bool time = p.info.measure == Measure::Time;
    // One Function and one Location per frame a sample reaches; ids are the frame's index + 1.
    std::vector<uint8_t> used(p.frames.size(), 0);
    // Each call path's summed value and sample count.
    std::vector<double> value(p.stacks.size(), 0.0);
    std::vector<int64_t> count(p.stacks.size(), 0);
    for (size_t i = 0; i < p.samples.size(); ++i) {
        const StackId stack = p.samples.stack[i];
        value[stack.value] += p.samples.duration(i);
        ++count[stack.value];
    }
    for (size_t s = 0; s < p.stacks.size(); ++s) {
        if (count[s] == 0)
            continue;
        pp::Sample* sample = out.add_sample();
        for (StackId at(static_cast<uint32_t>(s)); at.isValid(); at = p.stacks.parent[at.value]) {
            const FrameId frame = p.stacks.frame[at.value];
            used[frame.value] = 1;
            sample->add_location_id(uint64_t(frame.value) + 1); // leaf first
        }
        if (time)
            sample->add_value(count[s]);
        sample->add_value(std::llround(value[s]));
    }
    for (size_t f = 0; f < p.frames.size(); ++f) {
        if (!used[f])
            continue;
        const FrameId frame(static_cast<uint32_t>(f));
        pp::Function* function = out.add_function();
        function->set_id(f + 1);
        function->set_name(strings.index(p.frameName(frame)));
        function->set_system_name(function->name());
        function->set_filename(strings.index(p.frameUrl(frame)));
        function->set_start_line(p.frames.line[f]);
        pp::Location* location = out.add_location();
        location->set_id(f + 1);
        pp::Line* line = location->add_line();
        line->set_function_id(f + 1);
        line->set_line(p.frames.line[f]);
        line->set_column(p.frames.column[f]);
    }
    if (p.info.startTime)
        out.set_time_nanos(std::llround(*p.info.startTime * 1000.0));
    if (time)
        out.set_duration_nanos(std::llround(p.duration() * 1000.0));
    out.add_comment(strings.index("written by xsprof from " + std::string(toString(p.info.format)) +
                                  (p.info.name.empty() ? std::string() : " " + p.info.name)));
    return out;
}

} // namespace

std::string pprofBytes(const Profile& profile)
{
    return gzipped(pprofOf(profile).SerializeAsString());
}

bool savePprof(const Profile& profile, const std::string& path, std::string* error)
{
    const std::string bytes = pprofBytes(profile);
    return saveFileAtomically(path, [&bytes](std::ostream& out) { out.write(bytes.data(), std::streamsize(bytes.size())); },
                              error);
}

} // namespace xsprof
