#include "jsonfields.h"

namespace xsprof {

namespace {

[[noreturn]] void throwMeaningAt(std::string problem, const JsonPath& at)
{
    throw JsonMeaningError(std::move(problem), at.place(), at.pointer());
}

} // namespace

std::string problemAt(const JsonPath& at, std::string_view problem)
{
    return (at.isUnnamedRoot() ? std::string() : at.text() + ": ") + std::string(problem);
}

void throwAt(const JsonPath& at, std::string_view problem)
{
    throwMeaningAt(problemAt(at, problem), at);
}

void throwMissingField(const JsonPath& at, std::string_view key)
{
    throwAt(at, "no \"" + std::string(key) + "\" field");
}

void throwWrongType(JsonKind kind, const JsonPath& at, std::string_view expected)
{
    throwMeaningAt(at.text() + " is " + typeName(kind) + ", expected " + std::string(expected), at);
}

void throwRootNotObject(JsonKind kind)
{
    throw JsonMeaningError(std::string("the file is ") + typeName(kind) + ", expected an object", "byte 0");
}

void throwOutOfRange(double value, const JsonPath& at)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr; // shortest: "1e+300"
    throwMeaningAt(at.text() + " is out of range (" + std::string(text, end) + ")", at);
}

} // namespace xsprof
