#include "collectionstore.h"

#include <algorithm>
#include <cstring>
#include <fstream>

namespace xsprof::collection {

namespace {

constexpr const char* schema = R"sql(
CREATE TABLE IF NOT EXISTS meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS inputs(
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL,          -- the file read
    line INTEGER NOT NULL,         -- 0 for a whole file, else the NDJSON line (1-based)
    fingerprint TEXT NOT NULL,     -- size and modification time, or a hash of the line
    error TEXT,                    -- why it could not be read; NULL when it was
    UNIQUE(source, line));
CREATE TABLE IF NOT EXISTS traces(
    id INTEGER PRIMARY KEY,
    input_id INTEGER NOT NULL REFERENCES inputs(id) ON DELETE CASCADE,
    file TEXT NOT NULL,
    format TEXT NOT NULL,
    start_time REAL,
    duration_us REAL NOT NULL,
    sample_count INTEGER NOT NULL,
    stacks BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS traces_by_input ON traces(input_id);
CREATE TABLE IF NOT EXISTS attributes(
    trace_id INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    value,
    PRIMARY KEY(trace_id, name)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS attributes_by_name ON attributes(name, value);
CREATE TABLE IF NOT EXISTS functions(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL, url TEXT NOT NULL, line INTEGER NOT NULL, col INTEGER NOT NULL,
    UNIQUE(name, url, line, col));
CREATE TABLE IF NOT EXISTS costs(
    trace_id INTEGER NOT NULL REFERENCES traces(id) ON DELETE CASCADE,
    function_id INTEGER NOT NULL REFERENCES functions(id),
    self_us REAL NOT NULL, inclusive_us REAL NOT NULL, total_us REAL NOT NULL,
    self_samples INTEGER NOT NULL, inclusive_samples INTEGER NOT NULL,
    PRIMARY KEY(trace_id, function_id)) WITHOUT ROWID;
)sql";

template <typename T>
void append(std::string& out, T value)
{
    char bytes[sizeof(T)];
    std::memcpy(bytes, &value, sizeof(T));
    out.append(bytes, sizeof(T));
}

template <typename T>
T read(const char* at)
{
    T value;
    std::memcpy(&value, at, sizeof(T));
    return value;
}

constexpr size_t stackRowBytes = 4 + 4 + 8 + 4;

} // namespace

CollectionStore::CollectionStore(const std::string& path, bool create) : m_db(std::make_unique<Database>(path, create))
{
    m_db->execute("PRAGMA foreign_keys = ON");
    // Reading a file that is not a database fails here, with SQLite's "file is not a database".
    const int64_t found = singleInteger("PRAGMA user_version");
    if (found > schemaVersion)
        throw SqliteError(path + ": a collection of a newer xsprof (schema " + std::to_string(found) + ")");
    if (found == 0) {
        if (singleInteger("SELECT count(*) FROM sqlite_schema") != 0)
            throw SqliteError(path + ": an SQLite database, but not an xsprof collection");
        if (!create)
            throw SqliteError(path + ": not an xsprof collection");
        m_db->execute("PRAGMA journal_mode = WAL");
        Transaction creating(*m_db);
        m_db->execute(schema);
        m_db->execute("PRAGMA user_version = " + std::to_string(schemaVersion));
        creating.commit();
    }
    if (create) {
        m_db->execute("PRAGMA synchronous = NORMAL"); // with WAL: durable at each checkpoint, never corrupt
        // NDJSON lines are known by their text wherever they are (a rotated log is read once).
        m_db->execute("CREATE INDEX IF NOT EXISTS inputs_by_fingerprint ON inputs(fingerprint) WHERE line <> 0");
    }
}

bool CollectionStore::claimLine(const std::string& fingerprint, const std::string& source, int64_t line)
{
    Statement& query = cached("SELECT id FROM inputs WHERE fingerprint = ?1 AND line <> 0 AND error IS NULL LIMIT 1");
    query.bind(1, fingerprint);
    const bool found = query.step();
    const int64_t id = found ? query.integer(0) : 0;
    query.reset();
    if (found)
        cached("UPDATE inputs SET source = ?2, line = ?3 WHERE id = ?1").bind(1, id).bind(2, source).bind(3, line).run();
    return found;
}

void CollectionStore::setAsideLines(const std::string& source, int64_t fromLine, int64_t toLine)
{
    cached("UPDATE inputs SET line = -id WHERE source = ?1 AND line >= ?2 AND line <= ?3")
        .bind(1, source).bind(2, fromLine).bind(3, toLine).run();
}

void CollectionStore::removeLinesSetAside()
{
    m_db->execute("DELETE FROM inputs WHERE line < 0");
}

CollectionStore::~CollectionStore() = default;

Statement& CollectionStore::cached(const char* sql)
{
    std::unique_ptr<Statement>& statement = m_statements[sql];
    if (!statement)
        statement = std::make_unique<Statement>(m_db->prepare(sql));
    statement->reset();
    return *statement;
}

std::optional<InputState> CollectionStore::input(const std::string& source, int64_t line)
{
    Statement& query = cached("SELECT id, fingerprint FROM inputs WHERE source = ?1 AND line = ?2");
    query.bind(1, source).bind(2, line);
    std::optional<InputState> found;
    if (query.step())
        found = InputState{query.integer(0), query.text(1)};
    query.reset(); // no read left open
    return found;
}

void CollectionStore::removeInput(int64_t id)
{
    m_db->prepare("DELETE FROM inputs WHERE id = ?1").bind(1, id).run();
}

int64_t CollectionStore::addInput(const std::string& source, int64_t line, const std::string& fingerprint,
                                  const std::string& error)
{
    Statement& insert = cached("INSERT INTO inputs(source, line, fingerprint, error) VALUES (?1, ?2, ?3, ?4)");
    insert.bind(1, source).bind(2, line).bind(3, fingerprint);
    if (!error.empty())
        insert.bind(4, error);
    insert.run();
    return m_db->lastInsertId();
}

int64_t CollectionStore::functionId(const FunctionKey& key)
{
    if (const auto found = m_functionIds.find(key); found != m_functionIds.end())
        return found->second;
    Statement& query = cached("SELECT id FROM functions WHERE name = ?1 AND url = ?2 AND line = ?3 AND col = ?4");
    query.bind(1, key.name).bind(2, key.url).bind(3, int64_t(key.line)).bind(4, int64_t(key.column));
    const bool known = query.step();
    int64_t id = known ? query.integer(0) : 0;
    query.reset();
    if (!known) {
        Statement& insert = cached("INSERT INTO functions(name, url, line, col) VALUES (?1, ?2, ?3, ?4)");
        insert.bind(1, key.name).bind(2, key.url).bind(3, int64_t(key.line)).bind(4, int64_t(key.column)).run();
        id = m_db->lastInsertId();
    }
    m_functionIds.emplace(key, id);
    return id;
}

int64_t CollectionStore::addTrace(int64_t inputId, const std::string& file, const TraceRecord& record,
                                  const std::vector<Attribute>& attributes)
{
    std::vector<int64_t> ids;
    ids.reserve(record.functions.size());
    for (const FunctionKey& key : record.functions)
        ids.push_back(functionId(key));
    Statement& insert = cached("INSERT INTO traces(input_id, file, format, start_time, duration_us, sample_count, "
                               "stacks) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    insert.bind(1, inputId).bind(2, file).bind(3, record.format);
    if (record.startTime)
        insert.bind(4, *record.startTime);
    const std::string stacks = encodeStacks(record.stacks, ids);
    insert.bind(5, record.duration).bind(6, int64_t(record.sampleCount)).bindBlob(7, stacks.data(), stacks.size());
    insert.run();
    const int64_t traceId = m_db->lastInsertId();
    Statement& cost = cached("INSERT INTO costs VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
    for (const TraceFunctionCosts& c : record.costs) {
        cost.bind(1, traceId).bind(2, ids[c.function]).bind(3, c.self).bind(4, c.inclusive).bind(5, c.total);
        cost.bind(6, int64_t(c.selfSamples)).bind(7, int64_t(c.inclusiveSamples)).run();
    }
    Statement& attribute = cached("INSERT OR REPLACE INTO attributes VALUES (?1, ?2, ?3)");
    for (const Attribute& a : attributes)
        attribute.bind(1, traceId).bind(2, a.name).bindValue(3, a.value).run();
    return traceId;
}

int64_t CollectionStore::singleInteger(std::string_view sql)
{
    auto query = m_db->prepare(sql);
    query.step();
    return query.integer(0);
}

size_t CollectionStore::traceCount()
{
    return size_t(singleInteger("SELECT count(*) FROM traces"));
}

size_t CollectionStore::failedInputCount()
{
    return size_t(singleInteger("SELECT count(*) FROM inputs WHERE error IS NOT NULL"));
}

std::vector<StoredTrace> CollectionStore::traces(const std::string& condition, const std::vector<SqlValue>& parameters)
{
    std::string sql = "SELECT id, file, format, duration_us, sample_count FROM traces";
    if (!condition.empty())
        sql += " WHERE " + condition;
    sql += " ORDER BY id";
    auto query = m_db->prepare(sql);
    for (size_t i = 0; i < parameters.size(); ++i)
        query.bindValue(int(i + 1), parameters[i]);
    std::vector<StoredTrace> found;
    while (query.step())
        found.push_back({query.integer(0), query.text(1), query.text(2), query.real(3), size_t(query.integer(4))});
    return found;
}

std::vector<std::string> CollectionStore::attributeNames()
{
    std::vector<std::string> names(builtInColumns.begin(), builtInColumns.end());
    auto query = m_db->prepare("SELECT DISTINCT name FROM attributes ORDER BY name");
    while (query.step())
        if (std::find(builtInColumns.begin(), builtInColumns.end(), query.text(0)) == builtInColumns.end())
            names.push_back(query.text(0));
    return names;
}

std::vector<std::string> CollectionStore::attributesNamedLikeColumns()
{
    std::vector<std::string> names;
    auto query = m_db->prepare("SELECT DISTINCT name FROM attributes ORDER BY name");
    while (query.step())
        if (std::find(builtInColumns.begin(), builtInColumns.end(), query.text(0)) != builtInColumns.end())
            names.push_back(query.text(0));
    return names;
}

bool CollectionStore::hasTextValue(const std::string& name)
{
    auto query = m_db->prepare("SELECT 1 FROM attributes WHERE name = ?1 AND typeof(value) = 'text' LIMIT 1");
    query.bind(1, name);
    return query.step();
}

bool CollectionStore::hasNumberValue(const std::string& name)
{
    auto query = m_db->prepare("SELECT 1 FROM attributes WHERE name = ?1 AND typeof(value) IN ('integer', 'real') LIMIT 1");
    query.bind(1, name);
    return query.step();
}

CollectionStore::TraceTable CollectionStore::traceTable(const std::vector<StoredTrace>& traces)
{
    TraceTable table;
    table.columns = attributeNames();
    table.traces = traces;
    std::map<std::string, size_t> columnOf; // by attribute name
    for (size_t c = builtInColumns.size(); c < table.columns.size(); ++c)
        columnOf.emplace(table.columns[c], c);
    // An attribute named like a built-in column gets a column of its own, prefixed.
    for (const std::string& name : attributesNamedLikeColumns()) {
        std::string column = "attribute_" + name;
        while (std::find(table.columns.begin(), table.columns.end(), column) != table.columns.end())
            column = "attribute_" + column;
        table.renamed.emplace_back(name, column);
        columnOf.emplace(name, table.columns.size());
        table.columns.push_back(column);
    }
    auto builtIn = m_db->prepare("SELECT file, format, start_time, duration_us, sample_count FROM traces WHERE id = ?1");
    auto attributes = m_db->prepare("SELECT name, value FROM attributes WHERE trace_id = ?1");
    for (const StoredTrace& trace : traces) {
        std::vector<SqlValue>& row = table.values.emplace_back(table.columns.size());
        builtIn.bind(1, trace.id);
        if (builtIn.step())
            for (int c = 0; c < int(builtInColumns.size()); ++c)
                row[size_t(c)] = builtIn.value(c);
        builtIn.reset();
        attributes.bind(1, trace.id);
        while (attributes.step())
            if (const auto found = columnOf.find(attributes.text(0)); found != columnOf.end())
                row[found->second] = attributes.value(1);
        attributes.reset();
    }
    return table;
}

bool looksLikeSqliteDatabase(const std::string& path)
{
    std::ifstream file(path, std::ios::binary);
    char header[16] = {};
    return file.read(header, sizeof header) && std::memcmp(header, "SQLite format 3", 16) == 0;
}

std::string encodeStacks(const std::vector<TraceStack>& stacks, const std::vector<int64_t>& functionIds)
{
    std::string bytes;
    bytes.reserve(stacks.size() * stackRowBytes);
    for (const TraceStack& s : stacks) {
        append<uint32_t>(bytes, s.parent == TraceStack::noParent ? 0 : s.parent + 1);
        append<uint32_t>(bytes, uint32_t(functionIds[s.function]));
        append<double>(bytes, s.self);
        append<uint32_t>(bytes, s.selfSamples);
    }
    return bytes;
}

std::vector<StoredStack> decodeStacks(std::string_view bytes, bool& ok)
{
    ok = bytes.size() % stackRowBytes == 0;
    std::vector<StoredStack> stacks;
    if (!ok)
        return stacks;
    stacks.reserve(bytes.size() / stackRowBytes);
    for (size_t at = 0; at < bytes.size(); at += stackRowBytes) {
        const uint32_t parent = read<uint32_t>(bytes.data() + at);
        if (parent > stacks.size()) { // a parent must come first
            ok = false;
            stacks.clear();
            return stacks;
        }
        stacks.push_back({parent == 0 ? TraceStack::noParent : parent - 1, int64_t(read<uint32_t>(bytes.data() + at + 4)),
                          read<double>(bytes.data() + at + 8), read<uint32_t>(bytes.data() + at + 16)});
    }
    return stacks;
}

} // namespace xsprof::collection
