#pragma once
// What the JSON engine gives every JSON reader beside the documents: a cut-off array closed,
// and how a document is cut in pieces. The driver that reads a document, simdjson first and
// nlohmann when asked or when simdjson cannot, is model/readers/jsondocumentreading.h (it
// answers in LoadResults, which the JSON engine knows nothing of); what a reader reads with
// is jsonfields.h.
#include "jsonvalue.h"
#include "paddedbytes.h"
#include "referencejsondocument.h"
#include "simdjsondocument.h"

#include <string>
#include <string_view>
#include <vector>

namespace xsprof {

// `bytes` without its cut-off end: a JSON array whose closing ']' is missing (a tracer
// that died), with trailing whitespace and commas dropped and ']' added; padded.
PaddedBytes closedJsonArray(std::string_view bytes);
// True when `bytes` starts (after whitespace) with '[' and does not end with ']'.
bool looksLikeUnterminatedArray(std::string_view bytes);

// Whether simdjson reads the root's large arrays in pieces (bounded memory, but their values
// last only while they are walked), the large arrays that are the value of one of the keys
// given (NamedArrays: at any depth, Gecko's "data" tables), or the document whole (a reader
// that keeps values of a root array, or walks one twice).
enum class JsonPieces : uint8_t { RootArrays, NamedArrays, None };

} // namespace xsprof
