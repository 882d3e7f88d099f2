#pragma once
// gzip input (.cpuprofile.gz, .json.gz, any stream starting with gzip's magic bytes):
// inflated into the padded buffer the readers take (paddedbytes.h): one member by libdeflate
// at once, anything else (several members, damage, over 1 GB) by zlib piece by piece.
#include "paddedbytes.h"

#include "model/taskcontrol.h"

#include <optional>
#include <string>
#include <string_view>

namespace xsprof {

// The gzip magic bytes 1f 8b.
bool looksLikeGzip(std::string_view head);

struct GunzipResult {
    std::optional<PaddedBytes> bytes;
    std::string problem; // when bytes is empty and not cancelled
    std::string where;
    bool cancelled = false;
};

// Every member of the stream, one after the other; a cut or corrupt stream is an error naming
// the compressed byte where it went wrong.
GunzipResult gunzip(std::string_view compressed, const TaskControl* control);

} // namespace xsprof
