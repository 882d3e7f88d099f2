#pragma once
// What the format readers see of a JSON value, whichever parser produced it: simdjson
// (SimdJsonValue, the fast path) or nlohmann (ReferenceJsonValue, the reference the
// differential tests compare with). Readers are templates over the value type, so the
// knowledge of a format is written once and both parsers must agree on it.
//
// A value type V offers:
//   JsonKind kind() const;  bool overflow() const;  (an integer above INT64_MAX)
//   int64_t integer() const;  double number() const;  std::string_view string() const;
//   bool boolean() const;            a Bool's value
//   void forEachField(F f) const;    f(std::string_view key, const V& value), document order,
//                                    duplicate keys included
//   void forEachElement(F f) const;  f(const V& element), in order
//   void forEachIntegerOrElement(I i, F f) const;  as forEachElement, except that the parser
//                                    may hand runs of plain integers (at most 15 digits) to
//                                    i(std::span<const int64_t>)
//   size_t sizeHint() const;         an array's element count or more, for reserve(); the
//                                    count when the array is read in one piece (below 2^24 - 1)
//   size_t pieceCount() const;       how many pieces an array is read in (1 but for large ones)
//   void forEachElementOfClaimedPieces(PieceClaims& claims, bool fromBack, F f) const;
//                                    f(size_t piece, const V& element) for the pieces this
//                                    thread claims, for two threads sharing an array
//   static void inParallel(A a, B b); runs both, at the same time where the parser can
// Values stay valid while their document lives; the elements of a large array (read in
// pieces, simdjsondocument.h) only inside the call that handed them out.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace xsprof {

// The pieces of one array shared by two threads: one claims them from the front, in order,
// the other from the back, until they meet.
class PieceClaims {
public:
    explicit PieceClaims(size_t count) : m_back(count) {}
    std::optional<size_t> claim(bool fromBack)
    {
        const std::lock_guard lock(m_mutex);
        if (m_front == m_back)
            return std::nullopt;
        return fromBack ? --m_back : m_front++;
    }

private:
    std::mutex m_mutex;
    size_t m_front = 0, m_back;
};

enum class JsonKind : uint8_t { Null, Bool, Integer, Float, String, Array, Object };

// Whether an object's key is `literal`: its length known when compiled, so the comparison is
// inlined (a reader tests each field's key against several names, for millions of fields).
template <size_t N>
inline bool isKey(std::string_view key, const char (&literal)[N])
{
    return key.size() == N - 1 && std::memcmp(key.data(), literal, N - 1) == 0;
}

// JSON's whitespace (RFC 8259): space, tab, line feed, carriage return.
inline bool isJsonSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

inline const char* typeName(JsonKind kind)
{
    switch (kind) {
    case JsonKind::Null: return "null";
    case JsonKind::Bool: return "a boolean";
    case JsonKind::Integer: return "an integer";
    case JsonKind::Float: return "a number with a fraction";
    case JsonKind::String: return "a string";
    case JsonKind::Array: return "an array";
    case JsonKind::Object: return "an object";
    }
    return "?";
}

// A problem with the meaning of a document ("\"id\" is a string..."), thrown by readers
// and turned into a LoadError by the driver (model/readers/jsondocumentreading.h).
struct JsonMeaningError {
    std::string problem;
    std::string where;
    std::string pointer; // empty: no byte to name

    JsonMeaningError(std::string p, std::string w, std::string at = {})
        : problem(std::move(p)), where(std::move(w)), pointer(std::move(at))
    {
    }
};

// The user cancelled (TaskControl); thrown between pieces of a large document.
struct JsonReadCancelled {};

// The simdjson path could not read the document (a syntax error, or a number simdjson does
// not represent): the driver asks the reference parser, which names the byte or reads it.
struct SimdJsonFailure : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Largest nesting accepted, by both parsers (deeper is an error, never a stack overflow).
constexpr size_t maxJsonDepth = 10000;

} // namespace xsprof
