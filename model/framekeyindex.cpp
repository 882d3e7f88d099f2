#include "framekeyindex.h"

namespace xsprof {

uint32_t FrameKeyIndex::hashOf(StringId name, StringId url, int32_t line, int32_t column)
{
    uint64_t h = name.value;
    h = h * 0x9E3779B97F4A7C15ull ^ url.value;
    h = h * 0x9E3779B97F4A7C15ull ^ static_cast<uint32_t>(line);
    h = h * 0x9E3779B97F4A7C15ull ^ static_cast<uint32_t>(column);
    h *= 0x9E3779B97F4A7C15ull;
    return static_cast<uint32_t>(h >> 32);
}

void FrameKeyIndex::place(uint64_t entry)
{
    const size_t mask = m_slots.size() - 1;
    size_t slot = size_t(entry >> 32) & mask;
    while (m_slots[slot] != 0)
        slot = (slot + 1) & mask;
    m_slots[slot] = entry;
}

void FrameKeyIndex::grow(size_t capacity)
{
    std::vector<uint64_t> old = std::move(m_slots);
    m_slots.assign(capacity, 0);
    for (uint64_t entry : old) {
        if (entry != 0)
            place(entry);
    }
}

void FrameKeyIndex::reserve(size_t count)
{
    size_t capacity = 16;
    while (capacity < count * 2)
        capacity *= 2;
    if (capacity > m_slots.size())
        grow(capacity);
}

void FrameKeyIndex::clear()
{
    m_slots = {};
    m_count = 0;
}

FrameId FrameKeyIndex::findOrInsert(const FrameTable& frames, StringId name, StringId url, int32_t line,
                                    int32_t column, FrameId fresh)
{
    if ((m_count + 1) * 2 > m_slots.size())
        grow(m_slots.empty() ? 16 : m_slots.size() * 2); // at most half full
    const uint32_t hash = hashOf(name, url, line, column);
    const size_t mask = m_slots.size() - 1;
    for (size_t slot = size_t(hash) & mask; m_slots[slot] != 0; slot = (slot + 1) & mask) {
        const uint64_t entry = m_slots[slot];
        if (uint32_t(entry >> 32) != hash)
            continue;
        const uint32_t id = uint32_t(entry) - 1;
        if (frames.name[id] == name && frames.url[id] == url && frames.line[id] == line && frames.column[id] == column)
            return FrameId(id);
    }
    place((uint64_t(hash) << 32) | (uint64_t(fresh.value) + 1));
    ++m_count;
    return fresh;
}

} // namespace xsprof
