#pragma once
#include "ids.h"

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

// Interns strings once; StringId 0 is always the empty string. The index is an open-addressing
// table of (hash, id) pairs: 8 bytes a slot, no node per string (10M names stay in cache range).
class StringTable {
public:
    StringTable();
    StringTable(const StringTable& other);
    StringTable& operator=(const StringTable& other);
    StringTable(StringTable&&) noexcept = default;
    StringTable& operator=(StringTable&&) noexcept = default;

    StringId intern(std::string_view text);
    std::string_view view(StringId id) const { return m_strings[id.value]; }
    size_t size() const { return m_strings.size(); }

private:
    static uint32_t hashOf(std::string_view text);
    void grow(size_t capacity);
    void insertSlot(uint32_t hash, uint32_t id);

    std::deque<std::string> m_strings; // deque: views into it stay valid while interning
    std::vector<uint64_t> m_slots;     // hash << 32 | (id + 1); 0 is an empty slot
};

} // namespace xsprof
