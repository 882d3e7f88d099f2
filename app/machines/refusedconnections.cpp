#include "refusedconnections.h"

void RefusedConnections::add(const QString& reason, const QDateTime& when)
{
    ++m_count;
    m_recent.push_front(when.toString(QStringLiteral("hh:mm:ss ")) + reason);
    if (m_recent.size() > size_t(kept))
        m_recent.pop_back();
}

QStringList RefusedConnections::recent() const
{
    return QStringList(m_recent.begin(), m_recent.end());
}
