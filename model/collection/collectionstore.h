#pragma once
// A collection on disk: one SQLite database (write-ahead log, every change in a transaction)
// holding the inputs read, one row per trace with its attributes, the functions of all
// traces interned once, and per trace per function its costs. See docs/collections.md.
#include "sqlite.h"
#include "tracerecord.h"

#include <array>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xsprof::collection {

// The columns every trace has, in the `traces` table and in every table of traces.
inline constexpr std::array<const char*, 5> builtInColumns{"file", "format", "start_time", "duration_us", "sample_count"};

struct Attribute {
    std::string name;
    SqlValue value; // integer (booleans 0/1), real or text
};

// What the collection knows of one input (a file, or one line of an NDJSON file).
struct InputState {
    int64_t id = 0;
    std::string fingerprint;
};

struct StoredTrace {
    int64_t id = 0;
    std::string file, format;
    double duration = 0.0;
    size_t sampleCount = 0;
};

class CollectionStore {
public:
    static constexpr int schemaVersion = 1;

    // Opens the collection at `path` for writing, creating it when missing, with `create`;
    // else read-only (report, diff, export: a collection one cannot write can be read). Throws
    // SqliteError (a file that is not a collection, a newer schema, a locked or unreadable database).
    CollectionStore(const std::string& path, bool create);
    ~CollectionStore();

    Database& database() { return *m_db; }

    std::optional<InputState> input(const std::string& source, int64_t line);
    // NDJSON lines are known by their text (the fingerprint) wherever they are: a line read
    // from any file, or set aside, is moved to (source, line) and true returned; else false.
    bool claimLine(const std::string& fingerprint, const std::string& source, int64_t line);
    // The lines fromLine..toLine of `source` no longer there: set aside (line −id) until
    // another file claims them or removeLinesSetAside forgets them with their traces.
    void setAsideLines(const std::string& source, int64_t fromLine, int64_t toLine);
    void removeLinesSetAside();
    // Forgets an input and every trace read from it (it changed since).
    void removeInput(int64_t id);
    // Records an input: `error` set when it could not be read (then it has no trace).
    int64_t addInput(const std::string& source, int64_t line, const std::string& fingerprint,
                     const std::string& error = {});
    int64_t addTrace(int64_t inputId, const std::string& file, const TraceRecord& record,
                     const std::vector<Attribute>& attributes);

    size_t traceCount();
    size_t failedInputCount();
    // The traces matching an SQL condition on the `traces` table (TraceFilter's output).
    std::vector<StoredTrace> traces(const std::string& condition = {}, const std::vector<SqlValue>& parameters = {});
    // The built-in columns, then every other attribute name (an attribute named like a built-in
    // column is not listed again: see attributesNamedLikeColumns).
    std::vector<std::string> attributeNames();
    std::vector<std::string> attributesNamedLikeColumns();
    // Whether any trace has the attribute `name` with a text (a numeric) value.
    bool hasTextValue(const std::string& name);
    bool hasNumberValue(const std::string& name);
    // The traces with every attribute, for a table: one column per attribute name (the
    // built-in ones first), an empty value where a trace lacks one. An attribute named like a
    // built-in column is the last column, as "attribute_NAME" (listed in `renamed`).
    struct TraceTable {
        std::vector<std::string> columns;
        std::vector<std::pair<std::string, std::string>> renamed; // attribute, its column
        std::vector<StoredTrace> traces;
        std::vector<std::vector<SqlValue>> values; // per trace, per column
    };
    TraceTable traceTable(const std::vector<StoredTrace>& traces);

private:
    int64_t functionId(const FunctionKey& key);
    int64_t singleInteger(std::string_view sql); // the first column of the first row
    // A statement prepared once and kept (collect runs each a hundred thousand times), reset.
    Statement& cached(const char* sql);

    std::unique_ptr<Database> m_db;
    std::map<FunctionKey, int64_t> m_functionIds; // a cache of the functions table
    std::map<const char*, std::unique_ptr<Statement>> m_statements; // by their SQL's address
};

// Whether the file at `path` is an SQLite database (a collection, or one to refuse by name).
bool looksLikeSqliteDatabase(const std::string& path);

// Serialisation of a trace's stacks for the `traces.stacks` column, with the functions
// already replaced by their ids in the collection: 20 bytes a path (parent + 1, function id,
// self µs as a double, self samples), little-endian.
std::string encodeStacks(const std::vector<TraceStack>& stacks, const std::vector<int64_t>& functionIds);
struct StoredStack {
    uint32_t parent; // TraceStack::noParent for a root
    int64_t function;
    double self;
    uint32_t selfSamples;
};
// Empty with `ok` false when the bytes are not a whole number of well-formed rows.
std::vector<StoredStack> decodeStacks(std::string_view bytes, bool& ok);

} // namespace xsprof::collection
