#pragma once
// One format xsprof reads, as the loader, `--help`, the README and the Open dialog know it.
// Each reader's file defines its FormatReader; formatreaders.h holds the list of them.
#include "model/loadresult.h"
#include "model/profile.h"
#include "model/taskcontrol.h"

#include <span>
#include <string>
#include <string_view>

namespace xsprof::readers {

// `bytes` is the whole file followed by readerPadding zero bytes (model/json/paddedbytes.h).
using ReadFunction = LoadResult (*)(std::string_view bytes, const std::string& name, const LoadOptions& options,
                                    const TaskControl* control);

struct FormatReader {
    SourceFormat id;
    std::string_view name;        // the profile's format in reports ("speedscope")
    std::string_view displayName; // for people, plural ("speedscope files")
    // Whether a file's first detectionHeadBytes (model/json/jsonhead.h) are this format;
    // nullptr for a format reached only through another format's reader.
    bool (*detect)(std::string_view head);
    ReadFunction read;
    std::span<const std::string_view> globs; // the names its files usually have ("*.speedscope.json")
    // Whether read() takes a file's bytes as they arrive (LoadOptions::inputPages), so that a
    // large file is read piece by piece rather than whole first (profileloader.cpp).
    bool streamable = false;
};

} // namespace xsprof::readers
