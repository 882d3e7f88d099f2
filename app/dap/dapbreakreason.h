#pragma once
// What a machine's <break> means to DAP: the `reason` of the stopped event ("breakpoint",
// "step", "exception", "pause", "entry", "function breakpoint") and the words shown, from the
// engine's message ("# Break: breakpoint!", "# Break: RangeError: …!", "# Break: C: xsDebugger!")
// and what the adapter expected of this stop (a stopOnEntry session's first step is "entry", the
// stop after a pause request is "pause").
#include <QString>

namespace DapBreakReason {

struct Reason {
    QString reason;      // the DAP reason
    QString description; // the engine's words ("debugger statement", "RangeError: …")
    bool isException() const { return reason == QLatin1String("exception"); }
};

// The reason of a break with this message; `entry`: the first stop of a stopOnEntry session
// was awaited; `pausing`: a pause was asked for this machine.
Reason of(const QString& breakMessage, bool entry = false, bool pausing = false);

} // namespace DapBreakReason
