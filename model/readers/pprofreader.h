#pragma once
// pprof (profile.proto, gzipped or plain): what `go tool pprof`, Pyroscope, Parca and Node's
// pprof packages read and write. Parsed with the protobuf library from the upstream schema
// (pprof/profile.proto); each sample_type is one profile of the file (`available`, --profile
// K), the default the one go tool pprof picks: default_sample_type, else the last. CPU types
// are time, byte types bytes, the others counts (DESIGN.md, "Measures"); no timeline.
#include "formatreader.h"

#include "model/loadresult.h"
#include "model/taskcontrol.h"

#include <string>
#include <string_view>

namespace xsprof::readers {

// The head's protobuf fields are those of a pprof Profile (by number and wire type), and more
// than the first one (a Perfetto trace repeats field 1 only).
bool looksLikePprof(std::string_view head);
LoadResult readPprof(std::string_view bytes, const std::string& name, const LoadOptions& options,
                     const TaskControl* control);

// The entry of formatreaders.h.
extern const FormatReader pprofFormat;

} // namespace xsprof::readers
