#pragma once
// Where a flame graph is zoomed, apart from its drawing: the steps the breadcrumb shows, in
// the form the layout shown takes them. The call tree zooms to a path (a stack), the function
// graph to a chain of functions, the flame chart to time windows: a frame's, or one the
// keyboard moved (+/− and A/D change it in place rather than adding steps). FlameGraphView
// owns one; times are µs in the profile's time base.
#include "model/flamegraphlayout.h"
#include "model/ids.h"

#include <QString>
#include <QStringList>

#include <functional>
#include <vector>

namespace xsprof {
struct Profile;
}

class FlameGraphZoom
{
public:
    // Which layout the zoom is for (FlameGraphLayout's sources).
    using Source = FlameGraphLayout::Source;
    using NameOf = std::function<QString(xsprof::FrameId)>;

    // Back to everything, for every source.
    void reset();
    // The chart's whole time range [t0, t1).
    void setRange(double t0, double t1);

    // What the layout is made of: the chart's window, the call tree's path, the graph's function.
    double windowStart() const { return m_chart.empty() ? m_t0 : m_chart.back().t0; }
    double windowEnd() const { return m_chart.empty() ? m_t1 : m_chart.back().t1; }
    xsprof::StackId stack() const { return m_stack; }
    xsprof::FrameId function() const { return m_functions.empty() ? xsprof::FrameId() : m_functions.back(); }

    // "All", then a step each (a window's label, or a function's name).
    QStringList breadcrumb(Source source, const xsprof::Profile& profile, const NameOf& nameOf) const;
    int levels(Source source, const xsprof::Profile& profile) const;
    // Back to step `level` (0: everything).
    void zoomOutTo(Source source, int level, const xsprof::Profile& profile);
    // Into `box` of `layout`, named `name` (a frame, not merged small ones).
    void zoomInto(const FlameGraphLayout& layout, const FlameGraphLayout::Box& box, const QString& name);

    // The chart's window by keyboard. `origin` is the time the chart's axis starts at (its
    // labels count from there). The whole range again drops the keyboard's windows.
    bool windowByKeys() const { return !m_chart.empty() && m_chart.back().byKeys; }
    void setWindow(double t0, double t1, double origin);
    // `factor` < 1 zooms in around `middle`; the window stays at least 10 µs wide.
    void zoomWindow(double factor, double middle, double origin);
    // Moves a zoomed window by `fraction` of its width; false when nothing is zoomed.
    bool panWindow(double fraction, double origin);

private:
    struct ChartWindow {
        double t0, t1;
        QString label;
        bool byKeys = false; // a +/− or pan window: the next one replaces it
    };

    double m_t0 = 0.0, m_t1 = 0.0;
    xsprof::StackId m_stack;                  // call tree
    std::vector<xsprof::FrameId> m_functions; // function graph
    std::vector<ChartWindow> m_chart;         // flame chart
};
