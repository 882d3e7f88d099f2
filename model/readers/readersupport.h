#pragma once
// What the readers of model/readers/ share beside their JSON access (model/json/jsonfields.h):
// cancellation, the choice of one profile among several, lines and columns as the model
// keeps them, and the end of a read.
#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <cstdint>
#include <string>
#include <vector>

namespace xsprof::readers {

// A line or column as the model keeps it: 1-based, 0 when unknown or out of range.
int32_t oneBased(double value);

// Throws JsonReadCancelled when the user asked to stop; reports progress (0..1) now and then.
void checkCancel(const TaskControl* control, double fraction);

// The profile to build among `list`: `requested` (>= 0, --profile K) or the one with the
// largest weight (the first of equals). Throws JsonMeaningError when `requested` is out of range.
size_t chooseProfile(const std::vector<ProfileSummary>& list, const std::vector<size_t>& weight, int requested);

// The end of a read whose raw tables were converted (`converted`, from a converter): the
// converter's error named by the file, or the profile with its warnings, listed as the file's
// one profile when none was asked for.
LoadResult convertedProfile(LoadResult converted, const std::string& name, const LoadOptions& options);

// The end of a read that built its profile itself: cancelled when the user asked, else
// `result` with progress reported done.
LoadResult finishedRead(LoadResult result, const std::string& name, const TaskControl* control);

} // namespace xsprof::readers
