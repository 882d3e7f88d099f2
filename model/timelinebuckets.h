#pragma once
// The timeline's data: activity per category in fixed-width time buckets. Each sample's
// interval is spread over the buckets it overlaps in proportion, so the buckets of a
// category add up to that category's time exactly. Widget-free, so it is tested without
// a screen; one pass over the samples in view (O(samples + buckets)).
#include "model/profile.h"

#include <vector>

class TimelineBuckets
{
public:
    // By the kind of a sample's leaf frame. Native holds native and host code; Idle holds
    // idle, (program) and a bare (root).
    enum Category { Js, Native, Gc, Idle };
    static constexpr int categoryCount = 4;
    static Category categoryOf(xsprof::FrameKind kind);

    struct FunctionTime {
        xsprof::FrameId frame;
        double time = 0.0; // µs
    };

    TimelineBuckets() = default;
    // `count` buckets of equal width over [start, end) (µs, the profile's own time base).
    TimelineBuckets(const xsprof::Profile& profile, double start, double end, int count);

    int count() const { return m_count; }
    double start() const { return m_start; }
    double end() const { return m_end; }
    double bucketWidth() const { return m_width; }
    double bucketStart(int bucket) const { return m_start + bucket * m_width; }
    // The bucket holding `time`, -1 outside [start, end).
    int bucketAt(double time) const;

    double value(int bucket, Category category) const { return m_values[size_t(bucket) * categoryCount + category]; }
    double bucketTotal(int bucket) const;
    double categoryTotal(Category category) const;

    // Per bucket, the time of samples whose stack contains `f` (recursion counted once);
    // without stacks (graph-encoded profiles), the time `f` was the sampled leaf.
    std::vector<double> functionActivity(const xsprof::Profile& profile, xsprof::FrameId f) const;
    // The functions with the most self time in `bucket`, largest first.
    std::vector<FunctionTime> topFunctions(const xsprof::Profile& profile, int bucket, size_t limit) const;

private:
    // Calls visit(sample, bucket, µs) for every piece of every sample overlapping [first, last].
    template <typename Visit>
    void distribute(const xsprof::Profile& profile, int first, int last, Visit visit) const;

    int m_count = 0;
    double m_start = 0.0, m_end = 0.0, m_width = 0.0;
    std::vector<double> m_values; // bucket-major, categoryCount per bucket
};
