#pragma once
// `xsprof collect`: reads inputs into a collection, incrementally (an input already read and
// unchanged is skipped; a changed one replaces its traces) and safely (batches of inputs in
// one transaction each: a kill loses at most the batch being written, and the next run
// resumes there). An input that cannot be read is recorded with its error and skipped. Files
// are known by their path, size and modification time (a copy is another trace); NDJSON lines
// by their text wherever they are (a beacon in a rotated log, or sent twice, is one trace).
#include "collectionstore.h"

#include "model/sourcemaps/sourcemapper.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace xsprof::collection {

struct CollectOptions {
    size_t batchSize = 256; // inputs per transaction
    // Set: every trace read in this run gets original names and positions from these source
    // maps before it is summarised (traces already in the collection are not read again).
    std::optional<sourcemaps::SourceMapOptions> sourceMaps;
    // Called for each input read (its name) and each problem; may be empty.
    std::function<void(const std::string& input)> progress;
};

struct CollectSummary {
    size_t added = 0;     // traces added
    size_t replaced = 0;  // of those, traces of inputs that had changed
    size_t unchanged = 0; // inputs already in the collection as they are
    size_t failed = 0;    // inputs that could not be read (recorded with their error)
    size_t sameLines = 0; // NDJSON lines whose text was already read (from another file, or earlier)
    std::vector<std::string> problems; // "INPUT: problem", for the user
    size_t functionsMapped = 0;        // over the traces read, with sourceMaps
    std::vector<std::string> mapProblems; // maps that could not be read, each once
};

CollectSummary collect(CollectionStore& store, const std::vector<std::string>& inputs, const CollectOptions& options = {});

} // namespace xsprof::collection
