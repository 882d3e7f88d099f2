#pragma once
// The debugging half of `xsprof listen`: breakpoints and log points given on the command
// line (PATH:LINE[:CONDITION], PATH:LINE:EXPRESSION) sent to every machine, and at each
// break the --eval expressions evaluated in the top frame and printed as
// `eval: EXPRESSION = VALUE` before the machine continues.
//
// A relative PATH matches the end of the machine's paths: it is sent at login as the file
// under the current folder (when it exists there), and again under each path the machine
// reports (frames, logs, profile records) that ends with it, as soon as one is seen.
#include "protocol/breakpoint.h"

#include <QHash>
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
    // True when the machine's `path` ends with the relative `spec` at a folder boundary.
    static bool pathMatches(const QString& spec, const QString& path);

    ListenDebugging(BreakpointList breakpoints, QStringList evals, QObject* parent = nullptr);

    // The breakpoints for the login handshake: relative ones resolved against `folder`.
    BreakpointList loginBreakpoints(const QString& folder) const;
    bool needsCompiler() const;

    // Follows the machine: sends breakpoints under paths it reports, evaluates at breaks, continues.
    void attach(MachineSession* session);

private:
    void learnPath(MachineSession* session, const QString& path);
    void onBreak(MachineSession* session);

    BreakpointList m_breakpoints;
    QStringList m_evals;
    QHash<MachineSession*, QSet<QString>> m_sent; // "path:line" sent to each machine
};
