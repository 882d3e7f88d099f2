#include "flamegraphcolors.h"

#include "model/profile.h"

#include <algorithm>
#include <string_view>

namespace {
uint32_t hashText(std::string_view text)
{
    uint32_t h = 2166136261u; // FNV-1a: stable across runs, so colours are too
    for (unsigned char c : text)
        h = (h ^ c) * 16777619u;
    return h;
}
} // namespace

void FlameGraphColors::setColoring(Coloring coloring)
{
    if (coloring == m_coloring)
        return;
    m_coloring = coloring;
    m_colors.clear();
}

void FlameGraphColors::setMatches(std::vector<char> matches)
{
    m_matches = std::move(matches);
    if (std::none_of(m_matches.begin(), m_matches.end(), [](char c) { return c != 0; }))
        m_matches.clear(); // nothing matches: nothing to fade either
}

void FlameGraphColors::compute(const xsprof::Profile& profile) const
{
    m_colors.resize(profile.frames.size());
    for (uint32_t i = 0; i < profile.frames.size(); ++i) {
        const xsprof::FrameId f(i);
        QColor color;
        if (m_coloring == Coloring::File) {
            const std::string_view url = profile.frameUrl(f);
            color = url.empty() ? QColor(200, 200, 200)
                                : QColor::fromHsv(int(hashText(url) % 360), 90 + int(hashText(url) / 360 % 60), 235);
        } else {
            // A hue per category, its shade varied per function so neighbours stand apart.
            const int jitter = int(hashText(profile.frameName(f)) % 40);
            switch (profile.frames.kind[i]) {
            case xsprof::FrameKind::Js: color = QColor::fromHsv(22 + jitter / 2, 120 + jitter, 245); break;
            case xsprof::FrameKind::Native:
            case xsprof::FrameKind::Host: color = QColor::fromHsv(205 + jitter / 4, 70 + jitter, 235); break;
            case xsprof::FrameKind::Gc: color = QColor::fromHsv(0, 130 + jitter, 230); break;
            default: color = QColor::fromHsv(0, 0, 200 + jitter / 2); break;
            }
        }
        m_colors[i] = color.rgb();
    }
}

QColor FlameGraphColors::of(const xsprof::Profile& profile, xsprof::FrameId frame) const
{
    if (!frame.isValid())
        return QColor(185, 185, 185);
    if (m_colors.size() != profile.frames.size())
        compute(profile);
    QColor color = QColor::fromRgb(m_colors[frame.value]);
    if (!m_matches.empty() && !(frame.value < m_matches.size() && m_matches[frame.value]))
        color = QColor::fromHsv(color.hsvHue(), color.hsvSaturation() / 5, 240); // faded: not a match
    return color;
}
