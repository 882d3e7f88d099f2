#include "profilebuilder.h"

#include "parallel.h"
#include "releasestorage.h"

#include <algorithm>
#include <charconv>
#include <numeric>
#include <span>

namespace xsprof {

ProfileBuilder::ProfileBuilder(ProfileInfo info)
{
    m_profile.info = std::move(info);
}

ProfileBuilder::ProfileBuilder(ProfileInfo info, StringTable strings)
{
    m_profile.info = std::move(info);
    m_profile.strings = std::move(strings);
}

FrameId ProfileBuilder::addFrame(StringId name, StringId url, int32_t line, int32_t column, int64_t xsId)
{
    FrameTable& f = m_profile.frames;
    const FrameId id(static_cast<uint32_t>(f.size()));
    f.name.push_back(name);
    f.url.push_back(url);
    f.line.push_back(line);
    f.column.push_back(column);
    f.kind.push_back(classifyFrame(m_profile.strings.view(name), m_profile.strings.view(url), line));
    f.xsId.push_back(xsId);
    return id;
}

void ProfileBuilder::reserveTables(size_t frames, size_t stacks, size_t samples)
{
    FrameTable& f = m_profile.frames;
    f.name.reserve(frames);
    f.url.reserve(frames);
    f.line.reserve(frames);
    f.column.reserve(frames);
    f.kind.reserve(frames);
    f.xsId.reserve(frames);
    m_smallXsFrames.reserve(frames);
    m_profile.stacks.parent.reserve(stacks);
    m_profile.stacks.frame.reserve(stacks);
    m_stackIndex.reserve(stacks);
    m_profile.samples.stack.reserve(samples);
    m_profile.samples.time.reserve(samples);
}

void ProfileBuilder::noteScriptId(FrameId frame, int32_t scriptId)
{
    std::vector<int32_t>& ids = m_profile.frames.scriptId;
    if (scriptId <= 0 || (frame.value < ids.size() && ids[frame.value] != 0))
        return;
    if (frame.value >= ids.size())
        ids.resize(frame.value + 1, 0);
    ids[frame.value] = scriptId;
}

FrameId ProfileBuilder::frameForKey(std::string_view name, std::string_view url, int32_t line, int32_t column)
{
    return frameForKey(m_profile.strings.intern(name), m_profile.strings.intern(url), line, column);
}

FrameId ProfileBuilder::frameForKey(StringId name, StringId url, int32_t line, int32_t column)
{
    uint64_t h = name.value;
    h = h * 0x9E3779B97F4A7C15ull ^ url.value;
    h = h * 0x9E3779B97F4A7C15ull ^ static_cast<uint32_t>(line);
    h = (h * 0x9E3779B97F4A7C15ull ^ static_cast<uint32_t>(column)) * 0x9E3779B97F4A7C15ull;
    const uint32_t hash = static_cast<uint32_t>(h >> 32);
    const FrameTable& f = m_profile.frames;
    if (const auto found = m_keyFrames.find(hash, [&](uint32_t id) {
            return f.name[id] == name && f.url[id] == url && f.line[id] == line && f.column[id] == column;
        }))
        return FrameId(*found);
    const FrameId id = addFrame(name, url, line, column, -1);
    m_keyFrames.insert(hash, id.value);
    return id;
}

FrameId ProfileBuilder::frameForXsId(int64_t xsId)
{
    if (xsId >= 0 && size_t(xsId) < m_smallXsFrames.size() && m_smallXsFrames[size_t(xsId)].isValid())
        return m_smallXsFrames[size_t(xsId)];
    if (auto it = m_xsFrames.find(xsId); it != m_xsFrames.end())
        return it->second;
    // "(unknown ID)" until a record names it, written in place: no temporary strings (a
    // fuzzed <ps> text brings a new id every few bytes).
    char name[32] = "(unknown ";
    char* end = std::to_chars(name + 9, name + sizeof name - 1, xsId).ptr;
    *end++ = ')';
    const FrameId id = addFrame(m_profile.strings.intern(std::string_view(name, size_t(end - name))), StringId(0), 0, 0, xsId);
    // XS ids are dense and small: a direct table, as long as it stays proportionate to the
    // frames (one id of 10^6 must not cost megabytes: the fuzzer's inputs did, at every run).
    const int64_t denseLimit = std::max<int64_t>(4096, 4 * int64_t(m_profile.frames.size()));
    if (xsId >= 0 && xsId < denseLimit) {
        if (size_t(xsId) >= m_smallXsFrames.size())
            m_smallXsFrames.resize(size_t(xsId) + 1);
        m_smallXsFrames[size_t(xsId)] = id;
    } else {
        m_xsFrames.emplace(xsId, id);
    }
    return id;
}

void ProfileBuilder::defineXsFrame(FrameId frame, std::string_view name, std::string_view url, int32_t line)
{
    FrameTable& f = m_profile.frames;
    f.name[frame.value] = m_profile.strings.intern(name);
    f.url[frame.value] = m_profile.strings.intern(url);
    f.line[frame.value] = line;
    f.kind[frame.value] = classifyFrame(name, url, line);
}

StackId ProfileBuilder::stack(StackId parent, FrameId frame)
{
    const StackId fresh(static_cast<uint32_t>(m_profile.stacks.size()));
    const StackId id = m_stackIndex.findOrInsert(parent, frame, fresh);
    if (id == fresh) {
        m_profile.stacks.parent.push_back(parent);
        m_profile.stacks.frame.push_back(frame);
    }
    return id;
}

StackId ProfileBuilder::newStack(StackId parent, FrameId frame)
{
    const StackId id(static_cast<uint32_t>(m_profile.stacks.size()));
    m_profile.stacks.parent.push_back(parent);
    m_profile.stacks.frame.push_back(frame);
    return id;
}

void ProfileBuilder::addSample(StackId stack, double time)
{
    m_profile.samples.stack.push_back(stack);
    m_profile.samples.time.push_back(time);
}

void ProfileBuilder::setSamples(std::vector<StackId> stacks, std::vector<double> times)
{
    m_profile.samples.stack = std::move(stacks);
    m_profile.samples.time = std::move(times);
}

void ProfileBuilder::setGivenDurations(std::vector<double> durations)
{
    for (double& d : durations)
        d = d > 0.0 ? d : 0.0;
    m_profile.samples.given = std::move(durations);
}

void ProfileBuilder::setPositiveGivenDurations(std::vector<double> durations)
{
    m_profile.samples.given = std::move(durations);
}

void ProfileBuilder::addLink(FrameId caller, FrameId callee)
{
    m_profile.links.push_back({caller, callee});
}

namespace {

// Stable sort by time. Real files are nearly in order (a few small negative deltas), so an
// in-place insertion sort does it in one pass without extra memory; when the moves exceed a
// budget (a badly shuffled file) a stable index sort finishes the job.
void sortSamplesByTime(SampleTable& s)
{
    const size_t n = s.size();
    size_t budget = 16 * n + 1024;
    bool finished = true;
    const std::span<double> time = s.time.mutableSpan();
    const std::span<StackId> stackOf = s.stack.mutableSpan();
    for (size_t i = 1; i < n && finished; ++i) {
        if (!(time[i] < time[i - 1]))
            continue;
        const double t = time[i];
        const StackId stack = stackOf[i];
        size_t j = i;
        while (j > 0 && time[j - 1] > t) {
            if (budget-- == 0) {
                finished = false;
                break;
            }
            time[j] = time[j - 1];
            stackOf[j] = stackOf[j - 1];
            --j;
        }
        time[j] = t;
        stackOf[j] = stack;
    }
    if (finished)
        return;
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
}

// Given durations: every sample keeps its own, so they move with it (stable index sort).
void sortGivenSamplesByTime(SampleTable& s, ProfileInfo& info)
{
    const size_t n = s.size();
    s.given.resize(n, 0.0);
    if (std::is_sorted(s.time.begin(), s.time.end()))
        return;
    std::vector<uint32_t> order(n);
    std::iota(order.begin(), order.end(), 0u);
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return s.time[a] < s.time[b]; });
    SampleTable sorted;
    sorted.stack.reserve(n);
    sorted.time.reserve(n);
    sorted.given.reserve(n);
    for (uint32_t i : order) {
        sorted.stack.push_back(s.stack[i]);
        sorted.time.push_back(s.time[i]);
        sorted.given.push_back(s.given[i]);
    }
    s.stack = std::move(sorted.stack);
    s.time = std::move(sorted.time);
    s.given = std::move(sorted.given);
    info.samplesResorted = true;
}

} // namespace

void ProfileBuilder::computeDurations()
{
    SampleTable& s = m_profile.samples;
    ProfileInfo& info = m_profile.info;
    const size_t n = s.size();
    s.rule = info.durationRule;
    s.lastDuration = 0.0;
    if (info.durationRule == DurationRule::Given) {
        // The source states each sample's duration: sort by time, keep the durations.
        sortGivenSamplesByTime(s, info);
        info.lastSampleRule = LastSampleRule::None;
        return;
    }
    if (info.durationRule == DurationRule::OwnDelta) {
        // XS samples after the work: each sample lasts its own delta (DESIGN.md).
        s.origin = info.startTime.value_or(n ? s.time[0] : 0.0);
        info.lastSampleRule = LastSampleRule::None;
        return;
    }
    if (!std::is_sorted(s.time.begin(), s.time.end())) {
        sortSamplesByTime(s);
        info.samplesResorted = true;
    }
    if (n == 0) {
        info.lastSampleRule = LastSampleRule::None;
        return;
    }
    if (info.endTime) {
        s.lastDuration = std::max(0.0, *info.endTime - s.time[n - 1]);
        info.lastSampleRule = LastSampleRule::EndTime;
        return;
    }
    // No end time: the last sample lasts the median of the others.
    std::vector<double> others(n - 1);
    for (size_t i = 0; i + 1 < n; ++i)
        others[i] = s.time[i + 1] - s.time[i];
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
    s.lastDuration = median;
    info.lastSampleRule = LastSampleRule::Median;
}

void ProfileBuilder::releaseIndexes()
{
    m_keyFrames.clear();
    releaseStorage(m_xsFrames);
    releaseStorage(m_smallXsFrames);
    m_stackIndex.clear();
}

Profile ProfileBuilder::finish()
{
    releaseIndexes(); // before sorting or scanning the samples
    // Durations read the samples, key ranks the frames: a large profile does both at once.
    runInParallelIf(m_profile.samples.size() >= parallelWorkMinimum, [this] { computeDurations(); },
                    [this] { m_profile.computeKeyRanks(); });
    return std::move(m_profile); // no fresh profile for a builder that is done
}

} // namespace xsprof
