#pragma once
// The --where language of collections: comparisons of a trace's attributes joined by and,
// or, not and parentheses, turned into an SQL condition on the `traces` table with every
// value bound as a parameter (nothing from the expression is pasted into the SQL).
//
//   expression := term ("or" term)*          term := factor ("and" factor)*
//   factor     := "not" factor | "(" expression ")" | NAME OP VALUE
//   OP         := = != < <= > >= ~          VALUE := "text" | 'text' | number | true | false
//
// NAME is an attribute, or a column every trace has: file, format, start_time, duration_us,
// sample_count. A text value compares with the attribute's text; a number numerically. `~`
// matches a substring, or a glob when the value holds * ? or [. A comparison with an attribute
// the trace lacks is false (so `not release = "2.4"` includes traces without a release).
#include "sqlite.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof::collection {

struct TraceFilter {
    std::string sql;                 // empty: every trace
    std::vector<SqlValue> parameters; // ?1, ?2, … in order
};

// Empty with `error` set ("… at character N") when the expression is malformed.
std::optional<TraceFilter> parseTraceFilter(std::string_view expression, std::string* error);

} // namespace xsprof::collection
