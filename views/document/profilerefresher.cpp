#include "views/document/profilerefresher.h"

#include <algorithm>

ProfileRefresher::ProfileRefresher(Source source, QObject* parent) : QObject(parent), m_source(std::move(source))
{
    m_timer.setSingleShot(true);
    connect(&m_timer, &QTimer::timeout, this, &ProfileRefresher::start);
}

void ProfileRefresher::requestRefresh()
{
    if (isBusy()) {
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
    if (isBusy()) {
        m_pending = true;
        return;
    }
    m_timer.stop();
    start();
}

void ProfileRefresher::reset()
{
    m_runner.cancel();
    m_timer.stop();
    m_pending = false;
    m_live = std::make_shared<Live>(); // a job still running keeps the old sums to itself
}

void ProfileRefresher::start()
{
    if (!m_source)
        return;
    m_sinceStart.start();
    m_pending = false;
    // The snapshot too is taken on the worker: it waits for the parser's lock.
    m_runner.run<Computed>(
        [source = m_source, live = m_live](const xsprof::TaskControl&) {
            QElapsedTimer clock;
            clock.start();
            Computed computed;
            if (std::shared_ptr<const xsprof::Profile> profile = source()) {
                std::lock_guard lock(live->mutex);
                xsprof::ProfileAnalysis analysis = live->analysis.update(*profile);
                computed.data = ProfileData::create(std::move(profile), std::move(analysis));
            }
            computed.ms = double(clock.nsecsElapsed()) / 1e6;
            return computed;
        },
        [this](JobResult<Computed> result) { finish(std::move(result)); }, !m_inBackground && m_lastSampleCount < m_synchronousLimit);
}

void ProfileRefresher::finish(JobResult<Computed> result)
{
    if (!result.ok())
        emit failed(result.error);
    else if (const std::shared_ptr<ProfileData>& data = result.value->data) {
        m_lastComputeMs = result.value->ms;
        m_lastSampleCount = data->profile.samples.size();
        emit refreshed(data);
    }
    if (m_pending)
        requestRefresh();
}
