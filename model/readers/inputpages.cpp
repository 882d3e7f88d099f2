#include "inputpages.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <memory>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace xsprof {

namespace {
size_t pageSize()
{
#if defined(__linux__)
    static const size_t size = size_t(sysconf(_SC_PAGESIZE));
    return size;
#else
    return 4096;
#endif
}
} // namespace

InputPages::InputPages(char* data, size_t size, std::string path, std::filesystem::file_time_type modified)
    : m_data(data), m_size(size), m_path(std::move(path)), m_modified(modified)
{
}

size_t InputPages::release(size_t begin, size_t end)
{
#if defined(__linux__)
    end = std::min(end, m_size);
    const size_t page = pageSize();
    const uintptr_t base = reinterpret_cast<uintptr_t>(m_data);
    const uintptr_t first = (base + begin + page - 1) / page * page;
    const uintptr_t last = (base + end) / page * page;
    if (begin >= end || first >= last)
        return begin;
    if (madvise(reinterpret_cast<void*>(first), last - first, MADV_DONTNEED) != 0)
        return begin; // kept: nothing is lost, only memory
    const std::lock_guard lock(m_mutex);
    m_released.emplace_back(first - base, last - base);
    return last - base;
#else
    (void)end;
    return begin;
#endif
}

bool InputPages::makeReadable(size_t begin, size_t end)
{
    // Only the pages of [begin, end) come back; the rest of a given-back range stays given back.
    const size_t page = pageSize();
    const uintptr_t base = reinterpret_cast<uintptr_t>(m_data);
    const size_t from = size_t(std::max(base, (base + begin) / page * page) - base);
    const size_t to = size_t(std::min(base + m_size, (base + end + page - 1) / page * page) - base);
    std::vector<std::pair<size_t, size_t>> back;
    {
        const std::lock_guard lock(m_mutex);
        if (m_released.empty())
            return true;
        std::vector<std::pair<size_t, size_t>> kept;
        for (const auto& [first, last] : m_released) {
            if (last <= from || to <= first) {
                kept.emplace_back(first, last);
                continue;
            }
            back.emplace_back(std::max(first, from), std::min(last, to));
            if (first < from)
                kept.emplace_back(first, from);
            if (to < last)
                kept.emplace_back(to, last);
        }
        m_released = std::move(kept);
    }
    return back.empty() || readBack(back);
}

size_t InputPages::releasedBytes() const
{
    const std::lock_guard lock(m_mutex);
    size_t total = 0;
    for (const auto& [begin, end] : m_released)
        total += end - begin;
    return total;
}

bool InputPages::readBack(const std::vector<std::pair<size_t, size_t>>& ranges)
{
    std::error_code ec;
    if (std::filesystem::file_size(m_path, ec) != m_size || ec || std::filesystem::last_write_time(m_path, ec) != m_modified ||
        ec)
        return false;
    std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(m_path.c_str(), "rb"), &std::fclose);
    if (!file)
        return false;
    for (const auto& [begin, end] : ranges) {
        if (std::fseek(file.get(), long(begin), SEEK_SET) != 0 ||
            std::fread(m_data + begin, 1, end - begin, file.get()) != end - begin)
            return false;
    }
    return true;
}

} // namespace xsprof
