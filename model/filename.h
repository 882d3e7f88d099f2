#pragma once
// The file name of a path: what follows its last '/' (all of it when there is none).
#include <string>
#include <string_view>

namespace xsprof {

inline std::string fileNameOf(std::string_view path)
{
    const size_t slash = path.find_last_of('/');
    return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

} // namespace xsprof
