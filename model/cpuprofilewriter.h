#pragma once
// Writes a Profile as .cpuprofile: tree-encoded from the stacks (XS profiles carry xsId on
// every node), graph-encoded for graph-only profiles. Reloading gives the same numbers.
#include "profile.h"

#include <ostream>
#include <string>

namespace xsprof {

void writeCpuProfile(const Profile& profile, std::ostream& out);
// Writes to `path` (through a temporary file renamed into place); false and `error` set on failure.
bool saveCpuProfile(const Profile& profile, const std::string& path, std::string* error);

} // namespace xsprof
