#pragma once
// What a loader hands back: a profile, or an error naming the file, the problem and where.
#include "profile.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xsprof {

class InputPages;

struct LoadError {
    std::string file;    // as given by the caller
    std::string problem; // what is wrong
    std::string where;   // "byte 1234", "node 17 (index 3)", "sample 99"... may be empty

    // "FILE: PROBLEM (at WHERE)" on one line.
    std::string toString() const;
};

// One profile a file holds (trace-event files can hold several).
struct ProfileSummary {
    std::string name;
    size_t sampleCount = 0;
    size_t nodeCount = 0;
};

struct LoadResult;

// What a file holding several profiles held, kept after loading so that another of them
// opens without reading the file again (the profile picker). Thread-safe.
class ParsedProfiles {
public:
    virtual ~ParsedProfiles() = default;
    // Profile `index` of `available` (-1: the default), as loading with that index gives it.
    virtual LoadResult convert(int index) const = 0;
};

struct LoadResult {
    std::optional<Profile> profile;
    std::optional<LoadError> error;
    bool cancelled = false;
    std::vector<ProfileSummary> available; // every profile in the file
    size_t chosenIndex = 0;
    // Set for files with several profiles: convert another one from it (ParsedProfiles).
    std::shared_ptr<const ParsedProfiles> parsed;
    std::vector<std::string> warnings; // what a reader repaired or left out, for the user

    bool ok() const { return profile.has_value(); }
};

// The LoadResult of a load that failed, or that the user cancelled: the one way every reader
// and the loader say so.
LoadResult loadFailure(const std::string& file, std::string problem, std::string where = {});
LoadResult loadCancelled(const std::string& file);

struct LoadOptions {
    int profileIndex = -1; // which profile of a multi-profile file; -1: the one with the most samples
    bool referenceJsonParser = false; // parse with nlohmann::json::sax_parse (slower; tests compare both)
    uint64_t memoryBudget = 0;        // bytes the load may use; 0: what the machine has available now
    // With several profiles in the file and profileIndex -1: convert none, only list them in
    // `available` and keep `parsed`, for the caller to ask which one to open.
    bool listOnlyWhenSeveral = false;
    // Set by the loader for the reader it calls: the reader calls it (at most once) when it no
    // longer needs the bytes it was given, before building the profile, so that the file's
    // memory is gone when the profile's is allocated. The bytes are invalid afterwards.
    std::function<void()> releaseInput;
    // Set by the loader when the bytes are its own copy of a file: a reader that reads them
    // only once may pass it to readJsonDocument, which gives pages back as they are parsed.
    InputPages* inputPages = nullptr;
};

} // namespace xsprof
