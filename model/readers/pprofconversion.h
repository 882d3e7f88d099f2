#pragma once
// A pprof sample type as a Profile: the samples kept flat by the reader (pprofsamples.h), each
// call path's stack built once, the columns written on both cores. Used by the reader for the
// sample type asked for, and again for each other one the window opens.
#include "pprofsamples.h"
#include "pprofvalidation.h"

#include "model/profile.h"
#include "model/taskcontrol.h"

#include "pprof/profile.pb.h"

#include <string_view>

namespace xsprof::readers {

// What one sample_type's values are: the measure and the factor to the model's unit (µs for time).
struct PprofMeasure {
    Measure measure = Measure::Count;
    double scale = 1.0;
};

PprofMeasure pprofMeasureOf(std::string_view unit);

// The profile of sample_type `chosen` of the checked `profile` and `samples`: one sample per
// pprof sample with a positive value, weighing it in the model's unit; `negative` counts those
// below zero. Throws JsonReadCancelled when `control` is cancelled.
Profile pprofProfileOf(const perftools::profiles::Profile& profile, const PprofSamples& samples, const PprofIndex& index,
                       size_t chosen, ProfileInfo info, const TaskControl* control, size_t& negative);

} // namespace xsprof::readers
