#pragma once
// Breakpoints given with a relative path (ticks.js:4, lib/ticks.js:4) for a machine that
// reports absolute paths, usually the build machine's (simulators, devices). The machine keys
// breakpoints by the exact path, so each one is sent under every path the machine reports
// that ends with it on whole components, as soon as the path is seen (a frame, a log, a
// message, a break), and under the folder of each reported path (ticks.js beside main.js: a
// guess that costs the machine one unused key when wrong).
#include "breakpoint.h"
#include "debuggee.h"

#include <QHash>
#include <QObject>
#include <QSet>
#include <QStringList>

class RelativeBreakpoints : public QObject
{
    Q_OBJECT
public:
    // True when `path` ends with the relative `spec` on whole components ("ticks.js" matches
    // "/a/b/ticks.js", not "/a/sticks.js"; "b/ticks.js" matches "/a/b/ticks.js"); '/' and
    // '\' both separate; a leading "./" is ignored. An absolute `spec` matches itself only.
    static bool matches(const QString& spec, const QString& path);
    // A line breakpoint whose path is not absolute.
    static bool isRelative(const Breakpoint& breakpoint);

    // Follows `session`'s reported paths (a child of it: it goes with the machine).
    explicit RelativeBreakpoints(Debuggee* session);
    // The session's helper, made on first use.
    static RelativeBreakpoints* of(Debuggee* session);

    // Keeps the relative breakpoints of `list` (others are ignored) and sends what is known.
    void add(const BreakpointList& list);
    void add(const Breakpoint& breakpoint);
    // Clears it under every path it was sent under.
    void remove(const Breakpoint& breakpoint);
    // A path the machine reported: relative breakpoints that match are sent under it.
    void learn(const QString& machinePath);

    // The absolute paths `breakpoint` was sent under so far.
    QStringList sentPaths(const Breakpoint& breakpoint) const;

private:
    void sendMatches(const Breakpoint& breakpoint);
    void sendUnder(const Breakpoint& breakpoint, const QString& path);
    static QString key(const Breakpoint& breakpoint);

    Debuggee* m_session;
    BreakpointList m_breakpoints;
    QSet<QString> m_paths;   // absolute paths the machine reported
    QSet<QString> m_folders; // their folders, with a trailing separator
    QHash<QString, QSet<QString>> m_sent; // key(breakpoint) -> absolute paths sent
};
