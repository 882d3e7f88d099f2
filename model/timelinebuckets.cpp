#include "model/timelinebuckets.h"

#include "model/sampletimes.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

using xsprof::FrameId;
using xsprof::FrameKind;

TimelineBuckets::Category TimelineBuckets::categoryOf(FrameKind kind)
{
    switch (kind) {
    case FrameKind::Js: return Js;
    case FrameKind::Native:
    case FrameKind::Host: return Native;
    case FrameKind::Gc: return Gc;
    case FrameKind::Idle:
    case FrameKind::Program:
    case FrameKind::Root: return Idle;
    }
    return Idle;
}

TimelineBuckets::TimelineBuckets(const xsprof::Profile& profile, double start, double end, int count)
    : m_count(std::max(count, 1)), m_start(start), m_end(std::max(end, start))
{
    m_width = (m_end - m_start) / m_count;
    m_values.assign(size_t(m_count) * categoryCount, 0.0);
    if (m_width <= 0.0)
        return;
    // One leaf kind lookup per sample: cheaper through the stack than through the frame.
    const auto& stackFrame = profile.stacks.frame;
    const auto& kind = profile.frames.kind;
    const auto& sampleStack = profile.samples.stack;
    distribute(profile, 0, m_count - 1, [&](size_t sample, int bucket, double time) {
        const Category c = categoryOf(kind[stackFrame[sampleStack[sample].value].value]);
        m_values[size_t(bucket) * categoryCount + c] += time;
    });
}

template <typename Visit>
void TimelineBuckets::distribute(const xsprof::Profile& profile, int first, int last, Visit visit) const
{
    const SampleTimes times(profile);
    const double lo = bucketStart(first);
    const double hi = last + 1 >= m_count ? m_end : bucketStart(last + 1);
    const xsprof::SampleRange samples = times.overlapping(lo, hi);
    for (size_t i = samples.begin; i < samples.end; ++i) {
        const SampleTimes::Interval in = times.interval(i);
        const double a = std::max(in.begin, lo);
        const double b = std::min(in.end, hi);
        if (b <= a)
            continue;
        int bucket = std::clamp(int((a - m_start) / m_width), first, last);
        const int lastBucket = std::clamp(int((b - m_start) / m_width), first, last);
        if (bucket == lastBucket) { // the common case: the sample is shorter than a bucket
            visit(i, bucket, b - a);
            continue;
        }
        for (double from = a; bucket <= lastBucket; ++bucket) {
            const double to = bucket == lastBucket ? b : std::min(b, bucketStart(bucket + 1));
            if (to > from)
                visit(i, bucket, to - from);
            from = to;
        }
    }
}

int TimelineBuckets::bucketAt(double time) const
{
    if (m_width <= 0.0 || time < m_start || time >= m_end)
        return -1;
    return std::min(int((time - m_start) / m_width), m_count - 1);
}

double TimelineBuckets::bucketTotal(int bucket) const
{
    double sum = 0.0;
    for (int c = 0; c < categoryCount; ++c)
        sum += value(bucket, Category(c));
    return sum;
}

double TimelineBuckets::categoryTotal(Category category) const
{
    double sum = 0.0;
    for (int b = 0; b < m_count; ++b)
        sum += value(b, category);
    return sum;
}

std::vector<double> TimelineBuckets::functionActivity(const xsprof::Profile& profile, FrameId f) const
{
    std::vector<double> activity(size_t(m_count), 0.0);
    if (m_width <= 0.0 || !f.isValid())
        return activity;
    // Parents precede children in the trie: one forward sweep marks every path through f.
    const auto& stacks = profile.stacks;
    std::vector<char> contains(stacks.size(), 0);
    for (size_t s = 0; s < stacks.size(); ++s) {
        const xsprof::StackId p = stacks.parent[s];
        contains[s] = stacks.frame[s] == f || (profile.hasStacks() && p.isValid() && contains[p.value]);
    }
    const auto& sampleStack = profile.samples.stack;
    distribute(profile, 0, m_count - 1, [&](size_t sample, int bucket, double time) {
        if (contains[sampleStack[sample].value])
            activity[size_t(bucket)] += time;
    });
    return activity;
}

std::vector<TimelineBuckets::FunctionTime> TimelineBuckets::topFunctions(const xsprof::Profile& profile, int bucket,
                                                                         size_t limit) const
{
    if (bucket < 0 || bucket >= m_count || m_width <= 0.0)
        return {};
    std::unordered_map<uint32_t, double> self;
    distribute(profile, bucket, bucket, [&](size_t sample, int, double time) {
        self[profile.leafFrame(sample).value] += time;
    });
    std::vector<FunctionTime> top;
    top.reserve(self.size());
    for (const auto& [frame, time] : self)
        top.push_back({FrameId(frame), time});
    const auto larger = [](const FunctionTime& a, const FunctionTime& b) {
        return a.time != b.time ? a.time > b.time : a.frame < b.frame;
    };
    const size_t n = std::min(limit, top.size());
    std::partial_sort(top.begin(), top.begin() + ptrdiff_t(n), top.end(), larger);
    top.resize(n);
    return top;
}
