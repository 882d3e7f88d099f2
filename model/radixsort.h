#pragma once
// Sorts unsigned 64-bit keys by their bits, 11 at a time from the lowest (LSD radix sort),
// up to the highest bit any key sets: linear in the keys, where std::sort compares n log n
// times. For large arrays of small keys (a call graph's packed edges).
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <utility>
#include <vector>

namespace xsprof {

inline void radixSort(std::vector<uint64_t>& keys)
{
    constexpr int digitBits = 11;
    constexpr size_t buckets = size_t(1) << digitBits;
    if (keys.size() < 256) { // the counters would cost more than the sort
        std::sort(keys.begin(), keys.end());
        return;
    }
    uint64_t all = 0;
    for (const uint64_t k : keys)
        all |= k;
    const int bits = 64 - std::countl_zero(all);
    std::vector<uint64_t> other(keys.size());
    for (int shift = 0; shift < bits; shift += digitBits) {
        std::array<size_t, buckets> next{};
        for (const uint64_t k : keys)
            ++next[(k >> shift) & (buckets - 1)];
        size_t at = 0;
        for (size_t& n : next)
            at += std::exchange(n, at);
        for (const uint64_t k : keys)
            other[next[(k >> shift) & (buckets - 1)]++] = k;
        keys.swap(other);
    }
}

} // namespace xsprof
