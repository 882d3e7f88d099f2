#pragma once
// DAP messages as JSON (nlohmann::json: the adapter builds and reads nested objects whose
// shapes the specification fixes; typed access with defaults, no exceptions on a missing or
// mistyped field, and one library for framing, the fuzzer and the tests).
//
// DapRequest::parse checks what every request must have ("type": "request", an integer
// "seq", a string "command", "arguments" an object when present) and says what is wrong.
// The readers (string, integer, boolean, object) never throw: a field of the wrong type reads
// as absent, and `problem` (when given) names it.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string>

struct DapRequest {
    std::int64_t seq = 0;
    std::string command;
    nlohmann::json arguments = nlohmann::json::object();

    // The request, or nothing with `error` set ("'command' is missing or not a string").
    static std::optional<DapRequest> parse(const nlohmann::json& message, std::string& error);
};

namespace DapJson {

// `object[key]` when it is a string (numbers are not strings); else `fallback`.
std::string string(const nlohmann::json& object, const char* key, const std::string& fallback = {});
std::optional<std::int64_t> integer(const nlohmann::json& object, const char* key);
bool boolean(const nlohmann::json& object, const char* key, bool fallback = false);
// object[key] when it is an object (else an empty object).
const nlohmann::json& object(const nlohmann::json& from, const char* key);
// object[key] when it is an array (else an empty array).
const nlohmann::json& array(const nlohmann::json& from, const char* key);

} // namespace DapJson
