#include "formatreaders.h"

#include "cpuprofilereader.h"
#include "firefoxprocessedreader.h"
#include "geckoprofilereader.h"
#include "heapprofilereader.h"
#include "legacycpuprofilereader.h"
#include "pprofreader.h"
#include "safarirecordingreader.h"
#include "selfprofilingreader.h"
#include "speedscopereader.h"
#include "traceeventreader.h"
#include "traceeventtracingreader.h"
#include "xsbugtranscriptloader.h"

namespace xsprof::readers {

namespace {

// The order matters: distinctive signatures first (xsbug's "<xsbug>"; the other engines'
// root keys "$schema", "meta" with "threads", "recording", which may come with the V8
// formats' "samples" or "nodes"; a JSON array or "traceEvents", "nodes", "head"), the
// weakest last (Self-Profiling's "frames"/"stacks", which other formats may also have at
// the root).
// clang-format off
const FormatReader* const formats[] = {
    &pprofFormat, // binary: its protobuf fields, never JSON
    &xsbugTranscriptFormat,
    &speedscopeFormat,
    &firefoxProcessedFormat,
    &geckoProfileFormat,
    &safariRecordingFormat,
    &traceEventsFormat, // falls back to traceEventTracingFormat
    &cpuProfileFormat,
    &heapProfileFormat, // "head" with "selfSize": before the legacy .cpuprofile
    &legacyCpuProfileFormat,
    &selfProfilingFormat,
    &traceEventTracingFormat, // no detect: reached through traceEventsFormat
};
// clang-format on

} // namespace

std::span<const FormatReader* const> formatReaders()
{
    return formats;
}

const FormatReader* formatReaderFor(std::string_view head)
{
    for (const FormatReader* format : formats) {
        if (format->detect && format->detect(head))
            return format;
    }
    return nullptr;
}

const FormatReader* formatReader(SourceFormat id)
{
    for (const FormatReader* format : formats) {
        if (format->id == id)
            return format;
    }
    return nullptr;
}

std::string supportedFormatsText()
{
    std::string text = "xsprof reads ";
    const size_t count = std::size(formats);
    for (size_t i = 0; i < count; ++i) {
        if (i > 0)
            text += i + 1 == count ? " and " : ", ";
        text += formats[i]->displayName;
    }
    return text;
}

} // namespace xsprof::readers

namespace xsprof {

std::string_view toString(SourceFormat format)
{
    if (format == SourceFormat::Live)
        return "xs-live"; // recorded from a machine, not read from a file
    if (format == SourceFormat::Collection)
        return "collection"; // merged from the traces of a collection
    const readers::FormatReader* reader = readers::formatReader(format);
    return reader ? reader->name : "cpuprofile";
}

} // namespace xsprof
