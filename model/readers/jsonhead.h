#pragma once
// Format detection on a file's first bytes: the keys of the root object seen there.
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
// The first character after whitespace (and a UTF-8 byte order mark), or 0.
char firstJsonCharacter(std::string_view head);

} // namespace xsprof
