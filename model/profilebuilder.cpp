#include "profilebuilder.h"

#include <algorithm>
#include <numeric>

namespace xsprof {

ProfileBuilder::ProfileBuilder(ProfileInfo info)
{
    m_profile.info = std::move(info);
}

size_t ProfileBuilder::FrameKeyHash::operator()(const FrameKey& k) const noexcept
{
    uint64_t h = k.name.value;
    h = h * 0x9E3779B97F4A7C15ull ^ k.url.value;
    h = h * 0x9E3779B97F4A7C15ull ^ static_cast<uint32_t>(k.line);
    h = h * 0x9E3779B97F4A7C15ull ^ static_cast<uint32_t>(k.column);
    return static_cast<size_t>(h ^ (h >> 29));
}

FrameId ProfileBuilder::addFrame(std::string_view name, std::string_view url, int32_t line, int32_t column,
                                 int64_t xsId)
{
    FrameTable& f = m_profile.frames;
    const FrameId id(static_cast<uint32_t>(f.size()));
    f.name.push_back(m_profile.strings.intern(name));
    f.url.push_back(m_profile.strings.intern(url));
    f.line.push_back(line);
    f.column.push_back(column);
    f.kind.push_back(classifyFrame(name, url));
    f.xsId.push_back(xsId);
    return id;
}

FrameId ProfileBuilder::frameForKey(std::string_view name, std::string_view url, int32_t line, int32_t column)
{
    const FrameKey key{m_profile.strings.intern(name), m_profile.strings.intern(url), line, column};
    if (auto it = m_keyFrames.find(key); it != m_keyFrames.end())
        return it->second;
    const FrameId id = addFrame(name, url, line, column, -1);
    m_keyFrames.emplace(key, id);
    return id;
}

FrameId ProfileBuilder::frameForXsId(int64_t xsId)
{
    if (auto it = m_xsFrames.find(xsId); it != m_xsFrames.end())
        return it->second;
    const FrameId id = addFrame("(unknown " + std::to_string(xsId) + ")", {}, 0, 0, xsId);
    m_xsFrames.emplace(xsId, id);
    return id;
}

void ProfileBuilder::defineXsFrame(FrameId frame, std::string_view name, std::string_view url, int32_t line)
{
    FrameTable& f = m_profile.frames;
    f.name[frame.value] = m_profile.strings.intern(name);
    f.url[frame.value] = m_profile.strings.intern(url);
    f.line[frame.value] = line;
    f.kind[frame.value] = classifyFrame(name, url);
}

StackId ProfileBuilder::stack(StackId parent, FrameId frame)
{
    const uint64_t key = (uint64_t(parent.isValid() ? parent.value + 1 : 0) << 32) | frame.value;
    auto [it, inserted] = m_stackIndex.try_emplace(key, StackId(static_cast<uint32_t>(m_profile.stacks.size())));
    if (inserted) {
        m_profile.stacks.parent.push_back(parent);
        m_profile.stacks.frame.push_back(frame);
    }
    return it->second;
}

void ProfileBuilder::addSample(StackId stack, double time)
{
    m_profile.samples.stack.push_back(stack);
    m_profile.samples.time.push_back(time);
}

void ProfileBuilder::addLink(FrameId caller, FrameId callee)
{
    m_profile.links.push_back({caller, callee});
}

void ProfileBuilder::computeDurations()
{
    SampleTable& s = m_profile.samples;
    ProfileInfo& info = m_profile.info;
    const size_t n = s.size();
    s.duration.assign(n, 0.0);
    if (info.durationRule == DurationRule::OwnDelta) {
        // XS samples after the work: each sample lasts its own delta (DESIGN.md).
        double previous = info.startTime.value_or(n ? s.time[0] : 0.0);
        for (size_t i = 0; i < n; ++i) {
            s.duration[i] = std::max(0.0, s.time[i] - previous);
            previous = s.time[i];
        }
        info.lastSampleRule = LastSampleRule::None;
        return;
    }
    if (!std::is_sorted(s.time.begin(), s.time.end())) {
        std::vector<uint32_t> order(n);
        std::iota(order.begin(), order.end(), 0u);
        std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return s.time[a] < s.time[b]; });
        std::vector<StackId> stacks(n);
        std::vector<double> times(n);
        for (size_t i = 0; i < n; ++i) {
            stacks[i] = s.stack[order[i]];
            times[i] = s.time[order[i]];
        }
        s.stack = std::move(stacks);
        s.time = std::move(times);
        info.samplesResorted = true;
    }
    if (n == 0) {
        info.lastSampleRule = LastSampleRule::None;
        return;
    }
    for (size_t i = 0; i + 1 < n; ++i)
        s.duration[i] = s.time[i + 1] - s.time[i];
    if (info.endTime) {
        s.duration[n - 1] = std::max(0.0, *info.endTime - s.time[n - 1]);
        info.lastSampleRule = LastSampleRule::EndTime;
    } else {
        std::vector<double> others(s.duration.begin(), s.duration.begin() + static_cast<ptrdiff_t>(n - 1));
        double median = 0.0;
        if (!others.empty()) {
            const size_t mid = others.size() / 2;
            std::nth_element(others.begin(), others.begin() + static_cast<ptrdiff_t>(mid), others.end());
            median = others[mid];
            if (others.size() % 2 == 0) {
                const double lower = *std::max_element(others.begin(), others.begin() + static_cast<ptrdiff_t>(mid));
                median = (lower + median) / 2.0;
            }
        }
        s.duration[n - 1] = median;
        info.lastSampleRule = LastSampleRule::Median;
    }
}

Profile ProfileBuilder::finish()
{
    computeDurations();
    Profile result = std::move(m_profile);
    m_profile = Profile();
    m_keyFrames.clear();
    m_xsFrames.clear();
    m_stackIndex.clear();
    return result;
}

} // namespace xsprof
