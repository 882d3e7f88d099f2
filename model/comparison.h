#pragma once
// Two profiles side by side (DESIGN.md "Transforms and comparison"): every function of
// either once, matched by identity — (name, url, line, column) for V8/browser inputs,
// (name, path, line) for XS ones, whose profile ids differ between runs — with self,
// divided total and inclusive on each side and their change.
#include "profile.h"
#include "profileanalysis.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace xsprof {

enum class Side : uint8_t { Base = 0, New = 1 };
enum class CostKind : uint8_t { Self, Total, Inclusive };

struct SideCosts {
    double self = 0.0;
    double total = 0.0;                // divided
    std::optional<double> inclusive;   // absent for graph-encoded profiles
};

struct ComparedFunction {
    std::string name, url;
    int32_t line = 0, column = 0;  // 1-based, 0 unknown
    std::array<std::optional<SideCosts>, 2> sides; // absent: not in that profile
    // The frames of each side with this identity (XS: distinct ids can share a location).
    std::array<std::vector<FrameId>, 2> frames;

    const std::optional<SideCosts>& base() const { return sides[0]; }
    const std::optional<SideCosts>& next() const { return sides[1]; }
};

class Comparison {
public:
    static constexpr uint32_t noRow = UINT32_MAX;

    Comparison() = default;
    // Both analyses must cover their whole profile (or the range the user compares).
    Comparison(const Profile& base, const ProfileAnalysis& baseAnalysis, const Profile& next,
               const ProfileAnalysis& nextAnalysis);

    const std::vector<ComparedFunction>& functions() const { return m_functions; }
    double duration(Side side) const { return m_duration[size_t(side)]; }
    size_t sampleCount(Side side) const { return m_samples[size_t(side)]; }
    bool hasInclusive(Side side) const { return m_hasInclusive[size_t(side)]; }
    // A side's cost (0 when the function is absent there); inclusive is 0 where unavailable.
    double cost(const ComparedFunction& f, Side side, CostKind kind) const;
    // new − base, an absent side counting 0; no value for inclusive when either profile
    // lacks it.
    std::optional<double> delta(const ComparedFunction& f, CostKind kind) const;
    // The row of a side's frame, or noRow.
    uint32_t rowOf(Side side, FrameId frame) const;
    // Rows ordered by |Δ kind| (largest first), then by identity; `top` 0: all.
    std::vector<uint32_t> order(CostKind kind, size_t top = 0) const;

private:
    std::vector<ComparedFunction> m_functions;
    std::array<std::vector<uint32_t>, 2> m_rowOfFrame;
    std::array<double, 2> m_duration{};
    std::array<size_t, 2> m_samples{};
    std::array<bool, 2> m_hasInclusive{};
};

// For each stack of `next`, the total of the call path in `base` made of the same functions
// (by comparison identity), or 0 when base has no such path: the differential flame graph's
// "before". Both call trees must be built (per-path profiles only).
std::vector<double> matchedPathTotals(const Comparison& comparison, const Profile& base, const CallTree& baseTree,
                                      const Profile& next);

} // namespace xsprof
