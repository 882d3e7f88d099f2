#include "model/sampletimes.h"

#include <algorithm>

SampleTimes::Interval SampleTimes::interval(size_t sample) const
{
    const xsprof::SampleTable& s = m_profile->samples;
    const double d = s.duration(sample);
    if (!m_ends.empty())
        return {m_ends[sample] - d, m_ends[sample]};
    const double t = s.time[sample];
    if (s.rule == xsprof::DurationRule::OwnDelta)
        return {t - d, t};
    return {t, t + d};
}

SampleTimes::SampleTimes(const xsprof::Profile& profile) : m_profile(&profile)
{
    if (!size())
        return;
    const xsprof::SampleTable& s = profile.samples;
    const bool stepsBack = s.rule == xsprof::DurationRule::OwnDelta &&
        (s.time.front() < s.origin || (!s.timesAscending && !std::ranges::is_sorted(s.time)));
    if (stepsBack) {
        m_ends.resize(size());
        double end = s.origin;
        for (size_t i = 0; i < size(); ++i)
            m_ends[i] = end += s.duration(i);
    }
    m_start = interval(0).begin;
    m_end = interval(size() - 1).end;
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
    const size_t end = t1 >= m_end ? size() : partitionPoint(size(), [&](size_t i) { return middle(i) < t1; });
    return {begin, std::max(begin, end)};
}

xsprof::SampleRange SampleTimes::overlapping(double t0, double t1) const
{
    const size_t begin = partitionPoint(size(), [&](size_t i) { return interval(i).end <= t0; });
    const size_t end = partitionPoint(size(), [&](size_t i) { return interval(i).begin < t1; });
    return {begin, std::max(begin, end)};
}
