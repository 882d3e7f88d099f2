#pragma once
// The loader's copy of a file, given back to the system once the reader has found the file's
// structure, and read from the file again piece by piece as the reader parses it.
//
// A .cpuprofile's arrays are parsed one piece at a time, each piece copied into its parser
// first. Once the arrays' places are known their pages in the loader's buffer are given back,
// and each piece is read from the file straight into its parser (copyOut): the whole file and
// the tables read from it are never in memory at once, and no page of the buffer is faulted
// in twice. When the simdjson read fails and the reference parser must read the whole file to
// name the error, restoreAll() reads the given-back pages again. Every read from the file
// first checks that it has not changed.
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
    ~InputPages();
    InputPages(const InputPages&) = delete;
    InputPages& operator=(const InputPages&) = delete;

    // Gives back the whole pages inside [begin, end) (offsets into data). Returns the offset up
    // to which bytes are now given back (begin when the range holds no whole page), so that a
    // caller walking forward can pass that as its next begin. Thread-safe.
    size_t release(size_t begin, size_t end);
    // Makes [begin, end) readable again; false when the file changed or cannot be read.
    bool makeReadable(size_t begin, size_t end);
    // Copies [begin, end) to `to`: what is given back is read from the file straight into `to`,
    // so the loader's buffer is not brought back. False when the file changed or cannot be
    // read. Thread-safe.
    bool copyOut(size_t begin, size_t end, char* to);
    bool restoreAll() { return makeReadable(0, m_size); }
    // For a buffer that holds nothing yet: reads the file's first `head` bytes and its last
    // partial page into it and leaves the pages between unread, as if given back (a reader that
    // reads the file piece by piece never needs them in the buffer). False when the file
    // changed or cannot be read.
    bool leaveUnread(size_t head);
    // Whether this system can read given-back pages again (without, nothing is given back).
    static bool canReadBack();

    size_t releasedBytes() const;

private:
    bool readBack(const std::vector<std::pair<size_t, size_t>>& ranges);
    // Adds [first, last) to m_released, kept sorted and disjoint. Called with m_mutex held.
    void addReleased(size_t first, size_t last);
    bool unchanged() const;
    // [offset, offset + size) of the file, after checking that it has not changed.
    bool readFile(size_t offset, size_t size, char* to);

    char* m_data;
    size_t m_size;
    std::string m_path;
    std::filesystem::file_time_type m_modified;
    mutable std::mutex m_mutex;
    std::vector<std::pair<size_t, size_t>> m_released; // page-aligned, sorted, disjoint; offsets into data
    int m_file = -1; // opened at the first copyOut
};

} // namespace xsprof
