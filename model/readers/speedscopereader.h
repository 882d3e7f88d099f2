#pragma once
// speedscope's own file format (.speedscope.json, written by many profilers' exporters):
// sampled profiles (stacks with weights) and evented ones (open/close frame events). Each
// sample lasts its weight in the profile's unit; a time between evented frames with nothing
// open is charged to nothing.
#include "formatreader.h"

#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <string>
#include <string_view>

namespace xsprof::readers {

bool looksLikeSpeedscope(std::string_view head);
LoadResult readSpeedscope(std::string_view bytes, const std::string& name, const LoadOptions& options,
                          const TaskControl* control);

// The entry of formatreaders.h.
extern const FormatReader speedscopeFormat;

} // namespace xsprof::readers
