#pragma once
// The readers of model/readers/ as the loader reaches them until they join its reader
// table: one place that recognises a format from the head and runs its reader.
#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>

namespace xsprof::readers {

using ReadFunction = LoadResult (*)(std::string_view bytes, const std::string& name, const LoadOptions& options,
                                    const TaskControl* control);

// How many leading bytes the looksLikeX functions look at.
constexpr size_t headSize = 64 * 1024;

// The reader for a format recognised from the first bytes, or nullptr.
ReadFunction newFormatReader(std::string_view head);
// A trace-event file (a JSON array or {"traceEvents": …}) whose CPU profile the trace-event
// loader did not find: read as a tracing profile (stack samples, duration events).
bool mayHoldTracingProfile(std::string_view head);
// Whether trace-event bytes name a V8 CPU profile event ("Profile", "ProfileChunk",
// "CpuProfile"); without one the file can go straight to readTraceEventTracing.
bool mentionsV8CpuProfile(std::string_view bytes);
// The formats xsprof reads, for "no profile found" errors.
std::string_view supportedFormatsText();

} // namespace xsprof::readers
