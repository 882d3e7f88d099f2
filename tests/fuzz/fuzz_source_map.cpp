// libFuzzer target: the source-map VLQ decoder and map reader. Input starting with '{' is a
// whole map (JSON), anything else the "mappings" text alone. Decoded segments must be
// sane and every lookup must stay inside the map.
#include "model/sourcemaps/sourcemap.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    if (!text.empty() && text.front() == '{') {
        std::string error;
        const auto map = xsprof::sourcemaps::SourceMap::parse(text, "/maps/bundle.js.map", error);
        if (!map && error.empty())
            std::abort(); // a refused map must say why
        if (map) {
            for (int32_t line = -1; line < 4; ++line) {
                for (int32_t column : {-1, 0, 1, 7, 100000}) {
                    const auto p = map->originalPositionFor(line, column);
                    if (p && (p->line < 1 || p->column < 1))
                        std::abort();
                }
            }
        }
        return 0;
    }
    const xsprof::sourcemaps::DecodedMappings m = xsprof::sourcemaps::decodeMappings(text);
    if (!m.error.empty()) {
        if (m.errorOffset > text.size())
            std::abort();
        return 0;
    }
    for (const auto& line : m.lines) {
        for (size_t i = 0; i < line.size(); ++i) {
            const auto& s = line[i];
            if (s.generatedColumn < 0 || (i && line[i - 1].generatedColumn > s.generatedColumn))
                std::abort();
            if (s.source >= 0 && (s.originalLine < 0 || s.originalColumn < 0))
                std::abort();
        }
    }
    return 0;
}
