// libFuzzer target: the <ps> sample decoder and <pr>/<pt> handling of the XS profile
// recorder, then the analyses on whatever profile results.
#include "model/profileanalysis.h"
#include "model/xsprofilerecorder.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    xsprof::XsProfileRecorder recorder("fuzz");
    recorder.onProfileTime("start", "@0000000000001000");
    recorder.onProfileRecord(0, "(host)", "", 0);
    recorder.onProfileRecord(1, "(gc)", "", 0);
    // The text may hold several batches separated by '|', with a suspend/resume between them.
    size_t start = 0;
    while (start <= text.size()) {
        size_t bar = text.find('|', start);
        if (bar == std::string_view::npos)
            bar = text.size();
        recorder.onProfileSamples(text.substr(start, bar - start));
        recorder.onProfileTime((start & 1) ? "suspend" : "resume", "@0000000000002000");
        start = bar + 1;
    }
    const xsprof::Profile* live = recorder.current();
    if (!live)
        std::abort();
    const xsprof::ProfileAnalysis a = xsprof::ProfileAnalysis::compute(*live);
    if (a.functions.duration() < 0)
        std::abort();
    recorder.onProfileTime("stop", "@0000000000003000");
    if (recorder.sessions().size() != 1)
        std::abort();
    return 0;
}
