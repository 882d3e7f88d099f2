#pragma once
// What a file's first bytes say of its text encoding. JSON is UTF-8; some Windows tools
// start it with a byte order mark (EF BB BF), or write UTF-16 (FF FE, FE FF), which the
// loader transcodes to UTF-8 before reading.
#include "paddedbytes.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace xsprof {

// 3 when `bytes` starts with the UTF-8 byte order mark, else 0.
size_t utf8BomLength(std::string_view bytes);

enum class Utf16Order : uint8_t { None, LittleEndian, BigEndian };
// The byte order `bytes`' UTF-16 byte order mark gives, or None.
Utf16Order utf16Order(std::string_view bytes);

struct Utf16Text {
    std::optional<PaddedBytes> utf8; // the text after the mark, as UTF-8
    std::string problem;             // when it is not UTF-16 after all
    size_t where = 0;                // the byte of the problem
};
// The UTF-16 text of `bytes` (starting with its byte order mark) as UTF-8.
Utf16Text utf8FromUtf16(std::string_view bytes, Utf16Order order);

} // namespace xsprof
