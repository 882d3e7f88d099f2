#include "stackindex.h"
#include "releasestorage.h"

namespace xsprof {

namespace {
// The key's two halves mixed into every bit (murmur3's finalizer). A plain multiply shifted
// by 20 left the parent (the high half) out of the low bits, so in a table under 2^12 slots
// every stack of one frame hashed alike: a deep recursion probed hundreds of slots per lookup.
size_t slotOf(uint64_t key, size_t mask)
{
    key ^= key >> 33;
    key *= 0xFF51AFD7ED558CCDull;
    key ^= key >> 33;
    return size_t(key) & mask;
}
} // namespace

void StackIndex::grow(size_t capacity)
{
    std::vector<uint64_t> keys(capacity, empty);
    std::vector<StackId> values(capacity);
    const size_t mask = capacity - 1;
    for (size_t i = 0; i < m_keys.size(); ++i) {
        if (m_keys[i] == empty)
            continue;
        size_t slot = slotOf(m_keys[i], mask);
        while (keys[slot] != empty)
            slot = (slot + 1) & mask;
        keys[slot] = m_keys[i];
        values[slot] = m_values[i];
    }
    m_keys = std::move(keys);
    m_values = std::move(values);
}

void StackIndex::reserve(size_t count)
{
    size_t capacity = 16;
    while (capacity < count * 2)
        capacity *= 2;
    if (capacity > m_keys.size())
        grow(capacity);
}

void StackIndex::clear()
{
    releaseStorage(m_keys);
    releaseStorage(m_values);
    m_count = 0;
}

StackId StackIndex::findOrInsert(StackId parent, FrameId frame, StackId fresh)
{
    if ((m_count + 1) * 2 > m_keys.size())
        grow(m_keys.empty() ? 16 : m_keys.size() * 2); // at most half full
    const uint64_t key = (uint64_t(parent.isValid() ? parent.value + 1 : 0) << 32) | frame.value;
    const size_t mask = m_keys.size() - 1;
    size_t slot = slotOf(key, mask);
    while (m_keys[slot] != empty) {
        if (m_keys[slot] == key)
            return m_values[slot];
        slot = (slot + 1) & mask;
    }
    m_keys[slot] = key;
    m_values[slot] = fresh;
    ++m_count;
    return fresh;
}

} // namespace xsprof
