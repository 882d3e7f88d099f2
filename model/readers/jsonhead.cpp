#include "jsonhead.h"

namespace xsprof {

char firstJsonCharacter(std::string_view head)
{
    if (head.starts_with("\xEF\xBB\xBF"))
        head.remove_prefix(3);
    for (char c : head) {
        if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
            return c;
    }
    return 0;
}

namespace {

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

} // namespace xsprof
