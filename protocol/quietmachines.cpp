#include "quietmachines.h"

#include "machinesession.h"

#include <QPointer>
#include <QTimer>

QuietMachines::QuietMachines(int graceMs, MakeTab makeTab, Left left, OutputSeen outputSeen, QObject* parent)
    : QObject(parent), m_graceMs(graceMs), m_makeTab(std::move(makeTab)), m_left(std::move(left)),
      m_outputSeen(std::move(outputSeen))
{
    m_clock.start();
}

void QuietMachines::hold(MachineSession* session, const QString& label)
{
    session->setParent(this);
    m_held[session] = {label, QDateTime::currentDateTime()};
    connect(session, &MachineSession::broke, this, [this, session] { release(session, nullptr); });
    connect(session, &MachineSession::logged, this, [this, session](const xsbug::Log& log) {
        if (!m_outputSeen() && outputMayEarnTab(session->name()))
            release(session, &log);
    });
    connect(session, &MachineSession::profileUpdated, this, [this, session] {
        if (hasSamples(session))
            release(session, nullptr);
    });
    connect(session, &MachineSession::disconnected, this, [this, session] {
        if (const std::optional<Held> held = take(session)) {
            m_left(session, *held);
            session->deleteLater();
        }
    });
    QTimer::singleShot(m_graceMs, this, [this, session = QPointer<MachineSession>(session)] {
        // Held still (never a session that went to another thread) and there: the user may want to break it.
        if (session && m_held.count(session.data()) && session->isConnected())
            release(session, nullptr);
    });
}

std::optional<QuietMachines::Held> QuietMachines::take(MachineSession* session)
{
    const auto it = m_held.find(session);
    if (it == m_held.end())
        return std::nullopt;
    const Held held = it->second;
    m_held.erase(it);
    disconnect(session, nullptr, this, nullptr);
    return held;
}

void QuietMachines::release(MachineSession* session, const xsbug::Log* log)
{
    if (const std::optional<Held> held = take(session))
        m_makeTab(session, *held, log);
}

bool QuietMachines::outputMayEarnTab(const QString& name)
{
    std::deque<qint64>& earned = m_outputTabs[name];
    const qint64 now = m_clock.elapsed();
    while (!earned.empty() && now - earned.front() >= outputTabWindowMs)
        earned.pop_front();
    if (earned.size() >= size_t(outputTabsPerName))
        return false;
    earned.push_back(now);
    return true;
}

bool QuietMachines::hasSamples(const MachineSession* session)
{
    for (const SessionParser::SessionSummary& s : session->profileSummaries()) {
        if (s.samples > 0)
            return true;
    }
    return false;
}
