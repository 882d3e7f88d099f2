#include "stringtable.h"

namespace xsprof {

StringTable::StringTable()
{
    intern({});
}

StringTable::StringTable(const StringTable& other) : m_strings(other.m_strings)
{
    rebuildIndex();
}

StringTable& StringTable::operator=(const StringTable& other)
{
    if (this != &other) {
        m_strings = other.m_strings;
        rebuildIndex();
    }
    return *this;
}

void StringTable::rebuildIndex()
{
    m_index.clear();
    m_index.reserve(m_strings.size());
    for (uint32_t i = 0; i < m_strings.size(); ++i)
        m_index.emplace(m_strings[i], StringId(i));
}

StringId StringTable::intern(std::string_view text)
{
    if (auto it = m_index.find(text); it != m_index.end())
        return it->second;
    const StringId id(static_cast<uint32_t>(m_strings.size()));
    const std::string& stored = m_strings.emplace_back(text);
    m_index.emplace(std::string_view(stored), id);
    return id;
}

} // namespace xsprof
