#pragma once
// The merged profile of a set of traces (DESIGN.md "Collections and cohorts"): every trace's
// sampled paths with their self time, as one profile. Self and inclusive time are then the
// sums over the traces and the divided total is computed on the merged call graph, by the
// same analyses as any profile. Each path of each trace becomes as many samples as it had,
// sharing its self time equally (DurationRule::Given), the traces one after another in time.
#include "collectionstore.h"

#include "model/profile.h"

#include <string>
#include <vector>

namespace xsprof::collection {

struct MergedTraces {
    Profile profile;
    size_t traceCount = 0;
    std::vector<std::string> problems; // traces whose stored paths were damaged (left out)
};

MergedTraces mergeTraces(CollectionStore& store, const std::vector<StoredTrace>& traces, const std::string& name);

// Per function of the collection, over a set of traces: in how many it appears and its share
// of each trace's duration (0 where absent), self and inclusive.
struct FunctionShares {
    FunctionKey key;
    size_t traces = 0;                 // traces where it appears
    std::vector<double> selfShare;      // one per trace of the set, in its order
    std::vector<double> inclusiveShare;
};
std::vector<FunctionShares> functionShares(CollectionStore& store, const std::vector<StoredTrace>& traces);

} // namespace xsprof::collection
