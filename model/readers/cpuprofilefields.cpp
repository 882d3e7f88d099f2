#include "cpuprofilefields.h"

#include "model/releasestorage.h"

namespace xsprof {

void mergeCpuProfileNodeParts(std::vector<CpuProfileNodePart>& parts, const StringTable& helperStrings,
                              RawCpuProfile& raw, StringTable& strings)
{
    std::vector<StringId> helperToMain(helperStrings.size(), StringId(0));
    for (uint32_t i = 1; i < helperToMain.size(); ++i)
        helperToMain[i] = strings.intern(helperStrings.view(StringId(i)));
    size_t nodes = 0, children = 0, ticks = 0;
    for (const CpuProfileNodePart& part : parts) {
        nodes += part.tables.nodes.size();
        children += part.tables.children.size();
        ticks += part.tables.positionTicks.size();
    }
    raw.nodes.reserve(raw.nodes.size() + nodes);
    raw.children.reserve(raw.children.size() + children);
    raw.positionTicks.reserve(raw.positionTicks.size() + ticks);
    for (CpuProfileNodePart& part : parts) {
        const auto childShift = static_cast<uint32_t>(raw.children.size());
        const auto tickShift = static_cast<uint32_t>(raw.positionTicks.size());
        for (RawNode node : part.tables.nodes) {
            node.childBegin += childShift;
            node.childEnd += childShift;
            node.tickBegin += tickShift;
            node.tickEnd += tickShift;
            if (part.helper) {
                node.name = helperToMain[node.name.value];
                node.url = helperToMain[node.url.value];
            }
            raw.nodes.push_back(node);
        }
        raw.children.insert(raw.children.end(), part.tables.children.begin(), part.tables.children.end());
        raw.positionTicks.insert(raw.positionTicks.end(), part.tables.positionTicks.begin(),
                                 part.tables.positionTicks.end());
        releaseStorage(part.tables.nodes); // the peak: a part's tables and their copy, not all of them twice
        releaseStorage(part.tables.children);
        releaseStorage(part.tables.positionTicks);
    }
}

} // namespace xsprof
