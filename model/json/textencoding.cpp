#include "textencoding.h"

namespace xsprof {

size_t utf8BomLength(std::string_view bytes)
{
    return bytes.starts_with("\xEF\xBB\xBF") ? 3 : 0;
}

Utf16Order utf16Order(std::string_view bytes)
{
    if (bytes.starts_with("\xFF\xFE"))
        return Utf16Order::LittleEndian;
    if (bytes.starts_with("\xFE\xFF"))
        return Utf16Order::BigEndian;
    return Utf16Order::None;
}

Utf16Text utf8FromUtf16(std::string_view bytes, Utf16Order order)
{
    Utf16Text out;
    const bool big = order == Utf16Order::BigEndian;
    auto unit = [&](size_t at) {
        const auto hi = uint8_t(bytes[big ? at : at + 1]), lo = uint8_t(bytes[big ? at + 1 : at]);
        return uint32_t(hi << 8 | lo);
    };
    if (bytes.size() % 2) {
        out.problem = "UTF-16 text of an odd number of bytes";
        out.where = bytes.size() - 1;
        return out;
    }
    std::string text;
    text.reserve(bytes.size() / 2 * 3 / 2);
    for (size_t i = 2; i < bytes.size(); i += 2) {
        uint32_t c = unit(i);
        if (c >= 0xDC00 && c < 0xE000) {
            out.problem = "a UTF-16 low surrogate without its high one";
            out.where = i;
            return out;
        }
        if (c >= 0xD800 && c < 0xDC00) {
            const uint32_t low = i + 2 < bytes.size() ? unit(i + 2) : 0;
            if (low < 0xDC00 || low >= 0xE000) {
                out.problem = "a UTF-16 high surrogate without its low one";
                out.where = i;
                return out;
            }
            c = 0x10000 + ((c - 0xD800) << 10) + (low - 0xDC00);
            i += 2;
        }
        if (c < 0x80) {
            text += char(c);
        } else if (c < 0x800) {
            text += char(0xC0 | c >> 6);
            text += char(0x80 | (c & 0x3F));
        } else if (c < 0x10000) {
            text += char(0xE0 | c >> 12);
            text += char(0x80 | (c >> 6 & 0x3F));
            text += char(0x80 | (c & 0x3F));
        } else {
            text += char(0xF0 | c >> 18);
            text += char(0x80 | (c >> 12 & 0x3F));
            text += char(0x80 | (c >> 6 & 0x3F));
            text += char(0x80 | (c & 0x3F));
        }
    }
    out.utf8.emplace(text);
    return out;
}

} // namespace xsprof
