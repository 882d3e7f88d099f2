#include "model/xs/xsbugelement.h"

#include "model/utf8.h"

#include <cstdint>

namespace xsprof {

namespace {

bool isNameChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_' ||
           c == '.' || c == ':';
}

// Copies `s`, replacing each byte that does not begin a valid UTF-8 sequence with U+FFFD;
// valid runs are copied whole.
void appendValidUtf8(std::string& out, std::string_view s)
{
    size_t i = 0;
    while (i < s.size()) {
        const size_t end = utf8::validRunEnd(s, i);
        out.append(s.substr(i, end - i));
        i = end;
        if (i < s.size()) {
            utf8::append(out, 0xFFFD);
            ++i;
        }
    }
}

// End of an attribute value starting at `from`: a '"' followed by optional spaces and then
// '/>' , '>' or `name=`.
size_t valueEnd(std::string_view s, size_t from)
{
    for (size_t q = s.find('"', from); q != std::string_view::npos; q = s.find('"', q + 1)) {
        size_t k = q + 1;
        while (k < s.size() && s[k] == ' ')
            ++k;
        if (k >= s.size())
            return q;
        if (s[k] == '>' || s.substr(k).starts_with("/>"))
            return q;
        if (k > q + 1 && isNameChar(s[k])) {
            size_t e = k;
            while (e < s.size() && isNameChar(s[e]))
                ++e;
            if (e < s.size() && s[e] == '=' && e + 1 < s.size() && s[e + 1] == '"')
                return q;
        }
    }
    return std::string_view::npos;
}

} // namespace

const std::string* XsbugElement::attribute(std::string_view key) const
{
    for (const auto& [k, v] : attributes) {
        if (k == key)
            return &v;
    }
    return nullptr;
}

std::string decodeXsbugText(std::string_view text)
{
    std::string raw;
    raw.reserve(text.size());
    size_t i = 0;
    while (i < text.size()) {
        // Text up to the next '&' is copied as one piece.
        const size_t amp = text.find('&', i);
        if (amp == std::string_view::npos) {
            raw.append(text.substr(i));
            break;
        }
        raw.append(text.substr(i, amp - i));
        i = amp;
        // A reference is at most 12 bytes to its ';' (looking further made "&&&…" quadratic).
        const size_t semi = text.substr(0, i + 13).find(';', i);
        if (semi != std::string_view::npos) {
            const std::string_view ref = text.substr(i + 1, semi - i - 1);
            std::string decoded;
            if (ref == "amp")
                decoded = "&";
            else if (ref == "lt")
                decoded = "<";
            else if (ref == "gt")
                decoded = ">";
            else if (ref == "quot")
                decoded = "\"";
            else if (ref == "apos")
                decoded = "'";
            else if (ref.size() > 1 && ref[0] == '#') {
                const bool hex = ref[1] == 'x' || ref[1] == 'X';
                uint32_t cp = 0;
                bool ok = ref.size() > (hex ? 2u : 1u);
                for (size_t k = hex ? 2 : 1; ok && k < ref.size(); ++k) {
                    const char c = ref[k];
                    int d = c >= '0' && c <= '9' ? c - '0'
                        : hex && c >= 'a' && c <= 'f' ? c - 'a' + 10
                        : hex && c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
                    ok = d >= 0 && cp < 0x110000;
                    cp = cp * (hex ? 16 : 10) + uint32_t(d);
                }
                if (ok)
                    utf8::append(decoded, cp);
            }
            if (!decoded.empty()) {
                raw += decoded;
                i = semi + 1;
                continue;
            }
        }
        raw += '&';
        ++i;
    }
    if (utf8::validRunEnd(raw) == raw.size())
        return raw; // the usual case: no second copy
    std::string out;
    out.reserve(raw.size() + 16);
    appendValidUtf8(out, raw);
    return out;
}

std::vector<XsbugElement> parseXsbugChildren(std::string_view s, XsbugParseStats* stats)
{
    std::vector<XsbugElement> elements;
    size_t pos = 0;
    auto error = [&] {
        if (stats)
            ++stats->tokenizerErrors;
    };
    while (pos < s.size()) {
        const size_t lt = s.find('<', pos);
        if (lt == std::string_view::npos)
            break;
        size_t k = lt + 1;
        if (k >= s.size() || !isNameChar(s[k])) {
            error();
            pos = lt + 1;
            continue;
        }
        XsbugElement e;
        const size_t nameStart = k;
        while (k < s.size() && isNameChar(s[k]))
            ++k;
        e.name = std::string(s.substr(nameStart, k - nameStart));
        bool selfClosing = false, tagEnded = false;
        while (k < s.size()) {
            while (k < s.size() && (s[k] == ' ' || s[k] == '\n' || s[k] == '\r' || s[k] == '\t'))
                ++k;
            if (s.substr(k).starts_with("/>")) {
                selfClosing = tagEnded = true;
                k += 2;
                break;
            }
            if (k < s.size() && s[k] == '>') {
                tagEnded = true;
                ++k;
                break;
            }
            size_t e2 = k;
            while (e2 < s.size() && isNameChar(s[e2]))
                ++e2;
            if (e2 == k || e2 + 1 >= s.size() || s[e2] != '=' || s[e2 + 1] != '"')
                break;
            const size_t end = valueEnd(s, e2 + 2);
            if (end == std::string_view::npos)
                break;
            e.attributes.emplace_back(std::string(s.substr(k, e2 - k)), decodeXsbugText(s.substr(e2 + 2, end - e2 - 2)));
            k = end + 1;
        }
        if (!tagEnded) {
            error();
            pos = lt + 1;
            continue;
        }
        if (!selfClosing) {
            // Content runs to the matching close tag; same-named elements may nest (property).
            const std::string open = "<" + e.name;
            const std::string close = "</" + e.name + ">";
            size_t depth = 1, scan = k, closeAt = std::string_view::npos;
            while (depth > 0) {
                const size_t c = s.find(close, scan);
                if (c == std::string_view::npos)
                    break;
                size_t o = s.find(open, scan);
                while (o != std::string_view::npos && o < c) {
                    const char after = o + open.size() < s.size() ? s[o + open.size()] : '\0';
                    if (!isNameChar(after)) {
                        // an opening of the same element: does it close itself?
                        const size_t gt = s.find('>', o);
                        if (gt != std::string_view::npos && gt < c && s[gt - 1] != '/')
                            ++depth;
                    }
                    o = s.find(open, o + 1);
                }
                if (--depth == 0)
                    closeAt = c;
                scan = c + close.size();
            }
            if (closeAt == std::string_view::npos) {
                error();
                pos = k;
                continue;
            }
            e.hasContent = true;
            e.content = std::string(s.substr(k, closeAt - k));
            k = closeAt + close.size();
        }
        elements.push_back(std::move(e));
        pos = k;
    }
    return elements;
}

std::vector<XsbugElement> parseXsbugPayload(std::string_view payload, XsbugParseStats* stats)
{
    return parseXsbugChildren(payload, stats);
}

} // namespace xsprof
