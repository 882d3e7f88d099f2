#pragma once
#include "ids.h"

#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace xsprof {

// Interns strings once; StringId 0 is always the empty string.
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
    void rebuildIndex();

    std::deque<std::string> m_strings; // deque: views into it stay valid while interning
    std::unordered_map<std::string_view, StringId> m_index;
};

} // namespace xsprof
