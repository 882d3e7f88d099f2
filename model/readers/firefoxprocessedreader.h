#pragma once
// Firefox Profiler processed profiles (what profiler.firefox.com uploads and downloads):
// column tables per thread, or shared by all threads (version 60 on). The JavaScript view
// keeps functions with funcTable.isJS or relevantForJS, as for Gecko profiles.
#include "formatreader.h"
#include "readersupport.h"

namespace xsprof::readers {

bool looksLikeFirefoxProcessed(std::string_view head);
LoadResult readFirefoxProcessed(std::string_view bytes, const std::string& name, const LoadOptions& options,
                                const TaskControl* control);
// A parsed top level that is a processed profile (meta.preprocessedProfileVersion, or the
// first version's threads with a funcTable).
bool isFirefoxProcessed(JsonObject profile);

// The entry of formatreaders.h.
extern const FormatReader firefoxProcessedFormat;

} // namespace xsprof::readers
