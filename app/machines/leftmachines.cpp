#include "leftmachines.h"

#include <algorithm>

namespace {
QString clock(const QDateTime& at)
{
    return at.toString(QStringLiteral("HH:mm:ss.zzz"));
}
} // namespace

QString LeftMachines::Entry::describe() const
{
    return tr("%1 — connected %2, stayed %3 ms").arg(label.isEmpty() ? name : label, clock(connectedAt)).arg(durationMs);
}

QString LeftMachines::Group::describe() const
{
    if (recent.empty())
        return name;
    if (count == 1)
        return tr("%1 — 1 machine, at %2").arg(name, clock(recent.back().connectedAt));
    return tr("%1 — %2 machines, the last at %3").arg(name).arg(count).arg(clock(recent.back().connectedAt));
}

void LeftMachines::add(std::vector<Entry> entries)
{
    for (Entry& entry : entries)
        append(std::move(entry));
    if (!entries.empty())
        emit changed();
}

void LeftMachines::add(Entry entry)
{
    append(std::move(entry));
    emit changed();
}

void LeftMachines::append(Entry entry)
{
    auto group = std::find_if(m_groups.begin(), m_groups.end(), [&](const Group& g) { return g.name == entry.name; });
    if (group == m_groups.end()) {
        m_groups.push_back({entry.name, 0, {}});
        group = m_groups.end() - 1;
    }
    ++group->count;
    group->recent.push_back(std::move(entry));
    if (group->recent.size() > entriesPerGroup)
        group->recent.pop_front();
    ++m_count;
}

void LeftMachines::clear()
{
    m_groups.clear();
    m_count = 0;
    emit changed();
}
