#pragma once
// Compact, format-neutral tables the JSON reader fills while streaming, before they
// become a Profile. No JSON DOM: numbers and interned strings only.
#include "model/instrumentseries.h"
#include "model/stringtable.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace xsprof::readers {

struct RawNode {
    int64_t id = 0;
    int64_t parent = 0;
    int64_t xsId = 0;
    StringId name{0}, url{0}; // 0: the empty string
    int32_t line = -1;   // as stored (0-based in .cpuprofile), -1 missing: see storedPosition
    int32_t column = -1;
    int32_t scriptId = 0; // V8's script id ("146" in the file); 0 when absent or not a number
    int32_t locationId = -1; // VS Code's js-debug: index into RawCpuProfile::vscodeLocations
    uint32_t childBegin = 0, childEnd = 0; // into RawCpuProfile::children
    uint32_t tickBegin = 0, tickEnd = 0;   // into RawCpuProfile::positionTicks
    bool hasId = false;
    bool hasParent = false;
    bool hasCallFrame = false;
    bool hasXsId = false;
};
static_assert(sizeof(RawNode) <= 72, "a million nodes are read at once: keep RawNode small");

// A line or column as a node keeps it: every value a profile can show fits; a negative one
// is "missing" (-1) and one past int32 "unknown" (INT32_MAX), as both become 0 once 1-based.
inline int32_t storedPosition(int64_t value)
{
    return value < 0 ? -1 : value >= INT32_MAX ? INT32_MAX : static_cast<int32_t>(value);
}

// One entry of a node's "positionTicks": samples that hit a (1-based) line of the function.
struct RawPositionTick {
    int64_t line = 0;
    int64_t ticks = 0;
};

// A source-mapped location VS Code's JavaScript debugger stored in a .cpuprofile
// ("$vscode": {"locations": [{"callFrame", "locations": [{lineNumber, columnNumber, source}]}]}).
struct RawSourceLocation {
    StringId url{0}; // the source's path (or the root path joined with its relative path); 0: none
    int64_t line = 0; // 1-based, as the Debug Adapter Protocol counts
    int64_t column = 0;
};

// The nodes/samples/timeDeltas part of a .cpuprofile or of one trace-event chunk.
struct RawCpuProfile {
    std::vector<RawNode> nodes;
    std::vector<int64_t> children;
    std::vector<RawPositionTick> positionTicks;
    // Each sample's node id (V8's are small positive integers), held as a StackId:
    // convertCpuProfile makes it the sample's stack in place, in the table the profile keeps.
    std::vector<StackId> samples;
    std::vector<double> timeDeltas;
    std::optional<double> startTime, endTime;
    std::vector<RawSourceLocation> vscodeLocations; // by a node's locationId
    InstrumentSeries instruments; // "xsprofInstruments", times relative to startTime
    bool sawNodes = false;
    bool sawSamples = false; // a "samples" array, even an empty one
};

struct RawSelfProfilingFrame {
    StringId name{0};
    int64_t resourceId = -1;
    int64_t line = -1, column = -1;
};

struct RawSelfProfilingStack {
    int64_t frameId = -1;
    int64_t parentId = -1;
};

struct RawSelfProfiling {
    std::vector<RawSelfProfilingFrame> frames;
    std::vector<StringId> resources;
    std::vector<RawSelfProfilingStack> stacks;
    std::vector<double> sampleTimes;   // ms as stored
    std::vector<int64_t> sampleStacks; // -1: no stackId
    bool sawFrames = false, sawStacks = false;
};

struct RawTraceChunk {
    double ts = 0.0;
    size_t eventIndex = 0;
    RawCpuProfile data;
};

struct RawTraceProfile {
    std::string pid, id, tid;
    bool wholeProfile = false; // a CpuProfile event: one chunk holding a whole .cpuprofile
    std::optional<double> startTime;
    std::vector<RawTraceChunk> chunks;
    std::string processName, threadName;
};

struct RawTraceEvents {
    std::vector<RawTraceProfile> profiles; // in order of first appearance
    std::vector<std::pair<std::string, std::string>> processNames;          // pid -> name
    std::vector<std::pair<std::string, std::string>> threadNames;           // pid:tid -> name
};

struct RawDocument {
    StringTable strings;
    RawCpuProfile cpuProfile;
    RawSelfProfiling selfProfiling;
    RawTraceEvents traceEvents;
    bool isTraceEvents = false;
    size_t bytes = 0;
};

} // namespace xsprof::readers
