#include "collectionexport.h"

#include <nlohmann/json.hpp>

#include <array>
#include <charconv>
#include <fstream>
#include <set>
#include <stdexcept>
#include <variant>

namespace xsprof::collection {

namespace {

// The columns of the costs table after the trace's own; an attribute of the same name is
// written as "attribute_NAME" there.
constexpr std::array<const char*, 9> costColumns = {"function_name", "function_url", "function_line",
                                                      "function_column", "self_us", "inclusive_us",
                                                      "total_us", "self_samples", "inclusive_samples"};

std::string shortest(double value)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr;
    return std::string(text, end);
}

std::string csvField(std::string_view text)
{
    const bool quote = text.find_first_of(",\"\r\n") != std::string_view::npos
        || (!text.empty() && (text.front() == ' ' || text.back() == ' '));
    if (!quote)
        return std::string(text);
    std::string out = "\"";
    for (char c : text) {
        if (c == '"')
            out += '"';
        out += c;
    }
    return out + '"';
}

std::string csvValue(const SqlValue& value)
{
    if (const auto* i = std::get_if<int64_t>(&value))
        return std::to_string(*i);
    if (const auto* d = std::get_if<double>(&value))
        return shortest(*d);
    if (const auto* s = std::get_if<std::string>(&value))
        return csvField(*s);
    return {};
}

nlohmann::ordered_json jsonValue(const SqlValue& value)
{
    if (const auto* i = std::get_if<int64_t>(&value))
        return *i;
    if (const auto* d = std::get_if<double>(&value))
        return *d;
    if (const auto* s = std::get_if<std::string>(&value))
        return *s;
    return nullptr;
}

// One output table, written a row at a time in either format.
class TableWriter {
public:
    TableWriter(std::string path, ExportFormat format, std::vector<std::string> columns)
        : m_path(std::move(path)), m_format(format), m_columns(std::move(columns)), m_out(m_path, std::ios::binary)
    {
        if (!m_out)
            throw std::runtime_error("cannot write " + m_path);
        if (m_format == ExportFormat::Csv) {
            std::string header;
            for (size_t c = 0; c < m_columns.size(); ++c)
                header += (c ? "," : "") + csvField(m_columns[c]);
            m_out << header << '\n';
        }
    }

    void row(const std::vector<SqlValue>& values)
    {
        std::string line;
        if (m_format == ExportFormat::Csv) {
            for (size_t c = 0; c < values.size(); ++c) {
                if (c)
                    line += ',';
                line += csvValue(values[c]);
            }
        } else {
            nlohmann::ordered_json object = nlohmann::ordered_json::object();
            for (size_t c = 0; c < values.size(); ++c)
                if (!std::holds_alternative<std::monostate>(values[c]))
                    object[m_columns[c]] = jsonValue(values[c]);
            line = object.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
        }
        m_out << line << '\n';
    }

    void finish()
    {
        m_out.flush();
        if (!m_out)
            throw std::runtime_error("cannot write " + m_path + " (disk full?)");
    }

private:
    std::string m_path;
    ExportFormat m_format;
    std::vector<std::string> m_columns;
    std::ofstream m_out;
};

} // namespace

ExportSummary exportCollection(CollectionStore& store, const std::vector<StoredTrace>& traces, ExportFormat format,
                               const std::string& directory)
{
    const CollectionStore::TraceTable table = store.traceTable(traces);
    const std::string extension = format == ExportFormat::Csv ? ".csv" : ".ndjson";
    ExportSummary summary;
    summary.tracesFile = directory + "/traces" + extension;
    summary.costsFile = directory + "/costs" + extension;

    // Every column name once: an attribute named like a column of the export is prefixed.
    std::set<std::string> taken{"trace_id"};
    taken.insert(builtInColumns.begin(), builtInColumns.end());
    taken.insert(costColumns.begin(), costColumns.end());
    std::set<std::pair<std::string, std::string>> renamed(table.renamed.begin(), table.renamed.end());
    std::vector<std::string> traceColumns{"trace_id"};
    for (size_t c = 0; c < table.columns.size(); ++c) {
        std::string column = table.columns[c];
        if (c >= builtInColumns.size() && taken.count(column)) {
            const std::string attribute = column;
            while (taken.count(column))
                column = "attribute_" + column;
            renamed.emplace(attribute, column);
        }
        taken.insert(column);
        traceColumns.push_back(column);
    }
    summary.renamed.assign(renamed.begin(), renamed.end());
    std::vector<std::string> costsHeader = traceColumns;
    costsHeader.insert(costsHeader.end(), costColumns.begin(), costColumns.end());

    TableWriter tracesOut(summary.tracesFile, format, traceColumns);
    TableWriter costsOut(summary.costsFile, format, costsHeader);
    auto costs = store.database().prepare(
        "SELECT f.name, f.url, f.line, f.col, c.self_us, c.inclusive_us, c.total_us, c.self_samples, "
        "c.inclusive_samples FROM costs c JOIN functions f ON f.id = c.function_id WHERE c.trace_id = ?1 "
        "ORDER BY c.function_id");
    std::vector<SqlValue> row;
    for (size_t t = 0; t < table.traces.size(); ++t) {
        row.assign(1, SqlValue(table.traces[t].id));
        row.insert(row.end(), table.values[t].begin(), table.values[t].end());
        tracesOut.row(row);
        ++summary.traces;
        const size_t traceWidth = row.size();
        costs.bind(1, table.traces[t].id);
        while (costs.step()) {
            row.resize(traceWidth);
            for (int c = 0; c < int(costColumns.size()); ++c)
                row.push_back(costs.value(c));
            costsOut.row(row);
            ++summary.costRows;
        }
        costs.reset();
    }
    tracesOut.finish();
    costsOut.finish();
    return summary;
}

} // namespace xsprof::collection
