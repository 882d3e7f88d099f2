#pragma once
// Connections the debug server closed before they logged in as an XS machine (garbage, a
// port scanner, a peer that never says who it is): counted and the latest few reasons kept,
// so that the status bar can say so in a few words without opening a tab for any of them.
#include <QDateTime>
#include <QString>
#include <QStringList>

#include <deque>

class RefusedConnections
{
public:
    static constexpr int kept = 20;

    void add(const QString& reason, const QDateTime& when = QDateTime::currentDateTime());
    int count() const { return m_count; }
    // "hh:mm:ss reason", most recent first, at most `kept`.
    QStringList recent() const;

private:
    int m_count = 0;
    std::deque<QString> m_recent; // newest at the front
};
