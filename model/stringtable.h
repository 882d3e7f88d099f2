#pragma once
#include "idhashtable.h"
#include "ids.h"

#include <deque>
#include <memory>
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
    // A move takes the strings whole (their addresses, which the cache keeps, stay) and
    // allocates nothing; the table moved from is empty and interns afresh.
    StringTable(StringTable&&) noexcept = default;
    StringTable& operator=(StringTable&&) noexcept = default;

    StringId intern(std::string_view text);
    std::string_view view(StringId id) const { return (*m_strings)[id.value]; }
    size_t size() const { return m_strings ? m_strings->size() : 0; }

private:
    StringId internUncached(std::string_view text);

    // The cache grows with the table, from minRecentSlots to maxRecentSlots (a power of two, two to
    // four times the strings interned): a small profile (a live session's first seconds, a trace of a
    // collection, each fuzzer input) would otherwise clear 128 KB for a few names.
    static constexpr size_t minRecentSlots = 64;
    static constexpr size_t maxRecentSlots = 8192;
    void growRecent();
    static constexpr uint32_t noString = UINT32_MAX;

    // A deque: views into it stay valid while interning. Held by pointer: a moved std::deque
    // leaves a freshly allocated one behind, and profiles are moved at every step of a load.
    std::unique_ptr<std::deque<std::string>> m_strings;
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
