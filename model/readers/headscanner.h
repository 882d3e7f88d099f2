#pragma once
// Cheap looks at the first bytes of a file, for the readers' looksLikeX(head): no parsing,
// only "is this key there, and what follows it".
#include <string_view>

namespace xsprof::readers {

// The head without a UTF-8 byte order mark and leading whitespace.
std::string_view trimmedHead(std::string_view head);
bool startsObject(std::string_view head);
bool startsArray(std::string_view head);
// `"key"` followed by a colon somewhere in the head.
bool hasKey(std::string_view head, std::string_view key);
// `"key": {` / `"key": [` / `"key": "`.
bool keyOpensObject(std::string_view head, std::string_view key);
bool keyOpensArray(std::string_view head, std::string_view key);
// The top-level object's first key is `key`.
bool firstKeyIs(std::string_view head, std::string_view key);

} // namespace xsprof::readers
