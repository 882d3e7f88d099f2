#include "views/document/profilerefresher.h"

#include <QThreadPool>

#include <algorithm>
#include <mutex>

// A worker posts its result only while the refresher lives; the destructor clears `owner`
// under the lock, so a late worker finds null and its result is dropped.
struct ProfileRefresher::Shared {
    std::mutex mutex;
    ProfileRefresher* owner = nullptr;
};

ProfileRefresher::ProfileRefresher(Source source, QObject* parent)
    : QObject(parent), m_source(std::move(source)), m_shared(std::make_shared<Shared>())
{
    m_shared->owner = this;
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &ProfileRefresher::start);
}

ProfileRefresher::~ProfileRefresher()
{
    std::lock_guard lock(m_shared->mutex);
    m_shared->owner = nullptr;
}

void ProfileRefresher::requestRefresh()
{
    if (m_running) {
        m_pending = true; // picked up when the running computation ends
        return;
    }
    if (m_timer.isActive())
        return;
    // The interval counts from the last start, so a steady stream gives one refresh per interval.
    const qint64 since = m_sinceStart.isValid() ? m_sinceStart.elapsed() : m_interval;
    m_timer.start(int(std::clamp<qint64>(m_interval - since, 0, m_interval)));
}

void ProfileRefresher::refreshNow()
{
    if (m_running) {
        m_pending = true;
        return;
    }
    m_timer.stop();
    start();
}

void ProfileRefresher::reset()
{
    ++m_generation;
    m_timer.stop();
    m_pending = false;
    m_running = false;
}

void ProfileRefresher::start()
{
    if (!m_source)
        return;
    m_sinceStart.start();
    m_pending = false;
    const unsigned generation = ++m_generation;
    if (m_lastSampleCount < m_synchronousLimit) {
        QElapsedTimer clock;
        clock.start();
        std::shared_ptr<const xsprof::Profile> profile = m_source();
        if (!profile)
            return;
        auto data = ProfileData::create(std::move(profile), QString(), -1);
        finish(generation, data, double(clock.nsecsElapsed()) / 1e6);
        return;
    }
    m_running = true;
    // The snapshot too is taken on the worker: copying a long profile is not free.
    QThreadPool::globalInstance()->start([shared = m_shared, source = m_source, generation] {
        QElapsedTimer clock;
        clock.start();
        std::shared_ptr<ProfileData> data;
        if (std::shared_ptr<const xsprof::Profile> profile = source())
            data = ProfileData::create(std::move(profile), QString(), -1);
        const double ms = double(clock.nsecsElapsed()) / 1e6;
        std::lock_guard lock(shared->mutex);
        if (ProfileRefresher* owner = shared->owner) {
            QMetaObject::invokeMethod(owner, [owner, generation, data, ms] { owner->finish(generation, data, ms); },
                                      Qt::QueuedConnection);
        }
    });
}

void ProfileRefresher::finish(unsigned generation, const std::shared_ptr<ProfileData>& data, double ms)
{
    if (generation != m_generation)
        return; // overtaken by reset()
    m_running = false;
    if (data) {
        m_lastComputeMs = ms;
        m_lastSampleCount = data->profile.samples.size();
        ++m_computeCount;
        emit refreshed(data);
    }
    if (m_pending)
        requestRefresh();
}
