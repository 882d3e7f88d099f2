#pragma once
// Trace-event files read as tracing profiles (DESIGN.md "More inputs"):
// - stack samples: top-level "samples" + "stackFrames" (Hermes); until-next per thread;
// - duration events: B/E pairs and X events (React Native's profile-hermes, chrome://tracing,
//   Perfetto JSON exports); each interval between two events of a thread is one sample of
//   the stack open then, lasting that interval; an empty stack is charged to nothing.
// Unbalanced and out-of-order events are repaired as speedscope's importer does, and the
// result's warnings say what was repaired. A function is the event's name (plus the url,
// line and column Hermes puts in args); args otherwise only pair B with E.
#include "formatreader.h"

#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <string>
#include <string_view>

namespace xsprof::readers {

// Reached through readTraceEvents, for trace-event files that hold no V8 CPU profile.
LoadResult readTraceEventTracing(std::string_view bytes, const std::string& name, const LoadOptions& options,
                                 const TaskControl* control);

// The entry of formatreaders.h.
extern const FormatReader traceEventTracingFormat;

} // namespace xsprof::readers
