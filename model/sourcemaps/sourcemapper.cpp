#include "sourcemapper.h"

#include "model/filename.h"
#include "model/profilebuilder.h"

#include <filesystem>
#include <fstream>
#include <sstream>

namespace xsprof::sourcemaps {

namespace {

namespace fs = std::filesystem;

std::optional<std::string> readFile(const std::string& path)
{
    std::ifstream in(path, std::ios::binary);
    if (!in)
        return std::nullopt;
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// The file name of a URL, without its query and fragment.
std::string baseName(std::string_view url)
{
    return fileNameOf(url.substr(0, url.find_first_of("?#")));
}

// The local path of a file:// URL or an absolute path; empty for other URLs.
std::string localPath(const std::string& url)
{
    if (url.starts_with("file://"))
        return url.substr(7);
    if (url.starts_with('/'))
        return url;
    return {};
}

std::optional<std::string> decodeBase64(std::string_view text)
{
    std::string out;
    uint32_t buffer = 0;
    int bits = 0;
    for (char c : text) {
        int v = -1;
        if (c >= 'A' && c <= 'Z')
            v = c - 'A';
        else if (c >= 'a' && c <= 'z')
            v = c - 'a' + 26;
        else if (c >= '0' && c <= '9')
            v = c - '0' + 52;
        else if (c == '+' || c == '-')
            v = 62;
        else if (c == '/' || c == '_')
            v = 63;
        else if (c == '=' || c == '\n' || c == '\r')
            continue;
        else
            return std::nullopt;
        buffer = (buffer << 6) | uint32_t(v);
        bits += 6;
        if (bits >= 8) {
            bits -= 8;
            out.push_back(char((buffer >> bits) & 0xff));
        }
    }
    return out;
}

// The last "//# sourceMappingURL=" (or the old "//@") of a script, or empty.
std::string sourceMappingUrl(const std::string& script)
{
    for (const char* marker : {"//# sourceMappingURL=", "//@ sourceMappingURL="}) {
        const size_t at = script.rfind(marker);
        if (at == std::string::npos)
            continue;
        const size_t begin = at + std::string_view(marker).size();
        size_t end = begin;
        while (end < script.size() && !std::isspace(static_cast<unsigned char>(script[end])))
            ++end;
        return script.substr(begin, end - begin);
    }
    return {};
}

} // namespace

SourceMapper::SourceMapper(SourceMapOptions options) : m_options(std::move(options)) {}

void SourceMapper::indexFolders(SourceMapReport& report)
{
    m_indexed = true;
    // By the map's "file" field when it has one, else its name without ".map"; the first wins.
    const auto index = [&](const fs::path& path) {
        const std::string absolute = fs::absolute(path).lexically_normal().string();
        const SourceMap* map = load(absolute, report);
        const std::string script = map && !map->file().empty() ? baseName(map->file()) : path.stem().string();
        m_folderMaps.emplace(script, absolute);
    };
    for (const std::string& file : m_options.files) {
        std::error_code ec;
        if (fs::is_regular_file(file, ec))
            index(file);
        else
            report.problems.push_back(file + ": not a readable file");
    }
    for (const std::string& folder : m_options.folders) {
        std::error_code ec;
        for (auto it = fs::recursive_directory_iterator(folder, ec); !ec && it != fs::recursive_directory_iterator();
             it.increment(ec)) {
            if (it.depth() > 4) {
                it.disable_recursion_pending();
                continue;
            }
            const fs::path path = it->path();
            if (!it->is_regular_file(ec) || path.extension() != ".map")
                continue;
            index(path);
        }
        if (ec)
            report.problems.push_back(folder + ": " + ec.message());
    }
}

const SourceMap* SourceMapper::load(const std::string& path, SourceMapReport& report)
{
    if (auto it = m_loaded.find(path); it != m_loaded.end())
        return it->second.get();
    std::unique_ptr<SourceMap> map;
    if (const auto text = readFile(path)) {
        std::string error;
        if (auto parsed = SourceMap::parse(*text, path, error))
            map = std::make_unique<SourceMap>(std::move(*parsed));
        else
            report.problems.push_back(path + ": " + error);
    } else {
        report.problems.push_back(path + ": cannot read");
    }
    return m_loaded.emplace(path, std::move(map)).first->second.get();
}

const SourceMap* SourceMapper::loadInline(const std::string& dataUrl, const std::string& scriptPath, SourceMapReport& report)
{
    if (auto it = m_loaded.find(dataUrl); it != m_loaded.end())
        return it->second.get();
    std::unique_ptr<SourceMap> map;
    const size_t comma = dataUrl.find(',');
    const std::string_view header = std::string_view(dataUrl).substr(0, comma == std::string::npos ? 0 : comma);
    std::optional<std::string> json;
    if (comma != std::string::npos && header.ends_with(";base64"))
        json = decodeBase64(std::string_view(dataUrl).substr(comma + 1));
    if (!json) {
        report.problems.push_back(scriptPath + ": its sourceMappingURL data: URL is not base64");
    } else {
        std::string error;
        if (auto parsed = SourceMap::parse(*json, scriptPath, error))
            map = std::make_unique<SourceMap>(std::move(*parsed));
        else
            report.problems.push_back(scriptPath + " (inline map): " + error);
    }
    return m_loaded.emplace(dataUrl, std::move(map)).first->second.get();
}

const SourceMap* SourceMapper::mapFor(const std::string& scriptUrl, SourceMapReport& report)
{
    if (auto it = m_byScript.find(scriptUrl); it != m_byScript.end())
        return it->second;
    const SourceMap* map = nullptr;
    const std::string path = localPath(scriptUrl);
    std::error_code ec;
    if (m_options.besideScripts && !path.empty() && fs::is_regular_file(path, ec)) {
        if (const auto script = readFile(path)) {
            const std::string reference = sourceMappingUrl(*script);
            if (reference.starts_with("data:"))
                map = loadInline(reference, path, report);
            else if (!reference.empty())
                map = load(resolveUrl(path, reference), report);
        }
        if (!map && fs::is_regular_file(path + ".map", ec))
            map = load(path + ".map", report);
    }
    if (!map) {
        if (!m_indexed)
            indexFolders(report);
        if (auto it = m_folderMaps.find(baseName(scriptUrl)); it != m_folderMaps.end())
            map = load(it->second, report);
    }
    m_byScript.emplace(scriptUrl, map);
    return map;
}

std::optional<Profile> SourceMapper::apply(const Profile& profile, SourceMapReport& report)
{
    if (profile.identifiesByXsId())
        return std::nullopt;
    ProfileBuilder builder(profile.info);
    const size_t frameCount = profile.frames.size();
    std::vector<FrameId> mapped(frameCount);
    std::vector<const SourceMap*> used;
    for (size_t i = 0; i < frameCount; ++i) {
        const FrameId f(static_cast<uint32_t>(i));
        const std::string url(profile.frameUrl(f));
        const int32_t line = profile.frames.line[i], column = profile.frames.column[i];
        std::optional<OriginalPosition> original;
        if (!url.empty() && line > 0) {
            if (const SourceMap* map = mapFor(url, report)) {
                original = map->originalPositionFor(line - 1, std::max(column - 1, 0));
                if (original && std::find(used.begin(), used.end(), map) == used.end())
                    used.push_back(map);
                if (original && !report.sourcesContent.contains(original->url)) {
                    if (const auto text = map->sourceContent(original->url))
                        report.sourcesContent.emplace(original->url, std::string(*text));
                }
            }
        }
        if (original) {
            const std::string_view name = original->name.empty() ? profile.frameName(f) : original->name;
            mapped[i] = builder.frameForKey(name, original->url, original->line, original->column);
            ++report.functionsMapped;
        } else {
            mapped[i] = builder.frameForKey(profile.frameName(f), url, line, column);
            builder.noteScriptId(mapped[i], profile.scriptIdOf(f));
        }
    }
    report.mapsUsed = used.size();
    if (report.functionsMapped == 0)
        return std::nullopt;
    // Parents come before their children in the stack table, so one pass rebuilds the trie.
    std::vector<StackId> stackOf(profile.stacks.size());
    for (size_t s = 0; s < profile.stacks.size(); ++s) {
        const StackId parent = profile.stacks.parent[s];
        stackOf[s] = builder.stack(parent.isValid() ? stackOf[parent.value] : StackId(), mapped[profile.stacks.frame[s].value]);
    }
    std::vector<StackId> stacks(profile.samples.size());
    for (size_t i = 0; i < stacks.size(); ++i)
        stacks[i] = stackOf[profile.samples.stack[i].value];
    builder.setSamples(std::move(stacks), profile.samples.time.toVector());
    if (profile.samples.rule == DurationRule::Given)
        builder.setGivenDurations(profile.samples.given);
    return builder.finish();
}

} // namespace xsprof::sourcemaps
