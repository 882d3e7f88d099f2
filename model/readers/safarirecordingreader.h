#pragma once
// Safari / WebKit Web Inspector timeline recordings (Timelines › Export, "…-recording.json"):
// JavaScriptCore's sampling profiler. Each sample lasts its stated duration (DESIGN.md).
#include "formatreader.h"

#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <string>
#include <string_view>

namespace xsprof::readers {

bool looksLikeSafariRecording(std::string_view head);
LoadResult readSafariRecording(std::string_view bytes, const std::string& name, const LoadOptions& options,
                               const TaskControl* control);

// The entry of formatreaders.h.
extern const FormatReader safariRecordingFormat;

} // namespace xsprof::readers
