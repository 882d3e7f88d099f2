#pragma once
// What `xsprof collect` reads (docs/collections.md): profile files, folders searched
// recursively (with the attributes of their traces.csv), and NDJSON files whose every line is
// {"trace": PROFILE, "attribute": value, …}.
#include "collectionstore.h"

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace xsprof::collection {

// One profile file found among the inputs, with the attributes a traces.csv gave it.
struct ProfileFileInput {
    std::filesystem::path path;
    std::string shownName; // as the user named it, for the `file` column
    std::vector<Attribute> attributes;
};

struct ExpandedInputs {
    std::vector<ProfileFileInput> files;
    std::vector<std::filesystem::path> ndjsonFiles;
    std::vector<std::string> problems; // inputs that do not exist, unreadable traces.csv lines
};

// Files in folders are taken in name order; hidden files, traces.csv and the files of
// `skipped` (the collection's own database, -wal, -shm and -journal) are skipped.
ExpandedInputs expandInputs(const std::vector<std::string>& inputs,
                            const std::vector<std::filesystem::path>& skipped = {});

// Whether a file is NDJSON of traces: by its name (.ndjson, .jsonl) or, failing that, a first
// line that is a whole JSON object with a "trace" member followed by another line.
bool looksLikeTraceNdjson(const std::filesystem::path& path);

// The members of one NDJSON line: the trace's JSON text (minified) and the other members as
// attributes: strings as text, numbers as numbers, booleans as 1 and 0, objects and arrays as
// their JSON text; a null member is no attribute. Empty with `problem` set when the line is not
// an object with a "trace" member.
struct NdjsonTrace {
    std::string traceJson;
    std::vector<Attribute> attributes;
};
std::optional<NdjsonTrace> readNdjsonLine(std::string_view line, std::string* problem);

// A traces.csv (RFC 4180: a header row, quotes doubling quotes): per file name (the first
// column, relative to the CSV's folder) the other columns as attributes, text as given; a
// column whose header is "NAME:number" holds numbers (an empty field: no attribute), and
// "NAME:text" is NAME. Problems name the line (its row is then skipped).
std::map<std::filesystem::path, std::vector<Attribute>> readTracesCsv(const std::filesystem::path& csv,
                                                                      std::vector<std::string>& problems);

} // namespace xsprof::collection
