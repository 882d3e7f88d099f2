#pragma once
// One column of the samples table (stacks or times): a contiguous array like std::vector, whose
// recorded prefix can be shared with immutable snapshots at no cost. A live session appends
// samples for an hour; every 200 ms the views take a snapshot of what was recorded so far.
// Copying the samples for each snapshot made a refresh cost O(session); sharing them makes it
// O(1): the recording appends past the end any snapshot sees, and never writes below it.
//
// The rules that keep a snapshot's samples fixed:
// - share() hands out a read-only view of [0, size()) with the same buffer;
// - appending writes only past size(): when the buffer is full and shared, the appender moves
//   to a buffer twice the size (the snapshots keep the old one), as a vector would grow;
// - anything else that writes (mutableSpan(), resize smaller, assign, clear) first takes a
//   buffer of its own when the current one is shared, and starts a new lineage;
// - copies are deep, as std::vector's: only share() shares.
// Columns of one lineage are prefixes of one another: a.extends(b) says that `a` holds the
// same first b.size() values as `b`, which is what an incremental analysis needs to know.
//
// Threads: a column is not thread-safe, but the views it shares may be read on other threads
// while it appends, and released on any thread. Whether a view may hold the current buffer is
// the column's own record (share() sets it), never the buffer's reference count: a buffer once
// shared is never written below the size it was shared at, never reallocated and never freed
// by the column (the last view's release frees it, ordered by shared_ptr's count). share()
// itself writes that record, so share() and every write to the column must be serialised by
// the column's owner: live recordings do it in LiveRecording (model/xs/liverecording.h).
#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <utility>
#include <vector>

namespace xsprof {

namespace samplecolumn {
inline uint64_t newLineage()
{
    static std::atomic<uint64_t> next{1};
    return next.fetch_add(1, std::memory_order_relaxed);
}
} // namespace samplecolumn

template <typename T>
class SampleColumn {
public:
    using value_type = T;
    using const_iterator = const T*;
    using iterator = const T*;

    SampleColumn() = default;
    SampleColumn(std::vector<T> values) { adopt(std::move(values)); } // NOLINT: as a vector
    SampleColumn(std::initializer_list<T> values) { adopt(std::vector<T>(values)); }
    SampleColumn(const SampleColumn& other) { adopt(other.toVector()); }
    SampleColumn(SampleColumn&& other) noexcept { swap(other); }
    SampleColumn& operator=(const SampleColumn& other)
    {
        if (this != &other)
            adopt(other.toVector());
        return *this;
    }
    SampleColumn& operator=(SampleColumn&& other) noexcept
    {
        SampleColumn(std::move(other)).swap(*this);
        return *this;
    }
    SampleColumn& operator=(std::vector<T> values)
    {
        adopt(std::move(values));
        return *this;
    }

    // A read-only view of the values so far, sharing this column's buffer (O(1)). Appending
    // here afterwards does not change it; writing here in place first makes a buffer of its own.
    SampleColumn share()
    {
        m_bufferShared = true;
        m_lineageShared = true;
        SampleColumn view;
        view.m_buffer = m_buffer;
        view.m_data = m_data;
        view.m_size = m_size;
        view.m_lineage = m_lineage;
        view.m_view = true;
        return view;
    }
    // This column holds the first other.size() values of `other` (it is `other`, grown by
    // appending only).
    bool extends(const SampleColumn& other) const
    {
        return m_lineage != 0 && m_lineage == other.m_lineage && m_size >= other.m_size;
    }
    uint64_t lineage() const { return m_lineage; }
    // Whether the buffer is shared with another column now (tests).
    bool sharesBufferWith(const SampleColumn& other) const { return m_buffer && m_buffer == other.m_buffer; }

    size_t size() const { return m_size; }
    bool empty() const { return m_size == 0; }
    size_t capacity() const { return m_buffer && !m_view ? m_buffer->capacity() : m_size; }

    const T& operator[](size_t i) const { return m_data[i]; }
    const T* data() const { return m_data; }
    const T* begin() const { return m_data; }
    const T* end() const { return m_data + m_size; }
    const T* cbegin() const { return m_data; }
    const T* cend() const { return m_data + m_size; }
    const T& front() const { return m_data[0]; }
    const T& back() const { return m_data[m_size - 1]; }
    std::span<const T> span() const { return {m_data, m_size}; }
    operator std::span<const T>() const { return span(); } // NOLINT: reads as a vector does
    std::vector<T> toVector() const { return std::vector<T>(m_data, m_data + m_size); }

    // Writable access, the one way to write below size(): the buffer becomes this column's own
    // first (and a new lineage starts when it was shared). Reads never do that, so every other
    // accessor is const, even on a column that is not.
    std::span<T> mutableSpan()
    {
        makeWritable();
        return {m_data, m_size};
    }

    void push_back(const T& value)
    {
        if (m_buffer && !m_view && m_size < m_buffer->capacity()) [[likely]] {
            m_buffer->push_back(value); // past every snapshot's end: they never read it
            m_data = m_buffer->data();
            ++m_size;
            return;
        }
        growFor(m_size + 1);
        m_buffer->push_back(value);
        m_data = m_buffer->data();
        ++m_size;
    }
    void emplace_back(const T& value) { push_back(value); }
    void reserve(size_t count)
    {
        if (count > capacity() || m_view)
            growFor(std::max(count, m_size));
    }
    // Growing appends default values; shrinking writes (see the rules above).
    void resize(size_t count, const T& value = T())
    {
        if (count < m_size) {
            makeWritable();
            m_buffer->resize(count);
        } else if (count > m_size) {
            growFor(count);
            m_buffer->resize(count, value);
        }
        m_size = count;
        m_data = m_buffer ? m_buffer->data() : nullptr;
    }
    void clear() { adopt({}); }

    void swap(SampleColumn& other) noexcept
    {
        std::swap(m_buffer, other.m_buffer);
        std::swap(m_data, other.m_data);
        std::swap(m_size, other.m_size);
        std::swap(m_lineage, other.m_lineage);
        std::swap(m_view, other.m_view);
        std::swap(m_bufferShared, other.m_bufferShared);
        std::swap(m_lineageShared, other.m_lineageShared);
    }

    friend bool operator==(const SampleColumn& a, const SampleColumn& b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }
    friend bool operator==(const SampleColumn& a, const std::vector<T>& b)
    {
        return std::equal(a.begin(), a.end(), b.begin(), b.end());
    }

private:
    void adopt(std::vector<T> values)
    {
        m_buffer = std::make_shared<std::vector<T>>(std::move(values));
        m_data = m_buffer->data();
        m_size = m_buffer->size();
        m_lineage = samplecolumn::newLineage();
        m_view = false;
        m_bufferShared = false;
        m_lineageShared = false;
    }
    // Before a write below size(): a buffer no view reads, and a new lineage (views of the old
    // one are no longer prefixes of this column). A buffer never shared is written in place.
    void makeWritable()
    {
        if (m_view || m_bufferShared)
            adopt(toVector());
        else if (m_lineageShared) {
            m_lineage = samplecolumn::newLineage();
            m_lineageShared = false;
        }
    }
    // Room for `count` values past which appending leaves every view alone: a buffer no view
    // holds grows in place, a shared one is left to its views. The lineage stays: the values
    // so far are the same.
    void growFor(size_t count)
    {
        if (m_buffer && !m_view && !m_bufferShared) {
            if (count > m_buffer->capacity())
                m_buffer->reserve(std::max(count, 2 * m_buffer->capacity()));
            m_data = m_buffer->data();
            return;
        }
        auto buffer = std::make_shared<std::vector<T>>();
        buffer->reserve(std::max({count, 2 * m_size, size_t(16)}));
        buffer->assign(m_data, m_data + m_size);
        m_buffer = std::move(buffer);
        m_data = m_buffer->data();
        m_bufferShared = false;
        if (m_view || m_lineage == 0) { // a view that appends is a column of its own
            m_lineage = samplecolumn::newLineage();
            m_lineageShared = false;
        } // else the old buffer's views are still of this lineage
        m_view = false;
    }

    std::shared_ptr<std::vector<T>> m_buffer; // null when empty and never filled
    T* m_data = nullptr;
    size_t m_size = 0;
    uint64_t m_lineage = 0;
    bool m_view = false;          // made by share(): read-only, never appends in place
    bool m_bufferShared = false;  // a view may hold m_buffer: it never grows, shrinks or changes
    bool m_lineageShared = false; // views of this lineage may exist: a write below size() ends it
};

} // namespace xsprof
