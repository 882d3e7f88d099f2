#include "model/xs/xsprofilemessages.h"

#include "model/instrumentseries.h"

#include <charconv>

namespace xsprof {

namespace {

bool isDecimal(const std::string& s)
{
    if (s.empty())
        return false;
    for (char c : s) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

bool isHexTime(std::string_view v)
{
    if (v.starts_with('@'))
        v.remove_prefix(1);
    if (v.empty())
        return false;
    for (char c : v) {
        if (!((c >= '0' && c <= '9') || (c >= 'A' && c <= 'F') || (c >= 'a' && c <= 'f')))
            return false;
    }
    return true;
}

template <typename T>
std::optional<T> parseDecimal(const std::string& s)
{
    T v{};
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size())
        return std::nullopt;
    return v;
}

} // namespace

XsProfileDecode decodeXsProfileMessage(XsbugElement& e, XsProfileMessage& out)
{
    if (e.name == "ps") {
        out = XsProfileSamples{std::move(e.content)};
        return XsProfileDecode::Decoded;
    }
    if (e.name == "pt") {
        const std::string* kind = e.attribute("name");
        const std::string* value = e.attribute("value");
        if (!kind || !value || !isHexTime(*value) ||
            (*kind != "start" && *kind != "stop" && *kind != "suspend" && *kind != "resume"))
            return XsProfileDecode::Malformed;
        out = XsProfileTime{*kind, *value};
        return XsProfileDecode::Decoded;
    }
    if (e.name == "pr") {
        const std::string* value = e.attribute("value");
        const std::string* line = e.attribute("line");
        if (!value || !isDecimal(*value) || (line && !line->empty() && !isDecimal(*line)))
            return XsProfileDecode::Malformed;
        const std::optional<int64_t> id = parseDecimal<int64_t>(*value);
        if (!id)
            return XsProfileDecode::Malformed; // beyond 64 bits
        XsProfileRecord record;
        record.id = *id;
        if (const std::string* name = e.attribute("name"))
            record.name = *name;
        if (const std::string* path = e.attribute("path"))
            record.path = *path;
        if (line && !line->empty()) {
            const std::optional<int64_t> n = parseDecimal<int64_t>(*line);
            record.line = n && *n < INT32_MAX ? int32_t(*n) : 0;
        }
        out = std::move(record);
        return XsProfileDecode::Decoded;
    }
    return XsProfileDecode::NotProfile;
}

bool decodeXsInstrumentMessage(const XsbugElement& e, std::variant<XsInstrumentDeclaration, XsInstrumentSamples>& out)
{
    if (e.name == "samples") {
        out = XsInstrumentSamples{parseInstrumentSamples(e.content)};
        return true;
    }
    if (e.name != "instruments")
        return false;
    XsInstrumentDeclaration declaration;
    for (const XsbugElement& i : parseXsbugChildren(e.content)) {
        if (i.name != "instrument")
            continue;
        const std::string* name = i.attribute("name");
        const std::string* unit = i.attribute("value");
        declaration.names.push_back(name ? *name : std::string());
        declaration.units.push_back(unit ? *unit : std::string());
    }
    out = std::move(declaration);
    return true;
}

} // namespace xsprof
