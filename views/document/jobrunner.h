#pragma once
// Runs work off the GUI thread, one way for every analysis (hotspot's JobTracker idea):
// - latest wins: starting a job, or cancel(), makes the previous job's result moot; its
//   TaskControl says so, and whatever it returns is dropped;
// - an exception thrown by the work (std::bad_alloc included) becomes an error result;
// - nothing waits: the destructor cancels and returns at once, a running job finishes on
//   its pool and its result is dropped;
// - analyses run on a pool of their own, so they cannot starve the live sessions' parsing
//   (which uses QThreadPool::globalInstance()).
// Results are handed back on the runner's thread, through the callback given to run().
#include "model/taskcontrol.h"

#include <QObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>

class QThreadPool;

// Thrown by a job that declines its input (two profiles of different measures, an empty
// cohort): its message is the whole reason, told as it is rather than as a failed analysis.
class JobRefused : public std::runtime_error
{
public:
    using std::runtime_error::runtime_error;
};

template <typename T>
struct JobResult {
    std::optional<T> value; // set when the work returned
    QString error;          // set when it threw

    bool ok() const { return value.has_value(); }
};

class JobRunner : public QObject
{
    Q_OBJECT
public:
    explicit JobRunner(QObject* parent = nullptr);
    ~JobRunner() override; // cancels; never waits

    // The pool analyses run on (not the global one).
    static QThreadPool* analysisPool();
    // Runs `work(control)` on `pool` (nullptr: the analysis pool); `done(result)` follows on
    // this object's thread unless a newer job or cancel() came first. With `synchronous`
    // the work runs here and now, on the calling thread (small inputs: cheaper than a hop).
    template <typename T>
    void run(std::function<T(const xsprof::TaskControl&)> work, std::function<void(JobResult<T>)> done,
             bool synchronous = false, QThreadPool* pool = nullptr);
    void cancel();
    bool isBusy() const { return m_busy; }

    // Turns whatever a job threw into words for the user.
    static QString describe(std::exception_ptr error);

signals:
    void busyChanged(bool busy);
    void progressChanged(int permille); // of the current job, 0..1000

private:
    struct Job;
    // The worker part returns what to do on this thread, if its job is still the current one.
    using HandBack = std::function<void()>;
    using Work = std::function<HandBack(const xsprof::TaskControl&)>;
    void start(Work work, bool synchronous, QThreadPool* pool);
    void finish(const std::shared_ptr<Job>& job, const HandBack& handBack);
    void setBusy(bool busy);

    std::shared_ptr<Job> m_current;
    bool m_busy = false;
};

template <typename T>
void JobRunner::run(std::function<T(const xsprof::TaskControl&)> work, std::function<void(JobResult<T>)> done,
                    bool synchronous, QThreadPool* pool)
{
    start(
        [work = std::move(work), done = std::move(done)](const xsprof::TaskControl& control) -> HandBack {
            auto result = std::make_shared<JobResult<T>>();
            try {
                result->value.emplace(work(control));
            } catch (...) {
                result->error = describe(std::current_exception());
            }
            return [done, result] { done(std::move(*result)); };
        },
        synchronous, pool);
}
