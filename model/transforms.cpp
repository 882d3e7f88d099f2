#include "transforms.h"

#include "graphtransforms.h"
#include "stackindex.h"
#include "transformsupport.h"

namespace xsprof {

std::string_view toString(TransformKind kind)
{
    switch (kind) {
    case TransformKind::Merge: return "merge";
    case TransformKind::Focus: return "focus";
    case TransformKind::Drop: return "drop";
    case TransformKind::CollapseRecursion: return "collapse-recursion";
    case TransformKind::MergeUrl: return "merge-file";
    case TransformKind::FocusSubtree: return "focus-subtree";
    }
    return "merge";
}

FunctionKey FunctionKey::of(const Profile& profile, FrameId frame)
{
    FunctionKey key;
    key.name = profile.frameName(frame);
    key.url = profile.frameUrl(frame);
    key.line = profile.frames.line[frame.value];
    key.column = profile.frames.column[frame.value];
    key.xsId = profile.frames.xsId[frame.value];
    return key;
}

Transform Transform::byName(TransformKind kind, std::string name)
{
    Transform t;
    t.kind = kind;
    t.name = std::move(name);
    return t;
}

Transform Transform::byFrame(TransformKind kind, const Profile& profile, FrameId frame)
{
    Transform t;
    t.kind = kind;
    t.key = FunctionKey::of(profile, frame);
    t.name = t.key->name;
    if (kind == TransformKind::MergeUrl)
        t.url = t.key->url;
    return t;
}

Transform Transform::mergeUrl(std::string url)
{
    Transform t;
    t.kind = TransformKind::MergeUrl;
    t.url = std::move(url);
    return t;
}

Transform Transform::subtree(const Profile& profile, std::span<const FrameId> frames)
{
    Transform t;
    t.kind = TransformKind::FocusSubtree;
    for (FrameId f : frames)
        t.path.push_back(FunctionKey::of(profile, f));
    if (!t.path.empty()) {
        t.key = t.path.back();
        t.name = t.key->name;
    }
    return t;
}

std::string Transform::label() const
{
    const std::string who = name.empty() ? std::string("(anonymous)") : name;
    switch (kind) {
    case TransformKind::Merge: return "Merge " + who;
    case TransformKind::Focus: return "Focus on " + who;
    case TransformKind::FocusSubtree: return "Focus on subtree " + who;
    case TransformKind::Drop: return "Drop " + who;
    case TransformKind::CollapseRecursion: return "Collapse recursion of " + who;
    case TransformKind::MergeUrl: {
        std::string_view file = url;
        if (const auto slash = file.find_last_of('/'); slash != std::string_view::npos && slash + 1 < file.size())
            file = file.substr(slash + 1);
        return "Merge file " + (file.empty() ? std::string("(no url)") : std::string(file));
    }
    }
    return who;
}

bool keyMatches(const Profile& profile, FrameId frame, const FunctionKey& key)
{
    const uint32_t f = frame.value;
    if (profile.identifiesByXsId() && key.xsId >= 0)
        return profile.frames.xsId[f] == key.xsId;
    return profile.frameName(frame) == key.name && profile.frameUrl(frame) == key.url
        && profile.frames.line[f] == key.line && profile.frames.column[f] == key.column;
}

std::vector<FrameId> matchingFrames(const Profile& profile, const Transform& t)
{
    std::vector<FrameId> out;
    for (uint32_t f = 0; f < profile.frames.size(); ++f) {
        const FrameId id(f);
        bool match = false;
        if (t.kind == TransformKind::MergeUrl)
            match = profile.frameUrl(id) == t.url;
        else if (!t.key)
            match = profile.frameName(id) == t.name;
        else
            match = keyMatches(profile, id, *t.key);
        if (match)
            out.push_back(id);
    }
    return out;
}

bool transformApplies(const Profile& profile, TransformKind kind)
{
    if (profile.hasStacks())
        return true;
    return kind == TransformKind::Merge || kind == TransformKind::MergeUrl || kind == TransformKind::Drop;
}

namespace transformsupport {

Profile withFramesOf(const Profile& p)
{
    Profile out;
    out.info = p.info;
    out.strings = p.strings;
    out.frames = p.frames;
    out.keyRank = p.keyRank;
    out.samples.rule = p.samples.rule;
    out.samples.origin = p.samples.origin;
    out.samples.lastDuration = p.samples.lastDuration;
    return out;
}

void setSamplesWithDurations(Profile& out, const Profile& p, std::vector<StackId> stacks,
                             const std::vector<double>& durations)
{
    SampleTable& s = out.samples;
    s.stack = std::move(stacks);
    std::vector<double> times(durations.size());
    if (p.samples.rule == DurationRule::OwnDelta) {
        double t = p.samples.origin;
        for (size_t i = 0; i < durations.size(); ++i)
            times[i] = t += durations[i];
        s.time = std::move(times);
        return;
    }
    double t = p.samples.size() ? p.samples.time[0] : 0.0;
    for (size_t i = 0; i < durations.size(); ++i) {
        times[i] = t;
        t += durations[i];
    }
    s.time = std::move(times);
    s.lastDuration = durations.empty() ? 0.0 : durations.back();
    if (out.info.endTime)
        out.info.endTime = t;
}

} // namespace transformsupport

namespace {

using transformsupport::setSamplesWithDurations;
using transformsupport::withFramesOf;

// Writes a new stack trie, one node per distinct (parent, frame).
class TrieWriter {
public:
    TrieWriter(StackTable& table, size_t expected) : m_table(table) { m_index.reserve(expected); }
    StackId node(StackId parent, FrameId frame)
    {
        const StackId fresh(static_cast<uint32_t>(m_table.size()));
        const StackId id = m_index.findOrInsert(parent, frame, fresh);
        if (id == fresh) {
            m_table.parent.push_back(parent);
            m_table.frame.push_back(frame);
        }
        return id;
    }

private:
    StackTable& m_table;
    StackIndex m_index;
};

std::vector<uint8_t> frameMask(const Profile& p, const std::vector<FrameId>& frames)
{
    std::vector<uint8_t> mask(p.frames.size(), 0);
    for (FrameId f : frames)
        mask[f.value] = 1;
    return mask;
}

// Samples on stack `mapped[old stack]`; a sample whose stack maps to nothing is removed.
// When none is removed the times stay as they were (the timeline is unchanged).
void mapSamples(Profile& out, const Profile& p, const std::vector<StackId>& mapped)
{
    const SampleTable& in = p.samples;
    std::vector<StackId> stacks(in.size());
    size_t kept = 0;
    for (size_t i = 0; i < in.size(); ++i) {
        const StackId s = mapped[in.stack[i].value];
        stacks[i] = s;
        kept += s.isValid();
    }
    if (kept == in.size()) {
        out.samples.stack = std::move(stacks);
        out.samples.time = in.time;
        return;
    }
    // The kept samples laid end to end, each with its duration (as setSamplesWithDurations
    // does, in one pass: no array of durations).
    const bool ownDelta = in.rule == DurationRule::OwnDelta;
    std::vector<double> times(kept);
    double t = ownDelta ? in.origin : (in.size() ? in.time[0] : 0.0);
    double last = 0.0;
    size_t k = 0;
    for (size_t i = 0; i < in.size(); ++i) {
        if (!stacks[i].isValid())
            continue;
        last = in.duration(i);
        if (ownDelta)
            t += last;
        times[k] = t;
        if (!ownDelta)
            t += last;
        stacks[k++] = stacks[i];
    }
    stacks.resize(kept);
    out.samples.stack = std::move(stacks);
    out.samples.time = std::move(times);
    if (!ownDelta) {
        out.samples.lastDuration = kept ? last : 0.0;
        if (out.info.endTime)
            out.info.endTime = t;
    }
}

// merge: a matching frame is replaced by its caller; a path of matching frames only is empty.
std::vector<StackId> mergePaths(const Profile& p, const std::vector<uint8_t>& match, TrieWriter& trie)
{
    const StackTable& st = p.stacks;
    std::vector<StackId> mapped(st.size());
    for (size_t s = 0; s < st.size(); ++s) {
        const StackId parent = st.parent[s];
        const StackId above = parent.isValid() ? mapped[parent.value] : StackId();
        mapped[s] = match[st.frame[s].value] ? above : trie.node(above, st.frame[s]);
    }
    return mapped;
}

// focus: paths through a matching frame, cut above the outermost one.
std::vector<StackId> focusPaths(const Profile& p, const std::vector<uint8_t>& match, TrieWriter& trie)
{
    const StackTable& st = p.stacks;
    std::vector<StackId> mapped(st.size());
    for (size_t s = 0; s < st.size(); ++s) {
        const StackId parent = st.parent[s];
        const StackId above = parent.isValid() ? mapped[parent.value] : StackId();
        if (above.isValid() || match[st.frame[s].value])
            mapped[s] = trie.node(above, st.frame[s]);
    }
    return mapped;
}

// collapse recursion of one frame: a later call of it returns to its outermost call, so
// `A f g f h` becomes `A f h`.
std::vector<StackId> collapsePaths(const Profile& p, FrameId f, TrieWriter& trie)
{
    const StackTable& st = p.stacks;
    std::vector<StackId> mapped(st.size()), outermost(st.size());
    for (size_t s = 0; s < st.size(); ++s) {
        const StackId parent = st.parent[s];
        const StackId above = parent.isValid() ? mapped[parent.value] : StackId();
        const StackId outer = parent.isValid() ? outermost[parent.value] : StackId();
        const bool isF = st.frame[s] == f;
        if (isF && outer.isValid()) {
            mapped[s] = outer;
        } else {
            mapped[s] = trie.node(above, st.frame[s]);
        }
        outermost[s] = outer.isValid() ? outer : (isF ? mapped[s] : StackId());
    }
    return mapped;
}

// focus subtree: the stacks that start with `path` (root first), cut above its last frame.
// prefix[s]: how many of the path's frames stack s starts with, or -1 once it left the path.
Profile focusSubtree(const Profile& p, const std::vector<FunctionKey>& path)
{
    Profile out = withFramesOf(p);
    const StackTable& st = p.stacks;
    const int n = int(path.size());
    TrieWriter trie(out.stacks, st.size());
    std::vector<int> prefix(st.size(), -1);
    std::vector<StackId> mapped(st.size());
    for (size_t s = 0; s < st.size(); ++s) {
        const StackId parent = st.parent[s];
        const int above = parent.isValid() ? prefix[parent.value] : 0;
        if (above < 0)
            continue;
        if (above == n) { // below the subtree's root
            prefix[s] = n;
            mapped[s] = trie.node(mapped[parent.value], st.frame[s]);
        } else if (keyMatches(p, st.frame[s], path[size_t(above)])) {
            prefix[s] = above + 1;
            if (prefix[s] == n)
                mapped[s] = trie.node(StackId(), st.frame[s]);
        }
    }
    mapSamples(out, p, mapped);
    return out;
}

Profile rewritePaths(const Profile& p, TransformKind kind, const std::vector<FrameId>& frames)
{
    Profile out = withFramesOf(p);
    const std::vector<uint8_t> match = frameMask(p, frames);
    if (kind == TransformKind::Drop) {
        // Stacks stay; samples with a matching frame on their path go.
        out.stacks = p.stacks;
        std::vector<uint8_t> holds(p.stacks.size(), 0);
        std::vector<StackId> mapped(p.stacks.size());
        for (size_t s = 0; s < p.stacks.size(); ++s) {
            const StackId parent = p.stacks.parent[s];
            holds[s] = match[p.stacks.frame[s].value] || (parent.isValid() && holds[parent.value]);
            if (!holds[s])
                mapped[s] = StackId(static_cast<uint32_t>(s));
        }
        mapSamples(out, p, mapped);
        return out;
    }
    if (kind == TransformKind::CollapseRecursion) {
        // One frame after the other, so that two functions of the same name stay apart.
        std::optional<Profile> current;
        for (FrameId f : frames) {
            const Profile& from = current ? *current : p;
            Profile next = withFramesOf(from);
            TrieWriter trie(next.stacks, from.stacks.size());
            mapSamples(next, from, collapsePaths(from, f, trie));
            current = std::move(next);
        }
        return std::move(*current);
    }
    TrieWriter trie(out.stacks, p.stacks.size());
    const std::vector<StackId> mapped = kind == TransformKind::Focus ? focusPaths(p, match, trie)
                                                                     : mergePaths(p, match, trie);
    mapSamples(out, p, mapped);
    return out;
}

} // namespace

std::optional<Profile> applyTransform(const Profile& profile, const Transform& transform, std::string* error,
                                      size_t* matched)
{
    if (!transformApplies(profile, transform.kind)) {
        if (error)
            *error = transform.label() + ": this profile is graph-encoded (xst -p: one node per function, no "
                "per-path stacks); only merge and drop apply to it";
        return std::nullopt;
    }
    const std::vector<FrameId> frames = matchingFrames(profile, transform);
    if (matched)
        *matched = frames.size();
    if (frames.empty() || (transform.kind == TransformKind::FocusSubtree && transform.path.empty()))
        return profile;
    if (transform.kind == TransformKind::FocusSubtree)
        return focusSubtree(profile, transform.path);
    if (!profile.hasStacks())
        return transform.kind == TransformKind::Drop ? graphtransforms::dropFunctions(profile, frames)
                                                     : graphtransforms::mergeFunctions(profile, frames);
    return rewritePaths(profile, transform.kind, frames);
}

TransformResult applyTransforms(const Profile& profile, std::span<const Transform> transforms)
{
    TransformResult result;
    if (transforms.empty()) {
        result.profile = profile;
        return result;
    }
    std::optional<Profile> current;
    for (const Transform& t : transforms) {
        size_t matched = 0;
        std::optional<Profile> next = applyTransform(current ? *current : profile, t, &result.error, &matched);
        result.matched.push_back(matched);
        if (!next)
            return result;
        current = std::move(next);
    }
    result.profile = std::move(current);
    return result;
}

} // namespace xsprof
