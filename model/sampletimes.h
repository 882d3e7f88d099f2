#pragma once
// Where each sample lies in time, by the profile's duration rule (DESIGN.md): an until-next
// sample covers [time, time + duration), an own-delta one (time - duration, time]. The
// timeline, the range selection and the flame chart all place samples through this.
#include "model/profile.h"
#include "model/samplerange.h"

class SampleTimes
{
public:
    struct Interval {
        double begin = 0.0;
        double end = 0.0;
    };

    explicit SampleTimes(const xsprof::Profile& profile);

    size_t size() const { return m_profile->samples.size(); }
    Interval interval(size_t sample) const;
    // The span the samples cover: from where the first one starts to where the last one ends.
    double start() const { return m_start; }
    double end() const { return m_end; }
    // Samples whose interval has its middle in [t0, t1): a binary search (times are ordered).
    xsprof::SampleRange range(double t0, double t1) const;
    // Samples whose interval overlaps [t0, t1) at all.
    xsprof::SampleRange overlapping(double t0, double t1) const;

private:
    const xsprof::Profile* m_profile;
    double m_start = 0.0, m_end = 0.0;
};
