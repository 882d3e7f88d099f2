#pragma once
// Where every frame of a flame graph goes, in µs and rows, without a widget: the
// aggregated graph from the call tree (per path) or from the function graph's divided
// shares (graph-encoded XS files), and the flame chart (samples in time order). Frames
// thinner than a pixel are merged into one box per run, or dropped when the run is thinner
// still, so the box count stays near width × depth whatever the tree size.
#include "model/functionanalysis.h"
#include "model/calltree.h"
#include "model/profile.h"
#include "model/samplerange.h"

#include <span>
#include <vector>

class FlameGraphLayout
{
public:
    enum class Source { CallTree, FunctionGraph, TimeOrder };
    static constexpr uint32_t noNode = UINT32_MAX;

    struct Box {
        double x = 0.0;     // µs from the left edge
        double width = 0.0; // µs
        uint32_t depth = 0;
        xsprof::FrameId frame; // invalid for a merged box
        // StackId value (call tree, time order) or FrameId value (function graph).
        uint32_t node = noNode;
        uint32_t merged = 0; // > 0: a run of this many frames each thinner than a pixel
    };

    FlameGraphLayout() = default;

    // The call tree from `zoom` (a path: one full-width box at the top), or from the
    // sampled roots side by side when `zoom` is invalid. Children widest first.
    static FlameGraphLayout fromCallTree(const xsprof::Profile& profile, const xsprof::CallTree& tree,
                                         xsprof::StackId zoom, double pixels);
    // Expands the function graph from `zoom` (or from the root functions): a callee is as
    // wide as the share of its divided total passed up along that edge, scaled to fit
    // inside its caller. Removed (cycle-breaking) edges are not followed.
    static FlameGraphLayout fromFunctionGraph(const xsprof::FunctionAnalysis& functions, xsprof::FrameId zoom,
                                              double pixels);
    // The flame chart of the samples overlapping [t0, t1) (the profile's own time base):
    // each sample's stack along time, the same path on consecutive samples merged.
    static FlameGraphLayout fromSamples(const xsprof::Profile& profile, double t0, double t1, double pixels);

    Source source() const { return m_source; }
    double origin() const { return m_origin; } // time at the left edge (time order), else 0
    double span() const { return m_span; }     // µs across the full width
    double pixels() const { return m_pixels; }
    int depthCount() const { return int(m_rowBegin.size()) - 1; }

    // Sorted by depth, then x.
    const std::vector<Box>& boxes() const { return m_boxes; }
    std::span<const Box> row(int depth) const;
    // The box at `x` µs from the left edge on row `depth`, or null.
    const Box* boxAt(double x, int depth) const;

private:
    void finish(); // sorts the boxes and indexes the rows

    Source m_source = Source::CallTree;
    double m_origin = 0.0;
    double m_span = 0.0;
    double m_pixels = 0.0;
    std::vector<Box> m_boxes;
    std::vector<uint32_t> m_rowBegin{0};
};
