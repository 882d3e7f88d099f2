#include "selfprofilingconverter.h"

#include "model/profilebuilder.h"

#include <cmath>

namespace xsprof::readers {

namespace {
int32_t lineOrZero(int64_t v)
{
    return v > 0 && v < INT32_MAX ? static_cast<int32_t>(v) : 0;
}
} // namespace

LoadResult convertSelfProfiling(const RawSelfProfiling& raw, const StringTable& strings, ProfileInfo info)
{
    // Named as the reader names them (selfprofilingreader.cpp).
    const JsonPath trace, framesAt = trace.key("frames", "trace"), stacksAt = trace.key("stacks", "trace"),
                          samplesAt = trace.key("samples", "trace");
    info.format = SourceFormat::SelfProfiling;
    info.encoding = Encoding::Tree;
    info.durationRule = DurationRule::UntilNext;
    ProfileBuilder builder(std::move(info));

    std::vector<FrameId> frames;
    frames.reserve(raw.frames.size());
    for (size_t i = 0; i < raw.frames.size(); ++i) {
        const RawSelfProfilingFrame& f = raw.frames[i];
        std::string_view url;
        if (f.resourceId >= 0) {
            if (size_t(f.resourceId) >= raw.resources.size())
                return conversionFailureAt(framesAt.index(i, "frame").key("resourceId"),
                                           "resource " + std::to_string(f.resourceId) + " does not exist (there are "
                                               + std::to_string(raw.resources.size()) + ")");
            url = strings.view(raw.resources[size_t(f.resourceId)]);
        }
        frames.push_back(builder.frameForKey(strings.view(f.name), url, lineOrZero(f.line), lineOrZero(f.column)));
    }

    // A synthetic (root) above every top-level stack; samples without a stack land on it.
    const StackId root = builder.stack(StackId(), builder.frameForKey("(root)", "", 0, 0));
    const size_t n = raw.stacks.size();
    std::vector<StackId> stackOf(n);
    std::vector<uint8_t> visiting(n, 0);
    for (size_t start = 0; start < n; ++start) {
        // Resolve the chain of parents first (they may come later in the array).
        std::vector<size_t> chain;
        size_t s = start;
        while (!stackOf[s].isValid()) {
            if (visiting[s])
                return conversionFailureAt(stacksAt.index(s, "stack").key("parentId"),
                                           "the stacks' parentId links form a cycle");
            visiting[s] = 1;
            chain.push_back(s);
            const int64_t p = raw.stacks[s].parentId;
            if (p < 0)
                break;
            if (size_t(p) >= n)
                return conversionFailureAt(stacksAt.index(s, "stack").key("parentId"),
                                           "stack " + std::to_string(p) + " does not exist (there are "
                                               + std::to_string(n) + ")");
            s = size_t(p);
        }
        for (size_t k = chain.size(); k-- > 0;) {
            const size_t c = chain[k];
            const RawSelfProfilingStack& st = raw.stacks[c];
            if (st.frameId < 0 || size_t(st.frameId) >= frames.size())
                return conversionFailureAt(stacksAt.index(c, "stack").key("frameId"),
                                           "frame " + std::to_string(st.frameId) + " does not exist (there are "
                                               + std::to_string(frames.size()) + ")");
            const StackId parent = st.parentId < 0 ? root : stackOf[size_t(st.parentId)];
            stackOf[c] = builder.stack(parent, frames[size_t(st.frameId)]);
        }
    }

    size_t idle = 0;
    for (size_t i = 0; i < raw.sampleTimes.size(); ++i) {
        const double t = raw.sampleTimes[i] * 1000.0;
        if (!(std::fabs(t) <= 9007199254740992.0))
            return conversionFailureAt(samplesAt.index(i, "sample").key("timestamp"), "the time is out of range");
        const int64_t sid = raw.sampleStacks[i];
        if (sid < 0) {
            ++idle;
            builder.addSample(root, t);
            continue;
        }
        if (size_t(sid) >= n)
            return conversionFailureAt(samplesAt.index(i, "sample").key("stackId"),
                                       "stack " + std::to_string(sid) + " does not exist (there are "
                                           + std::to_string(n) + ")");
        builder.addSample(stackOf[size_t(sid)], t);
    }
    builder.profile().info.idleSamples = idle;
    for (size_t i = 1; i < raw.sampleTimes.size(); ++i)
        builder.profile().info.negativeTimeDeltas += raw.sampleTimes[i] < raw.sampleTimes[i - 1];
    LoadResult result;
    result.profile = builder.finish();
    return result;
}

} // namespace xsprof::readers
