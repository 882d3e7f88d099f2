#include "mergedprofile.h"

#include "model/profilebuilder.h"

#include <unordered_map>

namespace xsprof::collection {

namespace {

std::unordered_map<int64_t, FunctionKey> allFunctions(CollectionStore& store)
{
    std::unordered_map<int64_t, FunctionKey> functions;
    auto query = store.database().prepare("SELECT id, name, url, line, col FROM functions");
    while (query.step())
        functions.emplace(query.integer(0),
                          FunctionKey{query.text(1), query.text(2), int32_t(query.integer(3)), int32_t(query.integer(4))});
    return functions;
}

} // namespace

MergedTraces mergeTraces(CollectionStore& store, const std::vector<StoredTrace>& traces, const std::string& name)
{
    MergedTraces merged;
    ProfileInfo info;
    info.name = name;
    info.description = "collection of " + std::to_string(traces.size()) + " traces";
    info.format = SourceFormat::Collection;
    info.encoding = Encoding::Tree;
    info.durationRule = DurationRule::Given;
    ProfileBuilder builder(std::move(info));

    const std::unordered_map<int64_t, FunctionKey> functions = allFunctions(store);
    std::unordered_map<int64_t, FrameId> frames;
    std::vector<StackId> sampleStacks;
    std::vector<double> times, durations;
    double now = 0.0;
    auto query = store.database().prepare("SELECT stacks FROM traces WHERE id = ?1");
    std::vector<StackId> placed;
    for (const StoredTrace& trace : traces) {
        query.bind(1, trace.id);
        if (!query.step()) {
            query.reset();
            continue;
        }
        bool ok = false;
        const std::vector<StoredStack> stacks = decodeStacks(query.blob(0), ok);
        query.reset();
        bool known = ok;
        for (const StoredStack& s : stacks)
            known = known && functions.count(s.function);
        if (!known) {
            merged.problems.push_back(trace.file + ": its stored call paths are damaged; left out");
            continue;
        }
        placed.assign(stacks.size(), StackId());
        for (size_t i = 0; i < stacks.size(); ++i) {
            const StoredStack& s = stacks[i];
            auto [frame, added] = frames.try_emplace(s.function);
            if (added) {
                const FunctionKey& key = functions.at(s.function);
                frame->second = builder.frameForKey(key.name, key.url, key.line, key.column);
            }
            placed[i] = builder.stack(s.parent == TraceStack::noParent ? StackId() : placed[s.parent], frame->second);
            // The path's samples, each an equal part of its self time: the merged profile
            // counts the traces' own samples.
            const uint32_t count = s.selfSamples > 0 ? s.selfSamples : (s.self > 0.0 ? 1 : 0);
            for (uint32_t k = 0; k < count; ++k) {
                sampleStacks.push_back(placed[i]);
                times.push_back(now);
                durations.push_back(s.self / count);
                now += s.self / count;
            }
        }
        ++merged.traceCount;
    }
    builder.setSamples(std::move(sampleStacks), std::move(times));
    builder.setGivenDurations(std::move(durations));
    merged.profile = builder.finish();
    return merged;
}

std::vector<FunctionShares> functionShares(CollectionStore& store, const std::vector<StoredTrace>& traces)
{
    const std::unordered_map<int64_t, FunctionKey> functions = allFunctions(store);
    std::unordered_map<int64_t, size_t> rowOf;
    std::vector<FunctionShares> shares;
    auto query = store.database().prepare("SELECT function_id, self_us, inclusive_us FROM costs WHERE trace_id = ?1");
    for (size_t t = 0; t < traces.size(); ++t) {
        const double duration = traces[t].duration;
        query.bind(1, traces[t].id);
        while (query.step()) {
            const int64_t function = query.integer(0);
            auto [row, added] = rowOf.try_emplace(function, shares.size());
            if (added) {
                const auto key = functions.find(function);
                shares.push_back({key != functions.end() ? key->second : FunctionKey{}, 0,
                                  std::vector<double>(traces.size(), 0.0), std::vector<double>(traces.size(), 0.0)});
            }
            FunctionShares& f = shares[row->second];
            ++f.traces;
            f.selfShare[t] = duration > 0.0 ? query.real(1) / duration : 0.0;
            f.inclusiveShare[t] = duration > 0.0 ? query.real(2) / duration : 0.0;
        }
        query.reset();
    }
    return shares;
}

} // namespace xsprof::collection
