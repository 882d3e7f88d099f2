#pragma once
// Writes a Profile as gzipped pprof (profile.proto), what go tool pprof, Pyroscope and Parca
// read: one pprof sample per call path with its summed value. Time profiles give two values,
// samples/count and cpu/microseconds (the default); bytes and counts their one measure. Each
// function is a Function and a Location of one Line; columns, timestamps, instruments and a
// graph-encoded profile's links are not in the format.
#include "profile.h"

#include <ostream>
#include <string>

namespace xsprof {

// The gzipped protobuf.
std::string pprofBytes(const Profile& profile);
// Writes to `path` (through a temporary file renamed into place); false and `error` set on failure.
bool savePprof(const Profile& profile, const std::string& path, std::string* error);

} // namespace xsprof
