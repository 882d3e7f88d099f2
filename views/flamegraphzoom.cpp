#include "flamegraphzoom.h"

#include "costformat.h"
#include "model/profile.h"

#include <QCoreApplication>

#include <algorithm>

namespace {
constexpr double minimumChartWindow = 10.0; // µs
} // namespace

void FlameGraphZoom::reset()
{
    m_stack = {};
    m_functions.clear();
    m_chart.clear();
}

void FlameGraphZoom::setRange(double t0, double t1)
{
    m_t0 = t0;
    m_t1 = t1;
}

QStringList FlameGraphZoom::breadcrumb(Source source, const xsprof::Profile& profile, const NameOf& nameOf) const
{
    QStringList crumbs{QCoreApplication::translate("FlameGraphView", "All")};
    switch (source) {
    case Source::TimeOrder:
        for (const ChartWindow& window : m_chart)
            crumbs << window.label;
        break;
    case Source::CallTree: {
        QStringList path;
        for (xsprof::StackId s = m_stack; s.isValid(); s = profile.stacks.parent[s.value])
            path.prepend(nameOf(profile.stacks.frame[s.value]));
        crumbs << path;
        break;
    }
    case Source::FunctionGraph:
        for (xsprof::FrameId f : m_functions)
            crumbs << nameOf(f);
        break;
    }
    return crumbs;
}

int FlameGraphZoom::levels(Source source, const xsprof::Profile& profile) const
{
    int depth = 0;
    switch (source) {
    case Source::TimeOrder: depth = int(m_chart.size()); break;
    case Source::CallTree:
        for (xsprof::StackId s = m_stack; s.isValid(); s = profile.stacks.parent[s.value])
            ++depth;
        break;
    case Source::FunctionGraph: depth = int(m_functions.size()); break;
    }
    return depth + 1;
}

void FlameGraphZoom::zoomOutTo(Source source, int level, const xsprof::Profile& profile)
{
    level = std::max(level, 0);
    switch (source) {
    case Source::TimeOrder: m_chart.resize(std::min(m_chart.size(), size_t(level))); break;
    case Source::CallTree: {
        // Level k is the ancestor of the zoomed path at depth k - 1.
        std::vector<xsprof::StackId> path;
        for (xsprof::StackId s = m_stack; s.isValid(); s = profile.stacks.parent[s.value])
            path.insert(path.begin(), s);
        m_stack = level == 0 || path.empty() ? xsprof::StackId() : path[std::min(size_t(level), path.size()) - 1];
        break;
    }
    case Source::FunctionGraph: m_functions.resize(std::min(m_functions.size(), size_t(level))); break;
    }
}

void FlameGraphZoom::zoomInto(const FlameGraphLayout& layout, const FlameGraphLayout::Box& box, const QString& name)
{
    switch (layout.source()) {
    case Source::CallTree: m_stack = xsprof::StackId(box.node); break;
    case Source::FunctionGraph:
        if (m_functions.empty() || m_functions.back() != box.frame)
            m_functions.push_back(box.frame);
        break;
    case Source::TimeOrder: {
        const double t0 = layout.origin() + box.x;
        m_chart.push_back({t0, t0 + box.width, name});
        break;
    }
    }
}

void FlameGraphZoom::setWindow(double t0, double t1, double origin)
{
    const double size = t1 - t0;
    if (size >= m_t1 - m_t0) {
        // The whole range again: the keyboard windows go.
        while (windowByKeys())
            m_chart.pop_back();
        return;
    }
    t0 = std::clamp(t0, m_t0, m_t1 - size);
    t1 = t0 + size;
    ChartWindow window{t0, t1,
                       QCoreApplication::translate("FlameGraphView", "%1 – %2")
                           .arg(CostFormat::time(t0 - origin), CostFormat::time(t1 - origin)),
                       true};
    if (windowByKeys())
        m_chart.back() = window;
    else
        m_chart.push_back(window);
}

void FlameGraphZoom::zoomWindow(double factor, double middle, double origin)
{
    const double size =
        std::clamp((windowEnd() - windowStart()) * factor, std::min(minimumChartWindow, m_t1 - m_t0), m_t1 - m_t0);
    setWindow(middle - size / 2, middle + size / 2, origin);
}

bool FlameGraphZoom::panWindow(double fraction, double origin)
{
    if (m_chart.empty())
        return false;
    const double t0 = m_chart.back().t0, t1 = m_chart.back().t1;
    const double shift = (t1 - t0) * fraction;
    setWindow(t0 + shift, t1 + shift, origin);
    return true;
}
