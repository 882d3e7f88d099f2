#pragma once
// One source map (revision 3): where each generated position came from.
#include "vlqmappings.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof::sourcemaps {

struct OriginalPosition {
    std::string url;       // the source resolved against sourceRoot and the map's location
    int32_t line = 0;      // 1-based
    int32_t column = 0;    // 1-based
    std::string_view name; // the segment's name; empty when it has none
};

class SourceMap {
public:
    // Parses the map's JSON; `location` (a path or URL of the map) resolves relative sources.
    // On failure returns nullopt and sets `error`.
    static std::optional<SourceMap> parse(std::string_view json, const std::string& location, std::string& error);

    // The "file" field (the generated script's name), may be empty.
    const std::string& file() const { return m_file; }
    // The segment covering (line, column) of the generated code, 0-based: the last segment at
    // or before the column on that line (the specification's and Mozilla's originalPositionFor
    // rule); nullopt when there is none or it maps to no source.
    std::optional<OriginalPosition> originalPositionFor(int32_t line, int32_t column) const;
    // The source's text when the map embeds it (sourcesContent), else nullopt.
    std::optional<std::string_view> sourceContent(const std::string& url) const;

private:
    std::string m_file;
    std::vector<std::string> m_sources; // resolved
    std::vector<std::optional<std::string>> m_contents;
    std::vector<std::string> m_names;
    DecodedMappings m_mappings;
};

// `reference` resolved against `base` (a path or URL of a file): absolute URLs and paths stay,
// others join base's folder; "." and ".." segments are removed.
std::string resolveUrl(const std::string& base, const std::string& reference);

} // namespace xsprof::sourcemaps
