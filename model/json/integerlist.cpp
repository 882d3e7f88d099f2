#include "integerlist.h"
#include "jsonvalue.h"

#include <algorithm>
#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace xsprof {

namespace {

// How many of the eight bytes in `word` (the first byte lowest) are ASCII digits before the
// first one that is not (SWAR: a byte is a digit when its high nibble is 3 and adding 6 keeps
// it there).
unsigned leadingDigits(uint64_t word)
{
    const uint64_t highNibbles = word & 0xF0F0F0F0F0F0F0F0ull;
    const uint64_t plusSix = (word + 0x0606060606060606ull) & 0xF0F0F0F0F0F0F0F0ull;
    // A byte whose low nibble is above 9 carries into the next byte when 6 is added; the bytes
    // up to the first non-digit carry nothing, so the count of leading digits is exact.
    const uint64_t notDigit = (highNibbles ^ 0x3030303030303030ull) | (plusSix ^ 0x3030303030303030ull);
    return notDigit == 0 ? 8u : unsigned(__builtin_ctzll(notDigit)) / 8u;
}

// The value of the eight ASCII digits in `word`, the first digit in the lowest byte.
inline __attribute__((always_inline)) uint64_t eightDigits(uint64_t word)
{
    word -= 0x3030303030303030ull;
    word = (word * 10) + (word >> 8); // pairs
    word = (((word & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
            (((word >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >> 32;
    return word;
}

// The value of the `count` (1 to 8) ASCII digits at p.
inline __attribute__((always_inline)) uint64_t digitsValue(const char* p, size_t count)
{
    uint64_t word;
    std::memcpy(&word, p, 8);
    if (count == 8)
        return eightDigits(word);
    // The digits shifted to the top, the low bytes filled with '0': read as leading zeros.
    const unsigned shift = unsigned(8 - count) * 8;
    return eightDigits((word << shift) | (0x3030303030303030ull >> (64 - shift)));
}

// Element by element, JSON whitespace allowed: for pieces the block reader does not take.
bool readSpacedIntegerList(const char* p, const char* stop, std::vector<int64_t>& out)
{
    out.clear();
    for (;;) { // one element, then a comma or the end
        while (p < stop && isJsonSpace(*p))
            ++p;
        const bool negative = p < stop && *p == '-';
        p += negative;
        if (p == stop || *p < '0' || *p > '9' || (*p == '0' && negative))
            return false; // not an integer, or -0 (simdjson reads it as a float)
        uint64_t word;
        std::memcpy(&word, p, 8);
        size_t digits = leadingDigits(word);
        if (digits > size_t(stop - p))
            digits = size_t(stop - p); // the bytes after the piece are not ours
        int64_t v;
        if (digits < 8) {
            v = int64_t(digitsValue(p, digits));
        } else {
            v = 0;
            const char* const first = p;
            for (; p < stop && *p >= '0' && *p <= '9'; ++p) {
                if (p - first == 15)
                    return false; // long: the DOM checks its range
                v = v * 10 + (*p - '0');
            }
            digits = size_t(p - first);
            p = first;
        }
        if (*p == '0' && digits > 1)
            return false; // a leading zero: a syntax error, named by the reference parser
        p += digits;
        out.push_back(negative ? -v : v);
        if (p < stop && *p == ',') {
            ++p;
            continue;
        }
        while (p < stop && isJsonSpace(*p))
            ++p;
        if (p == stop)
            return true;
        if (*p++ != ',')
            return false; // a fraction, an exponent, or something else: the DOM reads it
    }
}

// Bit i: byte i of the 64 at p is a digit, a comma, a minus.
struct IntegerBlockMasks {
    uint64_t digit = 0, comma = 0, minus = 0;
};

IntegerBlockMasks integerMasksOf(const char* p)
{
    IntegerBlockMasks m;
#if defined(__SSE2__)
    for (int k = 0; k < 4; ++k) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16 * k));
        // A digit: unsigned (byte - '0') < 10, as signed compare after flipping the top bit.
        const __m128i offset = _mm_xor_si128(_mm_sub_epi8(v, _mm_set1_epi8('0')), _mm_set1_epi8(char(0x80)));
        const __m128i digit = _mm_cmplt_epi8(offset, _mm_set1_epi8(char(0x80 + 10)));
        auto bits = [&](__m128i mask) { return uint64_t(uint32_t(_mm_movemask_epi8(mask))) << (16 * k); };
        m.digit |= bits(digit);
        m.comma |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8(',')));
        m.minus |= bits(_mm_cmpeq_epi8(v, _mm_set1_epi8('-')));
    }
#else
    for (int j = 0; j < 64; ++j) {
        const uint64_t bit = uint64_t(1) << j;
        if (p[j] >= '0' && p[j] <= '9')
            m.digit |= bit;
        else if (p[j] == ',')
            m.comma |= bit;
        else if (p[j] == '-')
            m.minus |= bit;
    }
#endif
    return m;
}

// One element [s, e) of a piece made only of digits, commas and minus signs, appended at
// `to`. False when it is not a plain integer of at most 15 digits.
inline __attribute__((always_inline)) bool readElement(const char* s, const char* e, int64_t* to)
{
    const bool negative = *s == '-';
    s += negative;
    const size_t count = size_t(e - s);
    if (count == 0 || count > 15 || (*s == '0' && (count > 1 || negative)))
        return false; // empty, long, a leading zero, -0 (simdjson reads it as a float)
    // Minus signs inside the digits were ruled out by the caller.
    const int64_t v = count <= 8 ? int64_t(digitsValue(s, count))
                                 : int64_t(digitsValue(s, count - 8) * 100000000ull + digitsValue(s + count - 8, 8));
    *to = negative ? -v : v;
    return true;
}

} // namespace

std::optional<size_t> readIntegerList(const char* p, const char* stop, std::vector<int64_t>& values)
{
    // 64 bytes at a time: masks of digits, commas and minus signs. The elements are then read
    // between the commas, each on its own (no element waits for the end of the one before,
    // unlike a byte-by-byte scan). Any other byte (whitespace) sends the piece to the reader
    // that allows it.
    const size_t most = size_t(stop - p) / 2 + 1; // two bytes per element at least, but the last
    if (values.size() < most)
        values.resize(most);
    int64_t* to = values.data();
    const char* elementStart = p;
    uint64_t startCarry = 1; // the piece's first byte starts an element
    for (const char* block = p; block < stop; block += 64) {
        const size_t n = std::min<size_t>(64, size_t(stop - block));
        const uint64_t inPiece = n == 64 ? ~uint64_t(0) : (uint64_t(1) << n) - 1;
        const IntegerBlockMasks m = integerMasksOf(block);
        uint64_t commas = m.comma & inPiece;
        if (((m.digit | commas | m.minus) & inPiece) != inPiece) {
            if (!readSpacedIntegerList(p, stop, values))
                return std::nullopt;
            return values.size();
        }
        const uint64_t starts = (commas << 1) | startCarry;
        startCarry = commas >> 63;
        if (m.minus & inPiece & ~starts)
            return std::nullopt; // a minus inside a number
        for (; commas; commas &= commas - 1) {
            const char* const end = block + std::countr_zero(commas);
            if (!readElement(elementStart, end, to++))
                return std::nullopt;
            elementStart = end + 1;
        }
    }
    if (!readElement(elementStart, stop, to++))
        return std::nullopt;
    return size_t(to - values.data());
}

} // namespace xsprof
