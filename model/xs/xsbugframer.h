#pragma once
// Cuts the machine -> front-end byte stream into <xsbug>...</xsbug> payloads, incrementally:
// bytes in, split anywhere, whole payloads out (xsbug-protocol.md §2.2, §2.7).
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

class XsbugFramer {
public:
    struct Stats {
        size_t bytesOutsideMessages = 0;   // neither framing nor a payload (CR LF excluded)
        size_t processingInstructions = 0; // <?xs.ID?> markers, ignored
        size_t partialMessagesDropped = 0; // a new <xsbug> before the close
    };

    explicit XsbugFramer(size_t maxMessageBytes = 64u << 20, size_t maxBytesOutsideMessages = 1u << 20);

    // Appends bytes and returns the payloads completed by them. Returns false (and stops)
    // once a message grows past the bound, or when too many bytes arrive outside any
    // message (not the xsbug protocol); error() then says so.
    bool feed(std::string_view bytes, std::vector<std::string>& payloads);
    const std::string& error() const { return m_error; }
    const Stats& stats() const { return m_stats; }

private:
    size_t m_maxMessageBytes;
    size_t m_maxBytesOutside;
    std::string m_buffer; // inside a message: the payload so far; outside: a possible tag start
    bool m_inMessage = false;
    size_t m_scanFrom = 0;
    std::string m_error;
    Stats m_stats;
};

} // namespace xsprof
