#include "dapmessages.h"

std::optional<DapRequest> DapRequest::parse(const nlohmann::json& message, std::string& error)
{
    if (!message.is_object()) {
        error = std::string("a DAP message must be a JSON object, not ") + message.type_name();
        return std::nullopt;
    }
    const std::optional<std::int64_t> seq = DapJson::integer(message, "seq");
    if (!seq) {
        error = "'seq' is missing or not an integer";
        return std::nullopt;
    }
    const std::string type = DapJson::string(message, "type");
    if (type != "request") {
        error = type.empty() ? "'type' is missing or not a string" : "'type' is \"" + type + "\": the adapter takes requests only";
        return std::nullopt;
    }
    DapRequest request;
    request.seq = *seq;
    request.command = DapJson::string(message, "command");
    if (request.command.empty()) {
        error = "'command' is missing or not a string";
        return std::nullopt;
    }
    if (const auto it = message.find("arguments"); it != message.end() && !it->is_null()) {
        if (!it->is_object()) {
            error = "'arguments' of " + request.command + " must be an object, not " + it->type_name();
            return std::nullopt;
        }
        request.arguments = *it;
    }
    return request;
}

namespace DapJson {

std::string string(const nlohmann::json& object, const char* key, const std::string& fallback)
{
    if (!object.is_object())
        return fallback;
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : fallback;
}

std::optional<std::int64_t> integer(const nlohmann::json& object, const char* key)
{
    if (!object.is_object())
        return std::nullopt;
    const auto it = object.find(key);
    if (it == object.end())
        return std::nullopt;
    if (it->is_number_unsigned()) { // also is_number_integer(): test it first
        const auto value = it->get<std::uint64_t>();
        if (value <= std::uint64_t(INT64_MAX))
            return std::int64_t(value);
        return std::nullopt;
    }
    if (it->is_number_integer())
        return it->get<std::int64_t>();
    return std::nullopt;
}

bool boolean(const nlohmann::json& object, const char* key, bool fallback)
{
    if (!object.is_object())
        return fallback;
    const auto it = object.find(key);
    return it != object.end() && it->is_boolean() ? it->get<bool>() : fallback;
}

const nlohmann::json& object(const nlohmann::json& from, const char* key)
{
    static const nlohmann::json empty = nlohmann::json::object();
    if (!from.is_object())
        return empty;
    const auto it = from.find(key);
    return it != from.end() && it->is_object() ? *it : empty;
}

const nlohmann::json& array(const nlohmann::json& from, const char* key)
{
    static const nlohmann::json empty = nlohmann::json::array();
    if (!from.is_object())
        return empty;
    const auto it = from.find(key);
    return it != from.end() && it->is_array() ? *it : empty;
}

} // namespace DapJson
