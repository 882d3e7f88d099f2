// libFuzzer target: the recorder's sample log, which the crash-safety journal keeps (model/
// sessionjournal). The input's <ps> texts ('|' between them) are recorded with a log, and the
// log replayed into a second recorder must give the same samples. Then the input itself is
// replayed as a log of each form (a corrupt journal record): refused or recorded, never a
// sample without a stack.
#include "model/xs/xsprofilerecorder.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

void start(xsprof::XsProfileRecorder& recorder)
{
    recorder.onProfileTime("start", "@0000000000001000");
    recorder.onProfileRecord(0, "(host)", "", 0);
    recorder.onProfileRecord(1, "(gc)", "", 0);
}

// Every sample's stack is a row of the stack table.
void checkStacks(const xsprof::Profile& p)
{
    for (const xsprof::StackId s : p.samples.stack)
        if (!s.isValid() || s.value >= p.stacks.size())
            std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size)
{
    const std::string_view input(reinterpret_cast<const char*>(data), size);
    xsprof::XsProfileRecorder direct("fuzz"), replayed("fuzz");
    start(direct);
    start(replayed);
    for (size_t at = 0; at <= input.size();) {
        size_t bar = input.find('|', at);
        if (bar == std::string_view::npos)
            bar = input.size();
        std::string log;
        direct.onProfileSamples(input.substr(at, bar - at), &log);
        if (!replayed.replaySampleLog(log))
            std::abort(); // the recorder cannot read what it wrote
        at = bar + 1;
    }
    const xsprof::Profile* a = direct.current();
    const xsprof::Profile* b = replayed.current();
    if (!a || !b || a->samples.size() != b->samples.size() || a->stacks.size() != b->stacks.size())
        std::abort();
    for (size_t i = 0; i < a->samples.size(); ++i) {
        if (a->samples.stack[i] != b->samples.stack[i] || a->samples.time[i] != b->samples.time[i])
            std::abort();
    }
    for (size_t s = 0; s < a->stacks.size(); ++s) {
        if (a->stacks.parent[s] != b->stacks.parent[s] ||
            a->frames.xsId[a->stacks.frame[s].value] != b->frames.xsId[b->stacks.frame[s].value])
            std::abort();
    }

    // The raw input as a log of this version and of version 3, after a few samples.
    for (const bool heads : {false, true}) {
        xsprof::XsProfileRecorder recorder("fuzz");
        start(recorder);
        recorder.onProfileSamples("A,2,1,0.B,3,1,0");
        if (heads)
            recorder.replayHeadsLog(input);
        else
            recorder.replaySampleLog(input);
        recorder.onProfileSamples("C,4,2,1,0");
        checkStacks(*recorder.current());
    }
    return 0;
}
