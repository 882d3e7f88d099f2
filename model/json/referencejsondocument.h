#pragma once
// The reference JSON path: nlohmann::json::sax_parse into a small tree that keeps document
// order and duplicate keys, so the readers see exactly what they see through simdjson.
// Slow and memory-hungry: for the differential tests and fuzzers, for documents simdjson
// cannot represent, and to name the byte of a syntax error.
#include "jsonvalue.h"
#include "model/taskcontrol.h"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

struct ReferenceJsonNode {
    JsonKind kind = JsonKind::Null;
    bool overflow = false;
    int64_t integer = 0;
    double number = 0.0;
    std::string text; // a string's value
    std::vector<std::string> keys;               // objects: one per child
    std::vector<ReferenceJsonNode> children;     // array elements or member values
};

class ReferenceJsonValue {
public:
    explicit ReferenceJsonValue(const ReferenceJsonNode& node) : m_node(&node) {}

    JsonKind kind() const { return m_node->kind; }
    bool overflow() const { return m_node->overflow; }
    int64_t integer() const { return m_node->integer; }
    double number() const { return m_node->number; }
    std::string_view string() const { return m_node->text; }
    bool boolean() const { return m_node->integer != 0; }

    template <class F>
    void forEachField(F&& f) const
    {
        for (size_t i = 0; i < m_node->children.size(); ++i)
            f(std::string_view(m_node->keys[i]), ReferenceJsonValue(m_node->children[i]));
    }
    template <class F>
    void forEachElement(F&& f) const
    {
        for (const ReferenceJsonNode& child : m_node->children)
            f(ReferenceJsonValue(child));
    }
    template <class I, class F>
    void forEachIntegerOrElement(I&&, F&& f) const
    {
        forEachElement(f);
    }
    size_t sizeHint() const { return m_node->children.size(); }
    size_t pieceCount() const { return 1; }
    template <class F>
    void forEachElementOfClaimedPieces(PieceClaims& claims, bool fromBack, F&& f) const
    {
        if (claims.claim(fromBack))
            forEachElement([&](const ReferenceJsonValue& e) { f(size_t(0), e); });
    }
    template <class A, class B>
    static void inParallel(A&& a, B&& b)
    {
        a();
        b();
    }

private:
    const ReferenceJsonNode* m_node;
};

// A syntax error as nlohmann reports it: "JSON syntax error: ..." and "byte N".
struct JsonSyntaxError {
    std::string problem;
    std::string where;
};

// nlohmann's verdict on `bytes` without building anything (constant memory).
std::optional<JsonSyntaxError> referenceSyntaxError(std::string_view bytes, const TaskControl* control);

class ReferenceJsonDocument {
public:
    // Throws JsonSyntaxError when `bytes` is not JSON.
    ReferenceJsonDocument(std::string_view bytes, const TaskControl* control);

    ReferenceJsonValue root() const { return ReferenceJsonValue(*m_root); }

private:
    std::unique_ptr<ReferenceJsonNode> m_root;
};

} // namespace xsprof
