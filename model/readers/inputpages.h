#pragma once
// The loader's copy of a file, given back to the system page by page as a reader is done with
// it, and brought back from the file when it is needed again.
//
// A .cpuprofile's arrays are parsed one piece at a time, each piece copied into its parser
// first: the piece's bytes in the loader's buffer are then never read again, unless the
// simdjson read fails and the reference parser reads the whole file to name the error. Giving
// those pages back keeps the whole file and the tables read from it from being in memory at
// once (peak memory is about the tables, not the file plus the tables). A failure path calls
// restoreAll() first, which reads the given-back pages again from the file, after checking
// that the file has not changed.
#include <cstddef>
#include <filesystem>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

namespace xsprof {

class InputPages {
public:
    // `data` holds the first `size` bytes of the file at `path`, as it was at `modified`.
    InputPages(char* data, size_t size, std::string path, std::filesystem::file_time_type modified);

    // Gives back the whole pages inside [begin, end) (offsets into data). Returns the offset up
    // to which bytes are now given back (begin when the range holds no whole page), so that a
    // caller walking forward can pass that as its next begin. Thread-safe.
    size_t release(size_t begin, size_t end);
    // Makes [begin, end) readable again; false when the file changed or cannot be read.
    bool makeReadable(size_t begin, size_t end);
    bool restoreAll() { return makeReadable(0, m_size); }

    size_t releasedBytes() const;

private:
    bool readBack(const std::vector<std::pair<size_t, size_t>>& ranges);

    char* m_data;
    size_t m_size;
    std::string m_path;
    std::filesystem::file_time_type m_modified;
    mutable std::mutex m_mutex;
    std::vector<std::pair<size_t, size_t>> m_released; // page-aligned ranges, offsets into data
};

} // namespace xsprof
