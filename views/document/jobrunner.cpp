#include "views/document/jobrunner.h"

#include <QCoreApplication>
#include <QThreadPool>

#include <mutex>
#include <new>
#include <stdexcept>

// What the runner and its worker share. A worker posts its result only while `owner` is set;
// the destructor clears it under the lock, so a late worker finds null and drops its result.
struct JobRunner::Job {
    std::atomic<bool> cancelled{false};
    std::atomic<int> permille{-1};
    std::mutex mutex;
    JobRunner* owner = nullptr;
};

Q_GLOBAL_STATIC(QThreadPool, s_analysisPool)

JobRunner::JobRunner(QObject* parent) : QObject(parent) {}

JobRunner::~JobRunner()
{
    // Like cancel(), without signals: whoever listens may be half destroyed already.
    if (m_current) {
        m_current->cancelled = true;
        std::lock_guard lock(m_current->mutex);
        m_current->owner = nullptr;
    }
}

QThreadPool* JobRunner::analysisPool()
{
    return s_analysisPool();
}

QString JobRunner::describe(std::exception_ptr error)
{
    try {
        std::rethrow_exception(error);
    } catch (const std::bad_alloc&) {
        return tr("Not enough memory for this analysis.");
    } catch (const JobRefused& e) {
        return QString::fromUtf8(e.what());
    } catch (const std::exception& e) {
        return tr("The analysis failed: %1").arg(QString::fromUtf8(e.what()));
    } catch (...) {
        return tr("The analysis failed.");
    }
}

void JobRunner::start(Work work, bool synchronous, QThreadPool* pool)
{
    cancel();
    auto job = std::make_shared<Job>();
    job->owner = this;
    m_current = job;
    if (synchronous) {
        xsprof::TaskControl control;
        control.cancelFlag = &job->cancelled;
        const HandBack handBack = work(control);
        finish(job, handBack);
        return;
    }
    setBusy(true);
    emit progressChanged(0);
    (pool ? pool : analysisPool())->start([job, work = std::move(work)] {
        xsprof::TaskControl control;
        control.cancelFlag = &job->cancelled;
        control.onProgress = [job](double fraction) {
            const int permille = int(fraction * 1000.0);
            if (job->permille.exchange(permille) == permille)
                return;
            std::lock_guard lock(job->mutex);
            if (JobRunner* owner = job->owner)
                QMetaObject::invokeMethod(
                    owner, [owner, permille] { emit owner->progressChanged(permille); }, Qt::QueuedConnection);
        };
        HandBack handBack;
        if (!job->cancelled)
            handBack = work(control);
        std::lock_guard lock(job->mutex);
        if (JobRunner* owner = job->owner) {
            QMetaObject::invokeMethod(
                owner, [owner, job, handBack] { owner->finish(job, handBack); }, Qt::QueuedConnection);
        }
    });
}

void JobRunner::finish(const std::shared_ptr<Job>& job, const HandBack& handBack)
{
    if (job != m_current || job->cancelled)
        return; // superseded: a newer job or cancel() came first
    m_current.reset();
    {
        std::lock_guard lock(job->mutex);
        job->owner = nullptr;
    }
    setBusy(false);
    if (handBack)
        handBack();
}

void JobRunner::cancel()
{
    if (!m_current)
        return;
    m_current->cancelled = true;
    {
        std::lock_guard lock(m_current->mutex);
        m_current->owner = nullptr;
    }
    m_current.reset();
    setBusy(false);
}

void JobRunner::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}
