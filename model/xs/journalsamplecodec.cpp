#include "model/xs/journalsamplecodec.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <cstring>

namespace xsprof {

namespace {

// Splits `text` at `separator` into `parts` (empty parts kept).
void split(std::string_view text, char separator, std::vector<std::string_view>& parts)
{
    parts.clear();
    size_t begin = 0;
    while (true) {
        const size_t end = text.find(separator, begin);
        if (end == std::string_view::npos) {
            parts.push_back(text.substr(begin));
            return;
        }
        parts.push_back(text.substr(begin, end - begin));
        begin = end + 1;
    }
}

// The number of bytes `a` and `b` end with in common, compared eight at a time.
size_t commonTail(std::string_view a, std::string_view b)
{
    const size_t most = std::min(a.size(), b.size());
    size_t n = 0;
    while (n + 8 <= most) {
        uint64_t x, y;
        std::memcpy(&x, a.data() + a.size() - n - 8, 8);
        std::memcpy(&y, b.data() + b.size() - n - 8, 8);
        if (x != y)
            break;
        n += 8;
    }
    while (n < most && a[a.size() - 1 - n] == b[b.size() - 1 - n])
        ++n;
    return n;
}

} // namespace

void JournalSampleCodec::reset()
{
    m_previous.clear();
    m_previousHasIds = false;
    m_ids.clear();
}

void JournalSampleCodec::remember(const std::vector<std::string_view>& ids)
{
    m_scratchText.clear();
    for (size_t i = 0; i < ids.size(); ++i) {
        if (i)
            m_scratchText += ',';
        m_scratchText += ids[i];
    }
    m_previous.swap(m_scratchText);
    split(m_previous, ',', m_ids);
    if (ids.empty())
        m_ids.clear();
}

bool JournalSampleCodec::encode(std::string_view text, std::string& out)
{
    if (text.find('~') != std::string_view::npos)
        return false;
    size_t begin = 0;
    bool first = true;
    while (begin <= text.size()) {
        size_t end = text.find('.', begin);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view sample = text.substr(begin, end - begin);
        if (!first)
            out += '.';
        first = false;
        const size_t comma = sample.find(',');
        out += sample.substr(0, comma); // the delta
        if (comma == std::string_view::npos) {
            m_previous.clear();
            m_previousHasIds = false;
            begin = end + 1;
            continue;
        }
        const std::string_view ids = sample.substr(comma + 1);
        const std::string_view previous = m_previousHasIds ? std::string_view(m_previous) : std::string_view();
        // The longest common tail in bytes, then cut back to where an id starts in both.
        size_t n = commonTail(ids, previous);
        while (n > 0) {
            const size_t at = ids.size() - n, previousAt = previous.size() - n;
            if ((at == 0 || ids[at - 1] == ',') && (previousAt == 0 || previous[previousAt - 1] == ','))
                break;
            const size_t next = ids.find(',', at);
            n = next == std::string_view::npos ? 0 : ids.size() - (next + 1);
        }
        const size_t shared =
            n > 0 ? 1 + size_t(std::count(ids.end() - std::ptrdiff_t(n), ids.end(), ',')) : 0;
        const size_t headBytes = ids.size() - n;
        if (shared == 0) {
            out += ',';
            out += ids;
        } else {
            if (headBytes > 0) {
                out += ',';
                out += ids.substr(0, headBytes - 1); // without the comma before the shared tail
            }
            out += ",~";
            out += std::to_string(shared);
        }
        m_previous.assign(ids);
        m_previousHasIds = true;
        begin = end + 1;
    }
    return true;
}

bool JournalSampleCodec::decode(std::string_view compact, std::string& out)
{
    size_t begin = 0;
    bool first = true;
    std::vector<std::string_view> fields;
    std::vector<std::string_view> ids;
    while (begin <= compact.size()) {
        size_t end = compact.find('.', begin);
        if (end == std::string_view::npos)
            end = compact.size();
        split(compact.substr(begin, end - begin), ',', fields);
        size_t shared = 0;
        size_t head = fields.size();
        if (fields.size() >= 2 && fields.back().size() >= 2 && fields.back()[0] == '~') {
            const std::string_view digits = fields.back().substr(1);
            const auto [at, error] = std::from_chars(digits.data(), digits.data() + digits.size(), shared);
            if (error != std::errc() || at != digits.data() + digits.size() || shared == 0 || shared > m_ids.size())
                return false;
            --head;
        } else if (!fields.empty() && fields.back().find('~') != std::string_view::npos) {
            return false;
        }
        ids.assign(fields.begin() + 1, fields.begin() + std::max<size_t>(head, 1));
        ids.insert(ids.end(), m_ids.end() - std::ptrdiff_t(shared), m_ids.end());
        if (!first)
            out += '.';
        first = false;
        out += fields.front();
        // A sample with no ids had no comma at all: keep it so.
        for (const std::string_view id : ids) {
            out += ',';
            out += id;
        }
        // ids may view m_previous: remember() copies before replacing it.
        remember(ids);
        begin = end + 1;
    }
    return true;
}

} // namespace xsprof
