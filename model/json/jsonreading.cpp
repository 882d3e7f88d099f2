#include "jsonreading.h"

#include <cstring>

namespace xsprof {

LoadResult jsonSyntaxFailure(const std::string& file, const JsonSyntaxError& error)
{
    if (error.where == "byte 0")
        return loadFailure(file, "the file is empty or not JSON (" + error.problem + ")", error.where);
    return loadFailure(file, error.problem, error.where);
}

LoadResult jsonMeaningFailure(const std::string& file, std::string_view bytes, const JsonMeaningError& error)
{
    std::string where = error.where;
    if (!error.pointer.empty()) {
        if (const auto offset = jsonPointerOffset(bytes, error.pointer))
            where += (where.empty() ? "byte " : ", byte ") + std::to_string(*offset);
    }
    return loadFailure(file, error.problem, std::move(where));
}

LoadResult withFormatName(LoadResult failed, std::string_view format)
{
    if (failed.error && !failed.cancelled)
        failed.error->problem = std::string(format) + ": " + failed.error->problem;
    return failed;
}

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
