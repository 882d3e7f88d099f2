#include "model/xs/xsbugframer.h"

namespace xsprof {

namespace {
constexpr std::string_view openTag = "<xsbug>";
constexpr std::string_view closeTag = "</xsbug>";
} // namespace

XsbugFramer::XsbugFramer(size_t maxMessageBytes, size_t maxBytesOutsideMessages)
    : m_maxMessageBytes(maxMessageBytes), m_maxBytesOutside(maxBytesOutsideMessages)
{
}

bool XsbugFramer::feed(std::string_view bytes, std::vector<std::string>& payloads)
{
    if (!m_error.empty())
        return false;
    m_buffer.append(bytes);
    // Offsets, not erases, while scanning: one read can bring thousands of messages.
    size_t base = 0; // in a message: where its payload starts; outside: first unconsumed byte
    size_t pos = m_inMessage ? m_scanFrom : 0;
    while (pos < m_buffer.size()) {
        if (!m_inMessage) {
            const size_t lt = m_buffer.find('<', pos);
            for (size_t i = pos; i < (lt == std::string::npos ? m_buffer.size() : lt); ++i)
                m_stats.bytesOutsideMessages += m_buffer[i] != '\r' && m_buffer[i] != '\n';
            if (lt == std::string::npos) {
                pos = m_buffer.size();
                break;
            }
            const std::string_view rest = std::string_view(m_buffer).substr(lt);
            if (rest.starts_with("<?")) {
                // <?xs.XXXXXXXX?> and friends are short; anything longer is not one.
                constexpr size_t maxInstruction = 64;
                const size_t end = rest.substr(0, maxInstruction).find("?>");
                if (end != std::string_view::npos) {
                    ++m_stats.processingInstructions;
                    pos = lt + end + 2;
                    continue;
                }
                if (rest.size() < maxInstruction) {
                    pos = lt;
                    break; // wait for the rest of the instruction
                }
            }
            if (rest.size() < openTag.size() && openTag.starts_with(rest)) {
                pos = lt;
                break; // maybe the start of <xsbug>
            }
            if (rest.starts_with(openTag)) {
                m_inMessage = true;
                base = pos = lt + openTag.size();
                continue;
            }
            ++m_stats.bytesOutsideMessages;
            pos = lt + 1;
            continue;
        }
        // Inside a message: look for the close, or a new open that abandons this one, in one
        // pass over the '<'s (a payload has one per element).
        const std::string_view buffer(m_buffer);
        size_t close = std::string::npos, reopen = std::string::npos;
        for (size_t lt = buffer.find('<', pos); lt != std::string::npos; lt = buffer.find('<', lt + 1)) {
            const char next = lt + 1 < buffer.size() ? buffer[lt + 1] : '\0';
            if (next == '/' && buffer.substr(lt).starts_with(closeTag)) {
                close = lt;
                break;
            }
            if (next == 'x' && buffer.substr(lt).starts_with(openTag)) {
                reopen = lt;
                break;
            }
        }
        if (reopen != std::string::npos) {
            ++m_stats.partialMessagesDropped;
            base = pos = reopen + openTag.size();
            continue;
        }
        if (close == std::string::npos) {
            // Rescan only the tail that could begin the close tag.
            pos = std::max(base, m_buffer.size() >= closeTag.size() ? m_buffer.size() - closeTag.size() + 1 : 0);
            break;
        }
        payloads.emplace_back(m_buffer, base, close - base);
        m_inMessage = false;
        base = pos = close + closeTag.size();
    }
    if (m_inMessage) {
        m_buffer.erase(0, base);
        m_scanFrom = pos - base;
        if (m_buffer.size() > m_maxMessageBytes) {
            m_error = "a message is larger than " + std::to_string(m_maxMessageBytes) + " bytes";
            return false;
        }
    } else {
        m_buffer.erase(0, pos);
    }
    if (m_stats.bytesOutsideMessages > m_maxBytesOutside) {
        m_error = std::to_string(m_stats.bytesOutsideMessages) +
                  " bytes outside any <xsbug> message: this is not the xsbug protocol";
        return false;
    }
    return true;
}

} // namespace xsprof
