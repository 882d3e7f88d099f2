#include "cpuprofilereader.h"

#include "cpuprofileconverter.h"
#include "cpuprofilefields.h"
#include "readersupport.h"

#include "model/filename.h"
#include "model/json/jsonhead.h"
#include "model/readers/jsondocumentreading.h"

namespace xsprof::readers {

bool looksLikeCpuProfile(std::string_view head)
{
    return hasRootKey(head, "nodes");
}

LoadResult readCpuProfile(std::string_view bytes, const std::string& name, const LoadOptions& options,
                          const TaskControl* control)
{
    RawCpuProfile raw;
    StringTable strings;
    auto read = [&](const auto& root) {
        raw = RawCpuProfile();
        strings = StringTable();
        readCpuProfileObject(asRootObject(root), raw, strings, JsonPath());
    };
    if (auto failed = readJsonDocument(bytes, name, options, control, read, options.inputPages))
        return std::move(*failed);
    if (options.releaseInput)
        options.releaseInput(); // everything needed is in the raw tables now
    if (!raw.sawNodes)
        return loadFailure(name, "no \"nodes\": this is not a .cpuprofile");
    ProfileInfo info;
    info.name = fileNameOf(name);
    info.format = SourceFormat::CpuProfile;
    const bool noNodes = raw.nodes.empty(), noSamples = !raw.sawSamples;
    LoadResult result =
        convertedProfile(convertCpuProfile(raw, std::move(strings), info, CpuProfileDialects::V8AndXs), name, options);
    if (result.ok()) {
        // The instruments' times are relative to startTime, as the time deltas are.
        result.profile->instruments = std::move(raw.instruments);
        result.profile->instruments.shiftTimes(raw.startTime.value_or(0.0));
        // An empty profile says what it lacks: a file that is not a profile may have "nodes" too.
        if (noNodes && noSamples)
            result.warnings.insert(result.warnings.begin(), "the file has an empty \"nodes\" list and no \"samples\": "
                                                            "a .cpuprofile lists its call tree in \"nodes\" and its "
                                                            "samples in \"samples\" and \"timeDeltas\"; there is nothing "
                                                            "to show");
        else if (noSamples)
            result.warnings.insert(result.warnings.begin(), "the file has no \"samples\": a .cpuprofile lists the node "
                                                            "of each sample there (and their times in \"timeDeltas\"); "
                                                            "there is no time to show");
    }
    return result;
}

constexpr std::string_view cpuProfileFormatGlobs[] = {"*.cpuprofile"};
const FormatReader cpuProfileFormat{
    .id = SourceFormat::CpuProfile,
    .name = "cpuprofile",
    .displayName = ".cpuprofile files (V8, Node, Chrome DevTools, XS)",
    .detect = looksLikeCpuProfile,
    .read = readCpuProfile,
    .globs = cpuProfileFormatGlobs,
    .streamable = true,
};

} // namespace xsprof::readers
