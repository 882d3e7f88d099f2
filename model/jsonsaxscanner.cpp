#include "jsonsaxscanner.h"

#include "utf8.h"

namespace xsprof {

namespace {

int hexValue(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

} // namespace

bool JsonSaxScanner::appendEscape(std::string& out)
{
    // m_pos is at the backslash
    if (!ensure(2))
        return fail("unexpected end of input in a string");
    const char e = m_buffer[m_pos + 1];
    m_pos += 2;
    switch (e) {
    case '"': out += '"'; return true;
    case '\\': out += '\\'; return true;
    case '/': out += '/'; return true;
    case 'b': out += '\b'; return true;
    case 'f': out += '\f'; return true;
    case 'n': out += '\n'; return true;
    case 'r': out += '\r'; return true;
    case 't': out += '\t'; return true;
    case 'u': break;
    default: m_pos -= 1; return fail("invalid escape in a string");
    }
    auto hex4 = [&](uint32_t& v) {
        if (!ensure(4))
            return fail("unexpected end of input in a \\u escape");
        v = 0;
        for (int k = 0; k < 4; ++k) {
            const int h = hexValue(m_buffer[m_pos + size_t(k)]);
            if (h < 0)
                return fail("invalid \\u escape: four hex digits are expected");
            v = v * 16 + uint32_t(h);
        }
        m_pos += 4;
        return true;
    };
    uint32_t cp = 0;
    if (!hex4(cp))
        return false;
    if (cp >= 0xD800 && cp <= 0xDBFF) {
        if (!ensure(2) || m_buffer[m_pos] != '\\' || m_buffer[m_pos + 1] != 'u')
            return fail("a high surrogate \\u escape must be followed by a low surrogate");
        m_pos += 2;
        uint32_t low = 0;
        if (!hex4(low))
            return false;
        if (low < 0xDC00 || low > 0xDFFF)
            return fail("a high surrogate \\u escape must be followed by a low surrogate");
        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
    } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
        return fail("a low surrogate \\u escape without a high one");
    }
    utf8::append(out, cp);
    return true;
}

bool JsonSaxScanner::scanString(std::string& out)
{
    // m_pos is at the opening quote
    ++m_pos;
    out.clear();
    for (;;) {
        size_t i = m_pos;
        while (i < m_end) {
            const auto c = static_cast<unsigned char>(m_buffer[i]);
            if (c == '"' || c == '\\' || c < 0x20 || c >= 0x80)
                break;
            ++i;
        }
        out.append(m_buffer.data() + m_pos, i - m_pos);
        m_pos = i;
        if (i == m_end) {
            if (!ensure(1))
                return fail("unexpected end of input in a string");
            continue;
        }
        const auto c = static_cast<unsigned char>(m_buffer[i]);
        if (c == '"') {
            ++m_pos;
            return true;
        }
        if (c == '\\') {
            if (!appendEscape(out))
                return false;
            continue;
        }
        if (c < 0x20)
            return fail("a control character must be escaped in a string");
        ensure(4);
        const size_t len = utf8::sequenceLength(reinterpret_cast<const unsigned char*>(m_buffer.data() + m_pos), m_end - m_pos);
        if (len == 0)
            return fail("invalid UTF-8 in a string");
        out.append(m_buffer.data() + m_pos, len);
        m_pos += len;
    }
}

} // namespace xsprof
