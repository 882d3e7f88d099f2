#pragma once
// Appends frames, stacks and samples to a Profile, merging equal frames and paths.
// Used by every loader and by live XS sessions.
#include "idhashtable.h"
#include "profile.h"
#include "stackindex.h"

#include <string_view>
#include <unordered_map>

namespace xsprof {

class ProfileBuilder {
public:
    explicit ProfileBuilder(ProfileInfo info = {});
    // Starts from strings already interned (a loader's table), so frames can be keyed by StringId.
    ProfileBuilder(ProfileInfo info, StringTable strings);

    // Tree identity: one frame per (name, url, line, column); lines/columns 1-based, 0 unknown.
    FrameId frameForKey(std::string_view name, std::string_view url, int32_t line, int32_t column);
    FrameId frameForKey(StringId name, StringId url, int32_t line, int32_t column);
    // XS identity: one frame per profile id. A later definition replaces name and location
    // (an XS record can arrive after a sample used its id).
    FrameId frameForXsId(int64_t xsId);
    void defineXsFrame(FrameId frame, std::string_view name, std::string_view url, int32_t line);
    // The script id shown for a frame without a url; the first one given stays (the frame
    // key does not hold it, so evals of equal name and position share one frame).
    void noteScriptId(FrameId frame, int32_t scriptId);

    // The trie node for `frame` called from `parent` (invalid parent: a root).
    StackId stack(StackId parent, FrameId frame);
    // A trie node the caller knows is not there yet, added without the index: stack() does
    // not find the nodes added here, so the caller must never ask it for one of them.
    StackId newStack(StackId parent, FrameId frame);
    void addSample(StackId stack, double time);
    // Replaces every sample at once (loaders that have them in arrays already).
    void setSamples(std::vector<StackId> stacks, std::vector<double> times);
    // Durations stated by the source, one per sample (DurationRule::Given); negative ones count 0.
    void setGivenDurations(std::vector<double> durations);
    // Durations the caller knows to be positive, taken as they are (no pass over them).
    void setPositiveGivenDurations(std::vector<double> durations);
    void reserveStacks(size_t count) { m_stackIndex.reserve(count); }
    // Room for the first rows of the frame, stack and sample tables and the stack index: a
    // live session starts empty, and growing a dozen arrays row by row is most of what a
    // short one costs.
    void reserveTables(size_t frames, size_t stacks, size_t samples);
    void addLink(FrameId caller, FrameId callee);

    // Sorts the samples where the rule needs it and sets what their durations derive from;
    // can be called again after more samples were appended (live profiles).
    void computeDurations();

    const Profile& profile() const { return m_profile; }
    Profile& profile() { return m_profile; }
    // Frees the lookup indexes of frames and stacks once the last one is made (a loader's
    // samples then have the memory); frameFor...() and stack() must not be called after it.
    void releaseIndexes();
    // computeDurations(), rank the frames by key, and hand the profile over; the builder is
    // done afterwards (its profile moved from).
    Profile finish();

private:
    FrameId addFrame(StringId name, StringId url, int32_t line, int32_t column, int64_t xsId);

    Profile m_profile;
    // Frames by tree identity; the keys are read back from the frame table, where frames
    // made by key never change.
    IdHashTable m_keyFrames;
    std::unordered_map<int64_t, FrameId> m_xsFrames;
    std::vector<FrameId> m_smallXsFrames; // XS ids are small integers: a direct lookup for most
    StackIndex m_stackIndex;
};

} // namespace xsprof
