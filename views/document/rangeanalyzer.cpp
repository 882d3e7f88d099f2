#include "views/document/rangeanalyzer.h"

RangeAnalyzer::RangeAnalyzer(ProfileDataPtr data, QObject* parent) : QObject(parent), m_data(std::move(data))
{
    m_pool.setMaxThreadCount(1); // one job at a time: newer ones wait and make older ones moot
}

RangeAnalyzer::~RangeAnalyzer()
{
    cancel();
    m_pool.waitForDone(); // the job's queued hand-back dies with this object
}

std::shared_ptr<ProfileData> RangeAnalyzer::analyse(const ProfileData& full, xsprof::SampleRange range)
{
    auto data = std::make_shared<ProfileData>(full.sharedProfile);
    data->path = full.path;
    data->profileIndex = full.profileIndex;
    data->analysis = xsprof::ProfileAnalysis::compute(data->profile, range);
    if (data->profile.hasStacks())
        data->bottomUp = xsprof::BottomUpTree(data->profile, data->analysis.callTree);
    return data;
}

void RangeAnalyzer::request(xsprof::SampleRange range)
{
    const unsigned generation = ++m_generation;
    m_pool.clear(); // queued jobs are superseded
    const size_t count = m_data->profile.samples.size();
    range = range.clampedTo(count);
    if (range.begin == 0 && range.end == count) {
        setBusy(false);
        emit finished(m_data);
        return;
    }
    if (count < m_synchronousLimit) {
        setBusy(false);
        emit finished(analyse(*m_data, range));
        return;
    }
    setBusy(true);
    m_pool.start([this, data = m_data, range, generation] {
        if (generation != m_generation)
            return;
        ProfileDataPtr result = analyse(*data, range);
        QMetaObject::invokeMethod(
            this,
            [this, result, generation] {
                if (generation != m_generation)
                    return;
                setBusy(false);
                emit finished(result);
            },
            Qt::QueuedConnection);
    });
}

void RangeAnalyzer::setData(ProfileDataPtr data)
{
    cancel();
    m_data = std::move(data);
}

void RangeAnalyzer::cancel()
{
    ++m_generation;
    m_pool.clear();
    setBusy(false);
}

void RangeAnalyzer::setBusy(bool busy)
{
    if (busy == m_busy)
        return;
    m_busy = busy;
    emit busyChanged(busy);
}
