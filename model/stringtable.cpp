#include "stringtable.h"

#include <functional>

namespace xsprof {

StringTable::StringTable()
{
    intern({});
}

StringTable::StringTable(const StringTable& other) : m_strings(other.m_strings), m_slots(other.m_slots) {}

StringTable& StringTable::operator=(const StringTable& other)
{
    if (this != &other) {
        m_strings = other.m_strings;
        m_slots = other.m_slots; // the ids are the same, so is the index
    }
    return *this;
}

uint32_t StringTable::hashOf(std::string_view text)
{
    const uint64_t h = std::hash<std::string_view>{}(text);
    return uint32_t(h ^ (h >> 32));
}

void StringTable::insertSlot(uint32_t hash, uint32_t id)
{
    const size_t mask = m_slots.size() - 1;
    size_t slot = size_t(hash) & mask;
    while (m_slots[slot] != 0)
        slot = (slot + 1) & mask;
    m_slots[slot] = (uint64_t(hash) << 32) | (uint64_t(id) + 1);
}

void StringTable::grow(size_t capacity)
{
    std::vector<uint64_t> old = std::move(m_slots);
    m_slots.assign(capacity, 0);
    for (uint64_t entry : old) {
        if (entry != 0)
            insertSlot(uint32_t(entry >> 32), uint32_t(entry) - 1);
    }
}

StringId StringTable::intern(std::string_view text)
{
    if ((m_strings.size() + 1) * 2 > m_slots.size())
        grow(m_slots.empty() ? 16 : m_slots.size() * 2); // at most half full
    const uint32_t hash = hashOf(text);
    const size_t mask = m_slots.size() - 1;
    for (size_t slot = size_t(hash) & mask; m_slots[slot] != 0; slot = (slot + 1) & mask) {
        const uint64_t entry = m_slots[slot];
        if (uint32_t(entry >> 32) == hash && m_strings[uint32_t(entry) - 1] == text)
            return StringId(uint32_t(entry) - 1);
    }
    const StringId id(static_cast<uint32_t>(m_strings.size()));
    m_strings.emplace_back(text);
    insertSlot(hash, id.value);
    return id;
}

} // namespace xsprof
