#include "jsonsplitfinder.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace xsprof {

namespace {

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// One block of 64 bytes: a bit per byte for each character that matters.
struct BlockMasks {
    uint64_t quote = 0, backslash = 0, open = 0, close = 0, comma = 0;
};

BlockMasks masksOf(const char* p)
{
    BlockMasks m;
#if defined(__SSE2__)
    for (int k = 0; k < 4; ++k) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
        auto bits = [&](char c) {
            return uint64_t(uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c))))) << (16 * k);
        };
        m.quote |= bits('"');
        m.backslash |= bits('\\');
        m.open |= bits('[') | bits('{');
        m.close |= bits(']') | bits('}');
        m.comma |= bits(',');
    }
#else
    for (int j = 0; j < 64; ++j) {
        const uint64_t bit = uint64_t(1) << j;
        switch (p[j]) {
        case '"': m.quote |= bit; break;
        case '\\': m.backslash |= bit; break;
        case '[':
        case '{': m.open |= bit; break;
        case ']':
        case '}': m.close |= bit; break;
        case ',': m.comma |= bit; break;
        default: break;
        }
    }
#endif
    return m;
}

// Bit i: the XOR of bits 0..i (inside a string between an opening and a closing quote).
uint64_t prefixXor(uint64_t x)
{
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return x;
}

// The characters a backslash escapes; `carry`: the block before ended with an escaping one.
uint64_t escapedBits(uint64_t backslash, bool& carry)
{
    if (!backslash && !carry)
        return 0;
    uint64_t escaped = 0;
    bool escape = carry;
    for (int j = 0; j < 64; ++j) {
        if (escape) {
            escaped |= uint64_t(1) << j;
            escape = false;
        } else if ((backslash >> j) & 1) {
            escape = true;
        }
    }
    carry = escape;
    return escaped;
}

// Whether the '[' at `open` (outside strings) is the value of a member whose key is one of
// `keys`: a string, a ':' and spaces before it. Looks back no further than the longest key.
bool isValueOfKey(const char* b, size_t open, const std::vector<std::string_view>& keys)
{
    size_t j = open;
    while (j > 0 && isJsonSpace(b[j - 1]))
        --j;
    if (j == 0 || b[j - 1] != ':')
        return false;
    --j;
    while (j > 0 && isJsonSpace(b[j - 1]))
        --j;
    if (j == 0 || b[j - 1] != '"')
        return false;
    const size_t close = j - 1; // the key's closing quote; its opening one has an even run of backslashes before it
    size_t longest = 0;
    for (std::string_view k : keys)
        longest = std::max(longest, k.size());
    for (size_t q = close; q > 0 && close - q <= longest + 1;) {
        --q;
        if (b[q] != '"')
            continue;
        size_t slashes = 0;
        while (q - slashes > 0 && b[q - slashes - 1] == '\\')
            ++slashes;
        if (slashes % 2 == 0) {
            const std::string_view key(b + q + 1, close - q - 1);
            return std::find(keys.begin(), keys.end(), key) != keys.end();
        }
    }
    return false;
}

} // namespace

std::vector<SplitJsonArray> findJsonSplits(const char* b, size_t n, size_t pieceBytes,
                                           const std::vector<std::string_view>* keys)
{
    std::vector<SplitJsonArray> splits;
    size_t i = 0;
    while (i < n && isJsonSpace(b[i]))
        ++i;
    if (i >= n || (b[i] != '{' && b[i] != '['))
        return splits;
    const bool rootIsObject = b[i] == '{';
    const bool countMembers = rootIsObject && !keys;
    size_t depth = 0;
    size_t member = 0; // commas seen at depth 1 of the root object
    bool active = false;
    size_t start = 0, arrayDepth = 0, lastCut = 0, arrayMember = 0;
    std::vector<size_t> cuts;
    bool escapeCarry = false;
    uint64_t inStringCarry = 0;
    char tail[64];
    for (size_t block = i; block < n; block += 64) {
        const char* p = b + block;
        if (n - block < 64) { // the last bytes, padded with spaces
            std::memset(tail, ' ', sizeof tail);
            std::memcpy(tail, p, n - block);
            p = tail;
        }
        const BlockMasks m = masksOf(p);
        const uint64_t quotes = m.quote & ~escapedBits(m.backslash, escapeCarry);
        const uint64_t inString = prefixXor(quotes) ^ inStringCarry;
        inStringCarry = uint64_t(int64_t(inString) >> 63);
        uint64_t commas = m.comma & ~inString;
        // The commas before bit `upto`, all at the current depth: members of the root object,
        // or cuts of the split array, each the first comma a piece's size after the last cut.
        auto commasBefore = [&](int upto) {
            uint64_t mask = commas & (upto == 64 ? ~uint64_t(0) : (uint64_t(1) << upto) - 1);
            commas &= ~mask;
            if (countMembers && depth == 1) {
                member += size_t(std::popcount(mask));
                return;
            }
            if (!active || depth != arrayDepth)
                return;
            while (mask) {
                const size_t threshold = lastCut + pieceBytes;
                if (threshold >= block + 64)
                    return;
                if (threshold > block)
                    mask &= ~((uint64_t(1) << (threshold - block)) - 1);
                if (!mask)
                    return;
                const int j = std::countr_zero(mask);
                lastCut = block + size_t(j);
                cuts.push_back(lastCut);
                mask &= j == 63 ? 0 : ~((uint64_t(2) << j) - 1);
            }
        };
        for (uint64_t brackets = (m.open | m.close) & ~inString; brackets; brackets &= brackets - 1) {
            const int j = std::countr_zero(brackets);
            commasBefore(j);
            const size_t pos = block + size_t(j);
            const char c = p[j];
            if (c == '[' || c == '{') {
                ++depth;
                if (c == '[' && !active &&
                    (keys ? isValueOfKey(b, pos, *keys)
                          : (rootIsObject && depth == 2) || (!rootIsObject && depth == 1))) {
                    active = true;
                    start = lastCut = pos;
                    arrayDepth = depth;
                    arrayMember = member;
                    cuts.clear();
                }
                continue;
            }
            if (depth == 0)
                return {}; // more closing than opening: let the parser say where
            if (active && depth == arrayDepth) {
                active = false;
                if (pos - start > pieceBytes) {
                    SplitJsonArray split;
                    split.member = arrayMember;
                    split.depth = arrayDepth;
                    split.keyed = keys != nullptr;
                    size_t begin = start + 1;
                    for (size_t cut : cuts) {
                        split.pieces.emplace_back(begin, cut);
                        begin = cut + 1;
                    }
                    split.pieces.emplace_back(begin, pos);
                    splits.push_back(std::move(split));
                }
            }
            --depth;
        }
        commasBefore(64);
    }
    if (active || depth != 0)
        return {}; // unterminated: parse it whole and let the parser say where
    return splits;
}

} // namespace xsprof
