#pragma once
// The colours of a flame graph's frames: a hue per category (JS, native and host, GC, the
// rest) or one per file, each function's shade varied so that neighbours stand apart, stable
// from run to run (hashed names). While a search is on, its matches keep their colour and the
// other frames fade. Worked out once per profile and colouring, by FrameId.
#include "model/ids.h"

#include <QColor>

#include <vector>

namespace xsprof {
struct Profile;
}

class FlameGraphColors
{
public:
    enum class Coloring { Category, File };

    void setColoring(Coloring coloring);
    Coloring coloring() const { return m_coloring; }
    // By FrameId, non-zero for a match; empty (or nothing matching): no search, no fading.
    void setMatches(std::vector<char> matches);
    // Another profile: its colours are worked out again when asked.
    void forget() { m_colors.clear(); }

    // `frame` of `profile`; an invalid frame is a run of small frames merged (grey).
    QColor of(const xsprof::Profile& profile, xsprof::FrameId frame) const;

private:
    void compute(const xsprof::Profile& profile) const;

    Coloring m_coloring = Coloring::Category;
    std::vector<char> m_matches;
    mutable std::vector<QRgb> m_colors; // by FrameId
};
