#include "headscanner.h"

#include <algorithm>
#include <string>

namespace xsprof::readers {

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

} // namespace

std::string_view trimmedHead(std::string_view head)
{
    if (head.starts_with("\xEF\xBB\xBF"))
        head.remove_prefix(3);
    return head.substr(std::min(head.size(), skipSpace(head, 0)));
}

bool startsObject(std::string_view head)
{
    head = trimmedHead(head);
    return !head.empty() && head[0] == '{';
}

bool startsArray(std::string_view head)
{
    head = trimmedHead(head);
    return !head.empty() && head[0] == '[';
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

} // namespace xsprof::readers
