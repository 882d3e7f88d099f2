#include "geckoframelocation.h"

#include <charconv>

namespace xsprof::readers {

namespace {

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

// Digits ending at `end` (exclusive): where they begin, or npos when there are none.
size_t digitsBefore(std::string_view s, size_t end)
{
    size_t i = end;
    while (i > 0 && isDigit(s[i - 1]))
        --i;
    return i == end ? std::string_view::npos : i;
}

// Digits only; 0 beyond INT32_MAX.
int32_t toInt(std::string_view digits)
{
    int32_t v = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    return error == std::errc() ? v : 0;
}

// "url:line[:col]" with a non-empty url; the shortest url wins (the longest suffix).
std::optional<GeckoJsLocation> parseUrlLineColumn(std::string_view s)
{
    const size_t last = digitsBefore(s, s.size());
    if (last == std::string_view::npos || last == 0 || s[last - 1] != ':')
        return std::nullopt;
    GeckoJsLocation l;
    const size_t before = digitsBefore(s, last - 1);
    if (before != std::string_view::npos && before >= 2 && s[before - 1] == ':') {
        l.url = s.substr(0, before - 1);
        l.line = toInt(s.substr(before, last - 1 - before));
        l.column = toInt(s.substr(last));
        return l;
    }
    if (last - 1 == 0)
        return std::nullopt;
    l.url = s.substr(0, last - 1);
    l.line = toInt(s.substr(last));
    return l;
}

} // namespace

std::optional<GeckoJsLocation> parseGeckoJsLocation(std::string_view s)
{
    // An optional "[source index]" suffix.
    if (s.ends_with(']')) {
        const size_t open = digitsBefore(s, s.size() - 1);
        if (open != std::string_view::npos && open > 0 && s[open - 1] == '[')
            s = s.substr(0, open - 1);
    }
    if (s.ends_with(')')) {
        // "name (url:line:col)": the last " (" whose inside reads url:line[:col] (a greedy name).
        const std::string_view inner = s.substr(0, s.size() - 1);
        size_t at = inner.size();
        while (at > 0 && (at = inner.rfind(" (", at - 1)) != std::string_view::npos) {
            if (auto l = parseUrlLineColumn(inner.substr(at + 2))) {
                l->name = s.substr(0, at);
                return l;
            }
            if (at == 0)
                break;
        }
    }
    return parseUrlLineColumn(s);
}

} // namespace xsprof::readers
