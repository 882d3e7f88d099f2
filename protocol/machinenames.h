#pragma once
// The names machine tabs show: the name a machine logged in with, numbered when several share
// it ("xst", "xst #2", "xst #3"). The console of all machines prefixes their lines with it.
// Any thread may ask (the window's intake thread and its serial ports share one).
#include <QCoreApplication>
#include <QHash>
#include <QString>

#include <mutex>

class MachineNames
{
    Q_DECLARE_TR_FUNCTIONS(MachineNames)
public:
    // The label of the next machine that logged in as `name`: empty for the first of that
    // name (its name says enough), "name #N" for the N-th.
    QString labelFor(const QString& name);

private:
    std::mutex m_mutex;
    QHash<QString, int> m_byName; // machines seen per name
};
