#pragma once
// Chrome trace-event files: each (pid, id) pair of Profile/ProfileChunk events is a profile.
#include "conversionresult.h"
#include "model/loadresult.h"
#include "rawprofile.h"

#include <vector>

namespace xsprof::readers {

// Profiles in the file, ordered by (pid, id) as strings; fills names and counts.
std::vector<ProfileSummary> listTraceProfiles(RawTraceEvents& events);
// The default profile of `list` (listTraceProfiles): the placeable one with the most samples.
size_t defaultTraceProfile(const RawTraceEvents& events, const std::vector<ProfileSummary>& list);
// index -1: the default.
LoadResult convertTraceProfile(RawTraceEvents& events, StringTable strings, ProfileInfo info,
                                     int index, size_t& chosen);

} // namespace xsprof::readers
