#pragma once
// The fast path for a piece of an array of plain integers (a .cpuprofile's samples and
// timeDeltas, most of their bytes): the elements between two commas, read without a DOM.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace xsprof {

// Bytes that must be readable after `stop`: numbers are read eight bytes at a time.
constexpr size_t integerListPadding = 8;

// Appends the integers of "e1,e2,...,en" in [p, stop) to `out` and returns true when every
// element is a plain JSON integer of at most 15 digits, with optional JSON whitespace around
// it: such integers are exact as doubles, and the grammar is checked here, so nothing invalid
// gets through. Returns false for anything else (a fraction, an exponent, -0, a leading zero,
// a long number, an empty element): `out` then holds garbage and the caller reads the piece
// with simdjson, which names the error or reads the number.
bool readIntegerList(const char* p, const char* stop, std::vector<int64_t>& out);

} // namespace xsprof
