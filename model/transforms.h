#pragma once
// Transforms that reshape a profile (DESIGN.md "Transforms and comparison"): merge, focus,
// drop, collapse recursion, merge file. Each one rewrites the samples' stacks, every kept
// sample keeping its duration, and yields a new Profile on which every analysis runs as on
// a loaded one. Frame ids stay the same for per-path profiles, so a selection survives.
#include "profile.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace xsprof {

enum class TransformKind : uint8_t { Merge, Focus, Drop, CollapseRecursion, MergeUrl, FocusSubtree };

std::string_view toString(TransformKind kind); // "merge", "focus", ...

// One function as the user picked it: the frame's identity, valid in any profile.
struct FunctionKey {
    std::string name;
    std::string url;
    int32_t line = 0;
    int32_t column = 0;
    int64_t xsId = -1; // XS profiles: the profile id names the function

    static FunctionKey of(const Profile& profile, FrameId frame);
};

struct Transform {
    TransformKind kind = TransformKind::Merge;
    std::string name;                // without `key`: every function with exactly this name
    std::optional<FunctionKey> key;  // one function
    std::string url;                 // MergeUrl: every function of this url
    // FocusSubtree: one call path from a root, outermost first; its last function is `name`.
    std::vector<FunctionKey> path;

    static Transform byName(TransformKind kind, std::string name);
    static Transform byFrame(TransformKind kind, const Profile& profile, FrameId frame);
    static Transform mergeUrl(std::string url);
    // Focus on the call path `frames` (root first): only samples whose stack starts with it
    // stay, each cut above its last function, which becomes the only root.
    static Transform subtree(const Profile& profile, std::span<const FrameId> frames);
    // For the UI and errors: "Merge fib", "Focus on main", "Merge file app.js"...
    std::string label() const;
};

// Whether `frame` of `profile` is the function `key` names.
bool keyMatches(const Profile& profile, FrameId frame, const FunctionKey& key);
// The frames of `profile` a transform names (ascending FrameId); FocusSubtree: its last function.
std::vector<FrameId> matchingFrames(const Profile& profile, const Transform& transform);
// Graph-encoded profiles (xst -p) have no stacks: only merge (function or file) and drop apply.
bool transformApplies(const Profile& profile, TransformKind kind);

struct TransformResult {
    std::optional<Profile> profile; // absent when a transform cannot apply
    std::string error;              // why, naming the transform
    std::vector<size_t> matched;    // per transform: how many functions it named
};

// Applies `transforms` in order. A transform that names no function changes nothing.
TransformResult applyTransforms(const Profile& profile, std::span<const Transform> transforms);
// One step; `error` is set (and the result empty) when it does not apply to this encoding.
std::optional<Profile> applyTransform(const Profile& profile, const Transform& transform, std::string* error = nullptr,
                                      size_t* matched = nullptr);

} // namespace xsprof
