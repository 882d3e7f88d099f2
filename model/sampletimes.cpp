#include "model/sampletimes.h"

#include <algorithm>

SampleTimes::Interval SampleTimes::interval(size_t sample) const
{
    const xsprof::SampleTable& s = m_profile->samples;
    const double t = s.time[sample];
    const double d = s.duration(sample);
    if (s.rule == xsprof::DurationRule::OwnDelta)
        return {t - d, t};
    return {t, t + d};
}

SampleTimes::SampleTimes(const xsprof::Profile& profile) : m_profile(&profile)
{
    if (!size())
        return;
    m_start = interval(0).begin;
    m_end = interval(size() - 1).end;
    // Own-delta times can step back (a negative XS delta lasts 0): the span ends at the
    // latest time, not at the last sample's.
    if (profile.samples.rule == xsprof::DurationRule::OwnDelta)
        m_end = std::max(m_end, *std::max_element(profile.samples.time.begin(), profile.samples.time.end()));
}

namespace {
// First index in [0, n) for which `pred` is false; `pred` must hold on a prefix.
template <typename Pred>
size_t partitionPoint(size_t n, Pred pred)
{
    // A plain binary search: clang 14 (the fuzz build) cannot take iota_view with libstdc++ 12.
    size_t first = 0;
    while (n > 0) {
        const size_t half = n / 2;
        if (pred(first + half)) {
            first += half + 1;
            n -= half + 1;
        } else {
            n = half;
        }
    }
    return first;
}
} // namespace

xsprof::SampleRange SampleTimes::range(double t0, double t1) const
{
    const auto middle = [this](size_t i) {
        const Interval in = interval(i);
        return (in.begin + in.end) / 2.0;
    };
    const size_t begin = partitionPoint(size(), [&](size_t i) { return middle(i) < t0; });
    const size_t end = partitionPoint(size(), [&](size_t i) { return middle(i) < t1; });
    return {begin, std::max(begin, end)};
}

xsprof::SampleRange SampleTimes::overlapping(double t0, double t1) const
{
    const size_t begin = partitionPoint(size(), [&](size_t i) { return interval(i).end <= t0; });
    const size_t end = partitionPoint(size(), [&](size_t i) { return interval(i).begin < t1; });
    return {begin, std::max(begin, end)};
}
