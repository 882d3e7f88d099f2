#include "inputpages.h"

#include <algorithm>
#include <cstdint>
#include <cstring>

#if defined(__linux__)
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
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

InputPages::~InputPages()
{
#if defined(__linux__)
    if (m_file >= 0)
        close(m_file);
#endif
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
    addReleased(first - base, last - base);
    return last - base;
#else
    (void)end;
    return begin;
#endif
}

bool InputPages::canReadBack()
{
#if defined(__linux__)
    return true;
#else
    return false;
#endif
}

bool InputPages::leaveUnread(size_t head)
{
    const size_t page = pageSize();
    const uintptr_t base = reinterpret_cast<uintptr_t>(m_data);
    const size_t first = size_t((base + std::min(head, m_size) + page - 1) / page * page - base);
    const size_t last = size_t((base + m_size) / page * page - base);
    if (!canReadBack() || first >= last)
        return readFile(0, m_size, m_data);
    if (!readFile(0, first, m_data) || !readFile(last, m_size - last, m_data + last))
        return false;
    const std::lock_guard lock(m_mutex);
    addReleased(first, last);
    return true;
}

void InputPages::addReleased(size_t first, size_t last)
{
    std::vector<std::pair<size_t, size_t>> merged;
    merged.reserve(m_released.size() + 1);
    bool placed = false;
    for (const auto& range : m_released) {
        if (range.second < first) {
            merged.push_back(range);
        } else if (last < range.first) {
            if (!placed)
                merged.emplace_back(first, last);
            placed = true;
            merged.push_back(range);
        } else { // overlapping or adjacent: one range
            first = std::min(first, range.first);
            last = std::max(last, range.second);
        }
    }
    if (!placed)
        merged.emplace_back(first, last);
    m_released = std::move(merged);
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

bool InputPages::copyOut(size_t begin, size_t end, char* to)
{
    std::vector<std::pair<size_t, size_t>> given; // the given-back parts of [begin, end)
    {
        const std::lock_guard lock(m_mutex);
        for (const auto& [first, last] : m_released) {
            if (first < end && begin < last)
                given.emplace_back(std::max(first, begin), std::min(last, end));
        }
    }
    std::sort(given.begin(), given.end());
    size_t at = begin;
    for (const auto& [first, last] : given) {
        std::memcpy(to + (at - begin), m_data + at, first - at);
        if (!readFile(first, last - first, to + (first - begin)))
            return false;
        at = last;
    }
    std::memcpy(to + (at - begin), m_data + at, end - at);
    return true;
}

bool InputPages::unchanged() const
{
    std::error_code ec;
    return std::filesystem::file_size(m_path, ec) == m_size && !ec &&
        std::filesystem::last_write_time(m_path, ec) == m_modified && !ec;
}

bool InputPages::readFile(size_t offset, size_t size, char* to)
{
#if defined(__linux__)
    {
        const std::lock_guard lock(m_mutex);
        if (m_file < 0)
            m_file = open(m_path.c_str(), O_RDONLY | O_CLOEXEC);
        if (m_file < 0)
            return false;
    }
    if (!unchanged())
        return false;
    while (size > 0) {
        const ssize_t n = pread(m_file, to, size, off_t(offset));
        if (n <= 0) {
            if (n < 0 && errno == EINTR)
                continue;
            return false;
        }
        to += n;
        offset += size_t(n);
        size -= size_t(n);
    }
    return true;
#else
    (void)offset;
    (void)size;
    (void)to;
    return false; // nothing is given back elsewhere
#endif
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
    for (const auto& [begin, end] : ranges) {
        if (!readFile(begin, end - begin, m_data + begin))
            return false;
    }
    return true;
}

} // namespace xsprof
