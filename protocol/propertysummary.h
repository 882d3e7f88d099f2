#pragma once
// One-line text for inspector values (xsbug-protocol.md §3.5, §3.6): what `listen --eval`
// prints and the console's result line. Strings keep the machine's quotes ('a\nb', escaped
// onto one line); an object opened one level shows its own properties, internal slots in
// parentheses left out: {a: 1, s: 'hi\n', inner: {…}}; arrays as [1, 2]; other kinds named
// from their internal slots (function, Date, Map(2), Uint8Array(4)…). Never an object's address:
// a closed object is {…}, a binding not initialised yet <uninitialized>.
#include "protocol/xsbugmessages.h"

#include <QString>

namespace PropertySummary {

// The value of a leaf, on one line (control characters escaped).
QString leafText(const QString& value);
// A value the machine did not send: a let/const/class binding before its declaration ran.
QString uninitializedText();
// A row's value inside an object: a leaf's text, {…} for a closed object ("function" for a
// frame's (function) slot), <uninitialized>.
QString memberText(const xsbug::Property& property);
// An open object, from its direct children (the rows the machine sent under it).
QString objectText(const QList<xsbug::Property>& children, int maxChildren = 8);
// The first property (depth 0) of `properties` and its children; "" for none.
QString oneLine(const QList<xsbug::Property>& properties, int maxChildren = 8);
// An <eval> reply: the value, or the exception text without "# ".
QString resultText(const xsbug::EvalResult& result);

} // namespace PropertySummary
