#pragma once
// Where SimdJsonDocument cuts a document: its large arrays and the element boundaries
// (commas) that cut them into pieces of about `pieceBytes`. One pass over the bytes, 64 at a
// time: bit masks of quotes, backslashes, brackets and commas, strings masked out with a
// prefix XOR of the unescaped quotes (the technique of simdjson's first stage), so that only
// brackets and the few commas that matter are visited one by one.
#include <cstddef>
#include <cstdint>
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

// Finds the splits of a document fed to it in order, in chunks: the document need not be in
// memory all at once (SimdJsonDocument reads a large file through a small buffer).
class JsonSplitFinder {
public:
    // `keys`, when given, must outlive the finder.
    JsonSplitFinder(size_t pieceBytes, const std::vector<std::string_view>* keys);

    // Scans the next `size` bytes of the document, which start at `offset` in it. Every chunk
    // but the last must be a multiple of 64 bytes long. With `keys`, the whole document must
    // come as one chunk: a key is read back from its array's '['.
    void feed(const char* chunk, size_t offset, size_t size);
    // The splits, once every byte was fed.
    std::vector<SplitJsonArray> finish();

private:
    enum class State { Start, Scanning, NotJson, Failed };
    // The blocks of [from, to), the chunk's bytes from `offset`, with the given mask and
    // prefix-XOR functions; scanBlocksAvx2 where the machine has it.
    template <class Masks, class PrefixXor>
    void scanBlocks(const char* chunk, size_t offset, size_t from, size_t to, Masks masksOf, PrefixXor prefixXor);
    void scanBlocksAvx2(const char* chunk, size_t offset, size_t from, size_t to);
    size_t m_pieceBytes;
    const std::vector<std::string_view>* m_keys;
    State m_state = State::Start;
    bool m_rootIsObject = false;
    size_t m_depth = 0;
    size_t m_member = 0; // commas seen at depth 1 of the root object
    bool m_active = false;
    size_t m_start = 0, m_arrayDepth = 0, m_lastCut = 0, m_arrayMember = 0;
    std::vector<size_t> m_cuts;
    bool m_escapeCarry = false;
    uint64_t m_inStringCarry = 0;
    std::vector<SplitJsonArray> m_splits;
};

// The root's arrays larger than `pieceBytes` (without `keys`), or the arrays larger than it
// that are the value of one of `keys` at any depth, outside other such arrays. Never reads
// past n; on input that is not JSON it may find nonsense, which the parsers then reject, or
// nothing (unbalanced brackets).
std::vector<SplitJsonArray> findJsonSplits(const char* bytes, size_t n, size_t pieceBytes,
                                           const std::vector<std::string_view>* keys);

} // namespace xsprof
