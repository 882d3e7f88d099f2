#include "traceinputs.h"

#include "model/json/paddedbytes.h"
#include "model/json/simdjsondocument.h"

#include <algorithm>
#include <fstream>

namespace xsprof::collection {

namespace fs = std::filesystem;

namespace {

bool hasNdjsonName(const fs::path& path)
{
    const std::string extension = path.extension().string();
    return extension == ".ndjson" || extension == ".jsonl";
}

// A traces.csv header names its columns; "NAME:number" asks for numbers in that column (the
// others stay text, as given: "1.10" is not 1.1).
struct CsvColumn {
    std::string name;
    bool number = false;
};

CsvColumn csvColumn(const std::string& header)
{
    constexpr std::string_view numberSuffix = ":number", textSuffix = ":text";
    if (header.ends_with(numberSuffix))
        return {header.substr(0, header.size() - numberSuffix.size()), true};
    if (header.ends_with(textSuffix))
        return {header.substr(0, header.size() - textSuffix.size()), false};
    return {header, false};
}

// The next record of a CSV file (fields may hold quoted line breaks); false at the end.
bool readCsvRecord(std::istream& in, std::vector<std::string>& fields, size_t& lineNumber, bool& unterminated)
{
    fields.clear();
    unterminated = false;
    std::string line;
    if (!std::getline(in, line))
        return false;
    ++lineNumber;
    std::string field;
    bool quoted = false;
    for (size_t i = 0;; ++i) {
        if (i == line.size()) {
            if (!quoted)
                break;
            if (!std::getline(in, line)) { // a quote never closed
                unterminated = true;
                break;
            }
            ++lineNumber;
            field += '\n';
            i = size_t(-1);
            continue;
        }
        const char c = line[i];
        if (quoted) {
            if (c == '"' && i + 1 < line.size() && line[i + 1] == '"')
                field += line[++i];
            else if (c == '"')
                quoted = false;
            else
                field += c;
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            fields.push_back(std::move(field));
            field.clear();
        } else if (c != '\r' || i + 1 != line.size()) {
            field += c;
        }
    }
    fields.push_back(std::move(field));
    return true;
}

} // namespace

std::map<fs::path, std::vector<Attribute>> readTracesCsv(const fs::path& csv, std::vector<std::string>& problems)
{
    std::map<fs::path, std::vector<Attribute>> attributes;
    std::ifstream in(csv, std::ios::binary);
    if (!in) {
        problems.push_back(csv.string() + ": cannot be read");
        return attributes;
    }
    std::vector<std::string> header, fields;
    size_t lineNumber = 0;
    bool unterminated = false;
    if (!readCsvRecord(in, header, lineNumber, unterminated) || header.size() < 2) {
        problems.push_back(csv.string() + ": line 1: a header names the file column and at least one attribute");
        return attributes;
    }
    std::vector<CsvColumn> columns;
    for (const std::string& name : header)
        columns.push_back(csvColumn(name));
    while (readCsvRecord(in, fields, lineNumber, unterminated)) {
        if (unterminated) {
            problems.push_back(csv.string() + ": line " + std::to_string(lineNumber) + ": a quote is never closed");
            break;
        }
        if (fields.size() == 1 && fields[0].empty())
            continue; // a blank line
        if (fields.size() != header.size()) {
            problems.push_back(csv.string() + ": line " + std::to_string(lineNumber) + ": " +
                               std::to_string(fields.size()) + " fields, the header has " + std::to_string(header.size()));
            continue;
        }
        std::vector<Attribute> row;
        for (size_t i = 1; i < fields.size(); ++i) {
            if (!columns[i].number) {
                row.push_back({columns[i].name, fields[i]});
            } else if (fields[i].empty()) {
                continue; // no value: the trace lacks the attribute
            } else if (const std::optional<SqlValue> number = numericValue(fields[i])) {
                row.push_back({columns[i].name, *number});
            } else { // that attribute left out, the row's others kept
                problems.push_back(csv.string() + ": line " + std::to_string(lineNumber) + ": " + columns[i].name +
                                   " is a number column, and \"" + fields[i] + "\" is not a number: " + fields[0] +
                                   " has no " + columns[i].name);
            }
        }
        attributes[(csv.parent_path() / fields[0]).lexically_normal()] = std::move(row);
    }
    return attributes;
}

bool looksLikeTraceNdjson(const fs::path& path)
{
    if (hasNdjsonName(path))
        return true;
    std::ifstream in(path, std::ios::binary);
    std::string first, second;
    if (!std::getline(in, first) || !std::getline(in, second) || second.find('{') == std::string::npos)
        return false;
    std::string problem;
    return readNdjsonLine(first, &problem).has_value();
}

std::optional<NdjsonTrace> readNdjsonLine(std::string_view line, std::string* problem)
{
    const PaddedBytes padded(line);
    NdjsonTrace trace;
    bool hasTrace = false;
    try {
        const SimdJsonDocument document(padded.view(), nullptr, std::vector<std::string_view>{}); // read whole
        const SimdJsonValue root = document.root();
        if (root.kind() != JsonKind::Object) {
            *problem = "not a JSON object";
            return std::nullopt;
        }
        root.forEachField([&](std::string_view key, const SimdJsonValue& value) {
            std::string name(key);
            if (name == "trace") {
                trace.traceJson = value.minifiedJson();
                hasTrace = true;
                return;
            }
            switch (value.kind()) {
            case JsonKind::String: trace.attributes.push_back({std::move(name), std::string(value.string())}); break;
            case JsonKind::Integer:
                if (value.overflow()) // beyond int64: kept as a real
                    trace.attributes.push_back({std::move(name), value.number()});
                else
                    trace.attributes.push_back({std::move(name), value.integer()});
                break;
            case JsonKind::Float: trace.attributes.push_back({std::move(name), value.number()}); break;
            case JsonKind::Bool: trace.attributes.push_back({std::move(name), int64_t(value.boolean() ? 1 : 0)}); break;
            case JsonKind::Null: break; // null: the trace lacks the attribute
            case JsonKind::Array:
            case JsonKind::Object: // kept as its JSON text
                trace.attributes.push_back({std::move(name), value.minifiedJson()});
                break;
            }
        });
    } catch (const SimdJsonFailure& failure) {
        *problem = std::string("not JSON: ") + failure.what();
        return std::nullopt;
    }
    if (!hasTrace) {
        *problem = "no \"trace\" member";
        return std::nullopt;
    }
    return trace;
}

ExpandedInputs expandInputs(const std::vector<std::string>& inputs, const std::vector<fs::path>& skipped)
{
    ExpandedInputs expanded;
    std::vector<fs::path> skippedPaths; // canonical
    for (const fs::path& path : skipped) {
        std::error_code ec;
        skippedPaths.push_back(fs::weakly_canonical(path, ec));
    }
    auto isSkipped = [&](const fs::path& path) {
        for (const fs::path& skip : skippedPaths) {
            std::error_code ec;
            if (path.filename() == skip.filename() && fs::weakly_canonical(path, ec) == skip)
                return true;
        }
        return false;
    };
    auto addFile = [&](const fs::path& path, const std::string& shown,
                       const std::map<fs::path, std::vector<Attribute>>& csvAttributes) {
        if (looksLikeTraceNdjson(path)) {
            expanded.ndjsonFiles.push_back(path);
            return;
        }
        ProfileFileInput file{path, shown, {}};
        if (const auto found = csvAttributes.find(path.lexically_normal()); found != csvAttributes.end())
            file.attributes = found->second;
        expanded.files.push_back(std::move(file));
    };
    for (const std::string& input : inputs) {
        const fs::path path(input);
        std::error_code ec;
        if (fs::is_directory(path, ec)) {
            std::vector<fs::path> found;
            std::map<fs::path, std::vector<Attribute>> csvAttributes;
            for (auto it = fs::recursive_directory_iterator(path, fs::directory_options::skip_permission_denied, ec);
                 !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
                const std::string name = it->path().filename().string();
                if (name.starts_with('.')) {
                    if (it->is_directory())
                        it.disable_recursion_pending();
                    continue;
                }
                if (name == "traces.csv") {
                    csvAttributes.merge(readTracesCsv(it->path(), expanded.problems));
                    continue;
                }
                if (it->is_regular_file() && !isSkipped(it->path()))
                    found.push_back(it->path());
            }
            if (ec)
                expanded.problems.push_back(input + ": " + ec.message());
            std::sort(found.begin(), found.end());
            for (const fs::path& file : found)
                addFile(file, file.string(), csvAttributes);
        } else if (fs::exists(path, ec)) {
            addFile(path, input, {});
        } else {
            expanded.problems.push_back(input + ": no such file or folder");
        }
    }
    return expanded;
}

} // namespace xsprof::collection
