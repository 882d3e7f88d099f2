#pragma once
// Frames by tree identity (name, url, line, column) for ProfileBuilder: an open-addressing
// table of (hash, id) pairs, 8 bytes a slot and no node per frame. The keys themselves are
// read back from the frame table, where frames made by key never change.
#include "profile.h"

#include <cstdint>
#include <vector>

namespace xsprof {

class FrameKeyIndex {
public:
    // The frame with this key, or `fresh` recorded for it (the caller then appends it to
    // `frames` before the next call).
    FrameId findOrInsert(const FrameTable& frames, StringId name, StringId url, int32_t line, int32_t column,
                         FrameId fresh);
    void reserve(size_t count);
    void clear();

private:
    static uint32_t hashOf(StringId name, StringId url, int32_t line, int32_t column);
    void grow(size_t capacity);
    void place(uint64_t entry);

    std::vector<uint64_t> m_slots; // hash << 32 | (id + 1); 0 is an empty slot
    size_t m_count = 0;
};

} // namespace xsprof
