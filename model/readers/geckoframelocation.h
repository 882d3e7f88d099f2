#pragma once
// A Gecko frame's location string read as the Firefox Profiler reads it: JavaScript frames
// are "name (url:line[:column])[source]" or "url:line[:column][source]"; anything else
// (native code, C++ labels, JIT addresses) is not a JavaScript function.
#include <cstdint>
#include <optional>
#include <string_view>

namespace xsprof::readers {

struct GeckoJsLocation {
    std::string_view name; // empty for "url:line:col"
    std::string_view url;
    int32_t line = 0;   // 1-based as written
    int32_t column = 0; // 0 when absent
};

std::optional<GeckoJsLocation> parseGeckoJsLocation(std::string_view location);

} // namespace xsprof::readers
