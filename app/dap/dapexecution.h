#pragma once
// Execution control of `xsprof dap`: continue, next, stepIn, stepOut and pause for a thread
// (a machine), and the stopped event its next break makes (the reason from DapBreakReason, the
// breakpoint it hit). A stopOnEntry session's first stop is "entry"; the stop after a pause is
// "pause" (a running machine is told <step/>, xsbug's Break: it stops at its next line).
#include <nlohmann/json.hpp>

#include <QHash>
#include <QObject>
#include <QSet>
#include <QString>

#include <optional>

class DapBreakpoints;
class DapInspection;
class Debuggee;

class DapExecution : public QObject {
    Q_OBJECT

public:
    enum class Resume { Continue, Next, StepIn, StepOut };

    DapExecution(DapInspection* inspection, DapBreakpoints* breakpoints, QObject* parent = nullptr);

    // The first stop of the next machine is "entry" (stopOnEntry, and again at a restart).
    void setEntryPending(bool pending) { m_entryPending = pending; }
    bool entryPending() const { return m_entryPending; }

    // Resumes a stopped machine (thread `thread`); what it knew of the break is forgotten.
    void resume(Debuggee* session, int thread, Resume how);
    // Asks a running machine to stop; false when it is stopped already.
    bool pause(Debuggee* session);
    // The machine left or was let go.
    void forget(Debuggee* session) { m_pausing.remove(session); }

    // The stopped event's body for the machine's last break (thread `thread`); nothing when the
    // adapter stepped on by itself: XS stops twice on a function's first line when stepping into
    // it (its entry, then its first line opcode, both on the header's line), shown once.
    std::optional<nlohmann::json> stopped(Debuggee* session, int thread);

private:
    DapInspection* m_inspection;
    DapBreakpoints* m_breakpoints;
    bool m_entryPending = false;
    QSet<Debuggee*> m_pausing; // asked to pause, not stopped since
    struct Place {
        qsizetype depth = 0;
        QString function, path;
        int line = 0;
        bool operator==(const Place&) const = default;
    };
    static Place placeOf(const Debuggee* session);
    struct Step {
        Place from;
        Resume how;
    };
    QHash<Debuggee*, Step> m_stepFrom;      // a stepping machine: where it was, how
    QHash<Debuggee*, Place> m_enteredAt;    // the stop a stepIn made entering a function
};
