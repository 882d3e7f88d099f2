#include "chunkedinputbuffer.h"

#include <algorithm>

namespace xsprof {

namespace {
constexpr size_t chunkSize = 256 << 10;
}

ChunkedInputBuffer::ChunkedInputBuffer(std::string_view bytes, const TaskControl* control)
    : m_memory(bytes), m_totalBytes(bytes.size()), m_control(control)
{
    setg(nullptr, nullptr, nullptr);
}

size_t ChunkedInputBuffer::bytesConsumed() const
{
    return m_bytesBefore + static_cast<size_t>(gptr() - eback());
}

ChunkedInputBuffer::int_type ChunkedInputBuffer::underflow()
{
    if (gptr() < egptr())
        return traits_type::to_int_type(*gptr());
    m_bytesBefore += static_cast<size_t>(egptr() - eback());
    if (m_control) {
        if (m_control->isCancelled())
            return traits_type::eof();
        if (m_totalBytes > 0)
            m_control->report(std::min(1.0, double(m_bytesBefore) / double(m_totalBytes)));
    }
    // Memory in slices, so that progress and cancellation are checked now and then.
    const size_t n = std::min(chunkSize, m_memory.size() - m_memoryOffset);
    if (n == 0)
        return traits_type::eof();
    char* begin = const_cast<char*>(m_memory.data() + m_memoryOffset); // never written through
    m_memoryOffset += n;
    setg(begin, begin, begin + n);
    return traits_type::to_int_type(*gptr());
}

} // namespace xsprof
