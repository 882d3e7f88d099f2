#pragma once
// A read-only stream buffer over a file or a memory block that reports progress and
// stops (as end of input) when cancelled.
#include "taskcontrol.h"

#include <cstdio>
#include <streambuf>
#include <string_view>
#include <vector>

namespace xsprof {

class ChunkedInputBuffer : public std::streambuf {
public:
    ChunkedInputBuffer(std::FILE* file, size_t totalBytes, const TaskControl* control);
    ChunkedInputBuffer(std::string_view bytes, const TaskControl* control);

    size_t bytesConsumed() const; // position of the next character
    bool readFailed() const { return m_readFailed; }

protected:
    int_type underflow() override;

private:
    std::FILE* m_file = nullptr;
    std::string_view m_memory;
    size_t m_memoryOffset = 0;
    size_t m_totalBytes = 0;
    size_t m_bytesBefore = 0; // bytes of the chunks before the current one
    const TaskControl* m_control = nullptr;
    std::vector<char> m_chunk;
    bool m_readFailed = false;
};

} // namespace xsprof
