#pragma once
// Memory figures of this process from /proc/self/status (Linux), in kB; -1 when unknown.
#include <fstream>
#include <string>

inline long procStatusKb(const char* field) // "VmHWM:" (peak RSS) or "VmRSS:" (current)
{
    std::ifstream status("/proc/self/status");
    std::string line;
    const std::string key(field);
    while (std::getline(status, line)) {
        if (line.rfind(key, 0) == 0)
            return std::stol(line.substr(key.size()));
    }
    return -1;
}
