#pragma once
// The (parent stack, frame) -> stack lookup of ProfileBuilder, the hottest map when samples
// stream in: open addressing with linear probing over flat arrays.
#include "ids.h"

#include <cstdint>
#include <vector>

namespace xsprof {

class StackIndex {
public:
    // The stack stored for (parent, frame), or `fresh` stored and returned when there is none.
    StackId findOrInsert(StackId parent, FrameId frame, StackId fresh);
    void reserve(size_t count);
    void clear();

private:
    static constexpr uint64_t empty = UINT64_MAX; // never a key: parent + 1 and frame are < 2^32 - 1
    void grow(size_t capacity);

    std::vector<uint64_t> m_keys;
    std::vector<StackId> m_values;
    size_t m_count = 0;
};

} // namespace xsprof
