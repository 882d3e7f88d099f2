#include "stringtable.h"

#include <functional>

namespace xsprof {

StringTable::StringTable()
{
    intern({});
}

StringId StringTable::intern(std::string_view text)
{
    const uint64_t h = std::hash<std::string_view>{}(text);
    const uint32_t hash = uint32_t(h ^ (h >> 32));
    if (const auto found = m_index.find(hash, [&](uint32_t id) { return m_strings[id] == text; }))
        return StringId(*found);
    const StringId id(static_cast<uint32_t>(m_strings.size()));
    m_strings.emplace_back(text);
    m_index.insert(hash, id.value);
    return id;
}

} // namespace xsprof
