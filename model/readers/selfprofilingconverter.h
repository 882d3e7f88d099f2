#pragma once
// JS Self-Profiling API traces ({resources, frames, stacks, samples}, ms timestamps).
#include "conversionresult.h"
#include "rawprofile.h"

namespace xsprof::readers {

LoadResult convertSelfProfiling(const RawSelfProfiling& raw, const StringTable& strings, ProfileInfo info);

} // namespace xsprof::readers
