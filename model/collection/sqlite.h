#pragma once
// A thin RAII layer over SQLite's C API for the collection store: a connection, prepared
// statements, transactions. Errors become SqliteError with SQLite's message and the statement.
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>

struct sqlite3;
struct sqlite3_stmt;

namespace xsprof::collection {

class SqliteError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

// A value bound to or read from a statement: NULL, integer, real or text.
using SqlValue = std::variant<std::monostate, int64_t, double, std::string>;

// The integer, else the real number, that the whole of `text` reads as; none otherwise.
std::optional<SqlValue> numericValue(std::string_view text);

class Statement {
public:
    Statement(sqlite3* db, std::string_view sql);
    Statement(Statement&& other) noexcept;
    Statement& operator=(Statement&&) = delete;
    Statement(const Statement&) = delete;
    ~Statement();

    // Parameters are 1-based, as in SQLite.
    Statement& bind(int index, int64_t value);
    Statement& bind(int index, double value);
    Statement& bind(int index, std::string_view text);
    Statement& bindBlob(int index, const void* data, size_t size);
    Statement& bindValue(int index, const SqlValue& value);
    // Advances: true while a row is there; false when done.
    bool step();
    // step() on a statement that returns no row, then reset() for its next use.
    void run();
    void reset(); // also clears the bindings

    int64_t integer(int column) const;
    double real(int column) const;
    std::string text(int column) const;
    std::string_view blob(int column) const; // valid until the next step
    bool isNull(int column) const;
    SqlValue value(int column) const;

private:
    [[noreturn]] void fail(int code) const;
    sqlite3* m_db = nullptr;
    sqlite3_stmt* m_statement = nullptr;
};

class Database {
public:
    // Opens the database at `path` for writing, creating it when missing, with `create`; else
    // read-only (SQLite's mode=ro; immutable=1 when even that cannot read it, as a write-ahead
    // log database in a folder one cannot write), so a collection one cannot write can be read.
    // Throws SqliteError.
    Database(const std::string& path, bool create);
    Database(const Database&) = delete;
    Database& operator=(const Database&) = delete;
    ~Database();

    void execute(std::string_view sql); // statements without results, ';'-separated
    Statement prepare(std::string_view sql) { return Statement(m_db, sql); }
    int64_t lastInsertId() const;
    sqlite3* handle() const { return m_db; }
    bool isReadOnly() const;

private:
    void open(const std::string& path, const std::string& name, int flags);
    sqlite3* m_db = nullptr;
};

// BEGIN IMMEDIATE .. COMMIT; rolled back when destroyed uncommitted (an exception).
class Transaction {
public:
    explicit Transaction(Database& db);
    Transaction(const Transaction&) = delete;
    Transaction& operator=(const Transaction&) = delete;
    ~Transaction();
    void commit();

private:
    Database& m_db;
    bool m_open = true;
};

} // namespace xsprof::collection
