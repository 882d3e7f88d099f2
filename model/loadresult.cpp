#include "loadresult.h"

namespace xsprof {

std::string LoadError::toString() const
{
    std::string text = file.empty() ? problem : file + ": " + problem;
    if (!where.empty())
        text += " (at " + where + ")";
    return text;
}

LoadResult loadFailure(const std::string& file, std::string problem, std::string where)
{
    LoadResult r;
    r.error = LoadError{file, std::move(problem), std::move(where)};
    return r;
}

LoadResult loadCancelled(const std::string& file)
{
    LoadResult r;
    r.cancelled = true;
    r.error = LoadError{file, "loading was cancelled", {}};
    return r;
}

} // namespace xsprof
