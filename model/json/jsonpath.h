#pragma once
// Where a JSON value is, named three ways when a reader meets a problem with it, and only
// then (naming every value read would cost more than reading it):
// - its path, in the message: "nodes[3].callFrame.lineNumber";
// - its place in the file's own terms, the error's location: "node 3", "trace event 5, node 3";
// - its JSON Pointer, from which the driver finds its byte: "/nodes/3/callFrame/lineNumber".
//
// A path is a view, like std::string_view: a step refers to the path it extends and to its
// key. Make a step where it is used (an argument), or keep it in a variable only while the
// path it extends lives (never `const JsonPath p = at.key("a").key("b")`: "a" dies at the ';').
// A path that must outlive its scope is a HeldJsonPath. Every path starts at the document's
// root: a reader names no path by hand.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

// The nodes of a nested tree (each node's children in its "children" array) that a reader
// walks without recursion, numbered in the order read: each one's parent and its index among
// the parent's children, from which a node's path is built when a problem is named.
class JsonTreeTrail {
public:
    static constexpr uint32_t noParent = UINT32_MAX;

    explicit JsonTreeTrail(const char* childrenKey = "children") : m_childrenKey(childrenKey) {}
    // The next node read: the root (parent noParent) or the index-th child of `parent`.
    // Returns its number.
    uint32_t add(uint32_t parent, uint32_t index)
    {
        m_steps.push_back({parent, index});
        return static_cast<uint32_t>(m_steps.size() - 1);
    }
    const char* childrenKey() const { return m_childrenKey; }
    // The child indices that lead from the root to `node`.
    std::vector<uint32_t> indicesTo(uint32_t node) const;

private:
    struct Step {
        uint32_t parent, index;
    };
    const char* m_childrenKey;
    std::vector<Step> m_steps;
};

class JsonPath {
public:
    // The document's root, unnamed ("the top level" in a message).
    JsonPath() = default;
    // The document's root named in messages: a trace-event file that is a bare array is
    // "traceEvents" as the object form's list is.
    static JsonPath namedDocument(const char* name)
    {
        JsonPath root;
        root.m_name = name;
        return root;
    }
    // A field of this object. `place` names it in the file's terms ("profile") for the
    // problems with it, and with its contents unless an element inside has a place of its own.
    JsonPath key(std::string_view key, const char* place = nullptr) const
    {
        return JsonPath(this, Step::Key, key, 0, place);
    }
    // An element of this array; with `place` ("node") it is "node 3" in the location, after the
    // places of the elements that hold it ("trace event 5, node 3").
    JsonPath index(size_t i, const char* place = nullptr) const { return JsonPath(this, Step::Index, {}, i, place); }
    // A field of this object that is one of its elements, its key an id: with `place` ("stack
    // frame") it is "stack frame KEY" in the location, as an array's element would be.
    JsonPath member(std::string_view key, const char* place) const
    {
        return JsonPath(this, Step::Member, key, 0, place);
    }
    // Node `node` of the nested tree whose root is this value, read without recursion
    // (jsontree.h): its path "head.children[2].children[0]", its place "PLACE NODE" (its
    // number in the order read) and its pointer, built from `trail` when asked.
    JsonPath treeNode(const JsonTreeTrail& trail, uint32_t node, const char* place) const
    {
        JsonPath at(this, Step::TreeNode, {}, node, place);
        at.m_trail = &trail;
        return at;
    }

    bool isUnnamedRoot() const { return m_step == Step::Root && m_name.empty(); }
    std::string text() const;    // "nodes[3].id"; "the top level" for the unnamed root
    std::string place() const;   // the places on the path, or text() when it has none
    std::string pointer() const; // "/nodes/3/id"; empty for the root

private:
    enum class Step : uint8_t { Root, Key, Member, Index, TreeNode };
    JsonPath(const JsonPath* parent, Step step, std::string_view name, size_t index, const char* place)
        : m_parent(parent), m_name(name), m_index(index), m_place(place), m_step(step)
    {
    }

    std::vector<const JsonPath*> steps() const; // root first

    const JsonPath* m_parent = nullptr;
    std::string_view m_name;                // a key, or a root's name
    const JsonTreeTrail* m_trail = nullptr; // a tree node's
    size_t m_index = 0;                     // an element's index, a tree node's number
    const char* m_place = nullptr;
    Step m_step = Step::Root;
};

// A path kept beyond the scope that made it (a thread's, named again when its samples are
// read): each step held with the one it extends. Copies share the steps.
class HeldJsonPath {
public:
    HeldJsonPath() : m_link(std::make_shared<Link>()) {} // the unnamed root
    // As JsonPath's: `key` and `place` must outlive the path (literals).
    HeldJsonPath key(std::string_view key, const char* place = nullptr) const
    {
        return HeldJsonPath(m_link, m_link->path.key(key, place));
    }
    HeldJsonPath index(size_t i, const char* place = nullptr) const
    {
        return HeldJsonPath(m_link, m_link->path.index(i, place));
    }
    const JsonPath& path() const { return m_link->path; }

private:
    struct Link {
        std::shared_ptr<const Link> before;
        JsonPath path;
    };
    HeldJsonPath(std::shared_ptr<const Link> before, const JsonPath& step)
        : m_link(std::make_shared<Link>(Link{std::move(before), step}))
    {
    }
    std::shared_ptr<const Link> m_link;
};

} // namespace xsprof
