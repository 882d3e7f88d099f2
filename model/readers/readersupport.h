#pragma once
// What the readers of model/readers/ share beside their JSON access (jsonfields.h):
// cancellation, the choice of one profile among several, lines and columns as the model
// keeps them.
#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <cstdint>
#include <vector>

namespace xsprof::readers {

// A line or column as the model keeps it: 1-based, 0 when unknown or out of range.
int32_t oneBased(double value);

// Throws JsonReadCancelled when the user asked to stop; reports progress (0..1) now and then.
void checkCancel(const TaskControl* control, double fraction);

// The profile to build among `list`: `requested` (>= 0, --profile K) or the one with the
// largest weight (the first of equals). Throws JsonMeaningError when `requested` is out of range.
size_t chooseProfile(const std::vector<ProfileSummary>& list, const std::vector<size_t>& weight, int requested);

} // namespace xsprof::readers
