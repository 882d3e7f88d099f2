#pragma once
// The one typed access to a JSON value of either parser (jsonvalue.h: SimdJsonValue or
// ReferenceJsonValue) that every reader uses. A value is named by its path (jsonpath.h): a
// wrong type, a number out of range or a missing field throws JsonMeaningError saying what
// the value is and what was expected ("nodes[3].id is a string, expected an integer"), at the
// path's place and byte. An object's field is its first one of that key.
//
// The checks are inline and cheap; only a failing one builds the names (out of line).
#include "jsonpath.h"
#include "jsonvalue.h"

#include "model/stringtable.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace xsprof {

// Largest magnitude a bounded number may have: beyond 2^53 doubles stop being exact.
constexpr double absurdJsonNumber = 9007199254740992.0;

// "PATH: PROBLEM" ("PROBLEM" for the unnamed root): a reader's problem with the value at `at`.
std::string problemAt(const JsonPath& at, std::string_view problem);
// Throws problemAt(at, problem) at the path's place and byte.
[[noreturn]] void throwAt(const JsonPath& at, std::string_view problem);
// "PATH: no "KEY" field".
[[noreturn]] void throwMissingField(const JsonPath& at, std::string_view key);
// "PATH is KIND, expected EXPECTED".
[[noreturn]] void throwWrongType(JsonKind kind, const JsonPath& at, std::string_view expected);
// "PATH is out of range (VALUE)".
[[noreturn]] void throwOutOfRange(double value, const JsonPath& at);

// "the file is KIND, expected an object" at byte 0.
[[noreturn]] void throwRootNotObject(JsonKind kind);

template <class V>
const V& asObject(const V& v, const JsonPath& at)
{
    if (v.kind() != JsonKind::Object)
        throwWrongType(v.kind(), at, "an object");
    return v;
}

// The document's root, which must be an object.
template <class V>
const V& asRootObject(const V& root)
{
    if (root.kind() != JsonKind::Object)
        throwRootNotObject(root.kind());
    return root;
}

template <class V>
const V& asArray(const V& v, const JsonPath& at)
{
    if (v.kind() != JsonKind::Array)
        throwWrongType(v.kind(), at, "an array");
    return v;
}

// Any number, integral or not, huge or not.
template <class V>
double asNumber(const V& v, const JsonPath& at)
{
    if (v.kind() != JsonKind::Integer && v.kind() != JsonKind::Float)
        throwWrongType(v.kind(), at, "a number");
    return v.number();
}

// An integral number, written as an integer or not ("3.0").
template <class V>
int64_t asInteger(const V& v, const JsonPath& at)
{
    if (v.kind() == JsonKind::Integer && !v.overflow())
        return v.integer();
    if (v.kind() == JsonKind::Integer || v.kind() == JsonKind::Float) {
        const double d = v.number();
        if (d == std::floor(d) && std::fabs(d) < 9.2e18)
            return int64_t(d);
    }
    throwWrongType(v.kind(), at, "an integer");
}

// A time or an id where exactness matters: a finite number within ±2^53.
template <class V>
double asBoundedNumber(const V& v, const JsonPath& at)
{
    const JsonKind kind = v.kind();
    if (kind != JsonKind::Integer && kind != JsonKind::Float)
        throwWrongType(kind, at, "a number");
    const double d = v.number();
    if (v.overflow() || !std::isfinite(d) || std::fabs(d) > absurdJsonNumber)
        throwOutOfRange(d, at);
    return d;
}

// An integer written as one ("3", not "3.0"), within ±2^53.
template <class V>
int64_t asBoundedInteger(const V& v, const JsonPath& at)
{
    if (v.kind() != JsonKind::Integer) {
        if (v.kind() == JsonKind::Float && std::fabs(v.number()) > absurdJsonNumber)
            throwOutOfRange(v.number(), at); // digits beyond what an integer holds
        throwWrongType(v.kind(), at, "an integer");
    }
    const int64_t n = v.integer();
    if (v.overflow() || n > int64_t(absurdJsonNumber) || n < -int64_t(absurdJsonNumber))
        throwOutOfRange(v.number(), at);
    return n;
}

template <class V>
std::string_view asString(const V& v, const JsonPath& at)
{
    if (v.kind() != JsonKind::String)
        throwWrongType(v.kind(), at, "a string");
    return v.string();
}

// A string interned into `strings`; null is the empty string.
template <class V>
StringId asInternedString(const V& v, const JsonPath& at, StringTable& strings)
{
    if (v.kind() == JsonKind::Null)
        return StringId(0);
    return strings.intern(asString(v, at));
}

// An array's element count. Read in one piece, an array knows it (simdjson up to 2^24 - 1);
// else sizeHint may say more and the elements are counted.
template <class V>
size_t elementCount(const V& array)
{
    constexpr size_t knownCountLimit = 0xFFFFFF;
    if (array.pieceCount() == 1 && array.sizeHint() < knownCountLimit)
        return array.sizeHint();
    size_t n = 0;
    array.forEachElement([&n](const V&) { ++n; });
    return n;
}

template <class V>
std::optional<V> fieldIfAny(const V& object, std::string_view key)
{
    std::optional<V> found;
    object.forEachField([&](std::string_view k, const V& v) {
        if (!found && k == key)
            found = v;
    });
    return found;
}

template <class V>
bool hasField(const V& object, std::string_view key)
{
    return fieldIfAny(object, key).has_value();
}

// A required field: "PATH: no "KEY" field" when it is missing.
template <class V>
V field(const V& object, std::string_view key, const JsonPath& at)
{
    if (std::optional<V> v = fieldIfAny(object, key))
        return *v;
    throwMissingField(at, key);
}

template <class V>
std::string_view stringOr(const V& object, std::string_view key, std::string_view fallback)
{
    const std::optional<V> v = fieldIfAny(object, key);
    return v && v->kind() == JsonKind::String ? v->string() : fallback;
}

template <class V>
double numberOr(const V& object, std::string_view key, double fallback)
{
    const std::optional<V> v = fieldIfAny(object, key);
    return v && (v->kind() == JsonKind::Integer || v->kind() == JsonKind::Float) ? v->number() : fallback;
}

// True for the JSON value true; false for anything else.
template <class V>
bool isTrue(const V& v)
{
    return v.kind() == JsonKind::Bool && v.boolean();
}

// A text that is the same for two values exactly when they are equal (same kinds, keys in
// the same order, same numbers and strings), whichever parser read them: a key for a map.
template <class V>
void appendValueKey(const V& v, std::string& out)
{
    switch (v.kind()) {
    case JsonKind::Null: out += 'n'; return;
    case JsonKind::Bool: out += v.boolean() ? 't' : 'f'; return;
    case JsonKind::Integer:
        out += v.overflow() ? 'u' : 'i';
        out += std::to_string(v.integer());
        out += ';';
        return;
    case JsonKind::Float: {
        char text[32];
        const auto end = std::to_chars(text, text + sizeof text, v.number()).ptr;
        out += 'd';
        out.append(text, end);
        out += ';';
        return;
    }
    case JsonKind::String:
        out += 's';
        out += std::to_string(v.string().size());
        out += ':';
        out += v.string();
        return;
    case JsonKind::Array:
        out += '[';
        v.forEachElement([&](const V& e) { appendValueKey(e, out); });
        out += ']';
        return;
    case JsonKind::Object:
        out += '{';
        v.forEachField([&](std::string_view key, const V& e) {
            out += std::to_string(key.size());
            out += ':';
            out += key;
            appendValueKey(e, out);
        });
        out += '}';
        return;
    }
}

} // namespace xsprof
