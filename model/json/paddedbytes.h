#pragma once
// A file's bytes in memory followed by readerPadding zero bytes: every reader of the
// loader's table gets its input this way (simdjson reads up to 64 bytes past the end).
#include <cstring>
#include <memory>
#include <string_view>

namespace xsprof {

constexpr size_t readerPadding = 64;

class PaddedBytes {
public:
    PaddedBytes() = default;
    explicit PaddedBytes(size_t size) : m_data(new char[size + readerPadding]), m_size(size)
    {
        std::memset(m_data.get() + size, 0, readerPadding);
    }
    explicit PaddedBytes(std::string_view bytes) : PaddedBytes(bytes.size())
    {
        if (!bytes.empty())
            std::memcpy(m_data.get(), bytes.data(), bytes.size());
    }

    char* data() { return m_data.get(); }
    size_t size() const { return m_size; }
    std::string_view view() const { return {m_data.get(), m_size}; }
    // Keeps the first `size` bytes (a short read), padding included.
    void truncate(size_t size)
    {
        if (size < m_size) {
            m_size = size;
            std::memset(m_data.get() + size, 0, readerPadding);
        }
    }
    void release()
    {
        m_data.reset();
        m_size = 0;
    }

private:
    std::unique_ptr<char[]> m_data;
    size_t m_size = 0;
};

} // namespace xsprof
