// libFuzzer target: the <ps> sample decoder and <pr>/<pt> handling of the XS profile recorder.
// The recorder decodes only what differs from the previous sample's text; a plain decoder here
// (every field of every sample) must find the same stacks. Then the analyses run on the result.
#include "analysedprofiles.h"
#include "model/profileanalysis.h"
#include "model/xsprofilerecorder.h"

#include <cstdint>
#include <cstdlib>
#include <optional>
#include <string_view>
#include <vector>

namespace {

std::optional<uint64_t> base36(std::string_view s)
{
    if (s.empty() || s.size() > 12)
        return std::nullopt;
    uint64_t v = 0;
    for (char c : s) {
        const int d = c >= '0' && c <= '9'   ? c - '0'
                      : c >= 'A' && c <= 'Z' ? c - 'A' + 10
                      : c >= 'a' && c <= 'z' ? c - 'a' + 10
                                             : -1;
        if (d < 0)
            return std::nullopt;
        v = v * 36 + uint64_t(d);
    }
    return v;
}

// Every well-formed sample's ids in the order the text gives them (innermost first), all in
// one array: sample i's are ids[ends[i - 1] .. ends[i]). Flat, so that a sample costs no
// allocation of its own (under ASan a vector per sample was a fifth of the target's time).
struct PlainSamples {
    std::vector<int64_t> ids;
    std::vector<size_t> ends;
};

void plainDecode(std::string_view text, PlainSamples& out)
{
    for (size_t start = 0; start <= text.size();) {
        size_t dot = text.find('.', start);
        if (dot == std::string_view::npos)
            dot = text.size();
        const std::string_view sample = text.substr(start, dot - start);
        start = dot + 1;
        const size_t mark = out.ids.size();
        bool ok = true;
        for (size_t f = 0; ok && f <= sample.size();) {
            size_t comma = sample.find(',', f);
            if (comma == std::string_view::npos)
                comma = sample.size();
            const std::optional<uint64_t> v = base36(sample.substr(f, comma - f));
            ok = v.has_value();
            if (ok && f > 0) // the first field is the delta
                out.ids.push_back(int64_t(*v));
            f = comma + 1;
        }
        if (ok && out.ids.size() > mark)
            out.ends.push_back(out.ids.size());
        else
            out.ids.resize(mark);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    xsprof::XsProfileRecorder recorder("fuzz");
    recorder.onProfileTime("start", "@0000000000001000");
    recorder.onProfileRecord(0, "(host)", "", 0);
    recorder.onProfileRecord(1, "(gc)", "", 0);
    PlainSamples expected;
    expected.ids.reserve(size / 2 + 1); // an id takes two bytes at least, with its comma
    expected.ends.reserve(size / 4 + 1); // a sample four, "d,i."
    // The text may hold several batches separated by '|', with a suspend/resume between them.
    size_t start = 0;
    while (start <= text.size()) {
        size_t bar = text.find('|', start);
        if (bar == std::string_view::npos)
            bar = text.size();
        recorder.onProfileSamples(text.substr(start, bar - start));
        plainDecode(text.substr(start, bar - start), expected);
        recorder.onProfileTime((start & 1) ? "suspend" : "resume", "@0000000000002000");
        start = bar + 1;
    }
    const xsprof::Profile* live = recorder.current();
    if (!live || live->samples.size() != expected.ends.size())
        std::abort();
    // Each sample's stack, walked from its leaf to its root, must give its ids as in the text.
    size_t id = 0;
    for (size_t i = 0; i < expected.ends.size(); ++i) {
        xsprof::StackId s = live->samples.stack[i];
        for (; id < expected.ends[i]; ++id, s = live->stacks.parent[s.value]) {
            if (!s.isValid() || live->frames.xsId[live->stacks.frame[s.value].value] != expected.ids[id])
                std::abort(); // the incremental decoder disagrees with the plain one
        }
        if (s.isValid())
            std::abort(); // a stack deeper than the sample's text
    }
    // The analyses, once per distinct profile (analysedprofiles.h).
    static xsprof::fuzz::AnalysedProfiles analysed;
    if (!analysed.seenBefore(*live)) {
        const xsprof::ProfileAnalysis a = xsprof::ProfileAnalysis::compute(*live);
        if (a.functions.duration() < 0)
            std::abort();
    }
    recorder.onProfileTime("stop", "@0000000000003000");
    if (recorder.sessions().size() != 1)
        std::abort();
    return 0;
}
