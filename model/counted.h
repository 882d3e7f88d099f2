#pragma once
// A count and its words in English number, "1 node names" / "3 nodes name", for the texts the
// model and the command line write. The window's own texts take Qt's plural forms
// (resources/translations/xsprof_en.ts); these are plain C++.
#include <cstddef>
#include <string>
#include <string_view>

namespace xsprof {

// "`count` `one`" when count is 1, else "`count` `many`".
inline std::string counted(size_t count, std::string_view one, std::string_view many)
{
    std::string text = std::to_string(count);
    text += ' ';
    text += count == 1 ? one : many;
    return text;
}

} // namespace xsprof
