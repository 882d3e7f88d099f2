#pragma once
// The Debug Adapter Protocol's base protocol: each message is a header part of
// "Name: value" lines ending in CR LF, an empty line, then a UTF-8 JSON body of exactly
// Content-Length bytes. DapFraming turns bytes, split anywhere, into bodies; `encode` frames
// one. Plain C++ (no Qt), so the fuzzer drives it alone.
//
// Bad input never ends the stream: a header without a Content-Length, a length that is not a
// number or exceeds maxBodyBytes, a header part that never ends, or a body that is not JSON
// each give one Error naming the message number and byte offset, and reading resumes at the
// next "Content-Length:" header. A length that lies short leaves a body that is not JSON and
// bytes before the next header to skip; one that lies long is seen when a "Content-Length:"
// header arrives inside the body after a whole JSON value: that value comes with the Error
// (so its request can be answered) and reading resumes at the header.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <variant>

class DapFraming {
public:
    static constexpr std::size_t maxBodyBytes = std::size_t(64) << 20;
    static constexpr std::size_t maxHeaderBytes = 8 << 10;

    struct Error {
        std::string message; // "message 3 (byte 120): Content-Length is not a number: \"x\""
        nlohmann::json body; // the JSON framed wrongly, when it parsed; else null
    };
    using Item = std::variant<nlohmann::json, Error>;

    // Appends bytes; whole messages (or errors) become available from next().
    void feed(std::string_view bytes);
    // The next parsed body or error, in order; false when none is ready.
    bool next(Item& item);
    // Bytes held that do not make a whole message yet (what an end of input cuts off).
    std::size_t pendingBytes() const { return m_buffer.size() - m_start; }
    // Messages framed so far (bodies and errors).
    std::uint64_t messageCount() const { return m_count; }

    // One message: "Content-Length: N\r\n\r\n" + the body as compact UTF-8 JSON.
    static std::string encode(const nlohmann::json& body);

private:
    void parse();
    bool parseOne(); // false: needs more bytes
    bool parseHeader();
    bool parseBody();
    void fail(std::string what, nlohmann::json body = {});
    void compact();

    std::string m_buffer;
    std::size_t m_start = 0;     // first unread byte of m_buffer
    std::uint64_t m_consumed = 0; // bytes dropped before m_buffer[0]
    std::uint64_t m_count = 0;
    std::size_t m_bodyLength = 0;
    bool m_inBody = false;
    std::size_t m_scanned = 0; // body bytes already searched for a header (a length that lies long)
    std::deque<Item> m_ready;
};
