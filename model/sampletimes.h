#pragma once
// Where each sample lies in time, by the profile's duration rule (DESIGN.md): an until-next
// sample covers [time, time + duration), an own-delta one (time - duration, time]. The
// timeline, the range selection and the flame chart all place samples through this.
//
// Positions never step back, so ranges are found by binary search. Until-next times are
// sorted when loaded. Own-delta (XS) times can step back (a negative delta lasts 0); such a
// profile is placed on its charged clock instead: sample i ends at
// origin + duration(0) + … + duration(i). Where the times never step back this is exactly
// the recorded time; after a step back, later samples shift right by the time that went
// back, so intervals never overlap and their widths stay the samples' durations.
#include "model/profile.h"
#include "model/samplerange.h"

#include <vector>

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
    // Samples whose interval has its middle in [t0, t1): a binary search (positions are ordered).
    // A range that reaches end() also takes the samples ending there (a zero-length last
    // sample), so selecting the whole span selects every sample.
    xsprof::SampleRange range(double t0, double t1) const;
    // Samples whose interval overlaps [t0, t1) at all.
    xsprof::SampleRange overlapping(double t0, double t1) const;
    // True when own-delta times step back and samples are placed on the charged clock.
    bool isRemapped() const { return !m_ends.empty(); }

private:
    const xsprof::Profile* m_profile;
    double m_start = 0.0, m_end = 0.0;
    std::vector<double> m_ends; // own-delta times that step back: each sample's charged end
};
