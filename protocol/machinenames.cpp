#include "machinenames.h"

QString MachineNames::labelFor(const QString& name)
{
    int sameName = 0;
    {
        std::lock_guard lock(m_mutex);
        sameName = ++m_byName[name];
    }
    return sameName > 1 ? tr("%1 #%2").arg(name).arg(sameName) : QString();
}
