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

std::vector<std::string> rootObjectKeys(std::string_view head)
{
    std::vector<std::string> keys;
    size_t i = head.find_first_not_of(" \t\r\n");
    if (i == std::string_view::npos || head[i] != '{')
        return keys;
    size_t depth = 0;
    bool expectKey = false;
    for (; i < head.size(); ++i) {
        const char c = head[i];
        if (c == '"') {
            size_t end = i + 1;
            while (end < head.size() && head[end] != '"')
                end += head[end] == '\\' ? 2 : 1;
            if (end >= head.size())
                break;
            if (depth == 1 && expectKey) {
                keys.emplace_back(head.substr(i + 1, end - i - 1));
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
    return keys;
}

bool hasRootKey(std::string_view head, std::string_view key)
{
    for (const std::string& k : rootObjectKeys(head)) {
        if (k == key)
            return true;
    }
    return false;
}

} // namespace xsprof
