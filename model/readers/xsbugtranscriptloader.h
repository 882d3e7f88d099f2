#pragma once
// Recorded XS debug traffic (.xsbug: the bytes a machine sent): each profiling session,
// <pt start> to <pt stop>, is one profile.
#include "formatreader.h"

#include "model/chunkedinputbuffer.h"
#include "model/loadresult.h"

#include <string>

namespace xsprof::readers {

// True when the first meaningful bytes look like xsbug traffic ("<xsbug>" or "<?xs").
bool looksLikeXsbugTranscript(std::string_view head);
LoadResult loadXsbugTranscript(ChunkedInputBuffer& input, const std::string& name, const LoadOptions& options,
                               const TaskControl* control);

// The entry of formatreaders.h.
extern const FormatReader xsbugTranscriptFormat;

} // namespace xsprof::readers
