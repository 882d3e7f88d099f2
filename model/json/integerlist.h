#pragma once
// The fast path for a piece of an array of plain integers (a .cpuprofile's samples and
// timeDeltas, most of their bytes): the elements between two commas, read without a DOM.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace xsprof {

// Bytes that must be readable after `stop`: the bytes are read 64 at a time.
constexpr size_t integerListPadding = 64;

// The integers of "e1,e2,...,en" in [p, stop), in `values` from its start (grown when too
// small, never shrunk or cleared: the caller reuses it), when every element is a plain JSON
// integer of at most 15 digits, with optional JSON whitespace around it: such integers are
// exact as doubles, and the grammar is checked here, so nothing invalid gets through. Returns
// their count, or nothing for anything else (a fraction, an exponent, -0, a leading zero, a
// long number, an empty element): the caller then reads the piece with simdjson, which names
// the error or reads the number.
std::optional<size_t> readIntegerList(const char* p, const char* stop, std::vector<int64_t>& values);

} // namespace xsprof
