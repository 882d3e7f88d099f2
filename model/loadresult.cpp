#include "loadresult.h"

namespace xsprof {

std::string LoadError::toString() const
{
    std::string text = file.empty() ? problem : file + ": " + problem;
    if (!where.empty())
        text += " (at " + where + ")";
    return text;
}

} // namespace xsprof
