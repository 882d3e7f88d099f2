#include "app/cli/windowlauncher.h"

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <string>

#include <unistd.h>

namespace WindowLauncher {

namespace {

// The folder of the running executable, from the kernel rather than argv[0] (which may be a
// bare name found on PATH, or a symbolic link).
std::string executableFolder()
{
    char path[PATH_MAX];
    const ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
    if (length <= 0)
        return {};
    const std::string self(path, size_t(length));
    const size_t slash = self.rfind('/');
    return slash == std::string::npos ? std::string() : self.substr(0, slash);
}

constexpr const char* windowExecutable = "xsprof-window"; // app/CMakeLists.txt builds it beside xsprof

} // namespace

int replaceWithWindow(char* argv[])
{
    const std::string folder = executableFolder();
    if (folder.empty()) {
        std::fprintf(stderr, "xsprof: cannot open the window: the folder of this executable is unknown (%s)\n",
                     std::strerror(errno));
        return 1;
    }
    const std::string window = folder + '/' + windowExecutable;
    execv(window.c_str(), argv);
    std::fprintf(stderr, "xsprof: cannot open the window: %s: %s\n", window.c_str(), std::strerror(errno));
    return 1;
}

} // namespace WindowLauncher
