#include "linediff.h"

#include <algorithm>

namespace xsprof {

std::vector<std::string_view> splitLines(std::string_view text)
{
    std::vector<std::string_view> lines;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        if (line.ends_with('\r'))
            line.remove_suffix(1);
        lines.push_back(line);
        start = end + 1;
    }
    return lines;
}

std::vector<int> changedLines(const std::vector<std::string_view>& before, const std::vector<std::string_view>& after,
                              int maxEdits)
{
    // The common start and end need no search.
    size_t prefix = 0;
    while (prefix < before.size() && prefix < after.size() && before[prefix] == after[prefix])
        ++prefix;
    size_t suffix = 0;
    while (suffix < before.size() - prefix && suffix < after.size() - prefix
           && before[before.size() - 1 - suffix] == after[after.size() - 1 - suffix])
        ++suffix;
    const std::string_view* a = before.data() + prefix;
    const std::string_view* b = after.data() + prefix;
    const int n = int(before.size() - prefix - suffix), m = int(after.size() - prefix - suffix);
    std::vector<int> changed;
    auto markWholeMiddle = [&] {
        for (int y = 0; y < m; ++y)
            changed.push_back(int(prefix) + y + 1);
        return changed;
    };
    if (n == 0 || m == 0)
        return markWholeMiddle();

    // v[d][k + d]: the furthest x reached on diagonal k = x - y with d edits (Myers 1986).
    std::vector<std::vector<int>> v;
    const int limit = std::min(n + m, std::max(0, maxEdits));
    int found = -1;
    for (int d = 0; d <= limit && found < 0; ++d) {
        std::vector<int>& row = v.emplace_back(size_t(2 * d + 1), 0);
        const std::vector<int>* previous = d > 0 ? &v[size_t(d - 1)] : nullptr;
        auto before_ = [&](int k) { return (*previous)[size_t(k + d - 1)]; };
        for (int k = -d; k <= d; k += 2) {
            int x = 0;
            if (d > 0)
                x = (k == -d || (k != d && before_(k - 1) < before_(k + 1))) ? before_(k + 1) : before_(k - 1) + 1;
            int y = x - k;
            while (x < n && y < m && a[x] == b[y]) {
                ++x;
                ++y;
            }
            row[size_t(k + d)] = x;
            if (x >= n && y >= m) {
                found = d;
                break;
            }
        }
    }
    if (found < 0)
        return markWholeMiddle();
    // Back from the end: each step down (an insertion) is a changed line of `after`.
    int x = n, y = m;
    for (int d = found; d > 0; --d) {
        const std::vector<int>& previous = v[size_t(d - 1)];
        auto at = [&](int k) { return previous[size_t(k + d - 1)]; };
        const int k = x - y;
        const bool down = k == -d || (k != d && at(k - 1) < at(k + 1));
        const int previousK = down ? k + 1 : k - 1;
        const int previousX = at(previousK);
        const int previousY = previousX - previousK;
        if (down)
            changed.push_back(int(prefix) + previousY + 1);
        x = previousX;
        y = previousY;
    }
    std::reverse(changed.begin(), changed.end());
    return changed;
}

} // namespace xsprof
