#include "machinenames.h"

QString MachineNames::labelFor(const QString& name)
{
    const int sameName = ++m_byName[name];
    return sameName > 1 ? tr("%1 #%2").arg(name).arg(sameName) : QString();
}
