#include "idhashtable.h"
#include "releasestorage.h"

namespace xsprof {

void IdHashTable::place(uint64_t entry)
{
    const size_t mask = m_slots.size() - 1;
    size_t slot = size_t(entry >> 32) & mask;
    while (m_slots[slot] != 0)
        slot = (slot + 1) & mask;
    m_slots[slot] = entry;
}

void IdHashTable::grow(size_t capacity)
{
    std::vector<uint64_t> old = std::move(m_slots);
    m_slots.assign(capacity, 0);
    for (uint64_t entry : old) {
        if (entry != 0)
            place(entry);
    }
}

void IdHashTable::insert(uint32_t hash, uint32_t id)
{
    if ((m_count + 1) * 2 > m_slots.size())
        grow(m_slots.empty() ? 16 : m_slots.size() * 2);
    place((uint64_t(hash) << 32) | (uint64_t(id) + 1));
    ++m_count;
}

void IdHashTable::reserve(size_t count)
{
    size_t capacity = 16;
    while (capacity < count * 2)
        capacity *= 2;
    if (capacity > m_slots.size())
        grow(capacity);
}

void IdHashTable::clear()
{
    releaseStorage(m_slots);
    m_count = 0;
}

} // namespace xsprof
