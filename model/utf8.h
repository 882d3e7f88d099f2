#pragma once
// UTF-8 helpers shared by the JSON scanner and the xsbug tokenizer.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace xsprof::utf8 {

// Appends `codePoint` encoded as UTF-8; surrogates and values past U+10FFFF become U+FFFD.
void append(std::string& out, uint32_t codePoint);
// Length of the valid UTF-8 sequence (RFC 3629: no overlongs, no surrogates) starting at
// `s`, or 0 when the bytes there are not one; ASCII gives 1.
size_t sequenceLength(const unsigned char* s, size_t available);
// Where the run of valid UTF-8 that starts at `from` ends: s.size() when all of it is valid.
// ASCII is checked eight bytes at a time.
size_t validRunEnd(std::string_view s, size_t from = 0);

} // namespace xsprof::utf8
