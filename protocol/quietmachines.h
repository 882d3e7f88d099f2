#pragma once
// Machines that logged in and have no tab yet. A Moddable app opens one machine per Worker;
// each logs in, runs and leaves, hundreds a minute, and a tab each would drown the window. So
// a machine is held here until it has something to show — a break, console output, profile
// samples — or stays connected for a while (a machine that waits for the user to break it);
// then it is handed over for a tab. One that leaves first is handed to `left` and deleted.
// Console output earns a tab only while it is unread: not when the console of all machines,
// where it goes as well, is on screen; and to a few machines of a name at a time (a storm of
// printing Workers would otherwise make hundreds of tabs: the rest print to that console).
#include "xsbugmessages.h"

#include <QDateTime>
#include <QElapsedTimer>
#include <QHash>
#include <QObject>

#include <deque>
#include <functional>
#include <optional>
#include <unordered_map>

class MachineSession;

class QuietMachines : public QObject
{
    Q_OBJECT
public:
    struct Held {
        QString label; // "simpleworker #12"
        QDateTime connectedAt;
    };
    // `makeTab` takes the session (and the log line that earned it a tab, else null);
    // `left` is told of a session that left with nothing, just before it is deleted.
    using MakeTab = std::function<void(MachineSession* session, const Held& held, const xsbug::Log* log)>;
    using Left = std::function<void(MachineSession* session, const Held& held)>;

    using OutputSeen = std::function<bool()>;

    // How long a further machine of a name (a Worker) may stay without anything to show before it
    // gets its tab anyway: the user may want to break it.
    static constexpr int defaultGraceMs = 1500;
    // At most this many machines of one name earn a tab by unread output within outputTabWindowMs.
    static constexpr int outputTabsPerName = 4;
    static constexpr qint64 outputTabWindowMs = 10000;

    QuietMachines(int graceMs, MakeTab makeTab, Left left, OutputSeen outputSeen, QObject* parent = nullptr);

    // Takes `session` (logged in) until it earns a tab or leaves.
    void hold(MachineSession* session, const QString& label);
    int count() const { return int(m_held.size()); }
    // Whether any profiling session of the machine holds samples.
    static bool hasSamples(const MachineSession* session);

private:
    // Stops holding `session`: what was kept of it, or nothing when it was not held.
    std::optional<Held> take(MachineSession* session);
    void release(MachineSession* session, const xsbug::Log* log);
    // Whether output may earn a machine of `name` its tab now (then counted).
    bool outputMayEarnTab(const QString& name);

    int m_graceMs;
    MakeTab m_makeTab;
    Left m_left;
    OutputSeen m_outputSeen;
    std::unordered_map<MachineSession*, Held> m_held;
    QElapsedTimer m_clock;
    QHash<QString, std::deque<qint64>> m_outputTabs; // when output earned a tab, by name
};
