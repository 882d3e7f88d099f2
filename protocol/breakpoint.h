#pragma once
#include <QList>
#include <QString>

#include <utility>

// A breakpoint as the machine knows it (xsbug-protocol.md §4.3): a line (the exact path the
// machine reports, and a line) or a function (its name; the machine stops on entry to any
// function of that name), optionally with a hit count, a condition (an expression: the
// machine stops only when it is truthy) and a log message (an expression whose value the
// machine logs instead of stopping: a log point). Expressions are kept as text and compiled
// for each machine (XscCompiler), since machines may differ in version.
struct Breakpoint {
    Breakpoint() = default;
    Breakpoint(QString path, int line, bool enabled = true, bool function = false, QString hitCount = {})
        : path(std::move(path)), line(line), enabled(enabled), function(function), hitCount(std::move(hitCount))
    {
    }

    QString path; // the file, or the function's name
    int line = 0; // 0 for a function
    bool enabled = true;
    bool function = false;
    QString hitCount; // empty: every hit; else an optional operator (% < <= = > >=) and a count
    QString condition;  // empty: always
    QString logMessage; // an expression; not empty: a log point

    bool needsCompiler() const { return !condition.isEmpty() || !logMessage.isEmpty(); }
    bool isLogPoint() const { return !logMessage.isEmpty(); }

    bool operator==(const Breakpoint& o) const { return path == o.path && line == o.line && function == o.function; }

    // "5", ">=5", "%3"…: what the machine accepts in <breakpoint-hit-count>.
    static bool isValidHitCount(const QString& text);
    // The same as a regular expression, unanchored (for input validators).
    static QString hitCountPattern();
};

using BreakpointList = QList<Breakpoint>;

// A breakpoint a machine was not given, and why ("condition: xsc 17.7 with 16-bit IDs does not match…").
struct BreakpointNotSent {
    Breakpoint breakpoint;
    QString reason;
};
