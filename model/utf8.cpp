#include "utf8.h"

#include <cstring>

namespace xsprof::utf8 {

void append(std::string& out, uint32_t cp)
{
    if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF))
        cp = 0xFFFD;
    if (cp < 0x80) {
        out += char(cp);
    } else if (cp < 0x800) {
        out += char(0xC0 | (cp >> 6));
        out += char(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        out += char(0xE0 | (cp >> 12));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    } else {
        out += char(0xF0 | (cp >> 18));
        out += char(0x80 | ((cp >> 12) & 0x3F));
        out += char(0x80 | ((cp >> 6) & 0x3F));
        out += char(0x80 | (cp & 0x3F));
    }
}

size_t sequenceLength(const unsigned char* s, size_t available)
{
    if (available == 0)
        return 0;
    const unsigned char c = s[0];
    if (c < 0x80)
        return 1;
    size_t len;
    unsigned char lo = 0x80, hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3;
        if (c == 0xE0)
            lo = 0xA0;
        if (c == 0xED)
            hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4;
        if (c == 0xF0)
            lo = 0x90;
        if (c == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (available < len || s[1] < lo || s[1] > hi)
        return 0;
    for (size_t k = 2; k < len; ++k) {
        if (s[k] < 0x80 || s[k] > 0xBF)
            return 0;
    }
    return len;
}

size_t validRunEnd(std::string_view s, size_t from)
{
    const auto* bytes = reinterpret_cast<const unsigned char*>(s.data());
    size_t i = from;
    while (i < s.size()) {
        if (i + 8 <= s.size()) {
            uint64_t word;
            std::memcpy(&word, bytes + i, 8);
            if ((word & 0x8080808080808080ull) == 0) {
                i += 8;
                continue;
            }
        }
        const size_t len = sequenceLength(bytes + i, s.size() - i);
        if (len == 0)
            break;
        i += len;
    }
    return i;
}

} // namespace xsprof::utf8
