#pragma once
// The machines connected now, over TCP or a serial port: counted as each logs in and as each
// leaves, in whatever order they come and go.
#include <QObject>
#include <QSet>

class MachineSession;

class ConnectedMachines : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

    // Counts `session` until it disconnects or is deleted; one already gone is not counted.
    void add(MachineSession* session);
    int count() const { return int(m_sessions.size()) + m_heldElsewhere; }
    // Machines connected that are counted elsewhere (the intake holds them, without a tab).
    void setHeldElsewhere(int count);

signals:
    void countChanged(int count);

private:
    void remove(QObject* session);

    QSet<QObject*> m_sessions;
    int m_heldElsewhere = 0;
};
