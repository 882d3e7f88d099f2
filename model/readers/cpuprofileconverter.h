#pragma once
// Turns the nodes/samples/timeDeltas of a .cpuprofile (or of a trace-event profile) into a
// Profile: V8 call trees, XS graph-encoded files (xst -p) and XS xsId trees (DESIGN.md).
#include "conversionresult.h"
#include "rawprofile.h"

namespace xsprof::readers {

enum class CpuProfileDialects { V8Only, V8AndXs };

// Consumes `raw` (its arrays become the profile's) and takes over `strings`.
LoadResult convertCpuProfile(RawCpuProfile& raw, StringTable strings, ProfileInfo info,
                                   CpuProfileDialects dialects);

} // namespace xsprof::readers
