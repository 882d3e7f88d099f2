#pragma once
// Evaluating at an exception break without changing the program.
//
// At a break on a throw, XS keeps the thrown value in one machine-wide slot until the program's
// catch takes it. An evaluation that throws clears that slot (xsDebug.c, fxDebugEvalExpression),
// and so does every try statement that completes inside it (xsCode.c: a try's exit reads and
// clears the slot even when nothing was thrown), so a guard of try/catch around the expression
// cannot protect it: the program's `catch (e)` would see `e === undefined`. At an exception break
// only names and property paths (a, this.b, a.b[0]["c d"]) are therefore evaluated, rewritten so
// that they cannot throw: a name the frame does not list is read from the global object, and
// answers a marker when that has no value for it; a step through undefined or null reads as
// undefined (a?.b). Anything else is refused with the reason.
#include "protocol/xsbugmessages.h"

#include <QSet>
#include <QString>

#include <optional>

namespace ExceptionBreakGuard {

// A <break> message's words: "# Break: step!" -> "step".
QString breakWords(const QString& breakMessage);

// True when a <break> message ("# Break: RangeError: …!") is a stop on a throw, not a
// breakpoint, step, debugger statement or host break ("C: …").
bool isExceptionBreak(const QString& breakMessage);

// The names the frame can read as variables for sure: its locals and closures that have a value
// (a binding not initialised yet is left out: reading it throws). Not the globals: XS lists a
// script's top-level const and let among them, which an evaluation in a function's frame
// cannot read as variables (it throws "get name: undefined variable"); any name not listed
// here is read as a property of the global object instead.
QSet<QString> knownNames(const xsbug::Local& local);

struct Guarded {
    QString source; // what is compiled instead of the expression
    QString root;   // the path's first name
};

// The expression as a path that cannot throw, or nullopt when it is not a path.
// `known` names need no check that they exist.
std::optional<Guarded> guard(const QString& expression, const QSet<QString>& known);

// True when a guarded evaluation answered that its first name is not defined.
bool isUndefinedName(const xsbug::EvalResult& result);

// Why an expression that is not a path is not evaluated at an exception break.
QString refusal();

} // namespace ExceptionBreakGuard
