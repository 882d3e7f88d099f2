#pragma once
// The machines that came and went with nothing to keep (no profile samples, no break, no
// console output): Workers of a Moddable app, one machine each, hundreds a minute. They leave
// no tab; this list says who they were, grouped by name ("simpleworker: 388 machines"), each
// with its number, when it connected and how long it stayed. Bounded: the newest entries of
// every group are kept, the counts are complete.
#include <QDateTime>
#include <QObject>
#include <QString>

#include <deque>
#include <vector>

class LeftMachines : public QObject
{
    Q_OBJECT
public:
    struct Entry {
        QString name;  // as the machine logged in
        QString label; // "simpleworker #12" (the name alone for the first of its name)
        QDateTime connectedAt;
        qint64 durationMs = 0;
        QString describe() const; // "simpleworker #12 — 01:02:03.456, 52 ms"
    };
    struct Group {
        QString name;
        int count = 0;           // every machine of that name that left empty
        std::deque<Entry> recent; // the newest, oldest first
        QString describe() const; // "simpleworker — 388 machines, 01:02:03 to 01:03:01"
    };
    static constexpr size_t entriesPerGroup = 20;

    explicit LeftMachines(QObject* parent = nullptr) : QObject(parent) {}

    void add(Entry entry);
    void add(std::vector<Entry> entries); // changed() once
    int count() const { return m_count; }
    // Groups in the order their first machine left.
    const std::vector<Group>& groups() const { return m_groups; }
    void clear();

signals:
    void changed();

private:
    void append(Entry entry);

    std::vector<Group> m_groups;
    int m_count = 0;
};
