#include "sourcemap.h"

#include "model/json/referencejsondocument.h"
#include "model/json/jsonfields.h"

#include <algorithm>

namespace xsprof::sourcemaps {

namespace {

bool hasScheme(std::string_view s)
{
    const size_t colon = s.find(':');
    if (colon == std::string_view::npos || colon < 2) // "C:" is a drive, not a scheme
        return false;
    return std::all_of(s.begin(), s.begin() + ptrdiff_t(colon), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '+' || c == '-' || c == '.';
    });
}

// Removes "." and ".." segments after `keep` characters (the scheme and authority).
std::string normalizePath(const std::string& s, size_t keep)
{
    std::vector<std::string> parts;
    size_t i = keep;
    const bool absolute = i < s.size() && s[i] == '/';
    while (i <= s.size()) {
        size_t j = s.find('/', i);
        if (j == std::string::npos)
            j = s.size();
        const std::string part = s.substr(i, j - i);
        if (part == "..") {
            if (!parts.empty() && parts.back() != "..")
                parts.pop_back();
            else if (!absolute)
                parts.push_back(part);
        } else if (part != "." && !(part.empty() && j < s.size())) {
            parts.push_back(part);
        }
        i = j + 1;
    }
    std::string out = s.substr(0, keep);
    if (absolute)
        out += '/';
    for (size_t k = 0; k < parts.size(); ++k)
        out += (k ? "/" : "") + parts[k];
    return out;
}

// Characters of a URL's "scheme://authority" part, 0 for a path.
size_t authorityLength(const std::string& s)
{
    if (!hasScheme(s))
        return 0;
    const size_t colon = s.find(':');
    if (s.compare(colon, 3, "://") != 0)
        return colon + 1;
    const size_t slash = s.find('/', colon + 3);
    return slash == std::string::npos ? s.size() : slash;
}

} // namespace

std::string resolveUrl(const std::string& base, const std::string& reference)
{
    if (hasScheme(reference))
        return normalizePath(reference, authorityLength(reference));
    if (reference.starts_with('/'))
        return normalizePath(base.substr(0, authorityLength(base)) + reference, authorityLength(base));
    const size_t slash = base.rfind('/');
    const std::string folder = slash == std::string::npos ? std::string() : base.substr(0, slash + 1);
    const std::string joined = folder + reference;
    return normalizePath(joined, authorityLength(joined));
}

std::optional<SourceMap> SourceMap::parse(std::string_view json, const std::string& location, std::string& error)
{
    try {
        // nlohmann's tree: a source map is small beside a profile, and its bytes are not padded.
        const ReferenceJsonDocument document(json, nullptr);
        const JsonPath top;
        const ReferenceJsonValue root = asObject(document.root(), top);
        if (hasField(root, "sections")) {
            error = "index maps (\"sections\") are not supported";
            return std::nullopt;
        }
        if (numberOr(root, "version", 3) != 3) {
            error = "only version 3 source maps are read";
            return std::nullopt;
        }
        SourceMap map;
        map.m_file = std::string(stringOr(root, "file", ""));
        std::string root_(stringOr(root, "sourceRoot", ""));
        if (!root_.empty() && !root_.ends_with('/'))
            root_ += '/';
        size_t i = 0;
        const JsonPath sourcesAt = top.key("sources");
        asArray(field(root, "sources", top), sourcesAt).forEachElement([&](const ReferenceJsonValue& s) {
            const std::string source =
                s.kind() == JsonKind::Null ? std::string() : std::string(asString(s, sourcesAt.index(i)));
            map.m_sources.push_back(resolveUrl(location, root_ + source));
            ++i;
        });
        if (const auto contents = fieldIfAny(root, "sourcesContent")) {
            asArray(*contents, top.key("sourcesContent")).forEachElement([&](const ReferenceJsonValue& c) {
                map.m_contents.push_back(c.kind() == JsonKind::String ? std::optional<std::string>(std::string(c.string()))
                                                                      : std::nullopt);
            });
        }
        map.m_contents.resize(map.m_sources.size());
        if (const auto names = fieldIfAny(root, "names")) {
            i = 0;
            const JsonPath namesAt = top.key("names");
            asArray(*names, namesAt).forEachElement(
                [&](const ReferenceJsonValue& n) { map.m_names.emplace_back(asString(n, namesAt.index(i++))); });
        }
        map.m_mappings = decodeMappings(asString(field(root, "mappings", top), top.key("mappings")));
        if (!map.m_mappings.error.empty()) {
            error = "mappings: " + map.m_mappings.error + " (at character " + std::to_string(map.m_mappings.errorOffset) + ")";
            return std::nullopt;
        }
        return map;
    } catch (const JsonSyntaxError& e) {
        error = e.problem + " (at " + e.where + ")";
        return std::nullopt;
    } catch (const JsonMeaningError& e) {
        error = e.problem;
        if (!e.where.empty())
            error += " (at " + e.where + ")";
        return std::nullopt;
    }
}

std::optional<OriginalPosition> SourceMap::originalPositionFor(int32_t line, int32_t column) const
{
    if (line < 0 || size_t(line) >= m_mappings.lines.size())
        return std::nullopt;
    const auto& segments = m_mappings.lines[size_t(line)];
    auto after = std::upper_bound(segments.begin(), segments.end(), column,
                                  [](int32_t c, const MappingSegment& s) { return c < s.generatedColumn; });
    if (after == segments.begin())
        return std::nullopt;
    const MappingSegment& s = *(after - 1);
    if (s.source < 0 || size_t(s.source) >= m_sources.size())
        return std::nullopt;
    OriginalPosition p;
    p.url = m_sources[size_t(s.source)];
    p.line = s.originalLine + 1;
    p.column = s.originalColumn + 1;
    if (s.name >= 0 && size_t(s.name) < m_names.size())
        p.name = m_names[size_t(s.name)];
    return p;
}

std::optional<std::string_view> SourceMap::sourceContent(const std::string& url) const
{
    for (size_t i = 0; i < m_sources.size(); ++i) {
        if (m_sources[i] == url && m_contents[i])
            return std::string_view(*m_contents[i]);
    }
    return std::nullopt;
}

} // namespace xsprof::sourcemaps
