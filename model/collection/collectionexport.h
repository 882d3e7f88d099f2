#pragma once
// A collection written as flat tables for SQL engines (DuckDB, Spark, BigQuery): a table of
// traces (built-in columns, then every attribute) and a table of costs, one row per
// (trace, function) with the trace's attributes, the function's key and its self,
// inclusive and divided-total time and sample counts. docs/collections.md gives the SQL
// that reproduces `report`'s sums and the per-cohort shares from them.
#include "collectionstore.h"

#include <string>
#include <vector>

namespace xsprof::collection {

enum class ExportFormat { Csv, Ndjson };

struct ExportSummary {
    std::string tracesFile, costsFile; // the paths written
    size_t traces = 0, costRows = 0;
    // Attributes written under another column name, as their name clashes with a column of
    // the export (trace_id, the built-in ones, the cost columns): (attribute, column), sorted.
    std::vector<std::pair<std::string, std::string>> renamed;
};

// Writes DIRECTORY/traces.EXT and DIRECTORY/costs.EXT (EXT csv or ndjson), the directory
// existing. CSV follows RFC 4180 (a header row, quoted fields where needed, empty for a
// missing attribute); NDJSON has one object a line, without members for missing attributes.
// Throws SqliteError for the database and std::runtime_error naming the file for I/O.
ExportSummary exportCollection(CollectionStore& store, const std::vector<StoredTrace>& traces, ExportFormat format,
                               const std::string& directory);

} // namespace xsprof::collection
