#include "newformats.h"

#include "firefoxprocessedreader.h"
#include "geckoprofilereader.h"
#include "model/json/jsonhead.h"
#include "safarirecordingreader.h"
#include "speedscopereader.h"
#include "traceeventtracingreader.h"

#include <cstring>

namespace xsprof::readers {


ReadFunction newFormatReader(std::string_view head)
{
    if (looksLikeSpeedscope(head))
        return &readSpeedscope;
    if (looksLikeFirefoxProcessed(head))
        return &readFirefoxProcessed;
    if (looksLikeGeckoProfile(head))
        return &readGeckoProfile;
    if (looksLikeSafariRecording(head))
        return &readSafariRecording;
    return nullptr;
}

bool mayHoldTracingProfile(std::string_view head)
{
    return looksLikeTraceEventTracing(head);
}

bool mentionsV8CpuProfile(std::string_view bytes)
{
    // memchr for the 'P' of "Profile" runs at memory speed (glibc's memmem is about a third
    // of that): the whole of a 100 MB trace is searched before it is read.
    constexpr std::string_view word = "Profile";
    const char* from = bytes.data();
    const char* end = bytes.data() + bytes.size();
    while (const void* hit = std::memchr(from, 'P', size_t(end - from))) {
        const size_t i = size_t(static_cast<const char*>(hit) - bytes.data());
        from = static_cast<const char*>(hit) + 1;
        if (bytes.compare(i, word.size(), word) != 0)
            continue;
        const std::string_view before = bytes.substr(i >= 4 ? i - 4 : 0, i >= 4 ? 4 : i);
        const std::string_view after = bytes.substr(i + word.size(), 6);
        if ((before.ends_with('"') || before == "\"Cpu") && (after.starts_with('"') || after == "Chunk\""))
            return true;
    }
    return false;
}

std::string_view supportedFormatsText()
{
    return "xsprof reads .cpuprofile files (V8, Node, Chrome DevTools, XS), JS Self-Profiling traces, Chrome "
           "trace events, Safari timeline recordings, Firefox Gecko and processed profiles, Hermes and other "
           "trace-event stack samples or duration events, speedscope files and XS xsbug transcripts";
}

} // namespace xsprof::readers
