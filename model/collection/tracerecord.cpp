#include "tracerecord.h"

#include "model/readers/formatreaders.h"

#include <map>

namespace xsprof::collection {

namespace {

// Inclusive time per function key when several frames share a key (XS records of one
// location): a sample counts once for a key however many of its frames carry it.
void inclusiveByKey(const Profile& profile, const CallTree& tree, const std::vector<uint32_t>& keyOfFrame,
                    TraceRecord& record)
{
    for (TraceFunctionCosts& c : record.costs) {
        c.inclusive = 0.0;
        c.inclusiveSamples = 0;
    }
    std::vector<uint32_t> seenAt(record.functions.size(), UINT32_MAX);
    for (uint32_t s = 0; s < profile.stacks.size(); ++s) {
        const StackId stack(s);
        if (!tree.isSampled(stack) || tree.selfSamples(stack) == 0)
            continue;
        for (StackId at = stack; at.isValid(); at = profile.stacks.parent[at.value]) {
            const uint32_t key = keyOfFrame[profile.stacks.frame[at.value].value];
            if (seenAt[key] == s)
                continue;
            seenAt[key] = s;
            record.costs[key].inclusive += tree.self(stack);
            record.costs[key].inclusiveSamples += tree.selfSamples(stack);
        }
    }
}

} // namespace

std::optional<TraceRecord> summarizeTrace(const Profile& profile, const ProfileAnalysis& analysis, std::string* problem)
{
    if (!profile.hasStacks()) {
        if (problem)
            *problem = "a graph-encoded profile (xst -p) has no call paths to merge with other traces";
        return std::nullopt;
    }
    TraceRecord record;
    record.format = std::string(toString(profile.info.format));
    record.startTime = profile.info.startTime;
    const FunctionAnalysis& functions = analysis.functions;
    record.duration = functions.duration();
    record.sampleCount = functions.sampleCount();

    // One row per distinct key, in the analysis's key order.
    std::map<FunctionKey, uint32_t> rowOfKey;
    std::vector<uint32_t> keyOfFrame(profile.frames.size(), UINT32_MAX);
    bool sharedKeys = false;
    for (const FrameId f : functions.functions()) {
        FunctionKey key{std::string(profile.frameName(f)), std::string(profile.frameUrl(f)), profile.frames.line[f.value],
                        profile.frames.column[f.value]};
        auto [at, added] = rowOfKey.try_emplace(std::move(key), uint32_t(record.functions.size()));
        if (added) {
            record.functions.push_back(at->first);
            record.costs.push_back({at->second, 0.0, 0.0, 0.0, 0, 0});
        } else {
            sharedKeys = true;
        }
        keyOfFrame[f.value] = at->second;
        TraceFunctionCosts& c = record.costs[at->second];
        c.self += functions.self(f);
        c.total += functions.total(f);
        c.selfSamples += functions.selfSamples(f);
        c.inclusive = functions.inclusive(f);
        c.inclusiveSamples = functions.inclusiveSamples(f);
    }
    if (sharedKeys)
        inclusiveByKey(profile, analysis.callTree, keyOfFrame, record);

    // The sampled paths, parents first (the trie keeps them so).
    std::vector<uint32_t> rowOfStack(profile.stacks.size(), TraceStack::noParent);
    for (uint32_t s = 0; s < profile.stacks.size(); ++s) {
        const StackId stack(s);
        if (!analysis.callTree.isSampled(stack))
            continue;
        const StackId parent = profile.stacks.parent[s];
        const uint32_t key = keyOfFrame[profile.stacks.frame[s].value];
        if (key == UINT32_MAX)
            continue; // not reached: a sampled path's frames are the analysis's functions
        rowOfStack[s] = uint32_t(record.stacks.size());
        record.stacks.push_back({parent.isValid() ? rowOfStack[parent.value] : TraceStack::noParent, key,
                                 analysis.callTree.self(stack), analysis.callTree.selfSamples(stack)});
    }
    return record;
}

} // namespace xsprof::collection
