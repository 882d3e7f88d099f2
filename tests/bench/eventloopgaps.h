#pragma once
// How long the event loop goes without answering (benchmarks and stress tools; not a test):
// a 5 ms precise timer records the time between its firings while started.
#include <QElapsedTimer>
#include <QObject>
#include <QTimer>

#include <algorithm>
#include <vector>

class EventLoopGaps
{
public:
    EventLoopGaps()
    {
        m_timer.setTimerType(Qt::PreciseTimer);
        m_timer.setInterval(5);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            m_gaps.push_back(double(m_since.nsecsElapsed()) / 1e6);
            m_since.start();
        });
    }
    // Forgets earlier gaps and starts measuring; the time until the first firing counts.
    void start()
    {
        m_gaps.clear();
        m_since.start();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    const std::vector<double>& gaps() const { return m_gaps; }
    double longest() const { return m_gaps.empty() ? 0.0 : *std::max_element(m_gaps.begin(), m_gaps.end()); }
    // The gap below which a fraction `p` of them lie (0.5: the median).
    double percentile(double p) const
    {
        if (m_gaps.empty())
            return 0.0;
        std::vector<double> sorted = m_gaps;
        std::sort(sorted.begin(), sorted.end());
        return sorted[std::min(sorted.size() - 1, size_t(p * double(sorted.size())))];
    }
    long countOver(double ms) const { return long(std::count_if(m_gaps.begin(), m_gaps.end(), [ms](double g) { return g > ms; })); }

private:
    QTimer m_timer;
    QElapsedTimer m_since;
    std::vector<double> m_gaps;
};
