#include "machinenames.h"

MachineNames::Name MachineNames::take(const QString& name)
{
    std::lock_guard lock(m_mutex);
    QSet<int>& used = m_inUse[name];
    int number = 1;
    while (used.contains(number))
        ++number;
    used.insert(number);
    const bool first = !m_seen.contains(name);
    m_seen.insert(name);
    return {labelOf(name, number), first};
}

void MachineNames::release(const QString& name, const QString& label)
{
    std::lock_guard lock(m_mutex);
    const auto it = m_inUse.find(name);
    if (it == m_inUse.end())
        return;
    for (auto number = it->begin(); number != it->end(); ++number) {
        if (labelOf(name, *number) == label) {
            it->erase(number);
            return;
        }
    }
}

QString MachineNames::labelOf(const QString& name, int number)
{
    return number > 1 ? tr("%1 #%2").arg(name).arg(number) : QString();
}
