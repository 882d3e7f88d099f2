#include "stringtable.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <functional>

namespace xsprof {

StringTable::StringTable() : m_strings(std::make_unique<std::deque<std::string>>())
{
    internUncached({});
}

namespace {
// 8 bytes of `text` from `at` (at most size - 8), or all of a shorter text.
uint64_t eightBytesAt(std::string_view text, size_t at)
{
    uint64_t v = 0;
    std::memcpy(&v, text.data() + at, std::min<size_t>(8, text.size()));
    return v;
}

// A slot from the length and the first, middle and last 8 bytes: cheap, and what tells
// apart the names and URLs of one profile (long shared URL prefixes included).
size_t recentSlotOf(std::string_view text, size_t slots)
{
    const size_t n = text.size();
    if (n == 0)
        return 0;
    const size_t last = n > 8 ? n - 8 : 0;
    uint64_t h = eightBytesAt(text, 0) * 0x9E3779B97F4A7C15ull;
    h ^= eightBytesAt(text, last / 2) * 0xC2B2AE3D27D4EB4Full;
    h ^= eightBytesAt(text, last) * 0x165667B19E3779F9ull;
    h ^= n * 0xFF51AFD7ED558CCDull;
    return size_t(h >> 40) & (slots - 1);
}
} // namespace

StringTable::StringTable(const StringTable& other)
    : m_strings(std::make_unique<std::deque<std::string>>(other.m_strings ? *other.m_strings : std::deque<std::string>{})),
      m_index(other.m_index)
{
    if (m_strings->empty())
        internUncached({}); // copied from a table moved from
}

StringTable& StringTable::operator=(const StringTable& other)
{
    if (this != &other) {
        *this = StringTable(other);
    }
    return *this;
}

void StringTable::growRecent()
{
    const size_t slots = std::clamp(std::bit_ceil(4 * size()), minRecentSlots, maxRecentSlots);
    m_recent.assign(slots, Recent{}); // the slots depend on the size: start again
}

StringId StringTable::intern(std::string_view text)
{
    if (m_recent.size() < maxRecentSlots && size() >= m_recent.size() / 2) {
        if (!m_strings) // moved from
            *this = StringTable();
        growRecent();
    }
    Recent& recent = m_recent[recentSlotOf(text, m_recent.size())];
    if (recent.id != noString && recent.size == text.size() &&
        (text.empty() || std::memcmp(recent.text, text.data(), text.size()) == 0))
        return StringId(recent.id);
    const StringId id = internUncached(text);
    const std::string& stored = (*m_strings)[id.value];
    if (stored.size() < noString)
        recent = {stored.data(), uint32_t(stored.size()), id.value};
    return id;
}

StringId StringTable::internUncached(std::string_view text)
{
    const uint64_t h = std::hash<std::string_view>{}(text);
    const uint32_t hash = uint32_t(h ^ (h >> 32));
    std::deque<std::string>& strings = *m_strings;
    if (const auto found = m_index.find(hash, [&](uint32_t id) { return strings[id] == text; }))
        return StringId(*found);
    const StringId id(static_cast<uint32_t>(strings.size()));
    strings.emplace_back(text);
    m_index.insert(hash, id.value);
    return id;
}

} // namespace xsprof
