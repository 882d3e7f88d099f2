#pragma once
// The debugging half of `xsprof listen`: breakpoints and log points given on the command
// line (PATH:LINE[:CONDITION], PATH:LINE:EXPRESSION) sent to every machine, and at each
// break the --eval expressions evaluated in the top frame and printed as
// `eval: EXPRESSION = VALUE` before the machine continues.
//
// A relative PATH matches the end of the machine's paths on whole components: it is sent at
// login as the file under the current folder (when it exists there), and again under each
// path the machine reports that ends with it (RelativeBreakpoints). So that the machine's
// paths are known before its code runs, a machine is then asked to stop at its start once:
// that break is not printed, and the machine goes on at once.
#include "protocol/breakpoint.h"
#include "protocol/xsbugmessages.h"

#include <QObject>
#include <QSet>
#include <QStringList>

class MachineSession;

class ListenDebugging : public QObject {
    Q_OBJECT

public:
    // "main.js:12", "/app/main.js:12:n > 3" (condition) or with `logPoint` "main.js:12:`n=${n}`";
    // false with `error` set when the text is not PATH:LINE[:EXPRESSION].
    static bool parseSpec(const QString& text, bool logPoint, Breakpoint& out, QString& error);
    ListenDebugging(BreakpointList breakpoints, QStringList evals, QObject* parent = nullptr);

    // The breakpoints for the login handshake: relative ones resolved against `folder`.
    BreakpointList loginBreakpoints(const QString& folder) const;
    bool needsCompiler() const;
    // Some breakpoint is relative and not a file under `folder`: machines stop at their start
    // once, to report their paths.
    bool needsStartProbe(const QString& folder) const;
    // `at` is that stop (not the user's): nothing to print.
    bool isStartProbe(MachineSession* session, const xsbug::Break& at) const;

    // Follows the machine: sends breakpoints under paths it reports, evaluates at breaks, continues.
    void attach(MachineSession* session);

private:
    void onBreak(MachineSession* session);

    BreakpointList m_breakpoints;
    QStringList m_evals;
    bool m_probeStart = false;
    QSet<MachineSession*> m_probing; // asked to stop at start, not stopped yet
};
