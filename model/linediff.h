#pragma once
// Which lines of a text changed since an earlier version of it, as an editor's gutter marks
// them: the lines of the new text outside a longest common subsequence of whole lines with the
// old one (Myers' O((N+M)D) difference algorithm). Used to mark a source's lines edited since
// a machine loaded it.
#include <string_view>
#include <vector>

namespace xsprof {

// The lines of `text`, without their line ends ("\n", "\r\n"); a last line without an end counts.
std::vector<std::string_view> splitLines(std::string_view text);

// 1-based numbers of the lines of `after` that are added or changed against `before`,
// ascending. Past `maxEdits` line edits the part between the common start and end is marked
// whole (a rewritten file: every line differs anyway).
std::vector<int> changedLines(const std::vector<std::string_view>& before, const std::vector<std::string_view>& after,
                              int maxEdits = 2000);

} // namespace xsprof
