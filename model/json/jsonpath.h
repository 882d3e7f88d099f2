#pragma once
// Where a JSON value is, named three ways when a reader meets a problem with it, and only
// then (naming every value read would cost more than reading it):
// - its path, in the message: "nodes[3].callFrame.lineNumber";
// - its place in the file's own terms, the error's location: "node 3", "trace event 5, node 3";
// - its JSON Pointer, from which the driver finds its byte: "/nodes/3/callFrame/lineNumber".
//
// A path is a view, like std::string_view: a step refers to the path it extends, and a named
// path to its name. Make a step where it is used (an argument), or keep it in a variable only
// while the path it extends lives.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

class JsonPath {
public:
    // The document's root, unnamed ("the top level" in a message).
    JsonPath() = default;
    // A value the reader names itself ("shared.frames[2]"): the name is also its place, and
    // no byte is named (a reader that keeps no JSON Pointer).
    JsonPath(const char* name) : m_name(name), m_step(Step::Named) {}
    JsonPath(const std::string& name) : m_name(name), m_step(Step::Named) {}
    // The document's root named in messages: a trace-event file that is a bare array is
    // "traceEvents" as the object form's list is.
    static JsonPath namedDocument(const char* name)
    {
        JsonPath root;
        root.m_name = name;
        return root;
    }
    // A value a reader found by walking the document itself (a tree read without recursion):
    // its path, its place ("node 7") and its JSON Pointer, as the reader keeps them.
    static JsonPath located(std::string_view text, const std::string& place, std::string_view pointer)
    {
        JsonPath at(nullptr, Step::Located, text, 0, place.c_str());
        at.m_pointer = pointer;
        return at;
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

    bool isUnnamedRoot() const { return m_step == Step::Root && m_name.empty(); }
    std::string text() const;    // "nodes[3].id"; "the top level" for the unnamed root
    std::string place() const;   // the places on the path, or text() when it has none
    std::string pointer() const; // empty when unknown (a named path)

private:
    enum class Step : uint8_t { Root, Named, Located, Key, Index };
    JsonPath(const JsonPath* parent, Step step, std::string_view name, size_t index, const char* place)
        : m_parent(parent), m_name(name), m_index(index), m_place(place), m_step(step)
    {
    }

    std::vector<const JsonPath*> steps() const; // root first

    const JsonPath* m_parent = nullptr;
    std::string_view m_name;    // a key, or a root's name
    std::string_view m_pointer; // a located root's
    size_t m_index = 0;
    const char* m_place = nullptr;
    Step m_step = Step::Root;
};

} // namespace xsprof
