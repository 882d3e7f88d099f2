#pragma once
// A read-only stream buffer over a memory block that hands it out in chunks, reports
// progress and stops (as end of input) when cancelled.
#include "taskcontrol.h"

#include <streambuf>
#include <string_view>

namespace xsprof {

class ChunkedInputBuffer : public std::streambuf {
public:
    ChunkedInputBuffer(std::string_view bytes, const TaskControl* control);

    size_t bytesConsumed() const; // position of the next character

protected:
    int_type underflow() override;

private:
    std::string_view m_memory;
    size_t m_memoryOffset = 0;
    size_t m_totalBytes = 0;
    size_t m_bytesBefore = 0; // bytes of the chunks before the current one
    const TaskControl* m_control = nullptr;
};

} // namespace xsprof
