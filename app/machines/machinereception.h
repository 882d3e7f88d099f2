#pragma once
// The machine intake's part on its own thread: the debug server, and the machines that have
// nothing to show yet. A Moddable app makes hundreds of Workers a second, each a machine that
// logs in, runs and leaves; here they are received, read, held and let go without the window.
// The window hears of them in batches at most five times a second: the console lines and
// conversation messages of machines without a tab, the machines that left with nothing to keep,
// and how many are held. A machine that earns a tab (the first of its name at once, a further
// one when it breaks, logs unread output, sends samples or stays) moves to the window's thread
// with every message it received, after the batch that holds what it sent so far.
#include "app/machines/leftmachines.h"
#include "protocol/machinenames.h"
#include "protocol/quietmachines.h"
#include "protocol/xsbugmessages.h"

#include <QDateTime>
#include <QList>
#include <QMetaType>
#include <QObject>
#include <QTimer>

#include <algorithm>
#include <atomic>
#include <functional>
#include <vector>

class DebugServer;
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

    // Made on the intake's thread. `windowThread` is where machines with a tab live; `nameFor`
    // numbers machines of the same name (any thread may call it).
    // `release` frees the name of a machine that left without a tab.
    MachineReception(QThread* windowThread, std::function<MachineNames::Name(const QString&)> nameFor,
                     std::function<void(const QString& name, const QString& label)> release, int quietGraceMs,
                     QObject* parent = nullptr);

    DebugServer* server() const { return m_server; }
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
    void onMachine(MachineSession* session);
    void handOver(MachineSession* session, const QString& label, const QDateTime& connectedAt, const xsbug::Log* log);
    void collect(MachineSession* session, const QString& source);
    void noteChange();
    void flush();

    QThread* m_windowThread;
    std::function<MachineNames::Name(const QString&)> m_nameFor;
    DebugServer* m_server;
    QuietMachines* m_quiet;
    std::atomic<bool> m_outputSeen{false};
    std::atomic<int> m_maxLines{10000};
    IntakeBatch m_batch;
    bool m_dirty = false;
    int m_lastHeld = 0;
    QTimer m_flushTimer;
};
