// libFuzzer target: the <ps> sample decoder and <pr>/<pt> handling of the XS profile recorder.
// The recorder decodes only what differs from the previous sample's text; a plain decoder here
// (every field of every sample) must find the same stacks. The analyses of a recorded profile
// are fuzzed by fuzz_session_parser, which records from whole sessions (<pr>, <ps>, <pt>): run
// here as well, they were a third of this target's time and found nothing the other does not reach.
#include "model/xs/xsprofilerecorder.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>
#include <vector>

namespace {

// A base-36 digit of either case, or -1.
int digit36(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : c >= 'a' && c <= 'z' ? c - 'a' + 10 : -1;
}

// Every well-formed sample's ids in the order the text gives them (innermost first), all in
// one array: sample i's are ids[ends[i - 1] .. ends[i]). Flat, so that a sample costs no
// allocation of its own (under ASan a vector per sample was a fifth of the harness's time).
struct PlainSamples {
    std::vector<int64_t> ids;
    std::vector<size_t> ends;
};

// One pass over the bytes: samples end at '.', fields at ',' or '.'; a field is 1 to 12
// base-36 digits, the first one of a sample its delta; a sample with a bad field or no id
// is dropped whole.
void plainDecode(std::string_view text, PlainSamples& out)
{
    size_t sampleStart = out.ids.size();
    bool ok = true, delta = true;
    uint64_t value = 0;
    size_t digits = 0;
    for (size_t i = 0; i <= text.size(); ++i) {
        const char c = i < text.size() ? text[i] : '.';
        if (c != ',' && c != '.') {
            const int d = digit36(c);
            if (d < 0 || ++digits > 12)
                ok = false;
            else
                value = value * 36 + uint64_t(d);
            continue;
        }
        ok = ok && digits > 0;
        if (ok && !delta)
            out.ids.push_back(int64_t(value));
        delta = false;
        value = 0;
        digits = 0;
        if (c == '.') {
            if (ok && out.ids.size() > sampleStart)
                out.ends.push_back(out.ids.size());
            else
                out.ids.resize(sampleStart);
            sampleStart = out.ids.size();
            ok = true;
            delta = true;
        }
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
    // Kept from input to input: clear() keeps the capacity, so most inputs allocate nothing here.
    static PlainSamples expected;
    expected.ids.clear();
    expected.ends.clear();
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
    recorder.onProfileTime("stop", "@0000000000003000");
    if (recorder.sessions().size() != 1)
        std::abort();
    return 0;
}
