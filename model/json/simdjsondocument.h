#pragma once
// The fast JSON path: simdjson's validating DOM parser, in bounded memory.
//
// A DOM of a whole 1 GB profile would cost several times the file, so the large arrays
// directly under the root (a .cpuprofile's nodes, samples and timeDeltas; a trace's events)
// are cut at element boundaries into pieces of a few MB. The rest of the document (the
// "skeleton", the file with those arrays' contents left out) is parsed once; each piece is
// parsed on its own, when a reader walks that array, as the document `[piece]`. The file is
// valid JSON exactly when the skeleton and every piece are (a piece must hold at least one
// element), so nothing invalid gets through the cutting. Pieces of different arrays can be
// read on two threads at once (SimdJsonValue::inParallel).
//
// Any simdjson error throws SimdJsonFailure: the driver (model/readers/jsondocumentreading.h) then asks the
// reference parser, which names the byte of a syntax error or reads what simdjson cannot
// represent (integers beyond 64 bits).
#include "inputpages.h"
#include "jsonsplitfinder.h"
#include "jsonvalue.h"
#include "paddedbytes.h"
#include "model/parallel.h"
#include "model/taskcontrol.h"

#include <simdjson.h>

#include <atomic>
#include <future>
#include <optional>
#include <span>
#include <string_view>
#include <thread>
#include <vector>

namespace xsprof {

// Bytes the buffer handed to SimdJsonDocument must have readable after its end.
constexpr size_t jsonReadPadding = simdjson::SIMDJSON_PADDING;
static_assert(readerPadding >= jsonReadPadding);

class SimdJsonDocument;

// Where the value a JSON Pointer names starts in `bytes` (valid JSON, padded), if it is there.
std::optional<size_t> jsonPointerOffset(std::string_view bytes, const std::string& pointer);

class SimdJsonValue {
public:
    SimdJsonValue(simdjson::dom::element element, const SimdJsonDocument* document, const SplitJsonArray* split,
                  bool isRoot)
        : m_element(element), m_document(document), m_split(split), m_isRoot(isRoot)
    {
    }

    JsonKind kind() const;
    bool overflow() const { return m_element.type() == simdjson::dom::element_type::UINT64; }
    int64_t integer() const;
    double number() const;
    std::string_view string() const { return m_element.get_string().value_unsafe(); }
    bool boolean() const { return m_element.get_bool().value_unsafe(); }
    // The value's JSON text without whitespace (an object or array of a document read whole).
    std::string minifiedJson() const { return simdjson::minify(m_element); }

    template <class F>
    void forEachField(F&& f) const;
    template <class F>
    void forEachElement(F&& f) const;
    // A piece made only of plain integers goes to onIntegers(span) without a DOM (most of a
    // .cpuprofile's samples and timeDeltas); any other piece element by element to onElement.
    template <class I, class F>
    void forEachIntegerOrElement(I&& onIntegers, F&& onElement) const;
    // An array's element count, or more: for reserve(). For a split array a bound from its
    // size, not a count: the pages reserved beyond the elements are never touched.
    size_t sizeHint() const;
    // How many pieces an array is read in: more than one for a split array.
    size_t pieceCount() const { return m_split ? m_split->pieces.size() : 1; }
    // Reads the pieces this thread claims (from the front or the back of the array) until
    // none is left, each element as f(piece, element). The two threads that share `claims`
    // read every piece once between them.
    template <class F>
    void forEachElementOfClaimedPieces(PieceClaims& claims, bool fromBack, F&& f) const;

    // Runs a and b at the same time (b on a second thread); rethrows what either threw.
    template <class A, class B>
    static void inParallel(A&& a, B&& b);

private:
    simdjson::dom::element m_element;
    const SimdJsonDocument* m_document;
    const SplitJsonArray* m_split;
    bool m_isRoot;
};

class SimdJsonDocument {
public:
    // `bytes` must be followed by jsonReadPadding readable bytes (the loader's buffer is).
    // With `pages`, the split arrays' bytes are given back once the structure is known and
    // read from the file piece by piece (see InputPages): the caller restores them before
    // reading `bytes` again.
    SimdJsonDocument(std::string_view bytes, const TaskControl* control, InputPages* pages = nullptr);
    // Cuts, instead of the root's arrays, the large arrays that are the value of one of `keys`
    // at any depth (Gecko's "data" tables, inside threads). Such an array stands in the
    // skeleton as a one-element array holding a marker string that no file can predict;
    // nestedSplit() recognises it, and a value of it walks the pieces. Without keys, nothing
    // is cut: the document is parsed whole.
    SimdJsonDocument(std::string_view bytes, const TaskControl* control, const std::vector<std::string_view>& keys);

    simdjson::dom::element rawRoot() const { return m_root; }
    // The split an array of the skeleton stands for, or nullptr (an ordinary array).
    const SplitJsonArray* nestedSplit(simdjson::dom::array array) const;
    bool hasKeyedSplits() const { return !m_marker.empty(); }

    SimdJsonValue root() const;

    // Pieces are cut at the first element boundary after this many bytes: small enough that a
    // piece's parser (simdjson sizes its tape, strings and index by the input: about 15 bytes
    // per byte) costs little beside the file, large enough that the calls cost nothing.
#ifdef XSPROF_SMALL_JSON_PIECES
    static constexpr size_t pieceBytes = 256; // the fuzz build: small inputs are cut too
#else
    static constexpr size_t pieceBytes = size_t(1) << 17;
#endif

    // Parses one piece after another into a reused parser.
    // In a large array (prefetchBytes or more) the next piece is parsed on a second thread
    // while the caller walks the current one, unless `prefetch` is false.
    class PieceParser {
    public:
        PieceParser(const SimdJsonDocument& document, const SplitJsonArray& split, bool prefetch = true);
        ~PieceParser();
        PieceParser(const PieceParser&) = delete;
        PieceParser& operator=(const PieceParser&) = delete;
        std::optional<simdjson::dom::array> next();
        // Piece k, whatever was read before (no parsing ahead). For a parser whose pieces
        // are claimed by several threads, each with its own PieceParser.
        simdjson::dom::array piece(size_t k);
        // Every piece was claimed (and is parsed, or its failure thrown): the array is read.
        // Called by one of the threads that share the array.
        void allClaimed();
        // The next piece's elements when every one is a plain JSON integer of at most 15
        // digits (the grammar checked here, so nothing invalid gets through), and the piece is
        // consumed; they stay valid until the next call. Nothing, and nothing consumed, for
        // any other piece or at the end: next() then reads it.
        std::optional<std::span<const int64_t>> nextIntegers();

    private:
        struct Slot {
            simdjson::dom::parser parser;
            std::vector<char> buffer;
        };
        simdjson::dom::array parse(Slot& slot, size_t begin, size_t end) const;
        void consumed(size_t begin, size_t end);

        const SimdJsonDocument& m_document;
        const SplitJsonArray& m_split;
        size_t m_next = 0;
        bool m_prefetch;
        Slot m_slots[2];
        int m_current = 0;                          // the slot of the piece the caller walks
        std::future<simdjson::dom::array> m_ahead; // the next piece, parsing in the other slot
        std::vector<int64_t> m_integers;            // nextIntegers' values
    };
    static constexpr size_t prefetchBytes = size_t(1) << 20;

    const SplitJsonArray* splitOfMember(size_t member) const;
    // Parses the pieces no reader walked: the whole file must be JSON, not only what was read.
    void checkUnreadPieces() const;
    size_t splitCount() const { return m_splits.size(); }
    const std::vector<SplitJsonArray>& splits() const { return m_splits; }

private:
    friend class PieceParser;
    void pieceRead(size_t bytes) const;
    // The bytes [begin, end) of the input, from the file where they were given back.
    void copyBytes(size_t begin, size_t end, char* to) const;
    // A pointer to those bytes: into the input, or into `scratch` after copyBytes. Either way
    // followed by integerListPadding readable bytes (the input has jsonReadPadding).
    const char* bytesOf(size_t begin, size_t end, std::vector<char>& scratch) const;

    void parseSkeleton(const std::string& marker);
    std::vector<SplitJsonArray> findSplitsInFile() const;

    std::string_view m_bytes;
    const TaskControl* m_control;
    InputPages* m_pages = nullptr;
    std::string m_marker; // keyed splits: "<marker><index>" stands for split <index>
    std::vector<SplitJsonArray> m_splits;
    const SplitJsonArray* m_rootSplit = nullptr;
    simdjson::padded_string m_skeleton;
    simdjson::dom::parser m_parser;
    simdjson::dom::element m_root;
    std::thread::id m_owner;
    mutable std::atomic<size_t> m_piecesRead{0};
    mutable std::vector<uint8_t> m_walked; // per split: every piece parsed (each written by one thread)
    size_t m_splitBytes = 0;
};

// Called for every value a reader looks at: always inlined (GCC would not, in the readers).
[[gnu::always_inline]] inline JsonKind SimdJsonValue::kind() const
{
    using T = simdjson::dom::element_type;
    switch (m_element.type()) {
    case T::ARRAY: return JsonKind::Array;
    case T::OBJECT: return JsonKind::Object;
    case T::INT64:
    case T::UINT64: return JsonKind::Integer;
    case T::DOUBLE: return JsonKind::Float;
    case T::STRING: return JsonKind::String;
    case T::BOOL: return JsonKind::Bool;
    case T::NULL_VALUE: return JsonKind::Null;
    }
    return JsonKind::Null;
}

[[gnu::always_inline]] inline int64_t SimdJsonValue::integer() const
{
    if (m_element.type() == simdjson::dom::element_type::UINT64) {
        const uint64_t v = m_element.get_uint64().value_unsafe();
        return static_cast<int64_t>(v);
    }
    const int64_t v = m_element.get_int64().value_unsafe();
    return v;
}

[[gnu::always_inline]] inline double SimdJsonValue::number() const
{
    switch (m_element.type()) {
    case simdjson::dom::element_type::INT64: return double(m_element.get_int64().value_unsafe());
    case simdjson::dom::element_type::UINT64: return double(m_element.get_uint64().value_unsafe());
    default: return m_element.get_double().value_unsafe();
    }
}

template <class F>
void SimdJsonValue::forEachField(F&& f) const
{
    size_t member = 0;
    const simdjson::dom::object object = m_element.get_object().value_unsafe();
    for (const simdjson::dom::key_value_pair field : object) {
        const SplitJsonArray* split = m_isRoot ? m_document->splitOfMember(member) : nullptr;
        if (!split && m_document->hasKeyedSplits() && field.value.type() == simdjson::dom::element_type::ARRAY)
            split = m_document->nestedSplit(field.value.get_array().value_unsafe());
        f(field.key, SimdJsonValue(field.value, m_document, split, false));
        ++member;
    }
}

template <class F>
void SimdJsonValue::forEachElement(F&& f) const
{
    if (!m_split) {
        const simdjson::dom::array array = m_element.get_array().value_unsafe();
        for (const simdjson::dom::element e : array)
            f(SimdJsonValue(e, m_document, nullptr, false));
        return;
    }
    SimdJsonDocument::PieceParser pieces(*m_document, *m_split);
    while (const auto array = pieces.next()) {
        for (const simdjson::dom::element e : *array)
            f(SimdJsonValue(e, m_document, nullptr, false));
    }
}

template <class F>
void SimdJsonValue::forEachElementOfClaimedPieces(PieceClaims& claims, bool fromBack, F&& f) const
{
    if (!m_split) {
        if (claims.claim(fromBack))
            forEachElement([&](const SimdJsonValue& e) { f(size_t(0), e); });
        return;
    }
    SimdJsonDocument::PieceParser pieces(*m_document, *m_split, false);
    while (const std::optional<size_t> k = claims.claim(fromBack)) {
        for (const simdjson::dom::element e : pieces.piece(*k))
            f(*k, SimdJsonValue(e, m_document, nullptr, false));
    }
    if (!fromBack) // one of the two marks it
        pieces.allClaimed();
}

template <class I, class F>
void SimdJsonValue::forEachIntegerOrElement(I&& onIntegers, F&& onElement) const
{
    if (!m_split) {
        forEachElement(onElement);
        return;
    }
    SimdJsonDocument::PieceParser pieces(*m_document, *m_split, false); // integers are read here
    for (;;) {
        if (const auto integers = pieces.nextIntegers()) {
            onIntegers(*integers);
            continue;
        }
        const auto array = pieces.next();
        if (!array)
            return;
        for (const simdjson::dom::element e : *array)
            onElement(SimdJsonValue(e, m_document, nullptr, false));
    }
}

template <class A, class B>
void SimdJsonValue::inParallel(A&& a, B&& b)
{
    runInParallel(std::forward<A>(a), std::forward<B>(b));
}

} // namespace xsprof
