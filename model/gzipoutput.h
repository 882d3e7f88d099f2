#pragma once
// gzip output: bytes as one gzip member (zlib's deflate with a gzip header), as pprof files
// are written and as the tests make gzipped inputs.
#include <string>
#include <string_view>

namespace xsprof {

std::string gzipped(std::string_view bytes);

} // namespace xsprof
