#pragma once
// One-line text for inspector values (xsbug-protocol.md §3.5, §3.6): what `listen --eval`
// prints and the console's result line. Strings keep the machine's quotes ('a\nb', escaped
// onto one line); an object opened one level shows its own properties, internal slots in
// parentheses left out: {a: 1, s: 'hi\n', inner: {…}}; arrays as [1, 2].
#include "protocol/xsbugmessages.h"

#include <QString>

namespace PropertySummary {

// The value of a leaf, on one line (control characters escaped).
QString leafText(const QString& value);
// The first property (depth 0) of `properties` and its children; "" for none.
QString oneLine(const QList<xsbug::Property>& properties, int maxChildren = 8);
// An <eval> reply: the value, or the exception text without "# ".
QString resultText(const xsbug::EvalResult& result);

} // namespace PropertySummary
