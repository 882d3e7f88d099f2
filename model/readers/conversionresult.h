#pragma once
// What a converter (a raw table turned into a Profile) hands back: a LoadResult, as every
// reader's, whose error names no file yet: the reader that called it names its file.
#include "model/json/jsonfields.h"
#include "model/loadresult.h"

#include <string>
#include <string_view>

namespace xsprof::readers {

inline LoadResult conversionFailure(std::string problem, std::string where = {})
{
    return loadFailure({}, std::move(problem), std::move(where));
}

// A converter's problem with the value at `at`, read into its raw tables: "PATH: PROBLEM" at
// the path's place (no byte: the converter no longer has the file's bytes).
inline LoadResult conversionFailureAt(const JsonPath& at, std::string_view problem)
{
    return loadFailure({}, problemAt(at, problem), at.place());
}

// The converter's result with `file` named in its error.
inline LoadResult namedConversion(LoadResult converted, const std::string& file)
{
    if (converted.error)
        converted.error->file = file;
    return converted;
}

} // namespace xsprof::readers
