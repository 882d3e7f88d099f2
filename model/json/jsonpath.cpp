#include "jsonpath.h"

#include <vector>

namespace xsprof {

namespace {

// RFC 6901: '~' and '/' in a key are written "~0" and "~1".
void appendPointerKey(std::string& out, std::string_view key)
{
    for (const char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
}

} // namespace

std::vector<uint32_t> JsonTreeTrail::indicesTo(uint32_t node) const
{
    std::vector<uint32_t> indices;
    for (uint32_t n = node; n < m_steps.size() && m_steps[n].parent != noParent; n = m_steps[n].parent)
        indices.push_back(m_steps[n].index);
    return {indices.rbegin(), indices.rend()};
}

std::vector<const JsonPath*> JsonPath::steps() const
{
    std::vector<const JsonPath*> steps;
    for (const JsonPath* p = this; p; p = p->m_parent)
        steps.push_back(p);
    return {steps.rbegin(), steps.rend()};
}

std::string JsonPath::text() const
{
    std::string out;
    for (const JsonPath* p : steps()) {
        switch (p->m_step) {
        case Step::Root: out = std::string(p->m_name); break;
        case Step::Key:
        case Step::Member:
            if (!out.empty())
                out += '.';
            out += p->m_name;
            break;
        case Step::Index: out += "[" + std::to_string(p->m_index) + "]"; break;
        case Step::TreeNode:
            for (const uint32_t i : p->m_trail->indicesTo(uint32_t(p->m_index)))
                out += (out.empty() ? "" : ".") + std::string(p->m_trail->childrenKey()) + "[" + std::to_string(i)
                    + "]";
            break;
        }
    }
    return out.empty() ? std::string("the top level") : out;
}

std::string JsonPath::place() const
{
    std::string places;
    const char* keyPlace = nullptr; // a field's place, kept while no element inside has one
    for (const JsonPath* p : steps()) {
        if (!p->m_place)
            continue;
        if (p->m_step == Step::Key) {
            keyPlace = p->m_place;
            continue;
        }
        keyPlace = nullptr;
        places += (places.empty() ? "" : ", ") + std::string(p->m_place);
        if (p->m_step == Step::Index || p->m_step == Step::TreeNode)
            places += " " + std::to_string(p->m_index);
        else if (p->m_step == Step::Member)
            places += " " + std::string(p->m_name);
    }
    if (keyPlace)
        places += (places.empty() ? "" : ", ") + std::string(keyPlace);
    if (!places.empty())
        return places;
    return isUnnamedRoot() ? std::string() : text();
}

std::string JsonPath::pointer() const
{
    std::string out;
    for (const JsonPath* p : steps()) {
        switch (p->m_step) {
        case Step::Root: break;
        case Step::Key:
        case Step::Member:
            out += '/';
            appendPointerKey(out, p->m_name);
            break;
        case Step::Index: out += "/" + std::to_string(p->m_index); break;
        case Step::TreeNode:
            for (const uint32_t i : p->m_trail->indicesTo(uint32_t(p->m_index))) {
                out += '/';
                appendPointerKey(out, p->m_trail->childrenKey());
                out += "/" + std::to_string(i);
            }
            break;
        }
    }
    return out;
}

} // namespace xsprof
