// Proves model/ stands alone: built without Qt (XSPROF_MODEL_ONLY), it loads the real
// Chrome/Node and XS recordings of ../shared/corpus (its top folder and xsbug/) that have an
// oracle file and compares the numbers with it. Exit status 1 on any difference, with the
// differences on stderr. (tests/model's tst_corpus, with Qt Test, covers every folder.)
#include "expectedprofile.h"

#include "model/profileloader.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

// NAME.cpuprofile, NAME.json or NAME.xsbug beside NAME.expected.json.
std::string sourceFor(const std::string& expected)
{
    const std::string stem = expected.substr(0, expected.size() - std::string(".expected.json").size());
    for (const char* extension : {".cpuprofile", ".json", ".xsbug"}) {
        if (fs::exists(stem + extension))
            return stem + extension;
    }
    return {};
}

// Differences for one profile of `source`, as text; empty when it agrees with the oracle.
std::vector<std::string> check(const std::string& source, const nlohmann::json& expected, int profileIndex)
{
    xsprof::LoadOptions options;
    options.profileIndex = profileIndex;
    const xsprof::LoadResult loaded = xsprof::loadProfileFile(source, options);
    if (!loaded.ok())
        return {loaded.error ? loaded.error->toString() : source + ": no profile"};
    const auto profiles = ExpectedProfile::profilesOf(expected);
    const xsprof::ProfileAnalysis analysis = xsprof::ProfileAnalysis::compute(*loaded.profile);
    return ExpectedProfile::compare(*loaded.profile, analysis, profiles.at(size_t(std::max(profileIndex, 0))),
                                    expected.at("key_line_base").get<int>());
}

} // namespace

int main(int argc, char** argv)
{
    const fs::path corpus = argc > 1 ? fs::path(argv[1]) : fs::path(XSPROF_CORPUS_DIR);
    std::vector<std::string> expectedFiles;
    for (const fs::path& folder : {corpus, corpus / "xsbug"}) {
        for (const auto& entry : fs::directory_iterator(folder)) {
            const std::string name = entry.path().string();
            if (entry.is_regular_file() && name.ends_with(".expected.json"))
                expectedFiles.push_back(name);
        }
    }
    std::sort(expectedFiles.begin(), expectedFiles.end());
    int profiles = 0, failures = 0;
    for (const std::string& expectedFile : expectedFiles) {
        const std::string source = sourceFor(expectedFile);
        if (source.empty()) {
            std::fprintf(stderr, "%s: no source file beside it\n", expectedFile.c_str());
            ++failures;
            continue;
        }
        const nlohmann::json expected = ExpectedProfile::readFile(expectedFile);
        const int count = expected.contains("profiles") ? int(expected.at("profiles").size()) : 1;
        for (int k = 0; k < count; ++k) {
            ++profiles;
            const auto errors = check(source, expected, count > 1 ? k : -1);
            for (size_t i = 0; i < errors.size() && i < 5; ++i)
                std::fprintf(stderr, "%s: %s\n", source.c_str(), errors[i].c_str());
            failures += errors.empty() ? 0 : 1;
        }
    }
    std::printf("model alone: %d profiles compared with the oracle, %d differ\n", profiles, failures);
    return profiles > 0 && failures == 0 ? 0 : 1;
}
