#pragma once
// The profile data model of DESIGN.md: frames, a stack trie, samples.
#include "ids.h"
#include "instrumentseries.h"
#include "samplecolumn.h"
#include "stringtable.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

enum class FrameKind : uint8_t { Js, Native, Gc, Host, Idle, Program, Root };
enum class Encoding : uint8_t { Tree, Graph, Stacks };
enum class DurationRule : uint8_t { UntilNext, OwnDelta, Given };
enum class LastSampleRule : uint8_t { None, EndTime, Median };
enum class SourceFormat : uint8_t { CpuProfile, SelfProfiling, TraceEvents, XsbugTranscript, Live, LegacyCpuProfile,
                                    SafariRecording, Gecko, FirefoxProcessed, TraceEventTracing, Speedscope,
                                    Collection, HeapProfile, Pprof }; // Collection: the merged traces of model/collection
// What the samples weigh (DESIGN.md "Measures"): time in µs, bytes, or a plain count (pprof's
// "samples", allocations). Self, inclusive and the divided total add it up whatever it is.
enum class Measure : uint8_t { Time, Bytes, Count };

std::string_view toString(FrameKind kind);
std::string_view toString(Encoding encoding);
std::string_view toString(DurationRule rule);
std::string_view toString(LastSampleRule rule);
std::string_view toString(Measure measure); // "time", "bytes", "count"
// The suffix of a measure's keys in `report --json` and the like: "us", "bytes", "count".
std::string_view measureKeySuffix(Measure measure);

// Classifies a frame from its name, url and 1-based line ("(garbage collector)" -> Gc, ...).
// No url but a line is code compiled from a string (eval, new Function): JavaScript.
FrameKind classifyFrame(std::string_view name, std::string_view url, int32_t line = 0);

// One row per distinct function. Lines and columns are 1-based, 0 = unknown.
struct FrameTable {
    std::vector<StringId> name;
    std::vector<StringId> url;
    std::vector<int32_t> line;
    std::vector<int32_t> column;
    std::vector<FrameKind> kind;
    std::vector<int64_t> xsId; // XS profile id, -1 when not an XS function
    // V8's script id of code without a url (eval, new Function), 0 = none; shorter than the
    // table (or empty) when the rest have none. Shown only, never part of a frame's identity.
    std::vector<int32_t> scriptId;

    size_t size() const { return name.size(); }
};

// The prefix tree of call paths; a parent always has a smaller index than its children.
struct StackTable {
    std::vector<StackId> parent; // invalid for a root
    std::vector<FrameId> frame;

    size_t size() const { return frame.size(); }
};

// Samples in the order their durations are taken (time order for until-next sources).
// Durations are derived from the times (DESIGN.md), not stored: one less array per sample.
// The two columns can be shared with snapshots (SampleColumn): a live profile's snapshot does
// not copy them.
struct SampleTable {
    SampleColumn<StackId> stack;
    SampleColumn<double> time; // µs

    DurationRule rule = DurationRule::UntilNext;
    double origin = 0.0;       // own-delta: the time the first sample's delta starts from
    double lastDuration = 0.0; // until-next: the last sample's (end time or median)
    std::vector<double> given; // given: each sample's stated duration (Safari, tracing profiles)
    // Set by a producer that knows the times never step back (a live XS session: its deltas are
    // unsigned): SampleTimes then spares its scan of every time, which a live view makes at
    // every refresh. False means "not known", never "unsorted".
    bool timesAscending = false;

    size_t size() const { return stack.size(); }
    // The samples so far, sharing both columns (see SampleColumn): O(1) but for `given`.
    SampleTable share();
    // µs, by the duration rule: until the next sample, or the sample's own delta.
    double duration(size_t i) const
    {
        if (rule == DurationRule::Given)
            return given[i];
        if (rule == DurationRule::OwnDelta) {
            const double d = time[i] - (i ? time[i - 1] : origin);
            return d > 0.0 ? d : 0.0;
        }
        return i + 1 < time.size() ? time[i + 1] - time[i] : lastDuration;
    }
};

// The lines of a function that samples hit, per stack (a .cpuprofile node's "positionTicks"):
// rows sorted by (stack, line), one per pair. Lines are 1-based as in the file.
struct LineTickTable {
    std::vector<StackId> stack;
    std::vector<int32_t> line;
    std::vector<uint32_t> ticks;

    size_t size() const { return stack.size(); }
};

// A caller -> callee link of a graph-encoded (xst -p) profile.
struct GraphLink {
    FrameId caller;
    FrameId callee;
};

struct ProfileInfo {
    std::string name;         // shown to the user: file name, machine name...
    std::string description;  // e.g. the trace-event process and thread
    SourceFormat format = SourceFormat::CpuProfile;
    // What the samples' durations are: µs (a CPU profile's time), bytes or a count. A sample's
    // "duration" is its weight in this measure; only its times place it on a timeline.
    Measure measure = Measure::Time;
    std::string measureName; // the source's own name of it ("alloc_space", "cpu"); empty: none
    // False when the samples have no times of their own (heap profiles, pprof): their times
    // are only their order, and no view shows them on a timeline.
    bool hasTimeline = true;
    Encoding encoding = Encoding::Tree;
    DurationRule durationRule = DurationRule::UntilNext;
    LastSampleRule lastSampleRule = LastSampleRule::None;
    std::optional<double> startTime; // µs
    std::optional<double> endTime;   // µs
    size_t negativeTimeDeltas = 0;
    bool samplesResorted = false;
    size_t idleSamples = 0;   // Self-Profiling samples without a stack
    size_t selfLinks = 0;     // graph-encoded: links from a function to itself (dropped)
};

class Profile {
public:
    ProfileInfo info;
    StringTable strings;
    FrameTable frames;
    StackTable stacks;
    SampleTable samples;
    std::vector<GraphLink> links; // graph-encoded only
    LineTickTable lineTicks;      // .cpuprofile positionTicks, when the file has them
    InstrumentSeries instruments; // XS machines' instruments over the samples' time, when recorded
    // Each frame's position in key order (keyLess), kept by ProfileBuilder so that sorting
    // and tie-breaking compare integers, not strings.
    std::vector<uint32_t> keyRank;

    // Tree and Stacks encodings have per-path stacks; Graph has only leaf frames.
    bool hasStacks() const { return info.encoding != Encoding::Graph; }
    // XS inputs identify a function by its profile id, others by (name, url, line, column).
    bool identifiesByXsId() const { return info.encoding != Encoding::Tree; }

    std::string_view frameName(FrameId f) const { return strings.view(frames.name[f.value]); }
    std::string_view frameUrl(FrameId f) const { return strings.view(frames.url[f.value]); }
    FrameId leafFrame(size_t sample) const { return stacks.frame[samples.stack[sample].value]; }

    // A copy that shares the samples and instruments recorded so far instead of copying them:
    // it costs the frame and stack tables, not the samples. Appending samples here afterwards
    // leaves it as it is (a live session's snapshot for the views). It writes this profile's
    // columns (SampleColumn::share): never while another thread appends; across threads, the
    // snapshots of a live recording come from LiveRecording (model/xs/liverecording.h).
    Profile snapshot();

    double duration() const; // sum of sample durations
    // "file (line)" as shown in the views: the url's last path component and the line;
    // "script 146:3" for code without a file whose script id is known, else "(eval) 3".
    std::string location(FrameId f) const;
    int32_t scriptIdOf(FrameId f) const { return f.value < frames.scriptId.size() ? frames.scriptId[f.value] : 0; }
    // Strict weak order of DESIGN.md: key tuple, or XS id.
    bool keyLess(FrameId a, FrameId b) const
    {
        if (keyRank.size() == frames.size())
            return keyRank[a.value] < keyRank[b.value];
        return compareKeys(a, b);
    }
    bool compareKeys(FrameId a, FrameId b) const; // keyLess without the ranks
    void computeKeyRanks();
};

} // namespace xsprof
