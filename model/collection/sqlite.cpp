#include "sqlite.h"

#include <sqlite3.h>

#include <charconv>
#include <cstdio>

namespace xsprof::collection {

std::optional<SqlValue> numericValue(std::string_view text)
{
    const char* end = text.data() + text.size();
    int64_t whole = 0;
    if (auto [at, ec] = std::from_chars(text.data(), end, whole); ec == std::errc() && at == end && !text.empty())
        return whole;
    double real = 0.0;
    if (auto [at, ec] = std::from_chars(text.data(), end, real); ec == std::errc() && at == end && !text.empty())
        return real;
    return std::nullopt;
}

Statement::Statement(sqlite3* db, std::string_view sql) : m_db(db)
{
    const int code = sqlite3_prepare_v2(db, sql.data(), int(sql.size()), &m_statement, nullptr);
    if (code != SQLITE_OK)
        throw SqliteError(std::string(sqlite3_errmsg(db)) + " in: " + std::string(sql));
}

Statement::Statement(Statement&& other) noexcept : m_db(other.m_db), m_statement(other.m_statement)
{
    other.m_statement = nullptr;
}

Statement::~Statement()
{
    sqlite3_finalize(m_statement);
}

void Statement::fail(int code) const
{
    const char* sql = sqlite3_sql(m_statement);
    throw SqliteError(std::string(sqlite3_errstr(code)) + ": " + sqlite3_errmsg(m_db) + " in: " + (sql ? sql : ""));
}

Statement& Statement::bind(int index, int64_t value)
{
    if (const int code = sqlite3_bind_int64(m_statement, index, value); code != SQLITE_OK)
        fail(code);
    return *this;
}

Statement& Statement::bind(int index, double value)
{
    if (const int code = sqlite3_bind_double(m_statement, index, value); code != SQLITE_OK)
        fail(code);
    return *this;
}

Statement& Statement::bind(int index, std::string_view text)
{
    if (const int code = sqlite3_bind_text64(m_statement, index, text.data(), text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
        code != SQLITE_OK)
        fail(code);
    return *this;
}

Statement& Statement::bindBlob(int index, const void* data, size_t size)
{
    if (const int code = sqlite3_bind_blob64(m_statement, index, data, size, SQLITE_TRANSIENT); code != SQLITE_OK)
        fail(code);
    return *this;
}

Statement& Statement::bindValue(int index, const SqlValue& value)
{
    if (const auto* i = std::get_if<int64_t>(&value))
        return bind(index, *i);
    if (const auto* d = std::get_if<double>(&value))
        return bind(index, *d);
    if (const auto* s = std::get_if<std::string>(&value))
        return bind(index, std::string_view(*s));
    if (const int code = sqlite3_bind_null(m_statement, index); code != SQLITE_OK)
        fail(code);
    return *this;
}

bool Statement::step()
{
    const int code = sqlite3_step(m_statement);
    if (code == SQLITE_ROW)
        return true;
    if (code == SQLITE_DONE)
        return false;
    fail(code);
}

void Statement::run()
{
    step();
    reset();
}

void Statement::reset()
{
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
}

int64_t Statement::integer(int column) const
{
    return sqlite3_column_int64(m_statement, column);
}

double Statement::real(int column) const
{
    return sqlite3_column_double(m_statement, column);
}

std::string Statement::text(int column) const
{
    const auto* bytes = reinterpret_cast<const char*>(sqlite3_column_text(m_statement, column));
    return bytes ? std::string(bytes, size_t(sqlite3_column_bytes(m_statement, column))) : std::string();
}

std::string_view Statement::blob(int column) const
{
    const auto* bytes = static_cast<const char*>(sqlite3_column_blob(m_statement, column));
    return bytes ? std::string_view(bytes, size_t(sqlite3_column_bytes(m_statement, column))) : std::string_view();
}

bool Statement::isNull(int column) const
{
    return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

SqlValue Statement::value(int column) const
{
    switch (sqlite3_column_type(m_statement, column)) {
    case SQLITE_INTEGER:
        return integer(column);
    case SQLITE_FLOAT:
        return real(column);
    case SQLITE_NULL:
        return std::monostate{};
    default:
        return text(column);
    }
}

namespace {

// A file: URI of `path` with its query, the characters URIs give a meaning escaped.
std::string fileUri(const std::string& path, const char* query)
{
    std::string uri = "file:";
    if (path.starts_with("//"))
        uri += "//"; // an empty authority, so the path keeps its leading slashes
    for (const char c : path) {
        if (c == '%' || c == '?' || c == '#') {
            char escaped[4];
            std::snprintf(escaped, sizeof escaped, "%%%02X", unsigned(static_cast<unsigned char>(c)));
            uri += escaped;
        } else {
            uri += c;
        }
    }
    return uri + "?" + query;
}

} // namespace

Database::Database(const std::string& path, bool create)
{
    if (create || path == ":memory:") {
        open(path, path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
        return;
    }
    open(path, fileUri(path, "mode=ro"), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
    // A write-ahead-log database without its -shm file, in a folder that cannot hold one, can
    // only be read as immutable (no other process may write it meanwhile: a CI artefact).
    const int code = sqlite3_exec(m_db, "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr);
    if (code == SQLITE_CANTOPEN || code == SQLITE_READONLY || (code & 0xff) == SQLITE_READONLY ||
        (code & 0xff) == SQLITE_CANTOPEN) {
        sqlite3_close(m_db);
        m_db = nullptr;
        open(path, fileUri(path, "immutable=1"), SQLITE_OPEN_READONLY | SQLITE_OPEN_URI);
    }
}

void Database::open(const std::string& path, const std::string& name, int flags)
{
    const int code = sqlite3_open_v2(name.c_str(), &m_db, flags, nullptr);
    if (code != SQLITE_OK) {
        const std::string message = m_db ? sqlite3_errmsg(m_db) : sqlite3_errstr(code);
        sqlite3_close(m_db);
        m_db = nullptr;
        throw SqliteError(path + ": " + message);
    }
    sqlite3_busy_timeout(m_db, 5000);
}

bool Database::isReadOnly() const
{
    return sqlite3_db_readonly(m_db, "main") == 1;
}

Database::~Database()
{
    sqlite3_close(m_db);
}

void Database::execute(std::string_view sql)
{
    char* message = nullptr;
    const std::string text(sql);
    if (sqlite3_exec(m_db, text.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
        const std::string problem = message ? message : sqlite3_errmsg(m_db);
        sqlite3_free(message);
        throw SqliteError(problem + " in: " + text);
    }
}

int64_t Database::lastInsertId() const
{
    return sqlite3_last_insert_rowid(m_db);
}

Transaction::Transaction(Database& db) : m_db(db)
{
    m_db.execute("BEGIN IMMEDIATE");
}

Transaction::~Transaction()
{
    if (m_open)
        sqlite3_exec(m_db.handle(), "ROLLBACK", nullptr, nullptr, nullptr);
}

void Transaction::commit()
{
    m_db.execute("COMMIT");
    m_open = false;
}

} // namespace xsprof::collection
