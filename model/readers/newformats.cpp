#include "newformats.h"

#include "firefoxprocessedreader.h"
#include "geckoprofilereader.h"
#include "headscanner.h"
#include "safarirecordingreader.h"
#include "speedscopereader.h"
#include "traceeventtracingreader.h"

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

std::string_view supportedFormatsText()
{
    return "xsprof reads .cpuprofile files (V8, Node, Chrome DevTools, XS), JS Self-Profiling traces, Chrome "
           "trace events, Safari timeline recordings, Firefox Gecko and processed profiles, Hermes and other "
           "trace-event stack samples or duration events, speedscope files and XS xsbug transcripts";
}

} // namespace xsprof::readers
