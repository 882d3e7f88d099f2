#pragma once
// Keeps a live profile's analysis fresh without flooding the GUI thread: requests are
// coalesced to at most one computation per interval, a large profile is snapshotted and
// analysed on a worker thread (the source keeps growing meanwhile), one computation runs at
// a time (through a JobRunner), and a result overtaken by reset() is dropped. A snapshot
// shares the samples recorded (Profile::snapshot) and the analysis sums only the samples
// added since the previous refresh (xsprof::LiveAnalysis): a refresh costs the same at
// minute 60 as at minute 1.
#include "views/document/jobrunner.h"
#include "views/document/profiledata.h"

#include "model/liveanalysis.h"

#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <functional>
#include <memory>
#include <mutex>

class ProfileRefresher : public QObject
{
    Q_OBJECT
public:
    // A snapshot of the profile as it is now, or null when there is none yet. Called on the GUI
    // thread while the profile is small, on a worker thread once it is not.
    using Source = std::function<std::shared_ptr<const xsprof::Profile>()>;

    explicit ProfileRefresher(Source source, QObject* parent = nullptr);

    void setInterval(int ms) { m_interval = ms; }
    int interval() const { return m_interval; }
    // While the last snapshot had fewer samples, the next is analysed at once on the GUI thread
    // (cheaper than a hop).
    void setSynchronousLimit(size_t samples) { m_synchronousLimit = samples; }
    // In the background (nobody looks at the views), every computation goes to a worker: fifty
    // small live profiles refreshed on the GUI thread add up.
    void setInBackground(bool background) { m_inBackground = background; }

    // The source changed: refresh within the interval (several requests, one computation).
    void requestRefresh();
    // Refresh as soon as no computation runs (the end of a session: show the final numbers).
    void refreshNow();
    // Drops pending and running work (e.g. a new profiling session replaces the old one).
    void reset();

    bool isBusy() const { return m_runner.isBusy(); }
    double lastComputeMs() const { return m_lastComputeMs; }

signals:
    void refreshed(ProfileDataPtr data);
    void failed(const QString& message); // an analysis failed (out of memory...)

private:
    struct Computed {
        std::shared_ptr<ProfileData> data; // null when the source had nothing
        double ms = 0.0;
    };
    // The sums of the samples analysed so far, used by one computation at a time.
    struct Live {
        std::mutex mutex;
        xsprof::LiveAnalysis analysis;
    };
    void start();
    void finish(JobResult<Computed> result);

    Source m_source;
    std::shared_ptr<Live> m_live = std::make_shared<Live>();
    int m_interval = 200;
    size_t m_synchronousLimit = 10000;
    bool m_inBackground = false;
    QTimer m_timer;
    QElapsedTimer m_sinceStart;
    bool m_pending = false;
    double m_lastComputeMs = 0.0;
    size_t m_lastSampleCount = 0;
    JobRunner m_runner;
};
