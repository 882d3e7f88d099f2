#pragma once
// Applies source maps to a V8/browser profile (DESIGN.md "More inputs"): each function whose
// script has a map shows its original file, line and column, and the map's name at the
// function's start when there is one; functions are then identified by the original
// location, so two bundles of one source merge.
#include "sourcemap.h"

#include "model/profile.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace xsprof::sourcemaps {

struct SourceMapOptions {
    std::vector<std::string> folders; // folders of .map files the user names
    std::vector<std::string> files;   // single .map files (dropped on a tab); before the folders
    bool besideScripts = true;        // the local script's sourceMappingURL, or SCRIPT.map beside it
};

struct SourceMapReport {
    size_t functionsMapped = 0;
    size_t mapsUsed = 0;
    std::vector<std::string> problems; // maps that could not be read, one line each
    // The text of each original source a mapped function names, when its map embeds it
    // (sourcesContent), by the original url: what the source pane shows.
    std::map<std::string, std::string> sourcesContent;
};

class SourceMapper {
public:
    explicit SourceMapper(SourceMapOptions options);

    // The profile with original locations, or nullopt when no function has a map (or the
    // profile is an XS one, identified by profile ids).
    std::optional<Profile> apply(const Profile& profile, SourceMapReport& report);

    // The map for a script url (cached), or nullptr.
    const SourceMap* mapFor(const std::string& scriptUrl, SourceMapReport& report);

private:
    void indexFolders(SourceMapReport& report);
    const SourceMap* load(const std::string& path, SourceMapReport& report);
    const SourceMap* loadInline(const std::string& dataUrl, const std::string& scriptPath, SourceMapReport& report);

    SourceMapOptions m_options;
    bool m_indexed = false;
    std::map<std::string, std::string> m_folderMaps;                    // script file name -> map path
    std::map<std::string, std::unique_ptr<SourceMap>> m_loaded;         // map path -> map (null: failed)
    std::map<std::string, const SourceMap*> m_byScript;                 // script url -> map
};

} // namespace xsprof::sourcemaps
