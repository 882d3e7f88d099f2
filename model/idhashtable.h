#pragma once
// An open-addressing hash index from a 32-bit hash to ids (0 .. 2^32 - 2): slots of 8 bytes
// (hash << 32 | id + 1), linear probing, at most half full, no node per entry. The keys
// themselves live with the caller, who compares them in find().
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace xsprof {

class IdHashTable {
public:
    // The first id stored under `hash` whose key `matches(id)`.
    template <typename Matches>
    std::optional<uint32_t> find(uint32_t hash, Matches matches) const
    {
        if (m_slots.empty())
            return std::nullopt;
        const size_t mask = m_slots.size() - 1;
        for (size_t slot = size_t(hash) & mask; m_slots[slot] != 0; slot = (slot + 1) & mask) {
            const uint64_t entry = m_slots[slot];
            if (uint32_t(entry >> 32) == hash && matches(uint32_t(entry) - 1))
                return uint32_t(entry) - 1;
        }
        return std::nullopt;
    }
    void insert(uint32_t hash, uint32_t id);
    void reserve(size_t count);
    void clear();

private:
    void grow(size_t capacity);
    void place(uint64_t entry);

    std::vector<uint64_t> m_slots; // 0: empty
    size_t m_count = 0;
};

} // namespace xsprof
