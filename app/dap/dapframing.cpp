#include "dapframing.h"

#include <algorithm>
#include <cctype>
#include <charconv>

namespace {

constexpr std::string_view lengthHeader = "content-length:";

bool startsWithNoCase(std::string_view text, std::string_view prefix)
{
    if (text.size() < prefix.size())
        return false;
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        if (std::tolower(static_cast<unsigned char>(text[i])) != prefix[i])
            return false;
    }
    return true;
}

// nlohmann's lexer takes a NUL byte for the end of the input: JSON holds none (a string's
// control characters are escaped), so a body with one is not JSON, whatever precedes it.
nlohmann::json parseJson(std::string_view text)
{
    if (text.find('\0') != std::string_view::npos)
        return nlohmann::json::value_t::discarded;
    return nlohmann::json::parse(text, nullptr, false);
}

// Where and why nlohmann's parser fails, for the message (bad input is rare: parsed twice).
std::string parseErrorOf(std::string_view text)
{
    try {
        const nlohmann::json ignored = nlohmann::json::parse(text);
        static_cast<void>(ignored);
    } catch (const nlohmann::json::exception& e) {
        return e.what();
    }
    return "unknown";
}

std::size_t findNoCase(std::string_view text, std::string_view lowerNeedle, std::size_t from)
{
    for (std::size_t i = from; i + lowerNeedle.size() <= text.size(); ++i) {
        if (startsWithNoCase(text.substr(i), lowerNeedle))
            return i;
    }
    return std::string_view::npos;
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t'))
        text.remove_suffix(1);
    return text;
}

// At most 40 bytes of hostile text, printable ASCII kept, the rest as '?'.
std::string quoted(std::string_view text)
{
    std::string out = "\"";
    for (std::size_t i = 0; i < text.size() && i < 40; ++i) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        out += (c >= 0x20 && c < 0x7f) ? char(c) : '?';
    }
    if (text.size() > 40)
        out += "...";
    return out + "\"";
}

} // namespace

void DapFraming::feed(std::string_view bytes)
{
    m_buffer.append(bytes);
    parse();
}

bool DapFraming::next(Item& item)
{
    if (m_ready.empty())
        return false;
    item = std::move(m_ready.front());
    m_ready.pop_front();
    return true;
}

std::string DapFraming::encode(const nlohmann::json& body)
{
    // Invalid UTF-8 from a machine (names are not escaped, xsbug-protocol.md §2.4) is replaced,
    // never thrown.
    const std::string text = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    return "Content-Length: " + std::to_string(text.size()) + "\r\n\r\n" + text;
}

void DapFraming::parse()
{
    while (parseOne()) {
    }
    compact();
}

void DapFraming::fail(std::string what, nlohmann::json body)
{
    ++m_count;
    m_ready.push_back(Error{"message " + std::to_string(m_count) + " (byte " + std::to_string(m_consumed + m_start) +
                                "): " + std::move(what),
                            std::move(body)});
}

bool DapFraming::parseOne()
{
    return m_inBody ? parseBody() : parseHeader();
}

bool DapFraming::parseBody()
{
    const std::string_view rest(m_buffer.data() + m_start, m_buffer.size() - m_start);
    if (rest.size() < m_bodyLength) {
        // A length that lies long: a header inside the body, after a whole JSON value.
        const std::size_t from = m_scanned > lengthHeader.size() ? m_scanned - lengthHeader.size() : 0;
        m_scanned = rest.size();
        for (std::size_t at = findNoCase(rest, lengthHeader, from); at != std::string_view::npos;
             at = findNoCase(rest, lengthHeader, at + 1)) {
            nlohmann::json value = parseJson(rest.substr(0, at));
            if (value.is_discarded())
                continue;
            fail("Content-Length " + std::to_string(m_bodyLength) + " is longer than the body: a header follows " +
                     std::to_string(at) + " bytes of JSON",
                 std::move(value));
            m_start += at;
            m_inBody = false;
            return true;
        }
        return false;
    }
    const std::string_view body = rest.substr(0, m_bodyLength);
    nlohmann::json value = parseJson(body);
    if (value.is_discarded()) {
        std::string why = "the body is not JSON";
        if (const std::size_t nul = body.find('\0'); nul != std::string_view::npos)
            why += " (a NUL byte at offset " + std::to_string(nul) + ")";
        else
            why += " (" + parseErrorOf(body) + ")";
        fail(why);
    } else {
        ++m_count;
        m_ready.push_back(std::move(value));
    }
    m_start += m_bodyLength;
    m_inBody = false;
    return true;
}

bool DapFraming::parseHeader()
{
    const std::string_view rest(m_buffer.data() + m_start, m_buffer.size() - m_start);
    if (rest.empty())
        return false;
    const std::size_t at = findNoCase(rest, lengthHeader, 0);
    if (at == std::string_view::npos) {
        if (const std::size_t end = rest.find("\r\n\r\n"); end != std::string_view::npos) {
            fail("a header without Content-Length: " + quoted(rest.substr(0, end)));
            m_start += end + 4;
            return true;
        }
        if (rest.size() > maxHeaderBytes) {
            fail(std::to_string(rest.size()) + " bytes without a Content-Length header");
            m_start = m_buffer.size() - (lengthHeader.size() - 1); // may end with the start of one
            return true;
        }
        return false;
    }
    if (const std::size_t blockEnd = rest.find("\r\n\r\n"); blockEnd != std::string_view::npos && blockEnd < at) {
        fail("a header without Content-Length: " + quoted(rest.substr(0, blockEnd)));
        m_start += blockEnd + 4;
        return true;
    }
    if (at > 0 && rest[at - 1] != '\n') {
        fail(std::to_string(at) + " bytes that are not a DAP header skipped: " + quoted(rest.substr(0, at)));
        m_start += at;
        return true;
    }
    const std::size_t end = rest.find("\r\n\r\n", at);
    if (end == std::string_view::npos) {
        if (rest.size() - at > maxHeaderBytes) {
            fail("no end of header (CR LF CR LF) in " + std::to_string(maxHeaderBytes) + " bytes");
            m_start = m_buffer.size() - (lengthHeader.size() - 1); // may end with the start of a header
            return true;
        }
        return false;
    }
    std::string_view headers = rest.substr(0, end);
    bool found = false;
    std::string problem;
    std::size_t length = 0;
    while (!headers.empty()) {
        const std::size_t eol = headers.find("\r\n");
        const std::string_view line = headers.substr(0, eol);
        headers = eol == std::string_view::npos ? std::string_view() : headers.substr(eol + 2);
        if (!startsWithNoCase(line, lengthHeader))
            continue; // Content-Type and any other header are allowed and ignored
        const std::string_view value = trimmed(line.substr(lengthHeader.size()));
        std::uint64_t parsed = 0;
        const auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
        const bool digits = !value.empty() && ptr == value.data() + value.size();
        if (ec == std::errc::result_out_of_range || (digits && ec == std::errc() && parsed > maxBodyBytes)) {
            problem = "Content-Length " + quoted(value) + " exceeds the limit of " + std::to_string(maxBodyBytes) +
                " bytes";
        } else if (!digits || ec != std::errc()) {
            problem = "Content-Length is not a number: " + quoted(value);
        } else {
            length = std::size_t(parsed);
            found = true;
        }
    }
    if (!found) {
        fail(problem);
        m_start += end + 4;
        return true;
    }
    m_start += end + 4;
    m_bodyLength = length;
    m_scanned = 0;
    m_inBody = true;
    return true;
}

void DapFraming::compact()
{
    if (m_start == 0)
        return;
    if (m_start >= m_buffer.size() || m_start > 65536) {
        m_consumed += m_start;
        m_buffer.erase(0, m_start);
        m_start = 0;
    }
}
