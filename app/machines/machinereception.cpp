#include "machinereception.h"

#include "protocol/machinesession.h"

#include <QThread>

namespace {
// Trims the front of `items` to `bound`, counting what went into `dropped`; amortised: only
// when twice the bound has piled up, or when `exact`.
template <typename Item>
void keepNewest(std::vector<Item>& items, size_t bound, qint64& dropped, bool exact)
{
    if (items.size() <= (exact ? bound : 2 * bound))
        return;
    const size_t excess = items.size() - bound;
    items.erase(items.begin(), items.begin() + std::ptrdiff_t(excess));
    dropped += qint64(excess);
}
} // namespace

MachineReception::MachineReception(QThread* windowThread, std::shared_ptr<MachineNames> names, int quietGraceMs,
                                   QObject* parent)
    : QObject(parent), m_windowThread(windowThread), m_intake(new IntakeCore(
                                                         [&] {
                                                             IntakeCore::Policy policy;
                                                             policy.graceMs = quietGraceMs;
                                                             policy.outputSeen = [this] { return m_outputSeen.load(); };
                                                             policy.names = std::move(names);
                                                             return policy;
                                                         }(),
                                                         this))
{
    qRegisterMetaType<IntakeBatch>();
    qRegisterMetaType<QList<xsbug::Log>>();
    m_flushTimer.setSingleShot(true);
    m_flushTimer.setInterval(batchIntervalMs);
    connect(&m_flushTimer, &QTimer::timeout, this, &MachineReception::flush);
    connect(m_intake, &IntakeCore::machineConnected, this, &MachineReception::onMachine);
    connect(m_intake, &IntakeCore::machineShown, this, &MachineReception::handOver);
    connect(m_intake, &IntakeCore::quietMachineLeft, this,
            [this](MachineSession* session, const QString& label, const QDateTime& connectedAt) {
                m_batch.left.push_back({session->name(), label, connectedAt, connectedAt.msecsTo(QDateTime::currentDateTime())});
                noteChange();
            });
}

// The first machine of a name (an app) goes to the window at once; further ones (its Workers)
// are held by the intake core until they have something to show, and most leave before that.
void MachineReception::onMachine(MachineSession* session, const QString& label)
{
    if (label.isEmpty())
        return;
    collect(session, label); // before the core holds it: a line that earns a tab is in the batch first
    noteChange();
}

void MachineReception::collect(MachineSession* session, const QString& source)
{
    connect(session, &MachineSession::logged, this, [this, source](const xsbug::Log& log) {
        m_batch.lines.push_back({source, log});
        keepNewest(m_batch.lines, size_t(m_maxLines.load()), m_batch.linesNotShown, false);
        noteChange();
    });
    connect(session, &MachineSession::bubbled, this, [this, source](const xsbug::Bubble& bubble) {
        m_batch.messages.push_back({source, bubble});
        keepNewest(m_batch.messages, size_t(m_maxLines.load()), m_batch.messagesNotShown, false);
        noteChange();
    });
}

void MachineReception::handOver(MachineSession* session, const QString& label, const QDateTime& connectedAt,
                                const xsbug::Log* log)
{
    flush(); // what it sent while held comes first
    session->holdDelivery(); // inside one of its signals: the rest of what it sent waits for the window
    disconnect(session, nullptr, this, nullptr);
    disconnect(session, nullptr, m_intake->server(), nullptr);
    session->setParent(nullptr);
    session->moveToThread(m_windowThread);
    QList<xsbug::Log> earnedBy;
    if (log)
        earnedBy << *log;
    emit machineReady(session, label, connectedAt, earnedBy);
}

void MachineReception::noteChange()
{
    m_dirty = true;
    if (!m_flushTimer.isActive())
        m_flushTimer.start();
}

void MachineReception::flush()
{
    m_flushTimer.stop();
    const int held = m_intake->held();
    if (!m_dirty && held == m_lastHeld)
        return;
    m_dirty = false;
    m_lastHeld = held;
    const size_t bound = size_t(m_maxLines.load());
    keepNewest(m_batch.lines, bound, m_batch.linesNotShown, true);
    keepNewest(m_batch.messages, bound, m_batch.messagesNotShown, true);
    m_batch.held = held;
    emit batchReady(std::exchange(m_batch, IntakeBatch{}));
}
