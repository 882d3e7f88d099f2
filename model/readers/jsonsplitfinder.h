#pragma once
// Where SimdJsonDocument cuts a document: its large arrays and the element boundaries
// (commas) that cut them into pieces of about `pieceBytes`. One pass over the bytes, 64 at a
// time: bit masks of quotes, backslashes, brackets and commas, strings masked out with a
// prefix XOR of the unescaped quotes (the technique of simdjson's first stage), so that only
// brackets and the few commas that matter are visited one by one.
#include <cstddef>
#include <string_view>
#include <utility>
#include <vector>

namespace xsprof {

// One large array of the root (or, for readers that name keys, of such a key), cut into pieces.
struct SplitJsonArray {
    size_t member = 0;                               // its index among the root object's members
    size_t depth = 0;                                // nesting of the array itself (root: 1)
    std::vector<std::pair<size_t, size_t>> pieces;   // byte ranges of the content, between commas
    bool keyed = false;                              // the value of a named key (see nestedSplit)
};

// The root's arrays larger than `pieceBytes` (without `keys`), or the arrays larger than it
// that are the value of one of `keys` at any depth, outside other such arrays. Never reads
// past n; on input that is not JSON it may find nonsense, which the parsers then reject, or
// nothing (unbalanced brackets).
std::vector<SplitJsonArray> findJsonSplits(const char* bytes, size_t n, size_t pieceBytes,
                                           const std::vector<std::string_view>* keys);

} // namespace xsprof
