#pragma once
// V8 .cpuprofile files (Chrome DevTools, Node --cpu-prof) and the XS dialects written in the
// same shape: graph-encoded (xst -p) and xsId trees (DESIGN.md, "XS files").
#include "formatreader.h"

#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <string>
#include <string_view>

namespace xsprof::readers {

// A root object with a "nodes" key.
bool looksLikeCpuProfile(std::string_view head);
// `bytes` is followed by readerPadding readable bytes (paddedbytes.h).
LoadResult readCpuProfile(std::string_view bytes, const std::string& name, const LoadOptions& options,
                          const TaskControl* control);

// The entry of formatreaders.h.
extern const FormatReader cpuProfileFormat;

} // namespace xsprof::readers
