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

// Fast: our JsonSaxScanner; Nlohmann: nlohmann::json::sax_parse. Both drive the same handler
// and must give the same result; Nlohmann is kept as the reference for differential tests.
enum class JsonDriver { Fast, Nlohmann };

JsonReadResult readJsonProfile(ChunkedInputBuffer& input, RawDocument& document, const TaskControl* control,
                               JsonDriver driver = JsonDriver::Fast);

} // namespace xsprof
