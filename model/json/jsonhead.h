#pragma once
// Format detection on a file's first bytes, without parsing: the keys of the root object
// seen there, and cheap looks at "is this key there, and what follows it".
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

// How many bytes of a file the loader shows the detectors.
constexpr size_t detectionHeadBytes = 64 << 10;

// The keys of the root JSON object that `head` shows (all of them when `head` is the whole
// document), in order; empty when `head` does not start with an object.
std::vector<std::string> rootObjectKeys(std::string_view head);
bool hasRootKey(std::string_view head, std::string_view key);
// The head without a UTF-8 byte order mark and leading whitespace.
std::string_view trimmedHead(std::string_view head);
// The first character after whitespace (and a UTF-8 byte order mark), or 0.
char firstJsonCharacter(std::string_view head);
bool startsObject(std::string_view head);
// `"key"` followed by a colon anywhere in the head, at any depth.
bool hasKey(std::string_view head, std::string_view key);
// `"key": {` / `"key": [`, at any depth.
bool keyOpensObject(std::string_view head, std::string_view key);
bool keyOpensArray(std::string_view head, std::string_view key);
// The top-level object's first key is `key`.
bool firstKeyIs(std::string_view head, std::string_view key);
// A Perfetto protobuf trace: its first TracePacket (field 1, length-delimited), in `bytes`,
// where JSON would go on with a value.
bool looksLikePerfettoTrace(std::string_view head);

} // namespace xsprof
