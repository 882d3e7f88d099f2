#pragma once
#include "model/profile.h"

#include <optional>
#include <string>

namespace xsprof {

// A raw table turned into a Profile, or what was wrong and where.
struct ConversionResult {
    std::optional<Profile> profile;
    std::string problem;
    std::string where;

    static ConversionResult failure(std::string problem, std::string where = {})
    {
        ConversionResult r;
        r.problem = std::move(problem);
        r.where = std::move(where);
        return r;
    }
};

} // namespace xsprof
