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
        case Step::Root:
        case Step::Named:
        case Step::Located: out = std::string(p->m_name); break;
        case Step::Key:
            if (!out.empty())
                out += '.';
            out += p->m_name;
            break;
        case Step::Index: out += "[" + std::to_string(p->m_index) + "]"; break;
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
        if (p->m_step == Step::Index)
            places += " " + std::to_string(p->m_index);
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
        case Step::Named: return {};
        case Step::Located: out = std::string(p->m_pointer); break;
        case Step::Key:
            out += '/';
            appendPointerKey(out, p->m_name);
            break;
        case Step::Index: out += "/" + std::to_string(p->m_index); break;
        }
    }
    return out;
}

} // namespace xsprof
