#pragma once
// The scripted peers of the stress runs (stress_server: the server alone; stress_window: the
// window, offscreen), as child processes on loopback: N replayed XS machines streaming the
// gc_alloc transcript's samples REPEAT times, a peer flooding one endless message, a peer
// sending bytes that never frame, a slow peer logging in at a byte a second, and a peer
// connecting and disconnecting 1 000 times. XSPROF_STRESS_ONLY=KIND keeps one kind of peer.
#include <QList>
#include <QObject>
#include <QString>

#include <functional>

class MachineSession;
class QProcess;

class StressPeers
{
public:
    StressPeers(quint16 port, int machineCount, int repeat, QObject* parent);

    bool running() const;
    // Processes events until every peer has ended (or `limitMs`), calling `tick` every 100 ms or so.
    void waitForAll(int limitMs, const std::function<void()>& tick);
    // One line per peer: its exit status and what it printed.
    void printOutcome() const;

    // Whether `session` (a replayed machine) holds exactly REPEAT times the transcript's
    // samples, duration and per-function self time (the independent oracle's figures).
    bool isExactReplay(const MachineSession& session) const;
    static QString replayedMachineName() { return QStringLiteral("xst"); }

private:
    QList<QProcess*> m_peers;
    QStringList m_names;
    int m_repeat;
};
