#pragma once
// What is wrong with a text simdjson refused, in xsprof's words (never simdjson's own), for
// the few places that parse with simdjson directly instead of through readJsonDocument.
#include "jsonvalue.h"

#include <simdjson.h>

#include <string>

namespace xsprof {

inline std::string simdjsonProblem(simdjson::error_code error)
{
    switch (error) {
    case simdjson::UNCLOSED_STRING: return "a string is not closed";
    case simdjson::STRING_ERROR: return "a string is malformed";
    case simdjson::UNESCAPED_CHARS: return "a string holds a control character";
    case simdjson::UTF8_ERROR: return "the text is not UTF-8";
    case simdjson::NUMBER_ERROR: return "a number is malformed";
    case simdjson::NUMBER_OUT_OF_RANGE: return "a number is out of range";
    case simdjson::T_ATOM_ERROR:
    case simdjson::F_ATOM_ERROR:
    case simdjson::N_ATOM_ERROR: return "a word that is not true, false or null";
    case simdjson::DEPTH_ERROR: return "nesting deeper than " + std::to_string(maxJsonDepth) + " levels";
    case simdjson::EMPTY: return "nothing but whitespace";
    case simdjson::CAPACITY: return "too large";
    case simdjson::MEMALLOC: return "not enough memory";
    default: return "a syntax error";
    }
}

} // namespace xsprof
