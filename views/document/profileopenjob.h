#pragma once
// Loads profile files one at a time on a worker thread and hands the results back on the
// GUI thread. Loading reads and analyses the file; cancelling stops the reader and drops
// whatever the worker produces afterwards.
#include "views/document/profiledata.h"

#include <QObject>
#include <QQueue>
#include <QStringList>

#include <atomic>
#include <thread>

class ProfileLoader : public QObject
{
    Q_OBJECT
public:
    explicit ProfileLoader(QObject* parent = nullptr);
    ~ProfileLoader() override; // cancels the running load and waits for the worker

    // Queues `path` (a file, or a ":/" resource). `profileIndex` picks one profile of a
    // multi-profile file; -1 asks (profileChoiceNeeded) when there are several.
    void load(const QString& path, int profileIndex = -1);
    // Cancels the running load; queued files are dropped too.
    void cancel();
    bool isBusy() const { return m_worker.joinable(); }
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
    };
    struct Outcome;

    void startNext();
    void run(Request request, unsigned generation);
    void complete(unsigned generation, const std::shared_ptr<Outcome>& outcome);

    QQueue<Request> m_queue;
    Request m_current;
    std::thread m_worker;
    std::atomic<bool> m_cancel{false};
    std::atomic<int> m_permille{-1};
    unsigned m_generation = 0; // bumped per job: a late result of a cancelled job is dropped
};
