#pragma once
// The checks a parsed pprof Profile passes before it is read: every index into the string
// table, every location a sample names and every function a line names exists, and each
// sample has one value per sample_type. A failure names the message and its index
// ("Profile.sample[5].location_id[2]"), as a file's problem and where.
#include "pprofsamples.h"

#include "pprof/profile.pb.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace xsprof::readers {

struct PprofProblem {
    std::string problem;
    std::string where;
};

// Where a protobuf that did not parse goes wrong: the first top-level field that is cut short
// or whose message does not parse ("Profile.location[12], byte 3456").
PprofProblem locatePprofParseFailure(std::string_view bytes);

// Ids (Location.id, Function.id) to their message's index: a table when the ids are small, as
// encoders number them 1, 2, 3…, else a hash map. Each distinct call path's locations are
// looked up here, when the paths are checked and when their stacks are built.
class PprofIdIndex {
public:
    static constexpr int none = -1;
    explicit PprofIdIndex(size_t count = 0) : m_denseLimit(4 * uint64_t(count) + 1024) {}
    // False when `id` has an index already.
    bool add(uint64_t id, int index);
    int find(uint64_t id) const
    {
        if (id < m_denseLimit)
            return id < m_dense.size() ? m_dense[id] : none;
        const auto found = m_sparse.find(id);
        return found == m_sparse.end() ? none : found->second;
    }

private:
    uint64_t m_denseLimit;
    std::vector<int> m_dense;
    std::unordered_map<uint64_t, int> m_sparse;
};

// Index maps of the ids that samples and lines use.
struct PprofIndex {
    PprofIdIndex location; // Location.id -> index
    PprofIdIndex function; // Function.id -> index
};

// The problem of `profile` and its `samples`, or nothing; fills `index` as it goes.
std::optional<PprofProblem> validatePprof(const perftools::profiles::Profile& profile, const PprofSamples& samples,
                                          PprofIndex& index);

} // namespace xsprof::readers
