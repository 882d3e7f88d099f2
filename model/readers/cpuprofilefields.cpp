#include "cpuprofilefields.h"

namespace xsprof::readers {

void appendCpuProfileNodesFromBack(CpuProfileNodesFromBack& back, RawCpuProfile& raw, StringTable& strings)
{
    if (back.pieces.empty())
        return;
    std::vector<StringId> toRaw(back.strings.size(), StringId(0));
    for (uint32_t i = 1; i < toRaw.size(); ++i)
        toRaw[i] = strings.intern(back.strings.view(StringId(i)));
    const RawCpuProfile& from = back.tables;
    raw.nodes.reserve(raw.nodes.size() + from.nodes.size());
    // The pieces were read last first: the first one read ends the array. Each piece's
    // nodes run to the start of the piece read after it.
    for (size_t k = back.pieces.size(); k-- > 0;) {
        const size_t begin = back.pieces[k].second;
        const size_t end = k + 1 < back.pieces.size() ? back.pieces[k + 1].second : from.nodes.size();
        for (size_t n = begin; n < end; ++n) {
            RawNode node = from.nodes[n];
            node.name = toRaw[node.name.value];
            node.url = toRaw[node.url.value];
            const auto childBegin = static_cast<uint32_t>(raw.children.size());
            raw.children.insert(raw.children.end(), from.children.begin() + node.childBegin,
                                from.children.begin() + node.childEnd);
            node.childBegin = childBegin;
            node.childEnd = static_cast<uint32_t>(raw.children.size());
            const auto tickBegin = static_cast<uint32_t>(raw.positionTicks.size());
            raw.positionTicks.insert(raw.positionTicks.end(), from.positionTicks.begin() + node.tickBegin,
                                     from.positionTicks.begin() + node.tickEnd);
            node.tickBegin = tickBegin;
            node.tickEnd = static_cast<uint32_t>(raw.positionTicks.size());
            raw.nodes.push_back(node);
        }
    }
}

} // namespace xsprof::readers
