#include "jsondocumentreading.h"

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

} // namespace xsprof
