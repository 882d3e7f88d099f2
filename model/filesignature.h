#pragma once
// What a file that is not a profile is, from its first bytes: "a PNG image", "a PDF document".
// Lets the window say "this is a PNG image, not a profile" instead of a JSON syntax error.
#include <string>
#include <string_view>

namespace xsprof {

// A description such as "a PNG image" when `head` starts with a known non-profile
// signature; empty when it may be a profile (JSON, text, gzip...).
std::string describeNonProfile(std::string_view head);

} // namespace xsprof
