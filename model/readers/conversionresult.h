#pragma once
// What a converter (a raw table turned into a Profile) hands back: a LoadResult, as every
// reader's, whose error names no file yet: the reader that called it names its file.
#include "model/loadresult.h"

#include <string>

namespace xsprof::readers {

inline LoadResult conversionFailure(std::string problem, std::string where = {})
{
    return loadFailure({}, std::move(problem), std::move(where));
}

// The converter's result with `file` named in its error.
inline LoadResult namedConversion(LoadResult converted, const std::string& file)
{
    if (converted.error)
        converted.error->file = file;
    return converted;
}

} // namespace xsprof::readers
