#pragma once
// Legacy .cpuprofile files (old Chrome DevTools saves, Node <= 11 through v8-profiler): a
// nested "head" tree, "startTime"/"endTime" in seconds, "timestamps" in µs (DESIGN.md,
// "More inputs"). Converted to a V8 tree and then read like a .cpuprofile.
#include "formatreader.h"

#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <string>
#include <string_view>

namespace xsprof::readers {

// A root object with a "head" key.
bool looksLikeLegacyCpuProfile(std::string_view head);
// `bytes` is followed by readerPadding readable bytes (paddedbytes.h).
LoadResult readLegacyCpuProfile(std::string_view bytes, const std::string& name, const LoadOptions& options,
                                const TaskControl* control);

// The entry of formatreaders.h.
extern const FormatReader legacyCpuProfileFormat;

} // namespace xsprof::readers
