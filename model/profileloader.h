#pragma once
// The one entry point for opening profiles: the format is recognised from the content.
#include "loadresult.h"
#include "taskcontrol.h"

#include <string>
#include <string_view>

namespace xsprof {

// `path` is read in chunks; never throws. Progress and cancellation through `control`.
LoadResult loadProfileFile(const std::string& path, const LoadOptions& options = {},
                           const TaskControl* control = nullptr);
// The same for bytes already in memory; `name` names them in errors.
LoadResult loadProfileData(std::string_view bytes, const std::string& name, const LoadOptions& options = {},
                           const TaskControl* control = nullptr);

} // namespace xsprof
