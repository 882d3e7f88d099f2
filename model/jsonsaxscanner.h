#pragma once
// A strict, streaming JSON scanner that drives a handler with nlohmann's SAX interface
// (null, boolean, number_integer, number_unsigned, number_float, string, key,
// start_object, end_object, start_array, end_array). It exists for speed: it scans
// contiguous chunks without copying every character into a token buffer. nlohmann's own
// parser drives the same handler in tests, and both must agree on every input.
#include "chunkedinputbuffer.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

namespace xsprof {

class JsonSaxScanner {
public:
    explicit JsonSaxScanner(ChunkedInputBuffer& input) : m_input(input), m_buffer(chunkSize + slack) {}

    // Byte offset of the next unread character.
    size_t offset() const { return m_base + m_pos; }
    // On a syntax error: what and where (byte offset of the offending character).
    const std::string& error() const { return m_error; }
    size_t errorOffset() const { return m_errorOffset; }

    template <typename Sax>
    bool parse(Sax& sax);

private:
    static constexpr size_t chunkSize = 256 << 10;
    static constexpr size_t slack = 64;

    // Makes at least `n` bytes available when the input has them; false at end of input.
    bool ensure(size_t n)
    {
        if (m_end - m_pos >= n)
            return true;
        if (m_eof)
            return false;
        const size_t keep = m_end - m_pos;
        std::memmove(m_buffer.data(), m_buffer.data() + m_pos, keep);
        m_base += m_pos;
        m_pos = 0;
        m_end = keep;
        while (m_end < n && !m_eof) {
            const std::streamsize got = m_input.sgetn(m_buffer.data() + m_end, std::streamsize(m_buffer.size() - m_end));
            if (got <= 0)
                m_eof = true;
            else
                m_end += size_t(got);
        }
        return m_end - m_pos >= n;
    }
    bool peek(char& c)
    {
        if (!ensure(1))
            return false;
        c = m_buffer[m_pos];
        return true;
    }
    bool fail(const char* what)
    {
        if (m_error.empty()) {
            m_error = what;
            m_errorOffset = offset();
        }
        return false;
    }
    bool skipSpace()
    {
        for (;;) {
            while (m_pos < m_end) {
                const char c = m_buffer[m_pos];
                if (c != ' ' && c != '\n' && c != '\r' && c != '\t')
                    return true;
                ++m_pos;
            }
            if (!ensure(1))
                return false;
        }
    }
    bool literal(const char* word, size_t length)
    {
        if (!ensure(length) || std::memcmp(m_buffer.data() + m_pos, word, length) != 0)
            return fail("invalid literal");
        m_pos += length;
        return true;
    }
    bool scanString(std::string& out);
    // At a key: the string, then ':' (spaces allowed between).
    bool scanKey(std::string& out)
    {
        if (m_buffer[m_pos] != '"')
            return fail("an object key (a string) is expected");
        if (!scanString(out))
            return false;
        if (!skipSpace())
            return fail("unexpected end of input");
        if (m_buffer[m_pos] != ':')
            return fail("':' is expected after an object key");
        ++m_pos;
        return true;
    }
    bool appendEscape(std::string& out);
    template <typename Sax>
    bool scanNumber(Sax& sax);

    ChunkedInputBuffer& m_input;
    std::vector<char> m_buffer;
    size_t m_pos = 0, m_end = 0, m_base = 0;
    bool m_eof = false;
    std::string m_error;
    size_t m_errorOffset = 0;
    std::string m_text;
};

template <typename Sax>
bool JsonSaxScanner::scanNumber(Sax& sax)
{
    // JSON numbers: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    ensure(slack);
    m_text.clear();
    size_t i = m_pos;
    auto digitAt = [&](size_t k) { return k < m_end && m_buffer[k] >= '0' && m_buffer[k] <= '9'; };
    auto grow = [&](size_t& k) {
        // A number longer than the look-ahead: move it into m_text and continue in a new chunk.
        if (k < m_end)
            return;
        m_text.append(m_buffer.data() + m_pos, k - m_pos);
        m_pos = k;
        ensure(slack);
        k = m_pos;
    };
    const bool negative = i < m_end && m_buffer[i] == '-';
    if (negative)
        ++i;
    if (!digitAt(i))
        return fail("invalid number: a digit is expected");
    bool isInteger = true;
    if (m_buffer[i] == '0') {
        ++i;
    } else {
        while (digitAt(i)) {
            ++i;
            grow(i);
        }
    }
    grow(i);
    if (i < m_end && m_buffer[i] == '.') {
        isInteger = false;
        ++i;
        grow(i);
        if (!digitAt(i))
            return fail("invalid number: a digit is expected after '.'");
        while (digitAt(i)) {
            ++i;
            grow(i);
        }
    }
    if (i < m_end && (m_buffer[i] == 'e' || m_buffer[i] == 'E')) {
        isInteger = false;
        ++i;
        grow(i);
        if (i < m_end && (m_buffer[i] == '+' || m_buffer[i] == '-'))
            ++i;
        grow(i);
        if (!digitAt(i))
            return fail("invalid number: a digit is expected in the exponent");
        while (digitAt(i)) {
            ++i;
            grow(i);
        }
    }
    const char* begin = m_buffer.data() + m_pos;
    const char* end = m_buffer.data() + i;
    if (!m_text.empty()) {
        m_text.append(begin, end);
        begin = m_text.data();
        end = m_text.data() + m_text.size();
    }
    m_pos = i;
    if (isInteger) {
        if (negative) {
            int64_t v = 0;
            if (std::from_chars(begin, end, v).ec == std::errc())
                return sax.number_integer(v);
        } else {
            uint64_t v = 0;
            if (std::from_chars(begin, end, v).ec == std::errc())
                return sax.number_unsigned(v);
        }
    }
    double d = 0;
    const auto r = std::from_chars(begin, end, d);
    if (r.ec == std::errc::result_out_of_range) {
        // Like nlohmann: a magnitude beyond double is an error, an underflow is (almost) 0.
        d = std::strtod(std::string(begin, end).c_str(), nullptr);
        if (!std::isfinite(d))
            return fail("number overflow");
    } else if (r.ec != std::errc()) {
        return fail("invalid number");
    }
    return sax.number_float(d, m_text);
}

template <typename Sax>
bool JsonSaxScanner::parse(Sax& sax)
{
    // true = inside an array, false = inside an object
    std::vector<bool> stack;
    std::string text;
    bool expectValue = true; // a value (or a key in an object) comes next
    for (;;) {
        if (!skipSpace()) {
            if (stack.empty() && !expectValue)
                return true;
            return fail(stack.empty() && expectValue && offset() == 0 ? "the input is empty"
                                                                      : "unexpected end of input");
        }
        if (!expectValue) {
            if (stack.empty())
                return fail("unexpected characters after the JSON value");
            const char c = m_buffer[m_pos];
            if (c == ',') {
                ++m_pos;
                if (!stack.back()) {
                    if (!skipSpace())
                        return fail("unexpected end of input");
                    if (!scanKey(text) || !sax.key(text))
                        return false;
                }
                expectValue = true;
                continue;
            }
            if (c == (stack.back() ? ']' : '}')) {
                ++m_pos;
                const bool wasArray = stack.back();
                stack.pop_back();
                if (!(wasArray ? sax.end_array() : sax.end_object()))
                    return false;
                continue;
            }
            return fail(stack.back() ? "',' or ']' is expected" : "',' or '}' is expected");
        }
        const char c = m_buffer[m_pos];
        switch (c) {
        case '{':
        case '[': {
            ++m_pos;
            const bool isArray = c == '[';
            if (!(isArray ? sax.start_array(size_t(-1)) : sax.start_object(size_t(-1))))
                return false;
            stack.push_back(isArray);
            if (!skipSpace())
                return fail("unexpected end of input");
            if (m_buffer[m_pos] == (isArray ? ']' : '}')) {
                ++m_pos;
                stack.pop_back();
                if (!(isArray ? sax.end_array() : sax.end_object()))
                    return false;
                expectValue = false;
                continue;
            }
            if (!isArray && (!scanKey(text) || !sax.key(text)))
                return false;
            continue; // expectValue stays true
        }
        case '"':
            if (!scanString(text))
                return false;
            if (!sax.string(text))
                return false;
            break;
        case 't':
            if (!literal("true", 4) || !sax.boolean(true))
                return false;
            break;
        case 'f':
            if (!literal("false", 5) || !sax.boolean(false))
                return false;
            break;
        case 'n':
            if (!literal("null", 4) || !sax.null())
                return false;
            break;
        default:
            if (c == '-' || (c >= '0' && c <= '9')) {
                if (!scanNumber(sax))
                    return false;
                break;
            }
            return fail(c == ']' || c == '}' ? "a value is expected" : "invalid character: a value is expected");
        }
        expectValue = false;
    }
}

} // namespace xsprof
