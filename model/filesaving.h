#pragma once
// A file written whole or not at all: into PATH.part, renamed into place when every byte is
// written (the profile writers' one way to save).
#include <functional>
#include <ostream>
#include <string>

namespace xsprof {

// False and `error` set ("PATH: cannot write: …") when the file cannot be written.
bool saveFileAtomically(const std::string& path, const std::function<void(std::ostream&)>& write, std::string* error);

} // namespace xsprof
