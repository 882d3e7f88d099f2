#include "traceeventconverter.h"

#include "cpuprofileconverter.h"

#include <algorithm>

namespace xsprof::readers {

namespace {

std::string lookup(const std::vector<std::pair<std::string, std::string>>& names, const std::string& key)
{
    for (auto it = names.rbegin(); it != names.rend(); ++it) { // the last one given wins
        if (it->first == key)
            return it->second;
    }
    return {};
}

// CpuProfile events first (in file order), then chunked profiles by (pid, id), then the
// chunks whose Profile event is missing: they cannot be placed in time.
int group(const RawTraceProfile& p)
{
    return p.wholeProfile ? 0 : p.startTime ? 1 : 2;
}

size_t sampleCount(const RawTraceProfile& p)
{
    size_t n = 0;
    for (const RawTraceChunk& c : p.chunks)
        n += c.data.samples.size();
    return n;
}

void sortProfiles(RawTraceEvents& events)
{
    std::stable_sort(events.profiles.begin(), events.profiles.end(), [](const auto& a, const auto& b) {
        const int ga = group(a), gb = group(b);
        if (ga != gb || ga == 0)
            return ga < gb;
        return std::tie(a.pid, a.id) < std::tie(b.pid, b.id);
    });
}

} // namespace

std::vector<ProfileSummary> listTraceProfiles(RawTraceEvents& events)
{
    sortProfiles(events);
    std::vector<ProfileSummary> list;
    for (RawTraceProfile& p : events.profiles) {
        p.processName = lookup(events.processNames, p.pid);
        p.threadName = lookup(events.threadNames, p.pid + ":" + p.tid);
        ProfileSummary s;
        s.name = (p.processName.empty() ? "pid " + p.pid : p.processName + " (pid " + p.pid + ")");
        if (!p.threadName.empty())
            s.name += ", " + p.threadName;
        s.name += p.wholeProfile ? ", " + p.id : ", profile " + p.id;
        if (group(p) == 2)
            s.name += " (cannot be placed: its Profile event is missing)";
        s.sampleCount = sampleCount(p);
        for (const RawTraceChunk& c : p.chunks)
            s.nodeCount += c.data.nodes.size();
        list.push_back(std::move(s));
    }
    return list;
}

size_t defaultTraceProfile(const RawTraceEvents& events, const std::vector<ProfileSummary>& list)
{
    size_t best = 0;
    for (size_t i = 1; i < list.size(); ++i) {
        if (group(events.profiles[i]) < 2 && list[i].sampleCount > list[best].sampleCount)
            best = i;
    }
    return best;
}

LoadResult convertTraceProfile(RawTraceEvents& events, StringTable strings, ProfileInfo info,
                                     int index, size_t& chosen)
{
    const std::vector<ProfileSummary> list = listTraceProfiles(events);
    if (list.empty())
        return conversionFailure("no Profile/ProfileChunk events: the trace holds no CPU profile");
    if (index >= int(list.size()))
        return conversionFailure("there is no profile " + std::to_string(index) + ": the file holds " +
                                         std::to_string(list.size()));
    if (index < 0)
        index = int(defaultTraceProfile(events, list));
    chosen = size_t(index);
    RawTraceProfile& p = events.profiles[size_t(index)];
    if (!p.startTime)
        return conversionFailure("ProfileChunk events without a Profile event",
                                         "pid " + p.pid + ", profile " + p.id);
    std::stable_sort(p.chunks.begin(), p.chunks.end(),
                     [](const RawTraceChunk& a, const RawTraceChunk& b) { return a.ts < b.ts; });
    RawCpuProfile merged;
    merged.sawNodes = true;
    merged.startTime = p.startTime;
    if (p.wholeProfile) {
        merged = p.chunks.front().data; // a copy: the caller may convert another profile of the file later
        merged.sawNodes = true;
        merged.startTime = merged.startTime.value_or(0.0);
    }
    for (RawTraceChunk& c : p.chunks) {
        if (p.wholeProfile)
            break;
        const uint32_t offset = static_cast<uint32_t>(merged.children.size());
        const uint32_t tickOffset = static_cast<uint32_t>(merged.positionTicks.size());
        for (RawNode node : c.data.nodes) {
            node.childBegin += offset;
            node.childEnd += offset;
            node.tickBegin += tickOffset;
            node.tickEnd += tickOffset;
            merged.nodes.push_back(node);
        }
        merged.children.insert(merged.children.end(), c.data.children.begin(), c.data.children.end());
        merged.positionTicks.insert(merged.positionTicks.end(), c.data.positionTicks.begin(), c.data.positionTicks.end());
        merged.samples.insert(merged.samples.end(), c.data.samples.begin(), c.data.samples.end());
        merged.timeDeltas.insert(merged.timeDeltas.end(), c.data.timeDeltas.begin(), c.data.timeDeltas.end());
        if (c.data.endTime)
            merged.endTime = c.data.endTime;
    }
    info.format = SourceFormat::TraceEvents;
    info.description = list[chosen].name;
    LoadResult r = convertCpuProfile(merged, std::move(strings), std::move(info), CpuProfileDialects::V8Only);
    if (r.error)
        r.error->where = list[chosen].name + (r.error->where.empty() ? "" : ", " + r.error->where);
    return r;
}

} // namespace xsprof::readers
