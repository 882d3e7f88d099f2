#pragma once
// The "mappings" field of a source map (revision 3): base64 VLQ numbers, segments separated
// by ',' and generated lines by ';', each field relative to the previous segment's.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof::sourcemaps {

struct MappingSegment {
    int32_t generatedColumn = 0; // 0-based
    int32_t source = -1;         // index into "sources"; -1: the segment maps to nothing
    int32_t originalLine = 0;    // 0-based
    int32_t originalColumn = 0;  // 0-based
    int32_t name = -1;           // index into "names"; -1: none
};

struct DecodedMappings {
    std::vector<std::vector<MappingSegment>> lines; // per generated line, sorted by column
    std::string error;                              // empty when the text was valid
    size_t errorOffset = 0;                         // character of "mappings" where it failed
};

// One VLQ number starting at `pos`; advances `pos`. False on a bad character, a number cut
// short or one beyond 32 bits.
bool decodeVlq(std::string_view text, size_t& pos, int32_t& value);
DecodedMappings decodeMappings(std::string_view mappings);

} // namespace xsprof::sourcemaps
