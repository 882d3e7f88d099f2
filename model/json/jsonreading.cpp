#include "jsonreading.h"

#include <cstring>

namespace xsprof {

bool looksLikeUnterminatedArray(std::string_view bytes)
{
    size_t first = 0;
    while (first < bytes.size() && isJsonSpace(bytes[first]))
        ++first;
    size_t last = bytes.size();
    while (last > first && isJsonSpace(bytes[last - 1]))
        --last;
    return first < last && bytes[first] == '[' && bytes[last - 1] != ']';
}

PaddedBytes closedJsonArray(std::string_view bytes)
{
    size_t end = bytes.size();
    while (end > 0 && (isJsonSpace(bytes[end - 1]) || bytes[end - 1] == ','))
        --end;
    PaddedBytes closed(end + 1);
    if (end > 0)
        std::memcpy(closed.data(), bytes.data(), end);
    closed.data()[end] = ']';
    return closed;
}

} // namespace xsprof
