#include "referencejsondocument.h"

#include "model/chunkedinputbuffer.h"

#include <nlohmann/json.hpp>

#include <istream>
#include <string_view>
#include <utility>

namespace xsprof {

namespace {

using json = nlohmann::json;

// At most this many bytes of what was read before an error are quoted: a string cut in a
// truncated file (a trace's base64 screenshot) would otherwise quote kilobytes.
constexpr size_t maxQuotedBytes = 40;

// The end of `read`, shortened to maxQuotedBytes on a UTF-8 boundary with "…" before it.
std::string lastReadContext(std::string read)
{
    if (read.size() <= maxQuotedBytes)
        return read;
    size_t from = read.size() - maxQuotedBytes;
    while (from < read.size() && (static_cast<unsigned char>(read[from]) & 0xC0) == 0x80)
        ++from; // not inside a character
    return "…" + read.substr(from);
}

// nlohmann's error in xsprof's words: "[json.exception.parse_error.101] parse error at line 1,
// column 5: syntax error while parsing object - invalid literal; last read: '{x'" becomes
// "JSON syntax error in an object: invalid literal, after '{x'".
std::string syntaxProblem(const nlohmann::detail::exception& ex, const std::string& token)
{
    if (ex.id == 406) // out_of_range.406: a number beyond double's range
        return "JSON number out of range: " + token.substr(0, 40) + " is beyond what a double holds";
    std::string what = ex.what();
    if (const size_t bracket = what.find("] "); what.starts_with("[json.exception") && bracket != std::string::npos)
        what.erase(0, bracket + 2);
    if (what.starts_with("parse error")) {
        if (const size_t colon = what.find(": "); colon != std::string::npos)
            what.erase(0, colon + 2);
    }
    std::string context;
    constexpr std::string_view parsing = "syntax error while parsing ";
    if (what.starts_with(parsing)) {
        const size_t dash = what.find(" - ");
        const std::string thing = what.substr(parsing.size(), dash == std::string::npos ? 0 : dash - parsing.size());
        if (!thing.empty())
            context = std::string(" in ") + (thing[0] == 'o' ? "an " : "a ") + thing;
        what.erase(0, dash == std::string::npos ? parsing.size() : dash + 3);
    }
    for (const auto& [from, to] : {std::pair<std::string_view, std::string_view>{"; last read: ", ", after "},
                                   {"; expected ", ", expected "}}) {
        for (size_t at = what.find(from); at != std::string::npos; at = what.find(from, at + to.size()))
            what.replace(at, from.size(), to);
    }
    // The quoted context: one short line (nlohmann quotes the whole token read, a string's kilobytes).
    constexpr std::string_view after = ", after '";
    if (const size_t open = what.find(after); open != std::string::npos) {
        const size_t start = open + after.size();
        size_t close = what.find("', expected ", start);
        if (close == std::string::npos)
            close = what.rfind('\'');
        if (close != std::string::npos && close >= start)
            what.replace(start, close - start, lastReadContext(what.substr(start, close - start)));
    }
    return "JSON syntax error" + context + ": " + what;
}

// Checks nesting and records the first error; `Builder` adds the tree.
class SyntaxSax {
public:
    explicit SyntaxSax(const ChunkedInputBuffer& input) : m_input(input) {}

    std::optional<JsonSyntaxError> error;

    bool null() { return true; }
    bool boolean(bool) { return true; }
    bool number_integer(json::number_integer_t) { return true; }
    bool number_unsigned(json::number_unsigned_t) { return true; }
    bool number_float(json::number_float_t, const json::string_t&) { return true; }
    bool string(json::string_t&) { return true; }
    bool binary(json::binary_t&) { return fail("binary data is not JSON"); }
    bool key(json::string_t&) { return true; }
    bool start_object(size_t) { return open(); }
    bool start_array(size_t) { return open(); }
    bool end_object() { return close(); }
    bool end_array() { return close(); }
    bool parse_error(size_t position, const std::string& token, const nlohmann::detail::exception& ex)
    {
        if (!error)
            error = JsonSyntaxError{syntaxProblem(ex, token), "byte " + std::to_string(position > 0 ? position - 1 : 0)};
        return false;
    }

protected:
    bool fail(std::string problem)
    {
        if (!error)
            error = JsonSyntaxError{std::move(problem), "byte " + std::to_string(m_input.bytesConsumed())};
        return false;
    }
    bool open()
    {
        if (++m_depth > maxJsonDepth)
            return fail("nesting deeper than " + std::to_string(maxJsonDepth) + " levels");
        return true;
    }
    bool close()
    {
        --m_depth;
        return true;
    }

private:
    const ChunkedInputBuffer& m_input;
    size_t m_depth = 0;
};

class TreeSax : public SyntaxSax {
public:
    TreeSax(const ChunkedInputBuffer& input, ReferenceJsonNode& root) : SyntaxSax(input), m_root(root) {}

    bool null()
    {
        add(JsonKind::Null);
        return true;
    }
    bool boolean(bool v)
    {
        add(JsonKind::Bool).integer = v ? 1 : 0;
        return true;
    }
    bool number_integer(json::number_integer_t v)
    {
        ReferenceJsonNode& n = add(JsonKind::Integer);
        n.integer = v;
        n.number = double(v);
        return true;
    }
    bool number_unsigned(json::number_unsigned_t v)
    {
        ReferenceJsonNode& n = add(JsonKind::Integer);
        n.integer = static_cast<int64_t>(v);
        n.number = double(v);
        n.overflow = v > uint64_t(INT64_MAX);
        return true;
    }
    bool number_float(json::number_float_t v, const json::string_t&)
    {
        add(JsonKind::Float).number = v;
        return true;
    }
    bool string(json::string_t& v)
    {
        add(JsonKind::String).text = std::move(v);
        return true;
    }
    bool key(json::string_t& k)
    {
        m_key = std::move(k);
        return true;
    }
    bool start_object(size_t) { return open() && push(JsonKind::Object); }
    bool start_array(size_t) { return open() && push(JsonKind::Array); }
    bool end_object() { return pop(); }
    bool end_array() { return pop(); }

private:
    ReferenceJsonNode& add(JsonKind kind)
    {
        ReferenceJsonNode* node = &m_root;
        if (!m_open.empty()) {
            ReferenceJsonNode& parent = *m_open.back();
            if (parent.kind == JsonKind::Object)
                parent.keys.push_back(std::move(m_key));
            node = &parent.children.emplace_back();
        }
        node->kind = kind;
        return *node;
    }
    bool push(JsonKind kind)
    {
        // The containers open now are never moved: only the innermost one grows.
        m_open.push_back(&add(kind));
        return true;
    }
    bool pop()
    {
        m_open.pop_back();
        return close();
    }

    ReferenceJsonNode& m_root;
    std::vector<ReferenceJsonNode*> m_open;
    std::string m_key;
};

} // namespace

std::optional<JsonSyntaxError> referenceSyntaxError(std::string_view bytes, const TaskControl* control)
{
    ChunkedInputBuffer input(bytes, control);
    SyntaxSax sax(input);
    std::istream stream(&input);
    json::sax_parse(stream, &sax, json::input_format_t::json, true);
    if (control && control->isCancelled())
        throw JsonReadCancelled();
    return sax.error;
}

ReferenceJsonDocument::ReferenceJsonDocument(std::string_view bytes, const TaskControl* control)
    : m_root(std::make_unique<ReferenceJsonNode>())
{
    ChunkedInputBuffer input(bytes, control);
    TreeSax sax(input, *m_root);
    std::istream stream(&input);
    json::sax_parse(stream, &sax, json::input_format_t::json, true);
    if (control && control->isCancelled())
        throw JsonReadCancelled();
    if (sax.error)
        throw *sax.error;
}

} // namespace xsprof
