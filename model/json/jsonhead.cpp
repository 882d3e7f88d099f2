#include "jsonhead.h"

#include <algorithm>
#include <cstdint>

namespace xsprof {

namespace {

bool isSpace(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

size_t skipSpace(std::string_view s, size_t i)
{
    while (i < s.size() && isSpace(s[i]))
        ++i;
    return i;
}

// The character after `"key"` + whitespace + ':' + whitespace, for the first such key; 0 if none.
char afterKey(std::string_view head, std::string_view key)
{
    size_t from = 0;
    while (true) {
        const size_t at = head.find(key, from);
        if (at == std::string_view::npos)
            return 0;
        from = at + 1;
        if (at == 0 || head[at - 1] != '"' || at + key.size() >= head.size() || head[at + key.size()] != '"')
            continue;
        size_t i = skipSpace(head, at + key.size() + 1);
        if (i >= head.size() || head[i] != ':')
            continue;
        i = skipSpace(head, i + 1);
        return i < head.size() ? head[i] : ' ';
    }
}

// The closing quote of the string whose opening quote is at `open`, or npos. Quotes are
// found with find() (memchr): the detectors run on up to 64 KB, several times per file.
size_t stringEnd(std::string_view s, size_t open)
{
    for (size_t q = s.find('"', open + 1); q != std::string_view::npos; q = s.find('"', q + 1)) {
        size_t backslashes = 0;
        while (q - backslashes > open + 1 && s[q - backslashes - 1] == '\\')
            ++backslashes;
        if (backslashes % 2 == 0)
            return q;
    }
    return std::string_view::npos;
}

// Calls `visit(key)` for each key of the root object that `head` shows, in order, until it
// returns true; true when it did.
template <typename Visit>
bool visitRootKeys(std::string_view head, Visit visit)
{
    size_t i = head.find_first_not_of(" \t\r\n");
    if (i == std::string_view::npos || head[i] != '{')
        return false;
    size_t depth = 0;
    bool expectKey = false;
    for (; i < head.size(); ++i) {
        const char c = head[i];
        if (c == '"') {
            const size_t end = stringEnd(head, i);
            if (end == std::string_view::npos)
                break;
            if (depth == 1 && expectKey) {
                if (visit(head.substr(i + 1, end - i - 1)))
                    return true;
                expectKey = false;
            }
            i = end;
        } else if (c == '{' || c == '[') {
            ++depth;
            if (depth == 1)
                expectKey = true;
        } else if (c == '}' || c == ']') {
            if (depth-- <= 1)
                break;
        } else if (c == ',' && depth == 1) {
            expectKey = true;
        }
    }
    return false;
}

} // namespace

std::vector<std::string> rootObjectKeys(std::string_view head)
{
    std::vector<std::string> keys;
    visitRootKeys(head, [&keys](std::string_view key) {
        keys.emplace_back(key);
        return false;
    });
    return keys;
}

bool hasRootKey(std::string_view head, std::string_view key)
{
    return visitRootKeys(head, [key](std::string_view k) { return k == key; });
}

std::string_view trimmedHead(std::string_view head)
{
    if (head.starts_with("\xEF\xBB\xBF"))
        head.remove_prefix(3);
    return head.substr(std::min(head.size(), skipSpace(head, 0)));
}

char firstJsonCharacter(std::string_view head)
{
    head = trimmedHead(head);
    return head.empty() ? 0 : head[0];
}

bool startsObject(std::string_view head)
{
    return firstJsonCharacter(head) == '{';
}

bool hasKey(std::string_view head, std::string_view key)
{
    return afterKey(head, key) != 0;
}

bool keyOpensObject(std::string_view head, std::string_view key)
{
    return afterKey(head, key) == '{';
}

bool keyOpensArray(std::string_view head, std::string_view key)
{
    return afterKey(head, key) == '[';
}

bool firstKeyIs(std::string_view head, std::string_view key)
{
    head = trimmedHead(head);
    if (head.empty() || head[0] != '{')
        return false;
    const size_t i = skipSpace(head, 1);
    return head.substr(i).starts_with("\"" + std::string(key) + "\"");
}

bool looksLikePerfettoTrace(std::string_view head)
{
    // '\n' is also JSON whitespace: a JSON file goes on with a value, a trace with a length.
    if (head.size() < 3 || head[0] != 0x0A || std::string_view("{[\"-0123456789tfn \t\r\n").find(head[1]) != std::string_view::npos)
        return false;
    uint64_t length = 0;
    size_t i = 1;
    for (int shift = 0; i < head.size() && shift < 64; shift += 7) {
        const auto byte = uint8_t(head[i++]);
        length |= uint64_t(byte & 0x7F) << shift;
        if (!(byte & 0x80))
            break;
    }
    // A packet's first field: a number in 1..2^29 and a wire type protobuf defines (0, 1, 2, 5).
    const auto key = i < head.size() ? uint8_t(head[i]) : 0;
    return length > 0 && length <= head.size() - i && key >> 3 != 0 && (key & 7) != 3 && (key & 7) != 4 && (key & 7) <= 5;
}

} // namespace xsprof
