#include "bottomuptree.h"

#include <algorithm>
#include <unordered_map>

namespace xsprof {

BottomUpTree::BottomUpTree(const Profile& profile, const CallTree& callTree) : m_profile(&profile)
{
    // The sampled stacks grouped by their frame (a counting sort), each frame's in stack order.
    const size_t frameCount = profile.frames.size();
    std::vector<uint32_t> begin(frameCount + 1, 0);
    for (uint32_t s = 0; s < callTree.size(); ++s) {
        if (callTree.selfSamples(StackId(s)) > 0)
            ++begin[profile.stacks.frame[s].value + 1];
    }
    for (size_t f = 0; f < frameCount; ++f)
        begin[f + 1] += begin[f];
    m_entries.resize(begin[frameCount]);
    std::vector<uint32_t> fill(begin.begin(), begin.end() - 1);
    for (uint32_t s = 0; s < callTree.size(); ++s) {
        const StackId id(s);
        if (callTree.selfSamples(id) > 0)
            m_entries[fill[profile.stacks.frame[s].value]++] = {id, callTree.self(id), callTree.selfSamples(id)};
    }
    for (uint32_t f = 0; f < frameCount; ++f) {
        if (begin[f] == begin[f + 1])
            continue;
        Node node{FrameId(f), noNode};
        node.entryBegin = begin[f];
        node.entryEnd = begin[f + 1];
        for (uint32_t e = node.entryBegin; e < node.entryEnd; ++e) {
            node.time += m_entries[e].time;
            node.samples += m_entries[e].samples;
        }
        m_roots.push_back(static_cast<NodeId>(m_nodes.size()));
        m_nodes.push_back(node);
    }
    // Time, then the frames' key order: a total order, whatever order the roots came in.
    sortByTime(m_roots.begin(), m_roots.end());
}

void BottomUpTree::sortByTime(std::vector<NodeId>::iterator begin, std::vector<NodeId>::iterator end) const
{
    std::sort(begin, end, [this](NodeId a, NodeId b) {
        if (m_nodes[a].time != m_nodes[b].time)
            return m_nodes[a].time > m_nodes[b].time;
        return m_profile->keyLess(m_nodes[a].frame, m_nodes[b].frame); // integer ranks after loading
    });
}

bool BottomUpTree::hasChildren(NodeId node) const
{
    const Node& n = m_nodes[node];
    for (uint32_t i = n.entryBegin; i < n.entryEnd; ++i) {
        if (m_profile->stacks.parent[m_entries[i].cursor.value].isValid())
            return true;
    }
    return false;
}

void BottomUpTree::expand(NodeId node)
{
    // Group the node's entries by the frame of their next caller.
    std::unordered_map<uint32_t, std::vector<Entry>> byCaller;
    std::vector<uint32_t> callerOrder;
    {
        const Node& n = m_nodes[node];
        for (uint32_t i = n.entryBegin; i < n.entryEnd; ++i) {
            const Entry& e = m_entries[i];
            const StackId parent = m_profile->stacks.parent[e.cursor.value];
            if (!parent.isValid())
                continue;
            const uint32_t frame = m_profile->stacks.frame[parent.value].value;
            auto [it, inserted] = byCaller.try_emplace(frame);
            if (inserted)
                callerOrder.push_back(frame);
            it->second.push_back({parent, e.time, e.samples});
        }
    }
    std::vector<NodeId> children;
    for (uint32_t frame : callerOrder) {
        Node child{FrameId(frame), node};
        child.entryBegin = static_cast<uint32_t>(m_entries.size());
        for (const Entry& e : byCaller[frame]) {
            child.time += e.time;
            child.samples += e.samples;
            m_entries.push_back(e);
        }
        child.entryEnd = static_cast<uint32_t>(m_entries.size());
        children.push_back(static_cast<NodeId>(m_nodes.size()));
        m_nodes.push_back(child);
    }
    sortByTime(children.begin(), children.end());
    Node& n = m_nodes[node];
    n.childBegin = static_cast<uint32_t>(m_childIds.size());
    m_childIds.insert(m_childIds.end(), children.begin(), children.end());
    n.childEnd = static_cast<uint32_t>(m_childIds.size());
    n.expanded = true;
}

std::span<const BottomUpTree::NodeId> BottomUpTree::children(NodeId node)
{
    if (!m_nodes[node].expanded)
        expand(node);
    const Node& n = m_nodes[node];
    return std::span<const NodeId>(m_childIds).subspan(n.childBegin, n.childEnd - n.childBegin);
}

} // namespace xsprof
