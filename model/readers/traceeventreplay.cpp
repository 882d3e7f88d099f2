#include "traceeventreplay.h"

#include "model/profilebuilder.h"

#include <algorithm>

namespace xsprof::readers {

// Replays one thread's B/E/X events (DESIGN.md, speedscope's tests): begins in time order
// (file order on ties), ends in time order, preferring on a tie the end that closes the
// innermost open event. Each interval with a non-empty stack is a sample. With a builder,
// samples are appended; without one they are only counted.
size_t replayThread(ThreadEvents& t, const EventTexts& texts, ProfileBuilder* builder, std::vector<StackId>* stacks,
                    std::vector<double>* times, std::vector<double>* durations, Repairs& repairs)
{
    const auto completeOrder = [](const auto& a, const auto& b) {
        return a.first.ts != b.first.ts ? a.first.ts < b.first.ts : a.second > b.second; // longer first
    };
    if (!std::is_sorted(t.completes.begin(), t.completes.end(), completeOrder))
        std::stable_sort(t.completes.begin(), t.completes.end(), completeOrder);
    for (auto& [event, duration] : t.completes) {
        t.begins.push_back(event);
        event.ts += duration;
        t.ends.push_back(std::move(event));
    }
    t.completes.clear();
    const auto byTime = [](const DurationEvent& a, const DurationEvent& b) { return a.ts < b.ts; };
    for (auto* events : {&t.begins, &t.ends}) {
        if (!std::is_sorted(events->begin(), events->end(), byTime))
            std::stable_sort(events->begin(), events->end(), byTime);
    }

    struct Open {
        const DurationEvent* event;
        StackId stack;
    };
    std::vector<Open> open;
    std::unordered_map<uint64_t, FrameId> frameOf; // by (name, args)
    size_t samples = 0;
    double last = 0;
    auto advance = [&](double ts) {
        if (!open.empty() && ts > last) {
            ++samples;
            if (builder) {
                stacks->push_back(open.back().stack);
                times->push_back(last);
                durations->push_back(ts - last);
            }
        }
        last = std::max(last, ts);
    };
    size_t b = 0, e = 0;
    while (b < t.begins.size() || e < t.ends.size()) {
        bool takeBegin = e == t.ends.size();
        if (!takeBegin && b < t.begins.size()) {
            const DurationEvent& nb = t.begins[b];
            const DurationEvent& ne = t.ends[e];
            // On a tie, a begin whose own end is next opens first (a zero-length event).
            takeBegin = nb.ts < ne.ts || (nb.ts == ne.ts && nb.sameKey(ne));
        }
        if (takeBegin) {
            const DurationEvent& event = t.begins[b++];
            advance(event.ts);
            StackId stack;
            if (builder) {
                const auto [at, added] = frameOf.try_emplace(uint64_t(event.name) << 32 | event.args);
                if (added) {
                    const ArgsLocation& l = texts.location(event.args);
                    at->second = builder->frameForKey(texts.nameText(event.name), l.url, l.line, l.column);
                }
                stack = builder->stack(open.empty() ? StackId() : open.back().stack, at->second);
            }
            open.push_back({&event, stack});
            continue;
        }
        if (!open.empty()) {
            // Among the ends at this time, the one closing the innermost event goes first:
            // a match by key (name and args), else by name.
            const DurationEvent& top = *open.back().event;
            const double now = t.ends[e].ts;
            size_t pick = e;
            bool found = false;
            for (size_t i = e; i < t.ends.size() && t.ends[i].ts <= now && !found; ++i) {
                found = t.ends[i].sameKey(top);
                pick = found ? i : pick;
            }
            if (!found) {
                for (size_t i = e; i < t.ends.size() && t.ends[i].ts <= now; ++i) {
                    if (t.ends[i].name == top.name) {
                        pick = i;
                        break;
                    }
                }
            }
            std::swap(t.ends[e], t.ends[pick]);
        }
        // An end that closes nothing is ignored, and its time with it.
        const DurationEvent& end = t.ends[e++];
        if (open.empty()) {
            ++repairs.endWithoutBegin;
            continue;
        }
        const DurationEvent& top = *open.back().event;
        if (end.name != top.name) {
            ++repairs.endNotMatching;
            continue;
        }
        if (!end.sameKey(top))
            ++repairs.endMatchedByName;
        advance(end.ts);
        open.pop_back();
    }
    repairs.leftOpen += open.size();
    return samples;
}

} // namespace xsprof::readers
