#pragma once
#include "idhashtable.h"
#include "ids.h"

#include <deque>
#include <string>
#include <string_view>

namespace xsprof {

// Interns strings once; StringId 0 is always the empty string. The index stores (hash, id)
// pairs only (IdHashTable): with 10M names a node-based map was most of the load time.
class StringTable {
public:
    StringTable();

    StringId intern(std::string_view text);
    std::string_view view(StringId id) const { return m_strings[id.value]; }
    size_t size() const { return m_strings.size(); }

private:
    std::deque<std::string> m_strings; // deque: views into it stay valid while interning
    IdHashTable m_index;               // the ids are positions in m_strings, so copies stay right
};

} // namespace xsprof
