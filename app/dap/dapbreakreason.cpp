#include "dapbreakreason.h"

#include "protocol/exceptionbreakguard.h"

namespace DapBreakReason {

Reason of(const QString& breakMessage, bool entry, bool pausing)
{
    const QString words = ExceptionBreakGuard::breakWords(breakMessage);
    Reason r;
    if (words == QLatin1String("breakpoint"))
        r = {QStringLiteral("breakpoint"), words};
    else if (words == QLatin1String("step"))
        r = {QStringLiteral("step"), words};
    else if (words == QLatin1String("debugger"))
        r = {QStringLiteral("breakpoint"), QStringLiteral("debugger statement")};
    else if (words.startsWith(QLatin1String("C: ")))
        r = {QStringLiteral("pause"), words}; // the host broke (xsDebugger())
    else
        r = {QStringLiteral("exception"), words};
    if (entry && r.reason == QLatin1String("step"))
        r = {QStringLiteral("entry"), words};
    else if (pausing && (r.reason == QLatin1String("step") || r.reason == QLatin1String("pause")))
        r = {QStringLiteral("pause"), QStringLiteral("paused")};
    return r;
}

} // namespace DapBreakReason
