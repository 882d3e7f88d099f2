#pragma once
// Recomputes a profile's views for a range of its samples. Small profiles are done at
// once; big ones on a worker thread, handing the result back on the GUI thread. Only the
// latest request counts: a superseded job is skipped if it has not started, and its
// result dropped if it has.
#include "views/document/profiledata.h"

#include "model/samplerange.h"

#include <QObject>
#include <QThreadPool>

#include <atomic>

class RangeAnalyzer : public QObject
{
    Q_OBJECT
public:
    explicit RangeAnalyzer(ProfileDataPtr data, QObject* parent = nullptr);
    ~RangeAnalyzer() override; // waits for a running job; its result is dropped

    // New data for the same profile (a live refresh); pending results are dropped.
    void setData(ProfileDataPtr data);
    // Profiles with fewer samples than this are analysed on the calling thread.
    void setSynchronousLimit(size_t samples) { m_synchronousLimit = samples; }
    // Asks for the views of `range` (indices into the full profile's samples); the whole
    // profile hands back the full data at once.
    void request(xsprof::SampleRange range);
    void cancel(); // drops whatever is pending
    bool isBusy() const { return m_busy; }

    // The profile with its analysis over `range` (the profile is shared with `full`, so frame
    // and stack ids stay the same). Thread-safe: touches nothing but its arguments.
    static std::shared_ptr<ProfileData> analyse(const ProfileData& full, xsprof::SampleRange range);

signals:
    void finished(ProfileDataPtr data); // the views for the latest request
    void busyChanged(bool busy);

private:
    void setBusy(bool busy);

    ProfileDataPtr m_data;
    QThreadPool m_pool;
    std::atomic<unsigned> m_generation{0};
    size_t m_synchronousLimit = 100000;
    bool m_busy = false;
};
