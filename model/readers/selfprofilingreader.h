#pragma once
// JS Self-Profiling API traces ({resources, frames, stacks, samples}, times in ms).
#include "formatreader.h"

#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <string>
#include <string_view>

namespace xsprof::readers {

// A root object with "frames" or "stacks" (weak: keep this entry after the others).
bool looksLikeSelfProfiling(std::string_view head);
// `bytes` is followed by readerPadding readable bytes (paddedbytes.h).
LoadResult readSelfProfiling(std::string_view bytes, const std::string& name, const LoadOptions& options,
                             const TaskControl* control);

// The entry of formatreaders.h.
extern const FormatReader selfProfilingFormat;

} // namespace xsprof::readers
