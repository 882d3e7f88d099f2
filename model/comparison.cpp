#include "comparison.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <unordered_map>

#include "stackindex.h"

namespace xsprof {

namespace {

std::string identityKey(const Profile& p, FrameId f, bool withColumn)
{
    std::string key(p.frameName(f));
    key += '\0';
    key += p.frameUrl(f);
    key += '\0';
    key += std::to_string(p.frames.line[f.value]);
    if (withColumn) {
        key += '\0';
        key += std::to_string(p.frames.column[f.value]);
    }
    return key;
}

bool identityLess(const ComparedFunction& a, const ComparedFunction& b)
{
    if (const int c = a.name.compare(b.name); c != 0)
        return c < 0;
    if (const int c = a.url.compare(b.url); c != 0)
        return c < 0;
    if (a.line != b.line)
        return a.line < b.line;
    return a.column < b.column;
}

} // namespace

Comparison::Comparison(const Profile& base, const ProfileAnalysis& baseAnalysis, const Profile& next,
                       const ProfileAnalysis& nextAnalysis)
{
    // XS functions are (name, path, line): their column is not part of the identity.
    const bool withColumn = !base.identifiesByXsId() && !next.identifiesByXsId();
    const std::array<const Profile*, 2> profiles{&base, &next};
    const std::array<const FunctionAnalysis*, 2> analyses{&baseAnalysis.functions, &nextAnalysis.functions};
    std::unordered_map<std::string, uint32_t> rows;
    for (size_t side = 0; side < 2; ++side) {
        const Profile& p = *profiles[side];
        const FunctionAnalysis& a = *analyses[side];
        m_duration[side] = a.duration();
        m_samples[side] = a.sampleCount();
        m_hasInclusive[side] = a.hasInclusive();
        for (FrameId f : a.functions()) {
            auto [it, added] = rows.try_emplace(identityKey(p, f, withColumn), uint32_t(m_functions.size()));
            if (added) {
                ComparedFunction row;
                row.name = p.frameName(f);
                row.url = p.frameUrl(f);
                row.line = p.frames.line[f.value];
                row.column = withColumn ? p.frames.column[f.value] : 0;
                m_functions.push_back(std::move(row));
            }
            ComparedFunction& row = m_functions[it->second];
            row.frames[side].push_back(f);
            SideCosts& c = row.sides[side] ? *row.sides[side] : row.sides[side].emplace();
            c.self += a.self(f);
            c.total += a.total(f);
            if (a.hasInclusive())
                c.inclusive = c.inclusive.value_or(0.0) + a.inclusive(f);
        }
    }
    std::sort(m_functions.begin(), m_functions.end(), identityLess);
    for (size_t side = 0; side < 2; ++side) {
        m_rowOfFrame[side].assign(profiles[side]->frames.size(), noRow);
        for (uint32_t r = 0; r < m_functions.size(); ++r) {
            for (FrameId f : m_functions[r].frames[side])
                m_rowOfFrame[side][f.value] = r;
        }
    }
}

double Comparison::cost(const ComparedFunction& f, Side side, CostKind kind) const
{
    const std::optional<SideCosts>& c = f.sides[size_t(side)];
    if (!c)
        return 0.0;
    switch (kind) {
    case CostKind::Self: return c->self;
    case CostKind::Total: return c->total;
    case CostKind::Inclusive: return c->inclusive.value_or(0.0);
    }
    return 0.0;
}

std::optional<double> Comparison::delta(const ComparedFunction& f, CostKind kind) const
{
    if (kind == CostKind::Inclusive && !(m_hasInclusive[0] && m_hasInclusive[1]))
        return std::nullopt;
    return cost(f, Side::New, kind) - cost(f, Side::Base, kind);
}

uint32_t Comparison::rowOf(Side side, FrameId frame) const
{
    const auto& rows = m_rowOfFrame[size_t(side)];
    return frame.value < rows.size() ? rows[frame.value] : noRow;
}

std::vector<uint32_t> Comparison::order(CostKind kind, size_t top) const
{
    std::vector<uint32_t> rows(m_functions.size());
    std::iota(rows.begin(), rows.end(), 0u);
    // Without inclusive on both sides, sorting by it falls back to the divided total.
    const CostKind by = kind == CostKind::Inclusive && !(m_hasInclusive[0] && m_hasInclusive[1]) ? CostKind::Total : kind;
    std::vector<double> change(rows.size());
    for (uint32_t r : rows)
        change[r] = std::abs(delta(m_functions[r], by).value_or(0.0));
    std::stable_sort(rows.begin(), rows.end(), [&](uint32_t a, uint32_t b) { return change[a] > change[b]; });
    if (top > 0 && rows.size() > top)
        rows.resize(top);
    return rows;
}

std::vector<double> matchedPathTotals(const Comparison& comparison, const Profile& base, const CallTree& baseTree,
                                      const Profile& next)
{
    // A path is identified by (its caller's path, the function's comparison row): the same
    // (parent, key) -> id lookup as the stack trie's, so StackIndex serves (a path id is a
    // StackId, a row a FrameId).
    StackIndex paths;
    paths.reserve(base.stacks.size());
    std::vector<double> pathTotal;
    pathTotal.reserve(base.stacks.size());
    std::vector<StackId> basePath(base.stacks.size());
    for (size_t s = 0; s < base.stacks.size(); ++s) {
        const StackId id(static_cast<uint32_t>(s));
        const StackId parent = base.stacks.parent[s];
        const StackId parentPath = parent.isValid() ? basePath[parent.value] : StackId();
        const uint32_t row = comparison.rowOf(Side::Base, base.stacks.frame[s]);
        if (!baseTree.isSampled(id) || row == Comparison::noRow || (parent.isValid() && !parentPath.isValid()))
            continue;
        const StackId fresh(static_cast<uint32_t>(pathTotal.size()));
        const StackId path = paths.findOrInsert(parentPath, FrameId(row), fresh);
        if (path == fresh)
            pathTotal.push_back(0.0);
        pathTotal[path.value] += baseTree.total(id);
        basePath[s] = path;
    }
    std::vector<double> out(next.stacks.size(), 0.0);
    std::vector<StackId> nextPath(next.stacks.size());
    const StackId missing(static_cast<uint32_t>(pathTotal.size())); // findOrInsert's "none"
    for (size_t s = 0; s < next.stacks.size(); ++s) {
        const StackId parent = next.stacks.parent[s];
        const StackId parentPath = parent.isValid() ? nextPath[parent.value] : StackId();
        const uint32_t row = comparison.rowOf(Side::New, next.stacks.frame[s]);
        if ((parent.isValid() && !parentPath.isValid()) || row == Comparison::noRow)
            continue;
        const StackId path = paths.findOrInsert(parentPath, FrameId(row), missing);
        if (path == missing)
            continue; // not in base (the lookup left the marker behind: it reads as missing again)
        nextPath[s] = path;
        out[s] = pathTotal[path.value];
    }
    return out;
}

} // namespace xsprof
