#pragma once
// Streams a JSON profile (.cpuprofile, Self-Profiling trace, trace events) through
// nlohmann's SAX interface straight into a RawDocument.
#include "loadresult.h"
#include "rawprofile.h"
#include "chunkedinputbuffer.h"
#include "taskcontrol.h"

namespace xsprof {

struct JsonReadResult {
    bool ok = false;
    bool cancelled = false;
    std::string problem;
    std::string where;
};

JsonReadResult readJsonProfile(ChunkedInputBuffer& input, RawDocument& document, const TaskControl* control);

} // namespace xsprof
