#pragma once
// Firefox Gecko profiles (what Firefox writes: MOZ_PROFILER_SHUTDOWN, about:profiling's raw
// profile, and old DevTools performance recordings that wrap one under "profile"): one
// profile per thread with samples, subprocesses included; the JavaScript view of DESIGN.md.
#include "formatreader.h"

#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <string>
#include <string_view>

namespace xsprof::readers {

bool looksLikeGeckoProfile(std::string_view head);
LoadResult readGeckoProfile(std::string_view bytes, const std::string& name, const LoadOptions& options,
                            const TaskControl* control);

// The entry of formatreaders.h.
extern const FormatReader geckoProfileFormat;

} // namespace xsprof::readers
