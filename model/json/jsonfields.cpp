#include "jsonfields.h"

namespace xsprof {

void throwJsonMeaning(std::string problem, const JsonPath& at)
{
    throw JsonMeaningError(std::move(problem), at.place(), at.pointer());
}

void throwWrongType(JsonKind kind, const JsonPath& at, std::string_view expected)
{
    throwJsonMeaning(at.text() + " is " + typeName(kind) + ", expected " + std::string(expected), at);
}

void throwRootNotObject(JsonKind kind)
{
    throw JsonMeaningError(std::string("the file is ") + typeName(kind) + ", expected an object", "byte 0");
}

void throwOutOfRange(double value, const JsonPath& at)
{
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, value).ptr; // shortest: "1e+300"
    throwJsonMeaning(at.text() + " is out of range (" + std::string(text, end) + ")", at);
}

} // namespace xsprof
