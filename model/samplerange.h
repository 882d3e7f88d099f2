#pragma once
#include <cstddef>
#include <limits>

namespace xsprof {

// Half-open range of sample indices [begin, end); the default is every sample.
struct SampleRange {
    size_t begin = 0;
    size_t end = std::numeric_limits<size_t>::max();

    SampleRange clampedTo(size_t count) const
    {
        const size_t e = end < count ? end : count;
        return {begin < e ? begin : e, e};
    }
};

} // namespace xsprof
