#include "jsonsplitfinder.h"
#include "jsonvalue.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#endif

namespace xsprof {

namespace {

// One block of 64 bytes: a bit per byte for each character that matters.
struct BlockMasks {
    uint64_t quote = 0, backslash = 0, open = 0, close = 0, comma = 0;
};

#if defined(__x86_64__) && defined(__GNUC__)
// The same 32 bytes at a time, on machines that have AVX2 (checked once, at run time).
__attribute__((target("avx2"))) BlockMasks masksOfAvx2(const char* p)
{
    BlockMasks m;
    for (int k = 0; k < 2; ++k) {
        const __m256i v = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(p + 32 * k));
        const int shift = 32 * k;
        // A lambda would not be compiled for AVX2: each mask written out.
        m.quote |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('"'))))) << shift;
        m.backslash |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('\\'))))) << shift;
        const __m256i open =
            _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('[')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('{')));
        const __m256i close =
            _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(']')), _mm256_cmpeq_epi8(v, _mm256_set1_epi8('}')));
        m.open |= uint64_t(uint32_t(_mm256_movemask_epi8(open))) << shift;
        m.close |= uint64_t(uint32_t(_mm256_movemask_epi8(close))) << shift;
        m.comma |= uint64_t(uint32_t(_mm256_movemask_epi8(_mm256_cmpeq_epi8(v, _mm256_set1_epi8(','))))) << shift;
    }
    return m;
}

// The instructions the AVX2 scan is compiled for (JsonSplitFinder::scanBlocksAvx2).
const bool hasAvx2 = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt") &&
                     __builtin_cpu_supports("pclmul") && __builtin_cpu_supports("bmi");

// prefixXor in one carry-less multiply by all ones (as simdjson's first stage does).
__attribute__((target("pclmul,sse2"))) uint64_t prefixXorClmul(uint64_t x)
{
    const __m128i product = _mm_clmulepi64_si128(_mm_set_epi64x(0, int64_t(x)), _mm_set1_epi8(-1), 0);
    return uint64_t(_mm_cvtsi128_si64(product));
}
#endif

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

JsonSplitFinder::JsonSplitFinder(size_t pieceBytes, const std::vector<std::string_view>* keys)
    : m_pieceBytes(pieceBytes), m_keys(keys)
{
}

void JsonSplitFinder::feed(const char* chunk, size_t offset, size_t size)
{
    if (m_state == State::Failed || m_state == State::NotJson)
        return;
    const size_t from = offset, to = offset + size;
    auto at = [&](size_t position) { return chunk + (position - offset); };
    size_t i = from;
    if (m_state == State::Start) {
        while (i < to && isJsonSpace(*at(i)))
            ++i;
        if (i == to)
            return; // only spaces so far
        if (*at(i) != '{' && *at(i) != '[') {
            m_state = State::NotJson;
            return;
        }
        m_rootIsObject = *at(i) == '{';
        m_state = State::Scanning;
    }
#if defined(__x86_64__) && defined(__GNUC__)
    if (hasAvx2) {
        scanBlocksAvx2(chunk, offset, from, to);
        return;
    }
#endif
    scanBlocks(
        chunk, offset, from, to, [](const char* p) { return masksOf(p); }, [](uint64_t x) { return prefixXor(x); });
}

#if defined(__x86_64__) && defined(__GNUC__)
// The scan with every call inlined (flatten), so that all of it, popcount included, is
// compiled for these instructions.
__attribute__((target("avx2,popcnt,pclmul,bmi"), flatten)) void JsonSplitFinder::scanBlocksAvx2(const char* chunk,
                                                                                              size_t offset,
                                                                                              size_t from, size_t to)
{
    scanBlocks(
        chunk, offset, from, to, [](const char* p) { return masksOfAvx2(p); },
        [](uint64_t x) { return prefixXorClmul(x); });
}
#endif

template <class Masks, class PrefixXor>
void JsonSplitFinder::scanBlocks(const char* chunk, size_t offset, size_t from, size_t to, Masks masksOf,
                                 PrefixXor prefixXor)
{
    auto at = [&](size_t position) { return chunk + (position - offset); };
    const bool countMembers = m_rootIsObject && !m_keys;
    char tail[64];
    // Blocks start at `from`, not at the root's bracket: the spaces before it set no bit, and
    // every block but the last stays whole (an escape at a block's end carries to the next).
    for (size_t block = from; block < to; block += 64) {
        const char* p = at(block);
        if (to - block < 64) { // the last bytes, padded with spaces
            std::memset(tail, ' ', sizeof tail);
            std::memcpy(tail, p, to - block);
            p = tail;
        }
        const BlockMasks m = masksOf(p);
        const uint64_t quotes = m.quote & ~escapedBits(m.backslash, m_escapeCarry);
        const uint64_t inString = prefixXor(quotes) ^ m_inStringCarry;
        m_inStringCarry = uint64_t(int64_t(inString) >> 63);
        uint64_t commas = m.comma & ~inString;
        const uint64_t opens = m.open & ~inString, closes = m.close & ~inString;
        // Inside the array being cut, where no cut is due yet, only the array's end matters:
        // if the depth cannot come down to the array's own in this block, its brackets only
        // count (most of a .cpuprofile's nodes are such blocks); else they are followed, without
        // a branch on each, to see whether the array ends here.
        if (m_active && m_lastCut + m_pieceBytes >= block + 64) {
            if (m_depth >= m_arrayDepth + size_t(std::popcount(closes))) {
                m_depth = m_depth + size_t(std::popcount(opens)) - size_t(std::popcount(closes));
                continue;
            }
            size_t depth = m_depth;
            bool ends = false;
            for (uint64_t brackets = opens | closes; brackets; brackets &= brackets - 1) {
                depth = depth + 2 * ((opens >> std::countr_zero(brackets)) & 1) - 1;
                if (depth < m_arrayDepth) {
                    ends = true;
                    break;
                }
            }
            if (!ends) {
                m_depth = depth;
                continue;
            }
        }
        // The commas before bit `upto`, all at the current depth: members of the root object,
        // or cuts of the split array, each the first comma a piece's size after the last cut.
        auto commasBefore = [&](int upto) {
            uint64_t mask = commas & (upto == 64 ? ~uint64_t(0) : (uint64_t(1) << upto) - 1);
            commas &= ~mask;
            if (countMembers && m_depth == 1) {
                m_member += size_t(std::popcount(mask));
                return;
            }
            if (!m_active || m_depth != m_arrayDepth)
                return;
            while (mask) {
                const size_t threshold = m_lastCut + m_pieceBytes;
                if (threshold >= block + 64)
                    return;
                if (threshold > block)
                    mask &= ~((uint64_t(1) << (threshold - block)) - 1);
                if (!mask)
                    return;
                const int j = std::countr_zero(mask);
                m_lastCut = block + size_t(j);
                m_cuts.push_back(m_lastCut);
                mask &= j == 63 ? 0 : ~((uint64_t(2) << j) - 1);
            }
        };
        for (uint64_t brackets = opens | closes; brackets; brackets &= brackets - 1) {
            const int j = std::countr_zero(brackets);
            commasBefore(j);
            const size_t pos = block + size_t(j);
            const char c = p[j];
            if (c == '[' || c == '{') {
                ++m_depth;
                if (c == '[' && !m_active &&
                    (m_keys ? isValueOfKey(chunk, pos, *m_keys)
                            : (m_rootIsObject && m_depth == 2) || (!m_rootIsObject && m_depth == 1))) {
                    m_active = true;
                    m_start = m_lastCut = pos;
                    m_arrayDepth = m_depth;
                    m_arrayMember = m_member;
                    m_cuts.clear();
                }
                continue;
            }
            if (m_depth == 0) {
                m_state = State::Failed; // more closing than opening: let the parser say where
                return;
            }
            if (m_active && m_depth == m_arrayDepth) {
                m_active = false;
                if (pos - m_start > m_pieceBytes && !m_cuts.empty()) { // one piece: left whole
                    SplitJsonArray split;
                    split.member = m_arrayMember;
                    split.depth = m_arrayDepth;
                    split.keyed = m_keys != nullptr;
                    size_t begin = m_start + 1;
                    for (size_t cut : m_cuts) {
                        split.pieces.emplace_back(begin, cut);
                        begin = cut + 1;
                    }
                    split.pieces.emplace_back(begin, pos);
                    m_splits.push_back(std::move(split));
                }
            }
            --m_depth;
        }
        commasBefore(64);
    }
}

std::vector<SplitJsonArray> JsonSplitFinder::finish()
{
    if (m_state != State::Scanning || m_active || m_depth != 0)
        return {}; // not JSON, or unterminated: parse it whole and let the parser say where
    return std::move(m_splits);
}

std::vector<SplitJsonArray> findJsonSplits(const char* b, size_t n, size_t pieceBytes,
                                           const std::vector<std::string_view>* keys)
{
    JsonSplitFinder finder(pieceBytes, keys);
    finder.feed(b, 0, n);
    return finder.finish();
}

} // namespace xsprof
