#pragma once
// The checks a parsed pprof Profile passes before it is read: every index into the string
// table, every location a sample names and every function a line names exists, and each
// sample has one value per sample_type. A failure names the message and its index
// ("Profile.sample[5].location_id[2]"), as a file's problem and where.
#include "pprof/profile.pb.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace xsprof::readers {

struct PprofProblem {
    std::string problem;
    std::string where;
};

// Where a protobuf that did not parse goes wrong: the first top-level field that is cut short
// or whose message does not parse ("Profile.location[12], byte 3456").
PprofProblem locatePprofParseFailure(std::string_view bytes);

// Index maps of the ids that samples and lines use.
struct PprofIndex {
    std::unordered_map<uint64_t, int> location; // Location.id -> index
    std::unordered_map<uint64_t, int> function; // Function.id -> index
};

// The problem of `profile`, or nothing; fills `index` as it goes.
std::optional<PprofProblem> validatePprof(const perftools::profiles::Profile& profile, PprofIndex& index);

} // namespace xsprof::readers
