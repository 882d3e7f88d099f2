#pragma once
// Typed access to a JSON value of either parser (model/json/jsonvalue.h: SimdJsonValue or
// ReferenceJsonValue), for readers that go through readJsonDocument (jsonreading.h) but
// look fields up by name. A wrong type or a missing field throws JsonMeaningError naming the
// value by its path ("recording.sampleStackTraces[3].timestamp"). An object's field is its
// first one of that key.
#include "model/json/jsonvalue.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace xsprof::readers {

// "where[i]": the place of an array's element.
inline std::string elementWhere(const std::string& where, size_t i)
{
    return where + "[" + std::to_string(i) + "]";
}

template <class V>
std::string describeType(const V& v)
{
    switch (v.kind()) {
    case JsonKind::Array: return "an array";
    case JsonKind::Object: return "an object";
    case JsonKind::Integer:
    case JsonKind::Float: return "a number";
    case JsonKind::String: return "a string";
    case JsonKind::Bool: return "a boolean";
    case JsonKind::Null: return "null";
    }
    return "something else";
}

template <class V>
[[noreturn]] void wrongType(const V& v, const std::string& where, std::string_view expected)
{
    throw JsonMeaningError(where + " is " + describeType(v) + ", expected " + std::string(expected), where);
}

template <class V>
const V& asObject(const V& v, const std::string& where)
{
    if (v.kind() != JsonKind::Object)
        wrongType(v, where, "an object");
    return v;
}

template <class V>
const V& asArray(const V& v, const std::string& where)
{
    if (v.kind() != JsonKind::Array)
        wrongType(v, where, "an array");
    return v;
}

template <class V>
double asNumber(const V& v, const std::string& where)
{
    if (v.kind() != JsonKind::Integer && v.kind() != JsonKind::Float)
        wrongType(v, where, "a number");
    return v.number();
}

template <class V>
int64_t asInteger(const V& v, const std::string& where)
{
    if (v.kind() == JsonKind::Integer && !v.overflow())
        return v.integer();
    if (v.kind() == JsonKind::Integer || v.kind() == JsonKind::Float) {
        const double d = v.number();
        if (d == std::floor(d) && std::fabs(d) < 9.2e18)
            return int64_t(d);
    }
    wrongType(v, where, "an integer");
}

template <class V>
std::string_view asString(const V& v, const std::string& where)
{
    if (v.kind() != JsonKind::String)
        wrongType(v, where, "a string");
    return v.string();
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

template <class V>
V field(const V& object, std::string_view key, const std::string& where) // required
{
    if (std::optional<V> v = fieldIfAny(object, key))
        return *v;
    throw JsonMeaningError((where.empty() ? std::string() : where + ": ") + "no \"" + std::string(key) + "\" field",
                           where);
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

} // namespace xsprof::readers
