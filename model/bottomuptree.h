#pragma once
// Chrome's "Heavy (Bottom Up)" tree, built lazily: a node is a function reached from
// the leaf through a chain of callers; its time is the leaf's self time along that chain.
// Expanding a node appends to the tree, so children() is not const: a tree shared between
// threads (as `const`) is only a seed; whoever expands it works on a copy of its own.
#include "calltree.h"
#include "profile.h"

#include <span>
#include <vector>

namespace xsprof {

class BottomUpTree {
public:
    using NodeId = uint32_t;
    static constexpr NodeId noNode = UINT32_MAX;

    BottomUpTree() = default;
    BottomUpTree(const Profile& profile, const CallTree& callTree);

    // Functions with samples of their own, largest time first.
    std::span<const NodeId> roots() const { return m_roots; }
    // Callers of the chain ending in `node`, largest time first; computed on first use.
    // The span stays valid until the next children() call.
    std::span<const NodeId> children(NodeId node);
    bool hasChildren(NodeId node) const;

    FrameId frame(NodeId node) const { return m_nodes[node].frame; }
    NodeId parent(NodeId node) const { return m_nodes[node].parent; }
    double time(NodeId node) const { return m_nodes[node].time; }
    uint32_t samples(NodeId node) const { return m_nodes[node].samples; }
    size_t nodeCount() const { return m_nodes.size(); }

private:
    // One leaf path seen from the current depth: `cursor` is the caller reached so far.
    struct Entry {
        StackId cursor;
        double time;
        uint32_t samples;
    };
    struct Node {
        FrameId frame;
        NodeId parent;
        double time = 0.0;
        uint32_t samples = 0;
        uint32_t entryBegin = 0, entryEnd = 0; // into m_entries
        uint32_t childBegin = 0, childEnd = 0; // into m_childIds, valid when expanded
        bool expanded = false;
    };
    void expand(NodeId node);
    void sortByTime(std::vector<NodeId>::iterator begin, std::vector<NodeId>::iterator end) const;

    const Profile* m_profile = nullptr;
    std::vector<Node> m_nodes;
    std::vector<Entry> m_entries;
    std::vector<NodeId> m_childIds;
    std::vector<NodeId> m_roots;
};

} // namespace xsprof
