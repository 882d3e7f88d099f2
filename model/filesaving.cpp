#include "filesaving.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

namespace xsprof {

bool saveFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write, std::string* error)
{
    const std::string temporary = path + ".part";
    {
        std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
        if (!out) {
            if (error)
                *error = path + ": cannot write: " + std::strerror(errno);
            return false;
        }
        write(out);
        out.flush();
        if (!out) {
            if (error)
                *error = path + ": write failed (disk full?)";
            std::remove(temporary.c_str());
            return false;
        }
    }
    std::error_code ec;
    std::filesystem::rename(temporary, path, ec);
    if (ec) {
        if (error)
            *error = path + ": cannot write: " + ec.message();
        std::remove(temporary.c_str());
        return false;
    }
    return true;
}

} // namespace xsprof
