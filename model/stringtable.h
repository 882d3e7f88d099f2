#pragma once
#include "idhashtable.h"
#include "ids.h"

#include <deque>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

// Interns strings once; StringId 0 is always the empty string. The index stores (hash, id)
// pairs only (IdHashTable): with 10M names a node-based map was most of the load time.
class StringTable {
public:
    StringTable();
    // A copy starts with an empty cache of recent strings (it points into the original's).
    StringTable(const StringTable& other);
    StringTable& operator=(const StringTable& other);
    StringTable(StringTable&&) noexcept = default; // a deque's elements keep their addresses
    StringTable& operator=(StringTable&&) noexcept = default;

    StringId intern(std::string_view text);
    std::string_view view(StringId id) const { return m_strings[id.value]; }
    size_t size() const { return m_strings.size(); }

private:
    StringId internUncached(std::string_view text);

    // The cache grows with the table, from minRecentSlots to maxRecentSlots (a power of two, two to
    // four times the strings interned): a small profile (a live session's first seconds, a trace of a
    // collection, each fuzzer input) would otherwise clear 128 KB for a few names.
    static constexpr size_t minRecentSlots = 64;
    static constexpr size_t maxRecentSlots = 8192;
    void growRecent();
    static constexpr uint32_t noString = UINT32_MAX;

    std::deque<std::string> m_strings; // deque: views into it stay valid while interning
    IdHashTable m_index;               // the ids are positions in m_strings, so copies stay right
    // The last string seen per slot, chosen by a few of its bytes: a reader interns the same
    // names and URLs over and over, and a hit spares hashing the whole text and reaching the
    // string through the deque. Empty until the first intern; emptied when it grows.
    struct Recent {
        const char* text = nullptr; // the interned string's bytes, in m_strings
        uint32_t size = 0;
        uint32_t id = noString;
    };
    std::vector<Recent> m_recent;
};

} // namespace xsprof
