#pragma once
// Chrome trace-event files (a JSON array of events, or {"traceEvents": [...]}): CPU profiles
// as Profile + ProfileChunk events, and whole profiles in CpuProfile events (Chrome before
// chunked profiles, worker threads). A JSON-array trace without its closing ']' is read as if
// closed (DESIGN.md, "More inputs"). Each profile of the file is one entry of `available`.
#include "formatreader.h"

#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <string>
#include <string_view>

namespace xsprof::readers {

// A JSON array, or a root object with a "traceEvents" key.
bool looksLikeTraceEvents(std::string_view head);
// `bytes` is followed by readerPadding readable bytes (paddedbytes.h).
LoadResult readTraceEvents(std::string_view bytes, const std::string& name, const LoadOptions& options,
                           const TaskControl* control);

// The entry of formatreaders.h.
extern const FormatReader traceEventsFormat;

} // namespace xsprof::readers
