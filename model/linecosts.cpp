#include "linecosts.h"

#include <algorithm>
#include <cstdio>
#include <map>

namespace xsprof {

const LineCost* FunctionLineCosts::hottest() const
{
    const auto it = std::max_element(lines.begin(), lines.end(),
                                     [](const LineCost& a, const LineCost& b) { return a.self < b.self; });
    return it == lines.end() ? nullptr : &*it;
}

FunctionLineCosts lineCosts(const Profile& profile, FrameId frame, SampleRange range)
{
    FunctionLineCosts out;
    out.frame = frame;
    if (!profile.hasStacks() || !frame.isValid() || frame.value >= profile.frames.size())
        return out;
    // Self time of each node (stack) of the function.
    std::vector<double> nodeSelf(profile.stacks.size(), 0.0);
    const SampleRange r = range.clampedTo(profile.samples.size());
    for (size_t i = r.begin; i < r.end; ++i) {
        const StackId s = profile.samples.stack[i];
        if (s.isValid() && profile.stacks.frame[s.value] == frame) {
            const double d = profile.samples.duration(i);
            nodeSelf[s.value] += d;
            out.self += d;
        }
    }
    // Each node's self time split over its lines (rows are sorted by stack).
    const LineTickTable& t = profile.lineTicks;
    std::map<int32_t, LineCost> byLine;
    double attributed = 0.0;
    for (size_t row = 0; row < t.size();) {
        const StackId s = t.stack[row];
        size_t end = row;
        uint64_t ticks = 0;
        for (; end < t.size() && t.stack[end] == s; ++end)
            ticks += t.ticks[end];
        if (s.isValid() && s.value < nodeSelf.size() && profile.stacks.frame[s.value] == frame && ticks > 0) {
            for (size_t k = row; k < end; ++k) {
                LineCost& cost = byLine[t.line[k]];
                cost.line = t.line[k];
                cost.ticks += t.ticks[k];
                cost.self += nodeSelf[s.value] * double(t.ticks[k]) / double(ticks);
            }
            attributed += nodeSelf[s.value];
        }
        row = end;
    }
    out.unattributed = std::max(0.0, out.self - attributed);
    for (const auto& [line, cost] : byLine)
        out.lines.push_back(cost);
    return out;
}

std::string formatLineReport(const Profile& profile, std::string_view name)
{
    std::string out;
    char buf[256];
    for (uint32_t f = 0; f < profile.frames.size(); ++f) {
        const FrameId frame(f);
        if (profile.frameName(frame) != name)
            continue;
        const FunctionLineCosts costs = lineCosts(profile, frame);
        std::snprintf(buf, sizeof buf, "%s  %s  self %.3f ms\n", std::string(name).c_str(),
                      profile.location(frame).c_str(), costs.self / 1000.0);
        out += buf;
        out += "    line     self ms    share\n";
        for (const LineCost& line : costs.lines) {
            std::snprintf(buf, sizeof buf, "%8d %11.3f %7.1f %%\n", line.line, line.self / 1000.0,
                          costs.self > 0.0 ? 100.0 * line.self / costs.self : 0.0);
            out += buf;
        }
        if (costs.unattributed > 0.0) {
            std::snprintf(buf, sizeof buf, "%8s %11.3f %7.1f %%\n", "(none)", costs.unattributed / 1000.0,
                          100.0 * costs.unattributed / costs.self);
            out += buf;
        }
        out += "\n";
    }
    return out;
}

} // namespace xsprof
