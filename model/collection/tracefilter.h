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
// sample_count. Comparisons are typed: a text value compares with the attribute's text (=, !=
// and ~ also with a number's text); a number compares with numbers only, never with text. `~`
// matches a substring, or a glob when the value holds * ? or [. A comparison with an attribute
// the trace lacks is false (so `not release = "2.4"` includes traces without a release).
// filterProblem names, against a collection, what would mix types or can never match.
#include "collectionstore.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof::collection {

struct FilterComparison {
    std::string name, op;
    SqlValue value;
    bool builtIn = false; // a column every trace has
};

struct TraceFilter {
    std::string sql;                 // empty: every trace
    std::vector<SqlValue> parameters; // ?1, ?2, … in order
    std::vector<FilterComparison> comparisons;
};

// Empty with `error` set ("… at character N") when the expression is malformed, or compares
// a built-in column with a value of the other type.
std::optional<TraceFilter> parseTraceFilter(std::string_view expression, std::string* error);

// Empty, or why the filter cannot mean what it says in `store`: an attribute no trace has (a
// misspelling), a number compared with an attribute holding text, an order (< <= > >=) of text
// asked of an attribute holding numbers. Each names the attribute.
std::string filterProblem(CollectionStore& store, const TraceFilter& filter);

} // namespace xsprof::collection
