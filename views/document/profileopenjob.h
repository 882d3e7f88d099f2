#pragma once
// Opens profile files one at a time off the GUI thread and hands the analysed results back
// on the GUI thread (through the JobRunner). Opening reads and analyses the file; cancelling
// stops the reader, drops its result and whatever was queued, and never waits for it.
// (model/profileloader reads the bytes; this is the QtCore job around it.)
#include "model/loadresult.h"
#include "views/document/jobrunner.h"
#include "views/document/profiledata.h"

#include <QObject>
#include <QQueue>
#include <QStringList>

class ProfileOpenJob : public QObject
{
    Q_OBJECT
public:
    explicit ProfileOpenJob(QObject* parent = nullptr);

    // Queues `path` (a file, or a ":/" resource). `profileIndex` picks one profile of a
    // multi-profile file; -1 asks (profileChoiceNeeded) when there are several.
    void load(const QString& path, int profileIndex = -1);
    // Cancels the running load; queued files are dropped too.
    void cancel();
    bool isBusy() const { return !m_current.path.isEmpty(); }
    QString currentPath() const { return m_current.path; }
    int pendingCount() const { return int(m_queue.size()); }

signals:
    void started(const QString& path);
    void progressChanged(int permille);
    void loaded(ProfileDataPtr data);
    void failed(const QString& path, const QString& message);
    void cancelled(const QString& path);
    // `profiles` names each profile of the file; `suggested` is the one with the most samples.
    void profileChoiceNeeded(const QString& path, const QStringList& profiles, int suggested);
    void finished(); // nothing running and nothing queued

private:
    struct Request {
        QString path;
        int profileIndex = -1;
        // What the last load of this path parsed (a file with several profiles): the chosen
        // profile is converted from it instead of reading the file again.
        std::shared_ptr<const xsprof::ParsedProfiles> parsed;
    };
    struct Outcome;

    // On a worker thread: touches only its arguments.
    static Outcome open(const Request& request, const xsprof::TaskControl& job);
    void startNext();
    void complete(const Outcome& outcome);

    QQueue<Request> m_queue;
    Request m_current;
    JobRunner m_runner;
    QString m_parsedPath; // the file m_parsed was read from
    std::shared_ptr<const xsprof::ParsedProfiles> m_parsed;
};
