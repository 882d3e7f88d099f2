#include "integerlist.h"

#include <cstring>

namespace xsprof {

namespace {

bool isJsonSpace(char c)
{
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

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
uint64_t eightDigits(uint64_t word)
{
    word -= 0x3030303030303030ull;
    word = (word * 10) + (word >> 8); // pairs
    word = (((word & 0x000000FF000000FFull) * (100 + (1000000ull << 32))) +
            (((word >> 16) & 0x000000FF000000FFull) * (1 + (10000ull << 32)))) >> 32;
    return word;
}

} // namespace

bool readIntegerList(const char* p, const char* stop, std::vector<int64_t>& out)
{
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
            // Shift the digits to the top and fill the low bytes with '0': eightDigits reads
            // them as leading zeros.
            const unsigned shift = unsigned(8 - digits) * 8;
            v = int64_t(eightDigits((word << shift) | (0x3030303030303030ull >> (64 - shift))));
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

} // namespace xsprof
