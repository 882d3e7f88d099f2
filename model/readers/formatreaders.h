#pragma once
// Every format xsprof reads, in the order the loader tries them: the first whose detect
// accepts a file's head reads it. The loader, the formats' names, the supported-formats text
// (errors, --help) and the Open dialog's filters are all built from this list.
#include "formatreader.h"

#include <span>
#include <string>
#include <string_view>

namespace xsprof::readers {

std::span<const FormatReader* const> formatReaders();
// The first format whose detect accepts `head`, or nullptr.
const FormatReader* formatReaderFor(std::string_view head);
// The entry of `id`, or nullptr (SourceFormat::Live is no file format).
const FormatReader* formatReader(SourceFormat id);
// "xsprof reads A, B … and Z", for "no profile found" errors and --help.
std::string supportedFormatsText();

} // namespace xsprof::readers

namespace xsprof {
// The format's name (its reader's, "xs-live" and "collection" for the two that are no file).
std::string_view toString(SourceFormat format);
} // namespace xsprof
