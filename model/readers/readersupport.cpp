#include "readersupport.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace xsprof::readers {

namespace {

// Finds where a syntax error is (simdjson's DOM parser says what, not where): only run on
// input already known to be bad.
struct SyntaxErrorFinder : nlohmann::json_sax<nlohmann::json> {
    size_t position = 0;
    std::string message;
    bool null() override { return true; }
    bool boolean(bool) override { return true; }
    bool number_integer(number_integer_t) override { return true; }
    bool number_unsigned(number_unsigned_t) override { return true; }
    bool number_float(number_float_t, const string_t&) override { return true; }
    bool string(string_t&) override { return true; }
    bool binary(binary_t&) override { return true; }
    bool start_object(std::size_t) override { return true; }
    bool key(string_t&) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool parse_error(std::size_t at, const std::string&, const nlohmann::detail::exception& e) override
    {
        position = at;
        message = e.what();
        return false;
    }
};

[[noreturn]] void wrongType(JsonElement e, const std::string& where, std::string_view expected)
{
    throw JsonMeaningError(where + " is " + describeType(e) + ", expected " + std::string(expected), where);
}

} // namespace

JsonElement JsonDocument::parse(std::string_view bytes)
{
    auto parsed = m_parser.parse(bytes.data(), bytes.size(), true);
    if (!parsed.error())
        return parsed.value_unsafe();
    SyntaxErrorFinder finder;
    const bool accepted = nlohmann::json::sax_parse(bytes, &finder, nlohmann::json::input_format_t::json, false);
    // A file cut short: nlohmann names where the unfinished token began; the problem is the end.
    if (parsed.error() == simdjson::UNCLOSED_STRING || finder.message.find("end of input") != std::string::npos ||
        finder.message.find("missing closing quote") != std::string::npos)
        throw JsonMeaningError("JSON syntax error: the input ends before the JSON does (a truncated file?)",
                               "byte " + std::to_string(bytes.size()));
    if (!accepted && finder.position > 0)
        throw JsonMeaningError(std::string("JSON syntax error: ") + simdjson::error_message(parsed.error()),
                               "byte " + std::to_string(finder.position));
    throw JsonMeaningError(std::string("JSON error: ") + simdjson::error_message(parsed.error()), std::string());
}

std::string describeType(JsonElement e)
{
    switch (e.type()) {
    case simdjson::dom::element_type::ARRAY: return "an array";
    case simdjson::dom::element_type::OBJECT: return "an object";
    case simdjson::dom::element_type::INT64:
    case simdjson::dom::element_type::UINT64:
    case simdjson::dom::element_type::DOUBLE: return "a number";
    case simdjson::dom::element_type::STRING: return "a string";
    case simdjson::dom::element_type::BOOL: return "a boolean";
    case simdjson::dom::element_type::NULL_VALUE: return "null";
    }
    return "something else";
}

JsonObject asObject(JsonElement e, const std::string& where)
{
    JsonObject o;
    if (e.get(o))
        wrongType(e, where, "an object");
    return o;
}

JsonArray asArray(JsonElement e, const std::string& where)
{
    JsonArray a;
    if (e.get(a))
        wrongType(e, where, "an array");
    return a;
}

double asNumber(JsonElement e, const std::string& where)
{
    double v = 0;
    if (e.get(v))
        wrongType(e, where, "a number");
    return v;
}

int64_t asInteger(JsonElement e, const std::string& where)
{
    int64_t v = 0;
    if (!e.get(v))
        return v;
    double d = 0;
    if (!e.get(d) && d == std::floor(d) && std::fabs(d) < 9.2e18)
        return int64_t(d);
    wrongType(e, where, "an integer");
}

std::string_view asString(JsonElement e, const std::string& where)
{
    std::string_view s;
    if (e.get(s))
        wrongType(e, where, "a string");
    return s;
}

bool hasField(JsonObject o, std::string_view key)
{
    JsonElement e;
    return !o.at_key(key).get(e);
}

JsonElement field(JsonObject o, std::string_view key, const std::string& where)
{
    JsonElement e;
    if (o.at_key(key).get(e))
        throw JsonMeaningError((where.empty() ? std::string() : where + ": ") + "no \"" + std::string(key) + "\" field",
                               where);
    return e;
}

std::string_view stringOr(JsonObject o, std::string_view key, std::string_view fallback)
{
    std::string_view s;
    return o.at_key(key).get(s) ? fallback : s;
}

double numberOr(JsonObject o, std::string_view key, double fallback)
{
    double v = 0;
    return o.at_key(key).get(v) ? fallback : v;
}

bool isNull(JsonElement e)
{
    return e.is_null();
}

int32_t oneBased(double value)
{
    return value >= 1 && value < 2147483647.0 ? int32_t(value) : 0;
}

std::string firefoxProduct(JsonObject profile)
{
    JsonObject meta;
    if (profile.at_key("meta").get(meta))
        return "Firefox";
    std::string product(stringOr(meta, "product", "Firefox"));
    std::string_view misc = stringOr(meta, "misc", "");
    if (misc.starts_with("rv:")) {
        misc.remove_prefix(3);
        misc = misc.substr(0, misc.find('.'));
        if (!misc.empty())
            product += " " + std::string(misc);
    }
    return product;
}

void checkCancel(const TaskControl* control, double fraction)
{
    if (!control)
        return;
    if (control->isCancelled())
        throw JsonReadCancelled();
    control->report(fraction);
}

size_t chooseProfile(const std::vector<ProfileSummary>& list, const std::vector<size_t>& weight, int requested)
{
    if (list.empty())
        throw JsonMeaningError("the file holds no profile with samples", std::string());
    if (requested >= 0) {
        if (size_t(requested) >= list.size())
            throw JsonMeaningError("there is no profile " + std::to_string(requested) + ": the file holds "
                                       + std::to_string(list.size()),
                                   std::string());
        return size_t(requested);
    }
    size_t best = 0;
    for (size_t i = 1; i < list.size(); ++i) {
        if (weight[i] > weight[best])
            best = i;
    }
    return best;
}

LoadResult formatFailure(const std::string& file, std::string_view format, const std::string& problem,
                         const std::string& where)
{
    return loadFailure(file, std::string(format) + ": " + problem, where);
}

} // namespace xsprof::readers
