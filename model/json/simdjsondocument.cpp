#include "simdjsondocument.h"

#include "integerlist.h"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <random>

namespace xsprof {

static_assert(jsonReadPadding >= integerListPadding);

size_t SimdJsonValue::sizeHint() const
{
    if (m_split) // one byte and a comma at least per element; reserve() touches no page of it
        return (m_split->pieces.back().second - m_split->pieces.front().first + 1) / 2;
    if (m_element.type() != simdjson::dom::element_type::ARRAY)
        return 0;
    const simdjson::dom::array array = m_element.get_array().value_unsafe();
    return array.size();
}

std::optional<size_t> jsonPointerOffset(std::string_view bytes, const std::string& pointer)
{
    simdjson::ondemand::parser parser;
    simdjson::ondemand::document document;
    if (parser.iterate(bytes.data(), bytes.size(), bytes.size() + simdjson::SIMDJSON_PADDING).get(document))
        return std::nullopt;
    simdjson::ondemand::value value;
    if (document.at_pointer(pointer).get(value))
        return std::nullopt;
    const std::string_view token = value.raw_json_token();
    return size_t(token.data() - bytes.data());
}

SimdJsonDocument::SimdJsonDocument(std::string_view bytes, const TaskControl* control, InputPages* pages)
    : m_bytes(bytes), m_control(control), m_pages(pages), m_owner(std::this_thread::get_id())
{
    if (bytes.size() > simdjson::SIMDJSON_MAXSIZE_BYTES)
        throw SimdJsonFailure("the document is larger than simdjson reads");
    const bool unread = m_pages && m_pages->releasedBytes() > 0; // the loader read only the head
    m_splits = unread ? findSplitsInFile() : findJsonSplits(bytes.data(), bytes.size(), pieceBytes, nullptr);
    parseSkeleton({});
    // The arrays' bytes are read from the file, piece by piece, into the parsers (bytesOf):
    // the whole file is in memory only while its structure is found, never beside the tables.
    if (m_pages) {
        for (const SplitJsonArray& s : m_splits)
            m_pages->release(s.pieces.front().first, s.pieces.back().second);
    }
}

SimdJsonDocument::SimdJsonDocument(std::string_view bytes, const TaskControl* control,
                                   const std::vector<std::string_view>& keys)
    : m_bytes(bytes), m_control(control), m_owner(std::this_thread::get_id())
{
    if (bytes.size() > simdjson::SIMDJSON_MAXSIZE_BYTES)
        throw SimdJsonFailure("the document is larger than simdjson reads");
    if (keys.empty()) { // nothing to cut: the document read whole
        parseSkeleton({});
        return;
    }
    m_splits = findJsonSplits(bytes.data(), bytes.size(), pieceBytes, &keys);
    // A marker a file cannot hold by chance or design: it names this run's random number.
    std::random_device random;
    char text[64];
    std::snprintf(text, sizeof text, "xsprof split %08x%08x #", random(), random());
    m_marker = text;
    parseSkeleton(m_marker);
}

std::vector<SplitJsonArray> SimdJsonDocument::findSplitsInFile() const
{
    // The loader left most of the file unread (InputPages::leaveUnread): it goes through two
    // small buffers here, the next chunk read on a second thread while this one scans, and
    // each piece is read again into its parser. Reading a file twice from the page cache
    // costs less than faulting in a buffer of its size.
    constexpr size_t chunkBytes = size_t(1) << 20;
    static_assert(chunkBytes % 64 == 0);
    const size_t n = m_bytes.size();
    std::vector<char> chunks[2] = {std::vector<char>(chunkBytes), std::vector<char>(chunkBytes)};
    std::future<void> ahead; // after the buffers: waited for before they go
    JsonSplitFinder finder(pieceBytes, nullptr);
    copyBytes(0, std::min(n, chunkBytes), chunks[0].data());
    for (size_t from = 0, current = 0; from < n; from += chunkBytes, current = 1 - current) {
        const size_t to = std::min(n, from + chunkBytes);
        if (to < n) {
            char* const next = chunks[1 - current].data();
            ahead = std::async(std::launch::async,
                               [this, to, n, next] { copyBytes(to, std::min(n, to + chunkBytes), next); });
        }
        finder.feed(chunks[current].data(), from, to - from);
        if (ahead.valid())
            ahead.get(); // a read that failed throws here
        if (m_control) {
            if (m_control->isCancelled())
                throw JsonReadCancelled();
            m_control->report(0.3 * double(to) / double(n));
        }
    }
    return finder.finish();
}

const SplitJsonArray* SimdJsonDocument::nestedSplit(simdjson::dom::array array) const
{
    if (m_marker.empty())
        return nullptr;
    const auto first = array.begin();
    if (first == array.end())
        return nullptr;
    std::string_view text;
    if ((*first).get(text) || !text.starts_with(m_marker))
        return nullptr;
    size_t index = 0;
    const std::string_view digits = text.substr(m_marker.size());
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), index);
    if (ec != std::errc() || end != digits.data() + digits.size() || index >= m_splits.size())
        return nullptr;
    return &m_splits[index];
}

void SimdJsonDocument::parseSkeleton(const std::string& marker)
{
    const std::string_view bytes = m_bytes;
    m_walked.assign(m_splits.size(), 0);
    if (m_parser.allocate(std::max<size_t>(64, m_splits.empty() ? bytes.size() : 0), maxJsonDepth))
        throw SimdJsonFailure("cannot allocate the parser");
    simdjson::error_code error;
    if (m_splits.empty()) {
        if (m_pages && !m_pages->restoreAll()) // nothing to cut: the whole file is parsed
            throw SimdJsonFailure("the file changed while it was being read");
        error = m_parser.parse(bytes.data(), bytes.size(), false).get(m_root);
    } else {
        // The skeleton: the document without the split arrays' contents.
        std::string skeleton;
        size_t from = 0;
        auto append = [&](size_t begin, size_t end) { // from the file where it was given back
            const size_t at = skeleton.size();
            skeleton.resize(at + (end - begin));
            copyBytes(begin, end, skeleton.data() + at);
        };
        for (const SplitJsonArray& s : m_splits) {
            const size_t begin = s.pieces.front().first, end = s.pieces.back().second;
            append(from, begin);
            if (s.keyed)
                skeleton += '"' + marker + std::to_string(&s - m_splits.data()) + '"';
            from = end;
            m_splitBytes += end - begin;
        }
        append(from, bytes.size());
        m_skeleton = simdjson::padded_string(skeleton);
        error = m_parser.parse(m_skeleton).get(m_root);
        if (!m_splits.empty() && m_splits.front().depth == 1 && !m_splits.front().keyed)
            m_rootSplit = &m_splits.front();
    }
    if (error)
        throw SimdJsonFailure(simdjson::error_message(error));
}

SimdJsonValue SimdJsonDocument::root() const
{
    return SimdJsonValue(m_root, this, m_rootSplit, m_rootSplit == nullptr);
}

const SplitJsonArray* SimdJsonDocument::splitOfMember(size_t member) const
{
    for (const SplitJsonArray& s : m_splits) {
        if (s.depth == 2 && s.member == member && !s.keyed)
            return &s;
    }
    return nullptr;
}

void SimdJsonDocument::copyBytes(size_t begin, size_t end, char* to) const
{
    if (!m_pages)
        std::memcpy(to, m_bytes.data() + begin, end - begin);
    else if (!m_pages->copyOut(begin, end, to))
        throw SimdJsonFailure("the file changed while it was being read");
}

const char* SimdJsonDocument::bytesOf(size_t begin, size_t end, std::vector<char>& scratch) const
{
    if (!m_pages)
        return m_bytes.data() + begin;
    scratch.resize(end - begin + integerListPadding);
    copyBytes(begin, end, scratch.data());
    return scratch.data();
}

void SimdJsonDocument::checkUnreadPieces() const
{
    for (size_t i = 0; i < m_splits.size(); ++i) {
        if (m_walked[i])
            continue;
        PieceParser pieces(*this, m_splits[i]);
        while (pieces.next()) {
        }
    }
}

void SimdJsonDocument::pieceRead(size_t bytes) const
{
    const size_t done = m_piecesRead.fetch_add(bytes, std::memory_order_relaxed) + bytes;
    if (!m_control)
        return;
    if (m_control->isCancelled())
        throw JsonReadCancelled();
    // Progress is reported from the loading thread only: the callback need not be thread-safe.
    if (std::this_thread::get_id() == m_owner && m_splitBytes > 0)
        m_control->report(0.3 + 0.6 * double(done) / double(m_splitBytes));
}

SimdJsonDocument::PieceParser::PieceParser(const SimdJsonDocument& document, const SplitJsonArray& split,
                                           bool prefetch)
    : m_document(document), m_split(split),
      m_prefetch(prefetch && split.pieces.size() > 1 &&
                 split.pieces.back().second - split.pieces.front().first >= prefetchBytes)
{
}

SimdJsonDocument::PieceParser::~PieceParser()
{
    if (m_ahead.valid())
        m_ahead.wait(); // its slot and the document's bytes must outlive the parse
}

// Thread-safe for different slots: reads the document's bytes, writes only the slot.
simdjson::dom::array SimdJsonDocument::PieceParser::parse(Slot& slot, size_t begin, size_t end) const
{
    const size_t size = end - begin + 2;
    slot.buffer.resize(size + simdjson::SIMDJSON_PADDING);
    slot.buffer[0] = '[';
    m_document.copyBytes(begin, end, slot.buffer.data() + 1);
    slot.buffer[size - 1] = ']';
    if (slot.parser.capacity() < size || slot.parser.max_depth() == simdjson::DEFAULT_MAX_DEPTH) {
        // Inside the piece the array is one level deeper than the wrapper: stay within the limit.
        const size_t depth = maxJsonDepth > m_split.depth + 1 ? maxJsonDepth - m_split.depth - 1 : 1;
        if (slot.parser.allocate(std::max(size, SimdJsonDocument::pieceBytes + 4096), depth))
            throw SimdJsonFailure("cannot allocate the parser");
    }
    simdjson::dom::array array;
    if (const auto error = slot.parser.parse(slot.buffer.data(), size, false).get_array().get(array))
        throw SimdJsonFailure(simdjson::error_message(error));
    // An empty piece between two commas would hide a syntax error ("[1,,2]").
    if (array.begin() == array.end() && m_split.pieces.size() > 1)
        throw SimdJsonFailure("an empty element");
    return array;
}

std::optional<simdjson::dom::array> SimdJsonDocument::PieceParser::next()
{
    if (m_next >= m_split.pieces.size())
        return std::nullopt;
    const auto [begin, end] = m_split.pieces[m_next++];
    simdjson::dom::array array;
    if (m_ahead.valid()) { // parsed meanwhile in the other slot (its failure surfaces here, in order)
        array = m_ahead.get();
        m_current = 1 - m_current;
    } else {
        array = parse(m_slots[m_current], begin, end);
    }
    if (m_prefetch && m_next < m_split.pieces.size()) {
        const auto [nextBegin, nextEnd] = m_split.pieces[m_next];
        Slot& other = m_slots[1 - m_current];
        m_ahead = std::async(std::launch::async,
                             [this, &other, b = nextBegin, e = nextEnd] { return parse(other, b, e); });
    }
    consumed(begin, end);
    return array;
}

simdjson::dom::array SimdJsonDocument::PieceParser::piece(size_t k)
{
    const auto [begin, end] = m_split.pieces[k];
    const simdjson::dom::array array = parse(m_slots[0], begin, end);
    m_document.pieceRead(end - begin);
    return array;
}

void SimdJsonDocument::PieceParser::allClaimed()
{
    // Read only after the reading threads are done (checkUnreadPieces).
    m_document.m_walked[size_t(&m_split - m_document.m_splits.data())] = 1;
}

void SimdJsonDocument::PieceParser::consumed(size_t begin, size_t end)
{
    m_document.pieceRead(end - begin);
    if (m_next == m_split.pieces.size())
        allClaimed();
}

std::optional<std::span<const int64_t>> SimdJsonDocument::PieceParser::nextIntegers()
{
    if (m_next >= m_split.pieces.size())
        return std::nullopt;
    if (m_ahead.valid())
        return std::nullopt; // next() has it parsed already
    const auto [begin, end] = m_split.pieces[m_next];
    const char* p = m_document.bytesOf(begin, end, m_slots[m_current].buffer);
    const std::optional<size_t> count = readIntegerList(p, p + (end - begin), m_integers);
    if (!count)
        return std::nullopt;
    ++m_next;
    consumed(begin, end);
    return std::span<const int64_t>(m_integers.data(), *count);
}

} // namespace xsprof
