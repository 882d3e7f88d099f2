#pragma once
// V8 sampling heap profiles (.heapprofile: node --heap-prof, Chrome DevTools' Memory panel,
// "Allocation sampling"): a nested "head" tree of call frames, each with the bytes allocated
// there ("selfSize", V8's estimate from its samples), and the samples ("size", "nodeId",
// "ordinal"). The profile's measure is bytes; it has no timeline (DESIGN.md, "Measures").
#include "formatreader.h"

#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <string>
#include <string_view>

namespace xsprof::readers {

// A root object with a "head" key whose nodes have a "selfSize".
bool looksLikeHeapProfile(std::string_view head);
// `bytes` is followed by readerPadding readable bytes (paddedbytes.h).
LoadResult readHeapProfile(std::string_view bytes, const std::string& name, const LoadOptions& options,
                           const TaskControl* control);

// The entry of formatreaders.h.
extern const FormatReader heapProfileFormat;

} // namespace xsprof::readers
