#pragma once
// The machine intake's part on its own thread: the debug server, and the machines that have
// nothing to show yet. A Moddable app makes hundreds of Workers a second, each a machine that
// logs in, runs and leaves; here they are received, read, held and let go without the window.
// The window hears of them in batches at most five times a second: the console lines and
// conversation messages of machines without a tab, the machines that left with nothing to keep,
// and how many are held. A machine that earns a tab (the first of its name at once, a further
// one when it breaks, logs unread output, sends samples or stays) moves to the window's thread
// with every message it received, after the batch that holds what it sent so far. The server,
// names and the holding are the IntakeCore's (protocol/intake/); this is the window's policy.
#include "app/machines/leftmachines.h"
#include "protocol/intake/intakecore.h"
#include "protocol/xsbugmessages.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <memory>
#include <vector>

class MachineSession;
class QThread;

// What the window is told of the machines without a tab since the last batch.
struct IntakeBatch {
    struct Line {
        QString source; // the machine's label, else its name
        xsbug::Log log;
    };
    struct Message {
        QString source;
        xsbug::Bubble bubble;
    };
    std::vector<Line> lines;       // the newest, at most the console's bound
    qint64 linesNotShown = 0;      // older lines of this batch dropped to keep that bound
    std::vector<Message> messages; // the newest, at most the same bound
    qint64 messagesNotShown = 0;
    std::vector<LeftMachines::Entry> left;
    int held = 0; // machines connected now and without a tab
};
Q_DECLARE_METATYPE(IntakeBatch)

class MachineReception : public QObject {
    Q_OBJECT
public:
    static constexpr int batchIntervalMs = 200;

    // Made on the intake's thread. `windowThread` is where machines with a tab live; `names`
    // numbers machines of the same name (shared with the window's serial ports).
    MachineReception(QThread* windowThread, std::shared_ptr<MachineNames> names, int quietGraceMs,
                     QObject* parent = nullptr);

    DebugServer* server() const { return m_intake->server(); }
    // From any thread: whether console output is read as it comes (the console of all machines
    // is on screen), so that it earns no tab; and the console's bound on lines.
    void setOutputSeen(bool seen) { m_outputSeen = seen; }
    void setMaxLines(int lines) { m_maxLines = std::max(1, lines); }

signals:
    // `session` now lives on the window's thread, without parent, its messages held: connect to
    // it, then call its resumeDelivery(). `earnedBy` is the console line that earned the tab.
    void machineReady(MachineSession* session, const QString& label, const QDateTime& connectedAt,
                      const QList<xsbug::Log>& earnedBy);
    void batchReady(const IntakeBatch& batch);

private:
    void onMachine(MachineSession* session, const QString& label);
    void handOver(MachineSession* session, const QString& label, const QDateTime& connectedAt, const xsbug::Log* log);
    void collect(MachineSession* session, const QString& source);
    void noteChange();
    void flush();

    QThread* m_windowThread;
    std::atomic<bool> m_outputSeen{false};
    IntakeCore* m_intake;
    std::atomic<int> m_maxLines{10000};
    IntakeBatch m_batch;
    bool m_dirty = false;
    int m_lastHeld = 0;
    QTimer m_flushTimer;
};
