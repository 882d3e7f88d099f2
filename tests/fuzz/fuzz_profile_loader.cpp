// libFuzzer target: every file format through the same entry point as File -> Open, with
// both JSON drivers; they must agree on what they accept.
#include "model/profileanalysis.h"
#include "model/profileloader.h"
#include "model/json/gzipinput.h"
#include "model/json/jsonhead.h"
#include "model/readers/xsbugtranscriptloader.h"

#include <cstdint>
#include <cstdlib>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view bytes(reinterpret_cast<const char*>(data), size);
    const xsprof::LoadResult fast = xsprof::loadProfileData(bytes, "fuzz");
    // An xsbug transcript (the loader's first format) is not JSON: both drivers would read it
    // the same way, so the second reading only runs where a JSON driver can be involved.
    const bool transcript = !xsprof::looksLikeGzip(bytes) &&
                            xsprof::readers::looksLikeXsbugTranscript(bytes.substr(0, xsprof::detectionHeadBytes));
    if (!transcript) {
        xsprof::LoadOptions reference;
        reference.referenceJsonParser = true;
        const xsprof::LoadResult slow = xsprof::loadProfileData(bytes, "fuzz", reference);
        if (fast.ok() != slow.ok())
            std::abort(); // the two JSON drivers disagree
    }
    if (!fast.ok()) {
        if (!fast.error || fast.error->problem.empty())
            std::abort(); // an error must say what is wrong
        return 0;
    }
    // Everything the views compute must hold on what was accepted.
    const xsprof::ProfileAnalysis a = xsprof::ProfileAnalysis::compute(*fast.profile);
    const double duration = a.functions.duration();
    for (xsprof::FrameId f : a.functions.functions()) {
        if (a.functions.self(f) > a.functions.total(f) * (1 + 1e-9) + 1e-6 ||
            a.functions.total(f) > duration * (1 + 1e-9) + 1e-6)
            std::abort();
    }
    return 0;
}
