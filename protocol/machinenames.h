#pragma once
// The names machine tabs show: the name a machine logged in with, numbered when several share
// it ("xst", "xst #2", "xst #3"). The console of all machines prefixes their lines with it.
#include <QCoreApplication>
#include <QHash>
#include <QString>

class MachineNames
{
    Q_DECLARE_TR_FUNCTIONS(MachineNames)
public:
    // The label of the next machine that logged in as `name`: empty for the first of that
    // name (its name says enough), "name #N" for the N-th.
    QString labelFor(const QString& name);

private:
    QHash<QString, int> m_byName; // machines seen per name
};
