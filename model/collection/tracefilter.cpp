#include "tracefilter.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <stdexcept>

namespace xsprof::collection {

namespace {

bool isTextColumn(std::string_view name)
{
    return name == "file" || name == "format";
}

bool isOrdering(std::string_view op)
{
    return op == "<" || op == "<=" || op == ">" || op == ">=";
}

struct FilterError : std::runtime_error {
    FilterError(const std::string& what, size_t at) : std::runtime_error(what + " at character " + std::to_string(at + 1)) {}
};

class Parser {
public:
    explicit Parser(std::string_view text) : m_text(text) {}

    TraceFilter parse()
    {
        TraceFilter filter;
        skipSpace();
        if (m_at == m_text.size())
            return filter;
        filter.sql = expression(filter);
        skipSpace();
        if (m_at != m_text.size())
            throw FilterError("expected and, or or the end", m_at);
        return filter;
    }

private:
    std::string expression(TraceFilter& filter)
    {
        std::string sql = term(filter);
        while (keyword("or"))
            sql = "(" + sql + " OR " + term(filter) + ")";
        return sql;
    }

    std::string term(TraceFilter& filter)
    {
        std::string sql = factor(filter);
        while (keyword("and"))
            sql = "(" + sql + " AND " + factor(filter) + ")";
        return sql;
    }

    std::string factor(TraceFilter& filter)
    {
        skipSpace();
        if (keyword("not"))
            return "(NOT " + factor(filter) + ")";
        if (peek() == '(') {
            ++m_at;
            std::string inner = expression(filter);
            skipSpace();
            if (peek() != ')')
                throw FilterError("expected )", m_at);
            ++m_at;
            return inner;
        }
        return comparison(filter);
    }

    std::string comparison(TraceFilter& filter)
    {
        skipSpace();
        const size_t nameAt = m_at;
        while (m_at < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[m_at])) || m_text[m_at] == '_' ||
                                        m_text[m_at] == '.' || m_text[m_at] == '-'))
            ++m_at;
        const std::string name(m_text.substr(nameAt, m_at - nameAt));
        if (name.empty())
            throw FilterError("expected an attribute name", nameAt);
        skipSpace();
        const std::string op = comparisonOperator();
        skipSpace();
        const size_t valueAt = m_at;
        const SqlValue value = literal();
        const bool isText = std::holds_alternative<std::string>(value);
        filter.comparisons.push_back({name, op, value, false});
        std::string operand = "value";
        bool builtIn = false;
        for (const char* column : builtInColumns)
            if (name == column) {
                operand = "traces." + name;
                builtIn = true;
            }
        filter.comparisons.back().builtIn = builtIn;
        if (builtIn && isTextColumn(name) && !isText)
            throw FilterError(name + " is text: compare it with a \"text\" value", valueAt);
        if (builtIn && !isTextColumn(name) && isText && isOrdering(op))
            throw FilterError(name + " is a number: compare it with a number", valueAt);
        filter.parameters.push_back(value);
        const std::string parameter = "?" + std::to_string(filter.parameters.size());
        // A number compares with numbers only (SQLite would rank every text above every number).
        // (typeof(0) is 'integer', typeof(0.5) 'real': the SQL quotes nothing.)
        const std::string numeric =
            isText || builtIn ? std::string() : "typeof(value) IN (typeof(0), typeof(0.5)) AND ";
        if (isText)
            operand = "CAST(" + operand + " AS TEXT)";
        std::string test;
        if (op == "~") {
            if (!isText)
                throw FilterError("~ takes a text value", nameAt);
            const std::string& pattern = std::get<std::string>(value);
            test = pattern.find_first_of("*?[") != std::string::npos ? operand + " GLOB " + parameter
                                                                      : "instr(" + operand + ", " + parameter + ") > 0";
        } else {
            test = numeric + operand + " " + (op == "!=" ? std::string("<>") : op) + " " + parameter;
        }
        if (builtIn)
            return "(" + test + ")";
        filter.parameters.push_back(name);
        const std::string nameParameter = "?" + std::to_string(filter.parameters.size());
        return "EXISTS (SELECT 1 FROM attributes WHERE attributes.trace_id = traces.id AND attributes.name = " +
               nameParameter + " AND " + test + ")";
    }

    std::string comparisonOperator()
    {
        for (const char* op : {"!=", "<=", ">=", "=", "<", ">", "~"}) {
            const std::string_view candidate(op);
            if (m_text.substr(m_at, candidate.size()) == candidate) {
                m_at += candidate.size();
                return std::string(candidate);
            }
        }
        throw FilterError("expected one of = != < <= > >= ~", m_at);
    }

    SqlValue literal()
    {
        const size_t start = m_at;
        const char c = peek();
        if (c == '"' || c == '\'') {
            std::string text;
            for (++m_at; m_at < m_text.size() && m_text[m_at] != c; ++m_at) {
                if (m_text[m_at] == '\\' && m_at + 1 < m_text.size())
                    ++m_at;
                text += m_text[m_at];
            }
            if (m_at == m_text.size())
                throw FilterError("the text has no closing quote", start);
            ++m_at;
            return text;
        }
        if (keyword("true"))
            return int64_t(1);
        if (keyword("false"))
            return int64_t(0);
        while (m_at < m_text.size() && (std::isdigit(static_cast<unsigned char>(m_text[m_at])) ||
                                        std::string_view("+-.eE").find(m_text[m_at]) != std::string_view::npos))
            ++m_at;
        if (std::optional<SqlValue> number = numericValue(m_text.substr(start, m_at - start)))
            return *number;
        throw FilterError("expected a value: \"text\", a number, true or false", start);
    }

    bool keyword(std::string_view word)
    {
        skipSpace();
        if (m_text.size() - m_at < word.size())
            return false;
        for (size_t i = 0; i < word.size(); ++i)
            if (std::tolower(static_cast<unsigned char>(m_text[m_at + i])) != word[i])
                return false;
        const size_t after = m_at + word.size();
        if (after < m_text.size() && (std::isalnum(static_cast<unsigned char>(m_text[after])) || m_text[after] == '_'))
            return false;
        m_at = after;
        return true;
    }

    char peek() const { return m_at < m_text.size() ? m_text[m_at] : '\0'; }
    void skipSpace()
    {
        while (m_at < m_text.size() && std::isspace(static_cast<unsigned char>(m_text[m_at])))
            ++m_at;
    }

    std::string_view m_text;
    size_t m_at = 0;
};

} // namespace

std::optional<TraceFilter> parseTraceFilter(std::string_view expression, std::string* error)
{
    try {
        return Parser(expression).parse();
    } catch (const FilterError& e) {
        if (error)
            *error = e.what();
        return std::nullopt;
    }
}

std::string filterProblem(CollectionStore& store, const TraceFilter& filter)
{
    std::vector<std::string> names;
    for (const FilterComparison& c : filter.comparisons) {
        if (c.builtIn)
            continue;
        if (names.empty())
            names = store.attributeNames();
        if (std::find(names.begin(), names.end(), c.name) == names.end()) {
            std::string known;
            for (size_t i = builtInColumns.size(); i < names.size() && i < builtInColumns.size() + 12; ++i)
                known += (known.empty() ? "" : ", ") + names[i];
            return "no trace has an attribute named " + c.name +
                   (known.empty() ? std::string(" (the traces have none)") : " (the attributes: " + known + ")");
        }
        const bool isText = std::holds_alternative<std::string>(c.value);
        const bool refused = isText ? isOrdering(c.op) && store.hasNumberValue(c.name) : store.hasTextValue(c.name);
        if (refused && store.hasTextValue(c.name) && store.hasNumberValue(c.name)) // one message, whatever the comparison
            return "the attribute " + c.name + " holds text and numbers: compare it with a \"text\" value by =, != or ~";
        if (!isText && store.hasTextValue(c.name))
            return "the attribute " + c.name + " holds text: compare it with a \"text\" value, not a number";
        if (isText && isOrdering(c.op) && store.hasNumberValue(c.name))
            return "the attribute " + c.name + " holds numbers: order it (" + c.op + ") by a number, not \"text\"";
    }
    return {};
}

} // namespace xsprof::collection
